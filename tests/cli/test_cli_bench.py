"""``rummy-spec bench``: an unknown suite is a usage error; a known one runs its main."""

from __future__ import annotations

import pytest

from rummy_spec.cli import main


def test_unknown_suite_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no benchmark named 'nope'" in err


def test_a_suite_runs_and_reports_its_goal(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    import benchmarks.parse

    monkeypatch.setattr(benchmarks.parse, "main",
                        lambda argv=None: print("goal: all built-in specs ... met") or 0)
    assert main(["bench", "parse"]) == 0
    out = capsys.readouterr().out
    assert "== parse ==" in out and "goal:" in out
