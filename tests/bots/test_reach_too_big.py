"""The planner's measure of a hand the solver cannot search within its budget.

A house Seven Hand Rummy with a round of nine melds (``contracts { 8: 3 runs of 4 + 3
sets + 3 sets }``) and buying between turns let a planner's hand grow, by buying, past
what the solver searches within its budget; the planner's measure let the solver's
SearchTooBig escape, and ``simulate`` stopped with "internal error" (exit 3) after 57 CPU
s.  The measure now counts such a hand as far off.  Here the budget is made tiny so that
an ordinary hand stands for the huge one.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_spec.bots.reach import HOPELESS, reach, within
from rummy_spec.engine.game import Game
from rummy_spec.engine.solving import bounded, search
from rummy_spec.lang import load

HOUSE = """variant house "House seven_hand" extends seven_hand {
    buy { between turns, priority nearest, needed for contracts }
    contracts { 8: 3 runs of 4 + 3 sets + 3 sets }
    buy "May I?" {  }
}
"""
# eight of the nine melds, and a card short of the last set
HAND = ("3H 4H 5H 6H 7S 8S 9S 10S 4D 5D 6D 7D 2C 2D 2S 3C 3D 3S 8C 8D 8H "
        "9C 9D 9H JC JD JS QC QD")


def _game(tmp_path: Path) -> Game:
    path = tmp_path / "house.rummy"
    path.write_text(HOUSE)
    return Game(load(str(path)), 3, 0)


@pytest.mark.patches_engine  # the solver's budgets are cut down
def test_a_hand_too_big_to_search_counts_as_far_off(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    game = _game(tmp_path)
    hand = [game.rules.table.parse(t) for t in HAND.split()]
    contract = game.rules.variant.contracts.rounds[7]
    assert len(contract.elements) == 3 and sum(e.count for e in contract.elements) == 9
    assert reach(game.rules, hand, contract).short == 1  # with the real budget
    game.rules.cache.clear()  # (the rules, and so their memo, are shared by games)
    monkeypatch.setattr(search, "NODE_BUDGET", 3)  # the slot search
    monkeypatch.setattr(bounded, "QUICK_BUDGET", 0)  # and the flat loops
    got = reach(game.rules, hand, contract)
    assert got.short == HOPELESS and sorted(got.spare) == sorted(hand)
    assert within(game.rules, hand, contract, 1) is None
