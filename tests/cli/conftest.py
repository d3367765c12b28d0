"""Running the CLI in-process: ``cli("show", "continental")`` -> (exit code, stdout, stderr)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from rummy_spec.cli import main

from .helpers import Cli, Result


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Cli:
    def run(*args: str) -> Result:
        code = main(list(args))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run


@pytest.fixture
def write_spec(tmp_path: Path) -> Callable[[str, str], Path]:
    """Write a spec file into a temporary directory and return its path."""

    def write(name: str, text: str) -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return write
