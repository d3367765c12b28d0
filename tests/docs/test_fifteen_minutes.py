"""docs/fifteen-minutes.md, followed step by step: every ``$`` command of its console
blocks is run in order in a fresh directory holding only this checkout's wheel (built as
``make dist`` builds it), from the virtualenv the page makes and installs it into (``cd``
moves, ``. DIR/bin/activate`` puts DIR/bin first on PATH, as sourcing it does), and
every output line the page shows must come out, in that order (``...`` stands for lines
left out; seconds and the suite's install path may differ)."""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from docs_support import DOCS, ROOT

from rummy_spec import __version__

PAGE = DOCS / "fifteen-minutes.md"
WHEEL = f"rummy_spec-{__version__}-py3-none-any.whl"
# pip's words when the index cannot be reached (then the page cannot be followed here)
OFFLINE = ("NewConnectionError", "Temporary failure in name resolution",
           "No matching distribution found for lark")


def build_wheel(into: Path) -> Path:
    """This checkout's wheel, built as ``make dist`` builds it (sdist, then the wheel)."""
    if importlib.util.find_spec("build") is None:
        pytest.skip("the build module is not installed (the dev extra has it)")
    here = importlib.util.find_spec("hatchling") is not None
    done = subprocess.run([sys.executable, "-m", "build", *(["--no-isolation"] if here else []),
                           "--outdir", str(into), str(ROOT)], cwd=into.parent, text=True,
                          capture_output=True, timeout=300, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return into / WHEEL


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
    assert commands[:3] == ["python3 -m venv .venv", ". .venv/bin/activate",
                            f"pip install --quiet ./{WHEEL}"]
    assert commands[4].startswith("rummy-spec conformance init --lang node ")
    assert sum("conformance run" in c for c in commands) == 4
    assert sum(c.startswith("sed -i") for c in commands) == 2  # the bug, the fix


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed (.ci/run "
                    "installs Debian's nodejs)")
def test_follow_the_fifteen_minute_guide(tmp_path: Path) -> None:
    # RUMMY_SPEC_WHEEL (make test-compiled: the compiled wheel) stands for the page's
    given = os.environ.get("RUMMY_SPEC_WHEEL")
    wheel = Path(given) if given else build_wheel(tmp_path / "dist")
    home = tmp_path / "engine"  # the engine's repository, the wheel copied into it
    home.mkdir()
    shutil.copy(wheel, home / wheel.name)
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NO_COLOR", "RUMMY_SPEC_DEBUG")}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    cwd = home
    for command, shown in steps(PAGE.read_text(encoding="utf-8").replace(WHEEL, wheel.name)):
        if command.startswith("cd "):
            cwd = cwd / command[3:].strip()
            assert cwd.is_dir(), command
            continue
        if command.startswith(". ") and command.endswith("/bin/activate"):
            venv = cwd / command[2:-len("/bin/activate")]
            assert (venv / "bin" / "activate").is_file(), command
            env["VIRTUAL_ENV"] = str(venv)
            env["PATH"] = f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}"
            continue
        done = subprocess.run(["bash", "-c", command], cwd=cwd, env=env, text=True,
                              capture_output=True, timeout=300, check=False)
        if command.startswith("pip install") and any(w in done.stderr for w in OFFLINE):
            pytest.skip(f"pip cannot reach the package index here: {done.stderr.strip()}")
        failing = any(line.startswith("failed ") for line in shown)
        assert done.returncode == (1 if failing else 0), (command, done.stdout, done.stderr)
        assert_shown(shown, done.stdout, command)
        if command.startswith("rummy-spec "):
            used = shutil.which("rummy-spec", path=env["PATH"])
            assert used == str(home / ".venv" / "bin" / "rummy-spec"), used
