"""The shipped state machine, run against the reference for every spec file in spec/
(discovered: a new file is covered without a new test), at the minimum, a typical and the
maximum player count, with no option and with each option on its own."""

from __future__ import annotations

import os

import pytest
from hypothesis.stateful import run_state_machine_as_test

from rummy_spec.lang import load
from rummy_spec.testing import engine_state_machine, profile

from .cases import case_id, cases, player_counts, spec_files

# RUMMY_STATEFUL=quick keeps one case per spec file (no option, the fewest players): the
# mutation run's test selection, where the whole product would take too long per mutant
CASES = cases(quick=os.environ.get("RUMMY_STATEFUL") == "quick")


@pytest.mark.parametrize("case", CASES, ids=[case_id(c) for c in CASES])
def test_machine_finds_no_broken_law(case: tuple[str, int, tuple[str, ...]]) -> None:
    path, players, options = case
    machine = engine_state_machine(load(path, options), players)
    run_state_machine_as_test(machine, settings=profile())


def test_every_spec_file_is_a_case() -> None:
    stems = {c[0] for c in cases()}
    assert stems == {str(p) for p in spec_files()} and len(stems) >= 12


def test_player_counts() -> None:
    assert player_counts(2, 2) == [2]
    assert player_counts(4, 8) == [4, 6, 8]
    assert player_counts(2, None) == [2, 4, 6]  # an open range stops at six
    assert player_counts(3, 8) == [3, 5, 8]
