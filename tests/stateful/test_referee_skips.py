"""The referee's turn-order law where Skip cards are played (Phase 10): the state shows
whom a Skip hit, so the turn must pass over him; the kit, which sees no such field, does
not judge these turns, so the referee does."""

from __future__ import annotations

import pytest

from rummy_spec.bots import greedy_bot
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import Move, State
from rummy_spec.lang import load
from rummy_spec.laws.variant import Laws, LawViolation
from rummy_spec.testing.referee import Referee

PLAYERS = 4


def a_skip_played() -> tuple[Referee, State, Move, State]:
    """The first Skip discarded in a greedy game (a Skip is discarded whenever one may
    be), with the referee that watched the game up to it."""
    v = load("phase10")
    skip = {s.code for s in v.deck.specials if s.skip is not None}
    for seed in range(40):
        g = Game(v, PLAYERS, seed)
        ref, bot = Referee(Laws(v, PLAYERS), g.state.clone()), greedy_bot(seed)
        for _ in range(300):
            if g.over:
                break
            actions = g.legal_actions()
            skips = [a for a in actions if a.type == "discard" and a.card is not None
                     and g.rules.table.faces[a.card].special in skip]
            a = skips[0] if skips else bot(g.rules, g.state, actions)
            pre, rounds = g.state.clone(), len(g.state.game.results)
            g.apply(a)
            if skips and len(g.state.game.results) == rounds:
                return ref, pre, a, g.state.clone()
            ref.check_step(pre, a, g.state)
    raise AssertionError("no Skip was discarded in 40 games")


def test_the_turn_passes_over_the_seat_a_skip_hit() -> None:
    ref, pre, a, post = a_skip_played()
    ref.check_step(pre, a, post)  # the engine's own turn keeps the law
    hit = (pre.hand.turn + 1) % PLAYERS
    assert post.hand.turn != hit
    post.hand.turn = hit  # the seat the Skip hit plays all the same
    with pytest.raises(LawViolation, match="turn-order"):
        ref.check_step(pre, a, post)
