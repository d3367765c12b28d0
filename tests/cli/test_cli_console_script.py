"""The installed ``rummy-spec`` console script, run as a separate process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest


def _script() -> str:
    beside = Path(sys.executable).parent / "rummy-spec"
    if beside.exists():
        return str(beside)
    found = shutil.which("rummy-spec")
    if found is None:
        pytest.skip("the rummy-spec console script is not installed (pip install -e .)")
    return found


def _run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "RUMMY_SPEC_DEBUG"}
    return subprocess.run([_script(), *args], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120, check=False)


def test_show_json_through_the_console_script(tmp_path: Path) -> None:
    done = _run("show", "continental", "--players", "5", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["deck"]["decks"]["value"] == 3
    assert data["deck"]["jokers"]["per_deck"] == 2
    assert data["deck"]["jokers"]["value"] == 6


def test_bad_input_through_the_console_script_is_one_line(tmp_path: Path) -> None:
    for args in (("show", "nosuch"), ("show", "continental", "--players", "99"),
                 ("check", "missing.rummy"), ("show",), ()):
        done = _run(*args, cwd=tmp_path)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stdout == ""
        assert "Traceback" not in done.stderr
        assert len(done.stderr.splitlines()) == 1, (args, done.stderr)


def test_a_broken_spec_through_the_console_script(tmp_path: Path) -> None:
    (tmp_path / "bad.rummy").write_text(
        'variant bad "Bad" extends continental {\n    contracts { 8: 1 groupp }\n}\n',
        encoding="utf-8")
    done = _run("check", "bad.rummy", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout.startswith("bad.rummy:2:")
    assert "^" in done.stdout and "Traceback" not in done.stdout + done.stderr
