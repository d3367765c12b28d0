"""The race's own parts: OpenSpiel's C++ loop, and rummy-spec raced from another build.

A few hands each, so only that the figures come from where they say: the C++ loop plays
whole hands with no decisions counted, and a build raced in a child interpreter reports
the child's CPU time and hand endings, in the same interleaved turns.
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest

from benchmarks.peers import Compiled, RummySpec, Tally, main, race

REPO = Path(__file__).resolve().parents[2]


def test_a_build_raced_in_a_child_reports_its_own_cpu_and_endings() -> None:
    child = Compiled("gin_openspiel", REPO)
    try:
        here = RummySpec("gin_openspiel")
        assert child.name == here.name  # the same build here: the same name
        tallies = race([child], 4, 2)
    finally:
        child.close()
    theirs, ours = tallies[child.name], Tally()
    assert theirs.hands == 4 and theirs.cpu > 0
    # the same seeds, the same rules: the child plays the very hands played here
    decisions = here.play(0, 4, ours)
    assert theirs.ends == ours.ends and theirs.decisions == decisions


def test_compiled_must_name_a_compiled_build(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    assert main(["--hands", "1", "--compiled", str(tmp_path)]) == 2
    assert "not a checkout of rummy-spec" in capsys.readouterr().err
    # the checkout's sources without extension modules (under make test-compiled the
    # checkout itself is a compiled build)
    pure = tmp_path / "pure"
    for part in ("rummy_spec", "benchmarks", "grammar", "spec"):
        shutil.copytree(REPO / part, pure / part,
                        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"))
    assert main(["--hands", "1", "--variant", "gin_openspiel", "--compiled", str(pure)]) == 2
    assert "its engine is not compiled" in capsys.readouterr().err


@pytest.mark.skipif(importlib.util.find_spec("pyspiel") is None,
                    reason="OpenSpiel is not installed (the peers extra)")
def test_openspiels_cpp_loop_plays_whole_hands() -> None:
    from benchmarks.peers import OpenSpielLoop

    loop = OpenSpielLoop()
    tally = Tally()
    assert loop.play(0, 3, tally) == 0  # its decisions happen in C++, uncounted
    assert sum(tally.ends.values()) == 3
