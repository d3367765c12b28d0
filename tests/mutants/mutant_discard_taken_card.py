"""The card just taken from the discard pile may be thrown straight back."""

from __future__ import annotations

import pytest

from .base import Mutant, misread, section


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, section("turn", keep_taken_card=False))


MUTANT = Mutant("discard-taken-card", "the card just taken may be discarded", "gin", 2,
                frozenset({"keep-taken-card"}), install)
