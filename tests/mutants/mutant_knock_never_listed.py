"""``legal_actions`` forgets knocks: a legal knock is never offered to the player."""

from __future__ import annotations

import pytest

from rummy_spec.engine.dispatch import moves
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import Move, State

from .base import Handler, Mutant, wrap


def install(mp: pytest.MonkeyPatch) -> None:
    def make(original: Handler) -> Handler:
        def legal_actions(rules: Rules, state: State) -> list[Move]:
            return [a for a in original(rules, state) if a.type != "knock"]
        return legal_actions
    wrap(mp, moves, "legal_actions", make)  # Game.legal_actions looks it up on the module


MUTANT = Mutant("knock-never-listed", "legal_actions never lists a knock", "gin", 2,
                frozenset({"legal-actions"}), install)
