"""Canasta (spec/canasta.rummy) played to the end by the planner with the referee checking
every step: the scores of meld scoring with canasta bonuses and the going-out bonus, the
team totals and the winners; and whole piles actually taken along the way."""

from __future__ import annotations

from rummy_spec.bots.planner import planner_bot
from rummy_spec.engine.game import Game
from rummy_spec.lang import load
from rummy_spec.laws.variant import Laws
from rummy_spec.testing.referee import Referee


def test_whole_games_of_canasta_keep_the_laws() -> None:
    variant = load("canasta")
    laws = Laws(variant, 4)
    piles = canastas = 0
    for seed in range(2):
        g = Game(variant, 4, seed)
        bot = planner_bot(seed)
        referee = Referee(laws, g.state)
        while not g.over:
            pre = g.state.clone()
            move = bot(g.rules, g.state, g.legal_actions())
            g.apply(move)
            referee.check_step(pre, move, g.state)
            referee.check_state(g.state)
            if move.type == "draw" and move.source == "discard" and len(pre.hand.discard) > 1:
                piles += 1
            canastas += sum(1 for t in g.state.hand.table if len(t.meld.cards) == 7
                            and move.type in ("meld", "lay_off"))
        assert not g.state.game.abandoned and len(g.state.game.winners) == 2
        assert max(sum(g.state.game.seats[p].total for p in (w, w + 2))
                   for w in (0, 1)) >= 5000
    assert piles > 0 and canastas > 0
