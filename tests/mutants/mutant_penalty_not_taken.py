"""A buyer takes the upcard but not the penalty card from the stock."""

from __future__ import annotations

import pytest

from .base import Mutant, misread, section


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, section("claim", penalty=0))


MUTANT = Mutant("penalty-not-taken", "a buy takes no penalty card", "continental", 4,
                frozenset({"hand-sizes"}), install)
