"""docs/fifteen-minutes.md, followed step by step: every ``$`` command of its console
blocks is run in order in a fresh directory (``cd`` moves into it), with this
checkout's ``rummy-spec`` and the Node starter, and every output line the page shows
must come out, in that order (``...`` stands for lines left out; seconds and the
suite's install path may differ)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docs_support import DOCS, ROOT

PAGE = DOCS / "fifteen-minutes.md"


def steps(text: str) -> list[tuple[str, list[str]]]:
    """(command, the output lines shown after it) for each ``$`` line of console blocks."""
    out: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^```console\n(.*?)^```", text, re.M | re.S):
        for line in block.splitlines():
            if line.startswith("$ "):
                out.append((line[2:], []))
            else:
                assert out, f"output before any command in {PAGE.name}: {line!r}"
                out[-1][1].append(line)
    return out


def normal(line: str) -> str:
    line = re.sub(r"\d+\.\d+ s\b", "N s", line)
    return re.sub(r"\S*/conformance/cases/", "<suite>/cases/", line)


def assert_shown(shown: list[str], got: str, command: str) -> None:
    """Each shown line (but ``...``) is a line of ``got``, in the same order."""
    lines = [normal(line) for line in got.splitlines()]
    at = 0
    for want in shown:
        if want == "...":
            continue
        want = normal(want)
        try:
            at = lines.index(want, at) + 1
        except ValueError:
            raise AssertionError(f"$ {command}\nthe page shows {want!r}, not in the output "
                                 f"(or not in this order):\n{got}") from None


def test_the_page_has_the_whole_path() -> None:
    commands = [c for c, _ in steps(PAGE.read_text(encoding="utf-8"))]
    assert commands[0].startswith("rummy-spec conformance init --lang node ")
    assert sum("conformance run" in c for c in commands) == 4
    assert sum(c.startswith("sed -i") for c in commands) == 2  # the bug, the fix


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (.ci/run "
                    "installs Debian's nodejs)")
def test_follow_the_fifteen_minute_guide(tmp_path: Path) -> None:
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = f"{ROOT}{os.pathsep}{env.get('PYTHONPATH', '')}".rstrip(os.pathsep)
    env.pop("NO_COLOR", None)
    cwd = tmp_path
    for command, shown in steps(PAGE.read_text(encoding="utf-8")):
        if command.startswith("cd "):
            cwd = cwd / command[3:].strip()
            assert cwd.is_dir(), command
            continue
        done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, text=True,
                              capture_output=True, timeout=300, check=False)
        failing = any(line.startswith("failed ") for line in shown)
        assert done.returncode == (1 if failing else 0), (command, done.stdout, done.stderr)
        assert_shown(shown, done.stdout, command)
