"""Canasta (spec/canasta.rummy) played to the end by the planner with the referee checking
every step: the scores of meld scoring with canasta bonuses and the going-out bonus, the
team totals and the winners; and whole piles actually taken along the way."""

from __future__ import annotations

from rummy_spec.lang import load

from .refereed import refereed_game


def test_whole_games_of_canasta_keep_the_laws() -> None:
    variant = load("canasta")
    piles = canastas = 0
    for seed in range(2):
        for g, pre, move in refereed_game(variant, 4, seed):
            if move.type == "draw" and move.source == "discard" and len(pre.hand.discard) > 1:
                piles += 1
            canastas += sum(1 for t in g.state.hand.table if len(t.meld.cards) == 7
                            and move.type in ("meld", "lay_off"))
        assert not g.state.game.abandoned and len(g.state.game.winners) == 2
        assert max(sum(g.state.game.seats[p].total for p in (w, w + 2))
                   for w in (0, 1)) >= 5000
    assert piles > 0 and canastas > 0
