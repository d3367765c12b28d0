"""Whose turn is next: to the left, over players a Skip has hit, with gifts due first."""

from __future__ import annotations

from .ending import end_round
from .rules import Rules
from .state import State


def next_turn(rules: Rules, state: State) -> None:
    """Pass the turn to the left, over players a Skip has hit."""
    n = rules.players
    state.turn_no += 1
    if state.turn_no >= state.turn_cap:
        end_round(rules, state, None, "abandoned", reason=f"turn cap {state.turn_cap} reached")
        return
    p = (state.turn + 1) % n
    for _ in range(n):
        seat = state.seats[p]
        if not seat.skipped:
            break
        seat.skipped = False
        seat.was_skipped = True  # no repeat skips until he has played again (A44)
        p = (p + 1) % n
    state.turn = p
    state.seats[p].was_skipped = False
    state.taken = None
    state.melds_this_turn = 0
    state.refused = False
    state.played_this_turn = False
    state.must_go_down = False
    state.phase = "draw"
    seat = state.seats[p]
    if seat.gifts_from:
        state.giver = [g for g in seat.gifts_from if state.seats[g].hand]
        seat.gifts_from = []
        if state.giver:
            state.phase = "gifts"
