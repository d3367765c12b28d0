"""The ways down a hand too big for the solver's budget: none listed, the game goes on.

Listing the ways down (``legal_actions``) let the solver's SearchTooBig escape on a hand
grown past what it searches within its budget, which would end ``simulate`` with
"internal error" (exit 3); the planner's measure had the same fault (found in the house
campaign, ``tests/bots/test_reach_too_big.py``).  Here the budget is made tiny so that an
ordinary hand of the same house stands for the huge one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_spec.engine.dispatch.wild_ways import all_wild_ways
from rummy_spec.engine.game import Game
from rummy_spec.engine.solving import bounded, search
from rummy_spec.lang import load

HOUSE = """variant house "House seven_hand" extends seven_hand {
    contracts { 8: 3 runs of 4 + 3 sets + 3 sets }
    wilds { cards jokers, all wild sets }
}
"""
# the nine melds of round 8, whole
HAND = ("3H 4H 5H 6H 7S 8S 9S 10S 4D 5D 6D 7D 2C 2D 2S 3C 3D 3S 8C 8D 8H "
        "9C 9D 9H JC JD JS QC QD QH")


@pytest.mark.patches_engine  # the solver's budgets are cut down
def test_a_hand_too_big_to_search_lists_no_way_down(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "house.rummy"
    path.write_text(HOUSE)
    rules = Game(load(str(path)), 3, 0).rules
    hand = [rules.table.parse(t) for t in HAND.split()]
    contract = rules.variant.contracts.rounds[7]
    (way,) = rules.ways_down(hand, contract, 4)  # with the real budget: the best way
    assert len(way.melds) == 9 and not way.rest
    joker = rules.table.parse("JK")
    jokers = [*hand, joker, joker, joker]
    (wild,) = all_wild_ways(rules, jokers, contract)  # three jokers laid as a set
    assert wild[0] == (joker,) * 3 and len(wild) == 9  # the nine melds of the round
    rules.cache.clear()  # (the rules, and so their memo, are shared by games)
    monkeypatch.setattr(search, "NODE_BUDGET", 3)  # the slot search
    monkeypatch.setattr(bounded, "QUICK_BUDGET", 0)  # and the flat loops
    assert rules.ways_down(hand, contract, 4) == []
    assert all_wild_ways(rules, jokers, contract) == []
