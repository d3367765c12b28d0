"""The turn passes two seats to the left: the next player is skipped."""

from __future__ import annotations

import pytest

from rummy_spec.engine.families import turnorder
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import State

from .base import Handler, Mutant, wrap


def install(mp: pytest.MonkeyPatch) -> None:
    def make(original: Handler) -> Handler:
        def next_turn(rules: Rules, state: State) -> None:
            original(rules, state)
            if state.hand.phase == "draw" and not state.hand.giver:
                state.hand.turn = (state.hand.turn + 1) % rules.players
        return next_turn
    wrap(mp, turnorder, "next_turn", make)


MUTANT = Mutant("turn-skips-player", "the turn skips the next player", "contract", 3,
                frozenset({"turn-order"}), install)
