"""Teeth: every deliberately broken engine is caught by ``run`` (its variant's cases) and
by ``fuzz`` within a bounded number of games, and the fuzzer's minimal case replays."""

from __future__ import annotations

import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from rummy_spec.conformance.broken import all_broken_engines, broken_engines, command
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.running.runner import counts, run_suite
from rummy_spec.conformance.suite.cases import load_case, load_cases
from rummy_spec.conformance.wire.client import ProcessEngine

BROKEN = broken_engines()
ALL = all_broken_engines()
FUZZ_EXAMPLES = 300  # the bound: every broken engine is caught within this many games
AXIS_BUGS = {"X7", "X15", "X50", "X49", "X44", "X59", "X41", "X58", "X36", "X20", "X53",
             "X54"}


def test_at_least_twelve_broken_engines_one_bug_each() -> None:
    assert len(BROKEN) >= 12
    assert {b.axis for b in BROKEN.values()} >= AXIS_BUGS


# Each patch made in a fresh process, and what of the engine it changed: a function of an
# engine module, or a rule of the dispatch tables.
_WHAT_A_PATCH_CHANGES = """
import importlib, json, pkgutil
import rummy_spec.engine as engine
from rummy_spec.conformance.broken import all_broken_engines
from rummy_spec.engine.dispatch import core
modules = [importlib.import_module(i.name)
           for i in pkgutil.walk_packages(engine.__path__, "rummy_spec.engine.")]
def seen():
    return ({(m.__name__, k): id(v) for m in modules for k, v in vars(m).items()}
            | {(str(p), str(k)): id(r) for p, t in core.RULES.items() for k, r in t.items()})
changed = {}
for name, b in all_broken_engines().items():
    if not b.changes_variant:
        before = seen()
        b.fault()
        changed[name] = sorted(" ".join(k) for k, v in seen().items() if before.get(k) != v)
print(json.dumps(changed))
"""


def test_the_engines_said_to_patch_the_engine_are_those_that_do() -> None:
    """``patches_engine`` (which makes the tests of that bug patches_engine, left out of
    the compiled run) is set exactly where the patch replaces something of the engine."""
    import json

    done = subprocess.run([sys.executable, "-c", _WHAT_A_PATCH_CHANGES], capture_output=True,
                          text=True, timeout=120, check=True)
    changed: dict[str, list[str]] = json.loads(done.stdout)
    assert changed and set(changed) == {n for n, b in ALL.items() if not b.changes_variant}
    assert {n for n, what in changed.items() if what} == {
        n for n, b in ALL.items() if b.patches_engine}, changed
    assert not any(b.patches_engine for b in ALL.values() if b.changes_variant)


def _marked(names: list[str]) -> list[object]:
    """The engine names as parameters, those whose bug is a patched engine function
    marked patches_engine."""
    return [pytest.param(n, marks=pytest.mark.patches_engine) if BROKEN[n].patches_engine
            else n for n in names]


@pytest.mark.parametrize("name", _marked(sorted(BROKEN)))
def test_caught_by_run(name: str) -> None:
    b = BROKEN[name]
    engine = ProcessEngine(command(name), timeout=30)
    try:
        results = run_suite(engine, load_cases(variants=[b.variant]))
    finally:
        engine.close()
    c = counts(results)
    assert c["failed"] >= 1 and c["errored"] == 0, c


def _cli(*args: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummy_spec.cli", "conformance", *args],
                          capture_output=True, text=True, timeout=timeout, check=False)


def _fuzz_and_replay(name: str, out: Path, budget: int = FUZZ_EXAMPLES) -> tuple[str, str]:
    """Fuzz the broken engine (at most ``budget`` games); replay every written case on it
    and on the reference."""
    b = BROKEN[name]
    found = _cli("fuzz", "--engine", command(name), "--variant", b.variant,
                 "--examples", str(budget), "--seed", "0", "--shrink-seconds", "0.5",
                 "--findings", "1",
                 "--timeout", "30", "--out", str(out / name))  # a loaded machine starts slowly
    if found.returncode != 1 or "written:" not in found.stdout:
        return name, f"not caught: {found.returncode} {found.stdout[-400:]} {found.stderr}"
    games = min(int(g) for g in re.findall(r"first in game (\d+)", found.stdout))
    problems = []
    for written in re.findall(r"written: (\S+)", found.stdout):
        case = load_case(Path(written), out / name)
        engine = ProcessEngine(command(name), timeout=30)
        try:
            on_broken = run_suite(engine, [case])[0]
        finally:
            engine.close()
        on_reference = run_suite(ReferenceEngine(), [case])[0]
        if on_broken.status != "failed" or on_reference.status != "passed":
            problems.append(f"{written}: replay on the broken engine: {on_broken.lines}; "
                            f"on the reference: {on_reference.lines}")
    if games > budget or problems:
        return name, f"first caught in game {games}; {problems}"
    return name, ""


