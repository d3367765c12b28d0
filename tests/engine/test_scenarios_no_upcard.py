"""``no upcard`` (and ``first turn discard only``): the first player, dealt one card more,
starts by discarding (or knocking), without drawing, as the language reference says: his
first turn is a discard and nothing else (RLCard, where the first action is a discard or a
knock).  From his next turn he plays as everyone does."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import from_stock, ok, refused

from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant

CONTRACT = variant_from_text("variant nu extends contract { deal { no upcard } }", "nu")
RUMMY = variant_from_text("variant nr extends rummy { deal { no upcard } }", "nr")
KEEP = variant_from_text("variant kt extends contract { deal { first turn discard only } }",
                         "kt")


def _contract(variant: Variant = CONTRACT) -> Game:
    """Seat 0 holds two sets, one card more than the others, and no upcard is turned."""
    return scenario(variant, 3, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4D QH",
                                       "7H 7S 7D 8C 8D 8S QS QD JC 10H",
                                       "3D 4H 6D 10D JD QC KD 2H 6S AS"],
                    stock="QC JC 10H 5C 6H 6C", discard="")


@pytest.mark.parametrize("variant", [CONTRACT, KEEP], ids=["no upcard", "discard only"])
def test_the_first_player_may_not_go_down_on_his_first_turn(variant: Variant) -> None:
    g = _contract(variant)
    assert g.state.hand.phase == "play"  # no draw
    assert refused(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]]) \
        == "first-turn-discard-only"
    assert refused(g, "draw", 0, source="stock") == "already-drawn"
    ok(g, "discard", 0, card="KS")
    assert not any(a.type == "go_down" for a in g.legal_actions())  # seat 1 has no contract


def test_from_his_next_turn_he_goes_down() -> None:
    g = _contract()
    ok(g, "discard", 0, card="KS")
    for seat, card in ((1, "JC"), (2, "AS")):
        from_stock(g, seat)
        ok(g, "discard", seat, card=card)
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])


def test_the_engine_offers_only_discards_on_the_first_turn() -> None:
    g = _contract()
    types = {a.type for a in g.legal_actions()}
    assert types == {"discard"}


def test_no_meld_on_the_first_turn_of_a_game_without_contracts() -> None:
    g = scenario(RUMMY, 2, hands=["5H 5S 5D 9C 9D 9S KS 2C", "7H 7S 7D 8C 8D 8S QS"],
                 stock="QC JC 10H 5C 6H 6C", discard="")
    assert refused(g, "meld", 0, melds=[["5H", "5S", "5D"]]) == "first-turn-discard-only"
    ok(g, "discard", 0, card="KS")
    ok(g, "draw", 1, source="stock")
    ok(g, "meld", 1, melds=[["7H", "7S", "7D"]])  # only the first turn is discard only
