"""A wild may be freed from a set, where the variant frees wilds from runs only."""

from __future__ import annotations

import pytest

from .base import Mutant, misread, section


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, section("swap", from_sets=True))


MUTANT = Mutant("joker-freed-from-set", "a joker is freed from a set", "continental", 4,
                frozenset({"swap"}), install)
