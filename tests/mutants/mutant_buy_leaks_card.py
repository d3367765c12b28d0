"""A buy loses one card: the buyer's newest card vanishes from the game."""

from __future__ import annotations

import pytest

from rummy_spec.engine.families import claims
from rummy_spec.engine.families.plans import Go
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import Move, State

from .base import Handler, Mutant, wrap


def install(mp: pytest.MonkeyPatch) -> None:
    def make(original: Handler) -> Handler:
        def claim(rules: Rules, state: State, a: Move, plan: Go) -> None:
            original(rules, state, a, plan)
            if a.type == "buy":
                state.hand.seats[a.player].hand.pop()
        return claim
    wrap(mp, claims, "claim", make)


MUTANT = Mutant("buy-leaks-card", "a buy loses one card", "continental", 4,
                frozenset({"conservation", "hand-sizes"}), install)
