"""Counting legal non-meld actions (perft) on the reference; the conventions are in
:mod:`rummy_spec.conformance.running.perft`."""

from __future__ import annotations

from ...engine.dispatch.core import apply
from ...engine.dispatch.moves import legal_actions
from ...engine.records.rules import Rules
from ...engine.records.state import Move, State

NOT_COUNTED = frozenset({"go_down", "meld", "swap", "shift"})


def legal_non_meld(rules: Rules, state: State) -> list[Move]:
    """The legal actions perft counts: no meld laid by name (a knock naming its melds is
    the plain knock's choice of what to show, counted once as the plain knock)."""
    return [a for a in legal_actions(rules, state)
            if a.type not in NOT_COUNTED and not (a.type == "knock" and a.melds)]


def perft_count(rules: Rules, state: State, depth: int) -> int:
    if depth == 0:
        return 1
    done = len(state.game.results)
    total = 0
    for a in legal_non_meld(rules, state):
        after = apply(rules, state, a)
        if depth == 1 or len(after.game.results) > done or after.hand.phase == "game-over":
            total += 1
        else:
            total += perft_count(rules, after, depth - 1)
    return total


