"""Whose turn is next: to the left, over players a Skip has hit, with gifts due first."""

from __future__ import annotations

from .ending import end_round
from .rules import Rules
from .state import State


def next_turn(rules: Rules, state: State) -> None:
    """Pass the turn to the left, over players a Skip has hit."""
    n = rules.players
    state.hand.turn_no += 1
    if state.hand.turn_no >= state.game.turn_cap:
        end_round(rules, state, None, "abandoned", reason=f"turn cap {state.game.turn_cap} reached")
        return
    p = (state.hand.turn + 1) % n
    for _ in range(n):
        seat = state.hand.seats[p]
        if not seat.skipped:
            break
        seat.skipped = False
        seat.was_skipped = True  # no repeat skips until he has played again (A44)
        p = (p + 1) % n
    state.hand.turn = p
    state.hand.seats[p].was_skipped = False
    state.hand.taken = None
    state.hand.melds_this_turn = 0
    state.hand.refused = False
    state.hand.played_this_turn = False
    state.hand.must_go_down = False
    state.hand.must_meld = None
    state.hand.phase = "draw"
    seat = state.hand.seats[p]
    if seat.gifts_from:
        state.hand.giver = [g for g in seat.gifts_from if state.hand.seats[g].hand]
        seat.gifts_from = []
        if state.hand.giver:
            state.hand.phase = "gifts"
