"""Helpers shared by the CLI tests."""

from __future__ import annotations

from collections.abc import Callable

Result = tuple[int, str, str]
Cli = Callable[..., Result]


def one_clear_line(err: str) -> str:
    """The stderr of a usage error: exactly one line, naming the program, no traceback."""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("rummy-spec")
    return lines[0]
