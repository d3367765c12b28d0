"""The pytest plugin as an implementer meets it: loaded by its ``pytest11`` entry point
(no ``-p``), only the variants the engine claims collected, ids that pytest takes back,
``-k`` and ``--lf`` selecting cases, and a printed rerun line that runs one case."""

from __future__ import annotations

import importlib.metadata
import re
import shlex
from pathlib import Path

import pytest
from implementer_support import PY_STARTER, SKIP, changed_copy, shell

PLUGIN = "rummy_spec.conformance.pytest_plugin"
REGISTERED = any(e.value == PLUGIN for e in importlib.metadata.entry_points(group="pytest11"))
pytestmark = pytest.mark.skipif(
    not REGISTERED, reason="rummy-spec is not installed with its entry points in this "
    "environment (pip install -e .): the plugin cannot load without -p")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An implementer's repository: one test of their own and a starter with a bug."""
    where = tmp_path_factory.mktemp("project")
    changed_copy(PY_STARTER, where, "        if not self.drawn:\n", "        if False:\n")
    (where / "test_own.py").write_text("def test_own() -> None:\n    assert True\n")
    (where / "conformance.skip").write_text(SKIP.read_text())
    return where


def _pytest(project: Path, *args: str) -> tuple[int, str]:
    line = " ".join(shlex.quote(a) for a in ("python", "-m", "pytest", "-q", "-p",
                                             "no:randomly", *args))
    done = shell(line, project)
    return done.returncode, done.stdout + done.stderr


ENGINE = ("--rummy-engine", "python3 engine.py", "--rummy-skip-file", "conformance.skip")


def test_only_claimed_variants_are_collected_and_counted(project: Path) -> None:
    code, out = _pytest(project, *ENGINE, "--collect-only")
    assert code == 0, out
    ids = re.findall(r"^rummy-conformance::(\S+)$", out, re.M)
    assert len(ids) == 35 and all(i.startswith("rummy/") for i in ids), out[-500:]
    assert "test_own.py::test_own" in out and "36 tests collected" in out


def test_a_run_ids_passed_back_lf_and_k(project: Path) -> None:
    code, out = _pytest(project, *ENGINE, "-p", "cacheprovider")
    assert code == 1 and "1 failed, 22 passed, 11 skipped, 2 xfailed" in out, out[-800:]
    failed = re.findall(r"^FAILED (\S+)", out, re.M)
    assert failed == ["rummy-conformance::rummy/turn/must-draw-first"]
    rerun = re.search(r"^rerun: (.+)$", out, re.M)
    assert rerun and rerun.group(1).endswith(" rummy-conformance::rummy/turn/must-draw-first")
    # the printed rerun line, as printed (pytest here is the one of this environment)
    again = shell(rerun.group(1).replace("pytest", "python -m pytest -q", 1), project)
    assert again.returncode == 1 and "1 failed in" in again.stdout, again.stdout[-500:]
    # the id as pytest printed it
    code, out = _pytest(project, *ENGINE, failed[0])
    assert code == 1 and "1 failed in" in out
    code, out = _pytest(project, *ENGINE, "--lf")
    assert code == 1 and "1 failed, 35 deselected" in out, out[-500:]
    code, out = _pytest(project, *ENGINE, "-k", "rummy/melds/set-of-four")
    assert code == 0 and "1 passed, 35 deselected" in out, out[-500:]


def test_an_engine_that_cannot_start_is_one_clear_collection_error(project: Path) -> None:
    code, out = _pytest(project, "--rummy-engine", "/no/such/engine")
    assert code != 0 and "--rummy-engine: the engine did not start" in out
    assert "Traceback" not in out


def test_without_an_engine_the_plugin_does_nothing(project: Path) -> None:
    code, out = _pytest(project)
    assert code == 0 and "1 passed" in out and "rummy-conformance" not in out
