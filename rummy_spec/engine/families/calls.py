"""Rummy calls on a discard that could have been played, and their penalties: the caller
throws a card, the offender takes the card back, or the others hand him gifts."""

from __future__ import annotations

from ..records.reasons import Verdict, no
from ..records.rules import Rules
from ..records.state import Move, State
from .ending import end_round
from .plans import GO, Go
from .stock import draw_stock


def check_call(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """A rummy call on the last discard, which could have been played on the table."""
    rc = rules.variant.rummy_call
    if rc is None or state.hand.call_on is None or state.hand.phase != "draw":
        return no("call-not-open")
    if a.player == state.hand.call_on:
        return no("bad-player", "a player cannot call rummy on his own discard")
    seat = state.hand.seats[a.player]
    if rc.penalty == "caller-discards" and (a.card is None or a.card not in seat.hand):
        return no("not-in-hand", "the caller throws one card of his own onto the pile")
    return GO


def call(rules: Rules, state: State, a: Move, plan: Go) -> None:
    rc, offender, seat = rules.variant.rummy_call, state.hand.call_on, state.hand.seats[a.player]
    assert rc is not None and offender is not None
    state.hand.call_on = None
    if rc.penalty == "caller-discards":
        assert a.card is not None
        seat.hand.remove(a.card)
        state.hand.discard.append(a.card)
        state.hand.pile_owner.append(a.player)
        if not seat.hand:
            end_round(rules, state, a.player, "out", by="rummy-call")
    elif rc.penalty == "gifts":
        state.hand.seats[offender].gifts_from = [
            (offender + i) % rules.players for i in range(1, rules.players)]
    else:  # take-back: the offender takes the card back, plus penalty cards
        state.hand.seats[offender].hand.append(state.hand.discard.pop())
        state.hand.pile_owner.pop()
        draw_stock(rules, state, offender, rc.take_back_extra)


def check_give(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """A gift after a rummy call: ``give`` one card, or ``pass``."""
    if state.hand.phase != "gifts" or not state.hand.giver or state.hand.giver[0] != a.player:
        return no("no-gift-due")
    if a.type == "give" and (a.card is None or a.card not in state.hand.seats[a.player].hand):
        return no("not-in-hand")
    return GO


def give(rules: Rules, state: State, a: Move, plan: Go) -> None:
    state.hand.giver.pop(0)
    if a.type == "give":
        assert a.card is not None
        state.hand.seats[a.player].hand.remove(a.card)
        state.hand.seats[state.hand.turn].hand.append(a.card)
    if not state.hand.giver:
        state.hand.phase = "draw"
