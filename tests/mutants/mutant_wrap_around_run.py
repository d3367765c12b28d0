"""Runs go around the corner (K-A-2) in a variant where the ace is low only."""

from __future__ import annotations

import pytest

from .base import Mutant, misread, section


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, section("run", wrap=True))


MUTANT = Mutant("wrap-around-run", "a run around the corner is accepted", "rummy", 2,
                frozenset({"table-meld"}), install)