# In the default run, engines of each kind: a wrong score, a wrong verdict, the four
# whose states go wrong while every verdict is right (one only in the round's last step),
# and one that ignores the melds a knock names; every engine in the slow run (``pytest -m
# slow``: about twenty fuzz runs)
SAMPLE = ("ace-score", "adjacent-wilds", "pile-card-lost", "wild-meaning-wrong",
          "buy-duplicates-card", "knock-card-dropped", "knock-melds-ignored")


def _fuzz_all(names: list[str], tmp_path: Path) -> None:
    """Two fuzz processes at a time (each is a runner and an engine taking turns)."""
    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(lambda n: _fuzz_and_replay(n, tmp_path), names))
    problems = {name: why for name, why in outcomes if why}
    assert not problems, problems


def test_a_sample_is_caught_by_fuzz_and_the_minimal_case_replays(tmp_path: Path) -> None:
    assert set(SAMPLE) <= set(BROKEN)
    assert not any(BROKEN[n].patches_engine for n in SAMPLE)  # so the compiled run has it
    _fuzz_all(list(SAMPLE), tmp_path)


@pytest.mark.slow
@pytest.mark.patches_engine
def test_caught_by_fuzz_and_the_minimal_case_replays(tmp_path: Path) -> None:
    _fuzz_all(sorted(BROKEN), tmp_path)


# The engines whose play is right and whose views are wrong, and the games the fuzz (seed
# 0) may take to catch each: at the deal (the no-leak law and the views compared), the
# first card taken from the pile, the first knock the defender lays off after (game 7).
VIEW_BUDGET = {"view-shows-stock-top": 3, "view-forgets-taken": 5, "view-shows-defender": 20}


def test_engines_whose_views_leak_or_forget_are_caught_by_fuzz(tmp_path: Path) -> None:
    assert {n for n, b in BROKEN.items() if b.axis == "view"} == set(VIEW_BUDGET)
    with ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = list(pool.map(lambda n: _fuzz_and_replay(n, tmp_path, VIEW_BUDGET[n]),
                                 sorted(VIEW_BUDGET)))
    problems = {name: why for name, why in outcomes if why}
    assert not problems, problems


def test_fuzzing_the_reference_against_itself_finds_nothing(tmp_path: Path) -> None:
    done = _cli("fuzz", "--engine", f"{sys.executable} -m rummy_spec.conformance."
                "reference_engine", "--variant", "gin", "--examples", "4", "--out",
                str(tmp_path))
    assert done.returncode == 0 and "no disagreement in 4 games" in done.stdout, done.stderr
    assert not any(tmp_path.iterdir())


# engines wrong only at a rule's boundary, and the games the aimed fuzz may take to catch
# each (seed 0, five seconds of shrinking)
BOUNDARY = {"knock-best-of-eleven": 60, "wilds-lead-around-corner": 150}


@pytest.mark.patches_engine  # both bugs are patched engine functions
@pytest.mark.parametrize("name", [
    "knock-best-of-eleven",  # caught in game 33, about 12 s of CPU
    pytest.param("wilds-lead-around-corner", marks=pytest.mark.slow),  # game 131, 1 min
])
def test_boundary_engine_caught_by_the_aimed_fuzz(name: str, tmp_path: Path) -> None:
    b = BROKEN[name]
    found = _cli("fuzz", "--engine", command(name), "--variant", b.variant, "--examples",
                 str(BOUNDARY[name]), "--seed", "0", "--shrink-seconds", "5", "--findings",
                 "1", "--timeout", "30", "--out", str(tmp_path))
    assert found.returncode == 1 and "written:" in found.stdout, found.stdout[-600:]
    game = re.search(r"first in game (\d+)", found.stdout)
    assert game is not None and int(game.group(1)) <= BOUNDARY[name]
    written = re.search(r"written: (\S+)", found.stdout)
    assert written is not None
    case = load_case(Path(written.group(1)), tmp_path)
    engine = ProcessEngine(command(name), timeout=30)
    try:
        assert run_suite(engine, [case])[0].status == "failed"
    finally:
        engine.close()
    assert run_suite(ReferenceEngine(), [case])[0].status == "passed"


@pytest.mark.patches_engine
def test_a_run_led_by_three_wilds_around_the_corner_is_caught_by_fuzz(tmp_path: Path) -> None:
    """One pack, four jokers (the house file four_jokers.rummy): the engine that reads
    ``JK JK JK 2H 3H`` as Q K A 2 3 is caught within the budget, its case replays."""
    from rummy_spec.conformance.broken import house_variant_of

    name = "house-wilds-lead-around-corner"
    found = _cli("fuzz", "--engine", command(name), "--variant", house_variant_of(name),
                 "--examples", str(FUZZ_EXAMPLES), "--seed", "0", "--shrink-seconds", "0.5",
                 "--findings", "1", "--timeout", "30", "--out", str(tmp_path))
    assert found.returncode == 1 and "written:" in found.stdout, found.stdout[-600:]
    assert re.search(r"meld: [a-z-]+, the engine accepts", found.stdout), found.stdout[:600]
    written = re.findall(r"written: (\S+)", found.stdout)
    case = load_case(Path(written[0]), tmp_path)
    assert "JK" in str(case.steps[-1].act) or "JK" in str(case.steps[-2].act)
