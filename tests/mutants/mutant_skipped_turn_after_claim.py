"""After a claim window closes, the player who refused the upcard loses his turn."""

from __future__ import annotations

import pytest

from rummy_spec.engine.families import claims, turnorder
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import State

from .base import Handler, Mutant, wrap


def install(mp: pytest.MonkeyPatch) -> None:
    def make(original: Handler) -> Handler:
        def close_claims(rules: Rules, state: State) -> None:
            original(rules, state)
            if state.hand.phase == "play":
                turnorder.next_turn(rules, state)
        return close_claims
    wrap(mp, claims, "_close_claims", make)


MUTANT = Mutant("skipped-turn-after-claim", "the refuser's turn is skipped after a buy",
                "continental", 4, frozenset({"turn-order"}), install)
