"""A refused lay-off still takes the card out of the player's hand."""

from __future__ import annotations

import pytest

from rummy_spec.engine.families import meld_play
from rummy_spec.engine.melding.melds import Meld
from rummy_spec.engine.records.reasons import Verdict
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import Move, State

from .base import Handler, Mutant, wrap


def install(mp: pytest.MonkeyPatch) -> None:
    def make(original: Handler) -> Handler:
        def check_lay_off(rules: Rules, state: State, a: Move) -> Verdict | Meld:
            plan: Verdict | Meld = original(rules, state, a)
            hand = state.hand.seats[a.player].hand
            if isinstance(plan, Verdict) and a.card in hand:
                hand.remove(a.card)
            return plan
        return check_lay_off
    wrap(mp, meld_play, "check_lay_off", make)


MUTANT = Mutant("refused-layoff-changes-state", "a refused lay-off still removes the card",
                "rummy", 2,
                frozenset({"rejected-changes-nothing", "conservation", "legal-actions",
                           "hand-sizes"}), install)
