"""Wilds may outnumber the naturals of a meld, against 'never outnumber naturals'."""

from __future__ import annotations

import pytest

from .base import Mutant, misread, section


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, section("wilds", never_outnumber=None))


MUTANT = Mutant("wilds-outnumber", "wilds outnumbering naturals are accepted", "shanghai", 3,
                frozenset({"table-meld"}), install)
