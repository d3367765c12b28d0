"""Whose turn is next: to the left, over players a Skip has hit, with gifts due first;
after a claimant's turn out of order, back to the player whose turn it interrupted."""

from __future__ import annotations

from ..records.rules import Rules
from ..records.state import State
from .ending import end_round
from .stock import draw_stock


def next_turn(rules: Rules, state: State) -> None:
    """Pass the turn to the left, over players a Skip has hit (or back, see
    :func:`_resume`)."""
    n = rules.players
    state.hand.turn_no += 1
    if state.hand.turn_no >= state.game.turn_cap:
        end_round(rules, state, None, "abandoned", reason=f"turn cap {state.game.turn_cap} reached")
        return
    if state.hand.resume is not None:
        _resume(rules, state, state.hand.resume)
        return
    p = (state.hand.turn + 1) % n
    for _ in range(n):
        seat = state.hand.seats[p]
        if not seat.skipped:
            break
        seat.skipped = False
        seat.was_skipped = True  # no repeat skips until he has played again (A44)
        p = (p + 1) % n
    _new_turn(state, p)
    state.hand.seats[p].was_skipped = False
    state.hand.phase = "draw"
    seat = state.hand.seats[p]
    if seat.gifts_from:
        state.hand.giver = [g for g in seat.gifts_from if state.hand.seats[g].hand]
        seat.gifts_from = []
        if state.hand.giver:
            state.hand.phase = "gifts"


def _new_turn(state: State, p: int) -> None:
    state.hand.turn = p
    state.hand.taken = None
    state.hand.melds_this_turn = 0
    state.hand.refused = False
    state.hand.played_this_turn = False
    state.hand.must_go_down = False
    state.hand.must_meld = None


def _resume(rules: Rules, state: State, p: int) -> None:
    """The claimant's turn out of order is over: play resumes with ``p``, whose turn it
    interrupted, and the order of play is not changed.  Continental's published rules
    (the Wikipedia article "Continental (card game)", its section on the consequences of
    a claim) have the player whose turn was interrupted resume by drawing the stock's top
    card: having refused the upcard, he draws from the stock.  Where he had not refused
    it (a claim between turns, or before his draw where claims are made at any time) he
    draws as usual, the claimant's discard being the upcard (Ten Step's text: after a
    buy, play resumes as it was)."""
    h = state.hand
    refused = h.refused
    cl = rules.variant.claim
    between = cl is not None and cl.window == "between-turns"
    h.resume = None
    _new_turn(state, p)
    if refused and not between:
        h.refused = True
        if draw_stock(rules, state, p):
            h.phase = "play"
        return
    h.phase = "draw"
