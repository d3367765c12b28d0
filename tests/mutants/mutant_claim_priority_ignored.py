"""Anyone in the claim window may buy, though the nearest player has first call."""

from __future__ import annotations

import pytest

from .base import Mutant, misread, section


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, section("claim", priority="first-caller"))


MUTANT = Mutant("claim-priority-ignored", "claim priority is ignored", "continental", 4,
                frozenset({"turn-order", "rejected"}), install)
