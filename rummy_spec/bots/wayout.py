"""Keeping a way out open: the planner does not shed down to a hand it can never empty.

A player who ends his turn holding one card draws to two and must discard back to one:
he can never lay a new meld again, so his only way out is a card that goes onto a meld on
the table (his own card, or one he draws).  If no card outside the table fits any of its
melds, that hand is shut in until another player lays a meld it fits, and once every
player is shut in the round can never end by the rules.  So before a meld or lay-off that
would leave two cards (one after the discard), the planner looks at the table that play
would leave: if neither of its cards nor any card it could still draw fits there, it
keeps its cards in hand instead (a held meld or pair can still grow from the draw).

Everything is read from the state and the variant's meld rules (:func:`fits`); a play
that cannot be refused (no discard or pass instead) is never held back.
"""

from __future__ import annotations

from ..engine.dispatch.core import IllegalAction, apply
from ..engine.melding.melds import fits
from ..engine.records.rules import Rules
from ..engine.records.state import Move, State


def shuts_in(rules: Rules, state: State, player: int, play: Move) -> bool:
    """Would ``play`` (a meld or a lay-off) leave this player a hand of two that, after
    its discard, no card outside the table could ever take out?"""
    hand = state.hand.seats[player].hand
    shed = sum(len(m) for m in play.melds) if play.melds else 1
    if len(hand) - shed != 2:
        return False
    try:
        after = apply(rules, state, play)
    except IllegalAction:  # pragma: no cover - plays come from the legal actions
        return False
    kept = after.hand.seats[player].hand
    outside = set(after.hand.stock) | set(after.hand.discard) | set(kept)
    for i, seat in enumerate(after.hand.seats):
        if i != player:
            outside.update(seat.hand)
    melds = [t.meld for t in after.hand.table]
    return not any(fits(rules.melds, m, card) for card in outside for m in melds)
