"""Teeth: every hand-written engine mutant in this folder is caught by the state machine
under its ``default`` profile (without shrinking, which only makes the report smaller).

Each mutant module defines ``MUTANT`` (see ``base.py``): one rule bug, the variant where it
is reachable, and the laws expected to catch it.  A new ``mutant_*.py`` is picked up here
without a new test.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from rummy_spec.testing import LawViolation, engine_state_machine, profile

from .base import Mutant

NAMES = sorted(n for _, n, _ in pkgutil.iter_modules([str(Path(__file__).parent)])
               if n.startswith("mutant_"))
MUTANTS: list[Mutant] = [importlib.import_module(f"{__package__}.{n}").MUTANT for n in NAMES]


def test_there_are_at_least_ten_mutants() -> None:
    assert len(MUTANTS) >= 10
    assert len({m.name for m in MUTANTS}) == len(MUTANTS)


RUNS = 3  # independent default-profile runs a mutant gets (docs/mutation.md: catch rates)


@pytest.mark.patches_engine  # every mutant is put in by monkeypatching engine functions
@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_the_default_profile_catches_the_mutant(mutant: Mutant,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A default-profile run is a random sample of games: most mutants fail the first run;
    the rarest situations (a contract one meld short, a face card left in a loser's hand)
    get up to ``RUNS`` runs, each a fresh random sample."""
    mutant.install(monkeypatch)
    machine = engine_state_machine(mutant.variant, mutant.players, mutant.options)
    quick = settings(profile("default"), database=None, print_blob=False,
                     phases=[Phase.explicit, Phase.generate])
    found: list[LawViolation] = []
    for _ in range(RUNS):
        try:
            run_state_machine_as_test(machine, settings=quick)
        except LawViolation as err:
            found.append(err)
            break
    assert found, f"{mutant.name} ({mutant.bug}) survived {RUNS} default-profile runs"
    assert found[0].law in mutant.laws, str(found[0])


@pytest.mark.parametrize("mutant", MUTANTS[:3], ids=[m.name for m in MUTANTS[:3]])
def test_without_the_mutant_the_same_machine_passes(mutant: Mutant) -> None:
    machine = engine_state_machine(mutant.variant, mutant.players, mutant.options)
    run_state_machine_as_test(machine, settings=settings(profile("default"), database=None))
