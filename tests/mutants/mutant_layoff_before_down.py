"""A player lays off before he has gone down (the contract is skipped)."""

from __future__ import annotations

import pytest

from .base import Mutant, misread, section


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, section("layoff", needs_down=False))


MUTANT = Mutant("layoff-before-down", "a lay-off before going down is accepted",
                "continental", 4, frozenset({"lay-off"}), install)
