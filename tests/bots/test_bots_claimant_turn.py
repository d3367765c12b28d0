"""Every bot plays the claimant's turn out of order (``claimant takes at once``, the house
file ``conformance/examples/claim_at_once.rummy``): ``legal_actions`` offers the claimant
his play, the bots choose among it, and games end."""

from __future__ import annotations

import pytest

from rummy_spec.bots import PLAYERS
from rummy_spec.conformance import suite_root
from rummy_spec.engine.game import Game
from rummy_spec.lang import load

AT_ONCE = str(suite_root() / "examples" / "claim_at_once.rummy")


@pytest.mark.parametrize("name", ["random", "greedy", "planner"])
def test_the_bots_play_the_claimants_turn_and_games_end(name: str) -> None:
    v = load(AT_ONCE)
    g = Game(v, 4, 1)
    players = [PLAYERS[name](10 + seat) for seat in range(4)]
    out_of_turn = 0
    while not g.over and len(g.history) < 3000:
        actions = g.legal_actions()
        a = players[actions[0].player](g, actions)
        if g.state.hand.phase == "claimant":
            assert {x.player for x in actions} == {g.state.hand.turn}
            assert g.state.hand.resume is not None and g.state.hand.resume != a.player
            out_of_turn += 1
        g.apply(a)
    assert g.over and out_of_turn > 0, (len(g.history), out_of_turn)
