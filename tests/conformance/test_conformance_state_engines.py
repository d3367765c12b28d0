"""Engines whose every answer to an action is right but whose state goes wrong (a card
lost from the pile at a knock, a card doubled by a buy, a wild said to stand for the
wrong card) are caught at the step where the state goes wrong: by ``run`` (every step's
state against the reference's), by the laws on the engine's own state with no reference
to compare with, and by ``fuzz`` within a stated budget."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_spec.conformance.broken import broken_engines, command
from rummy_spec.conformance.oracle.differential import Differential
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.running.runner import counts, run_suite
from rummy_spec.conformance.suite.cases import load_cases
from rummy_spec.conformance.wire.client import ProcessEngine
from rummy_spec.conformance.wire.engine import new_game

# each state-corrupting engine and the law its own state breaks
STATE_ENGINES = {"pile-card-lost": "conservation", "buy-duplicates-card": "conservation",
                 "wild-meaning-wrong": "table-meld"}
FUZZ_GAMES = 40  # the budget: games (examples) fuzz may play before it finds the engine
FUZZ_SECONDS = 240  # and the time the whole fuzz run may take (a loaded 2-core machine)
AT_STEP = re.compile(r"^step \d+: .+: (the state differs from the reference's|law '[a-z-]+' "
                     "broken)$")


def test_the_state_engines_are_among_the_broken_engines() -> None:
    assert set(STATE_ENGINES) <= set(broken_engines())


@pytest.mark.parametrize("name", sorted(STATE_ENGINES))
def test_run_names_the_step_where_the_state_goes_wrong(name: str) -> None:
    b = broken_engines()[name]
    engine = ProcessEngine(command(name), timeout=30)
    try:
        results = run_suite(engine, load_cases(variants=[b.variant]))
    finally:
        engine.close()
    failed = [r for r in results if r.status == "failed"]
    assert failed and counts(results)["errored"] == 0
    assert all(AT_STEP.match(r.lines[0]) for r in failed), [r.lines for r in failed]
    assert any(f"law '{STATE_ENGINES[name]}' is broken" in " ".join(r.lines)
               for r in failed), failed[0].lines


@pytest.mark.parametrize("name", sorted(STATE_ENGINES))
def test_the_laws_alone_catch_the_engine(name: str) -> None:
    """No reference state to compare with: the engine's own states break the law."""
    b = broken_engines()[name]
    engine = ProcessEngine(command(name), timeout=30)
    broken: set[str] = set()
    try:
        for case in load_cases(variants=[b.variant]):
            game = new_game(case)
            reference = ReferenceEngine()
            reference.new(game)
            engine.new(game)
            pair = Differential(reference, engine, shows=engine.hello().shows)
            pair.compare = False
            broken |= {f.law for f in pair.start()}
            for step in case.steps:
                if step.act is not None:
                    broken |= {f.law for f in pair.step(step.act).findings}
    finally:
        engine.close()
    assert STATE_ENGINES[name] in broken, broken


@pytest.mark.slow  # the default run fuzzes these three (test_conformance_broken.SAMPLE)
@pytest.mark.parametrize("name", sorted(STATE_ENGINES))
def test_fuzz_finds_the_engine_within_its_budget(name: str, tmp_path: Path) -> None:
    b = broken_engines()[name]
    done = subprocess.run(
        [sys.executable, "-m", "rummy_spec.cli", "conformance", "fuzz", "--engine",
         command(name), "--variant", b.variant, "--examples", str(FUZZ_GAMES), "--seed", "0",
         "--shrink-seconds", "0.5", "--timeout", "30", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=FUZZ_SECONDS, check=False)
    assert done.returncode == 1, done.stdout + done.stderr
    found = re.search(r"first in game (\d+)", done.stdout)
    assert found is not None and int(found.group(1)) <= FUZZ_GAMES, done.stdout
    assert "the states differ" in done.stdout
