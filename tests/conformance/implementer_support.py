"""What the implementer-facing tests share: the starter engines, copies of them with one
line changed, and ``rummy-spec`` run as a user runs it (a shell, the console script)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_spec.conformance import suite_root

REPO = Path(__file__).resolve().parents[2]
STARTERS = suite_root() / "starters"
PY_STARTER = STARTERS / "python" / "engine.py"
NODE_STARTER = STARTERS / "node" / "engine.js"
SKIP = STARTERS / "rummy.skip"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (.ci/run "
                                "installs Debian's nodejs)")


def changed_copy(source: Path, dest_dir: Path, old: str, new: str) -> Path:
    """``source`` copied into ``dest_dir`` with the one occurrence of ``old`` replaced."""
    text = source.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {source}"
    dest = dest_dir / source.name
    dest.write_text(text.replace(old, new), encoding="utf-8")
    return dest


def user_env() -> dict[str, str]:
    """The environment of a user whose ``rummy-spec`` is this checkout's."""
    env = dict(os.environ)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env["PYTHONPATH"] = f"{REPO}{os.pathsep}{env.get('PYTHONPATH', '')}".rstrip(os.pathsep)
    env.pop("NO_COLOR", None)
    return env


def shell(line: str, cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """Run one command line as a user types it."""
    return subprocess.run(["bash", "-c", line], cwd=cwd, env=user_env(), text=True,
                          capture_output=True, timeout=timeout, check=False)
