"""Rummy calls on a discard that could have been played, and their penalties: the caller
throws a card, the offender takes the card back, or the others hand him gifts."""

from __future__ import annotations

from .ending import end_round
from .reasons import OK, Verdict, no
from .rules import Rules
from .state import Action, State
from .stock import draw_stock


def call(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """A rummy call on the last discard, which could have been played on the table."""
    rc = rules.variant.rummy_call
    if rc is None or state.call_on is None or state.phase != "draw":
        return no("call-not-open")
    if a.player == state.call_on:
        return no("bad-player", "a player cannot call rummy on his own discard")
    seat = state.seats[a.player]
    if rc.penalty == "caller-discards" and (a.card is None or a.card not in seat.hand):
        return no("not-in-hand", "the caller throws one card of his own onto the pile")
    if not do:
        return OK
    offender = state.call_on
    state.call_on = None
    if rc.penalty == "caller-discards":
        assert a.card is not None
        seat.hand.remove(a.card)
        state.discard.append(a.card)
        state.pile_owner.append(a.player)
        if not seat.hand:
            end_round(rules, state, a.player, "out", by="rummy-call")
    elif rc.penalty == "gifts":
        state.seats[offender].gifts_from = [
            (offender + i) % rules.players for i in range(1, rules.players)]
    else:  # take-back: the offender takes the card back, plus penalty cards
        state.seats[offender].hand.append(state.discard.pop())
        state.pile_owner.pop()
        draw_stock(rules, state, offender, rc.take_back_extra)
    return OK


def give(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """A gift after a rummy call: ``give`` one card, or ``pass``."""
    if state.phase != "gifts" or not state.giver or state.giver[0] != a.player:
        return no("no-gift-due")
    if a.type == "give" and (a.card is None or a.card not in state.seats[a.player].hand):
        return no("not-in-hand")
    if not do:
        return OK
    state.giver.pop(0)
    if a.type == "give":
        assert a.card is not None
        state.seats[a.player].hand.remove(a.card)
        state.seats[state.turn].hand.append(a.card)
    if not state.giver:
        state.phase = "draw"
    return OK
