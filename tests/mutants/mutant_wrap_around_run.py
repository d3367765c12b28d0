"""Runs go around the corner (K-A-2) in a variant where the ace is low only."""

from __future__ import annotations

import pytest

from .base import Mutant, misread, section


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, section("run", wrap=True))


# caught by the meld it leaves on the table, or sooner, where the run is written around the
# corner (2C AC KC QC), by the reference refusing the meld the mutant accepted
MUTANT = Mutant("wrap-around-run", "a run around the corner is accepted", "rummy", 2,
                frozenset({"table-meld", "rejected"}), install)
