"""Scenarios: the draw and the discard (AXES.md X40, X41, X46b); the Phase 10 Skip is in
``test_scenarios_progression``."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import from_stock, hand, held, ok, pile, refused

from rummy_spec.engine.game import Game

# Continental: 4 players, dealer seat 3, seat 0 plays first.
CONT_HANDS = ["5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D 8D",
              "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D",
              "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 10D",
              "AS 2S 3H 4H 10H JH QH KH JD QD 9H 6D"]


def _rummy() -> Game:
    return scenario("rummy", 3, hands=["5H 5S 5D 9C 9D 9H 2C", "6H 7H 8H 9S 10S JS QS",
                                       "AS AD 3S 4S 6S 7S 8S"],
                    stock="KD KC 2D 3D 4D 5C", discard="QH")


# ----- X46b the order of a turn ---------------------------------------------------------------


def test_turn_starts_with_a_draw_by_the_player_in_turn() -> None:
    """X46b: only the player in turn acts, and his turn starts with a draw."""
    g = _rummy()
    assert refused(g, "discard", 0, card="2C") == "must-draw-first"
    assert refused(g, "meld", 0, melds=[["5H", "5S", "5D"]]) == "must-draw-first"
    assert refused(g, "draw", 1, source="stock") == "not-your-turn"
    ok(g, "draw", 0, source="stock")
    assert refused(g, "draw", 0, source="stock") == "already-drawn"
    assert refused(g, "discard", 0, card="QS") == "not-in-hand"
    assert refused(g, "discard", 1, card="QS") == "not-your-turn"


def test_discard_ends_the_turn_and_passes_it_left() -> None:
    """X46b/X65: one discard ends the turn; play passes clockwise (to the left)."""
    g = _rummy()
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="KD")
    assert pile(g)[-1] == "KD" and g.state.hand.turn == 1
    assert refused(g, "discard", 1, card="6H") == "must-draw-first"


# ----- X40 draw sources --------------------------------------------------------------------


def test_draw_takes_the_stock_top_or_the_upcard() -> None:
    """X40: the stock's top card, or the upcard (top discard), goes into the hand."""
    g = _rummy()
    ok(g, "draw", 0, source="stock")
    assert held(g, 0, "KD") and g.state.hand.stock and hand(g, 0)["KC"] == 0
    ok(g, "discard", 0, card="2C")
    ok(g, "draw", 1, source="discard")
    assert held(g, 1, "2C") and pile(g) == ["QH"]


def test_down_player_may_not_take_the_upcard_liverpool() -> None:
    """X40 (LIV-WAM): once down, a player may no longer take the upcard, in turn or by
    buying."""
    g = scenario("liverpool", 3, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C",
                                        "6H 7H 8H 9H 10S JS QS KD KC 2D",
                                        "6C 7C 8C 10C JC QC 3S 4S 6S 7S"],
                 stock="JH QH KH AH 4H 5C", discard="AD")
    from_stock(g, 0)  # JH
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KS")
    ok(g, "draw", 1, source="stock")  # seat 1 declines KS: a claim window opens
    assert g.state.hand.claim is not None and 0 not in g.state.hand.claim.pending  # down: no buying
    assert refused(g, "buy", 0) == "not-eligible"
    ok(g, "pass", 2)
    ok(g, "discard", 1, card="KD")
    from_stock(g, 2)
    ok(g, "discard", 2, card="QC")
    assert refused(g, "draw", 0, source="discard") == "down-no-upcard"
    ok(g, "draw", 0, source="stock")


def test_not_down_player_may_take_the_upcard_liverpool() -> None:
    """X40: the restriction is only for down players (control for the test above)."""
    g = scenario("liverpool", 3, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C",
                                        "6H 7H 8H 9H 10S JS QS KD KC 2D",
                                        "6C 7C 8C 10C JC QC 3S 4S 6S 7S"],
                 stock="JH QH KH AH 4H 5C", discard="AD")
    ok(g, "draw", 0, source="discard")
    assert held(g, 0, "AD")


# ----- X41 discard restrictions ---------------------------------------------------------------


def test_card_taken_from_the_pile_may_not_be_discarded_that_turn_rummy() -> None:
    """X41 (RUM): the card just taken from the pile cannot go back the same turn; it may
    go on a later turn."""
    g = _rummy()
    ok(g, "draw", 0, source="discard")  # QH
    assert refused(g, "discard", 0, card="QH") == "keep-taken-card"
    ok(g, "discard", 0, card="2C")
    for p in (1, 2):
        ok(g, "draw", p, source="stock")
        ok(g, "discard", p, card=g.card_text(g.state.hand.seats[p].hand)[-1])
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="QH")


def test_stock_card_may_be_discarded_at_once() -> None:
    """X41: the restriction is on the pile card only: a stock card may go straight back."""
    g = _rummy()
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="KD")


def test_keep_taken_card_gin_and_knock() -> None:
    """X41 (GIN): neither a discard nor a knock may use the card just taken from the pile."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C KD",
                                  "AH 2H 3H 4D 5D 6D 7S 8S 9S KC"],
                 stock="QS QH QD", discard="10D")
    ok(g, "draw", 0, source="discard")
    assert refused(g, "discard", 0, card="10D") == "keep-taken-card"
    assert refused(g, "knock", 0, card="10D") == "keep-taken-card"
    ok(g, "knock", 0, card="KD")  # deadwood 10D = 10


def test_keep_taken_card_allows_an_identical_copy_ten_step() -> None:
    """X41 (TS): with two identical cards in hand (two packs), the other copy may go."""
    g = scenario("ten_step", 4, hands=["5H 5S 5D 9C 9D 9S KS 7C 3C 4C QH",
                                       "6H 7H 8H 9H 10S JS QS KD KC 4D 3D",
                                       "6C 10C 8C 10D JC QC 3S 4S 6S 7S 8S",
                                       "AS 3H 4H 10H JH AH KH JD QD 9H 6D"],
                 stock="5C 6D 7D", discard="QH")
    ok(g, "draw", 0, source="discard")
    ok(g, "discard", 0, card="QH")  # one QH was dealt, the other taken: one may go


def test_playable_discard_refused_contract_wikipedia() -> None:
    """X41 (CR-W, A17): a card that fits a meld on the table may not be discarded."""
    g = scenario("contract_wikipedia", 3, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C",
                                                 "6H 7H 8H 9H 10S JS QS KD 5C 2D",
                                                 "6C 7C 8C 10C JC QC 3S 4S 6S 7S"],
                 stock="JH QH KH AH 4H 5C", discard="AD")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KS")
    from_stock(g, 1)
    assert refused(g, "discard", 1, card="5C") == "playable-discard"
    assert refused(g, "discard", 1, card="9H") == "playable-discard"
    ok(g, "discard", 1, card="KD")


def test_playable_discard_allowed_when_every_card_fits_contract_wikipedia() -> None:
    """X41 (A17): a player whose every card fits a meld may discard one of them."""
    g = scenario("contract_wikipedia", 3, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C",
                                                 "5C 9H 5C 9H 5C 9H 5C 9H 5C 9H",
                                                 "6C 7C 8C 10C JC QC 3S 4S 6S 7S"],
                 stock="JH QH KH AH 9S 5C", discard="AD")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KS")
    from_stock(g, 1)  # QH does not fit: it is the only legal discard
    assert refused(g, "discard", 1, card="5C") == "playable-discard"
    ok(g, "discard", 1, card="QH")
    from_stock(g, 2)
    ok(g, "discard", 2, card="QC")
    from_stock(g, 0)
    ok(g, "discard", 0, card="2C")
    from_stock(g, 1)  # 9S fits too: every card is playable
    ok(g, "discard", 1, card="5C")


def test_playable_discard_allowed_without_the_rule_contract() -> None:
    """X41: CR-P has no such rule: a playable card may be discarded."""
    g = scenario("contract", 3, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C",
                                       "6H 7H 8H 9H 10S JS QS KD 5C 2D",
                                       "6C 7C 8C 10C JC QC 3S 4S 6S 7S"],
                 stock="JH QH KH AH 4H 5C", discard="AD")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KS")
    from_stock(g, 1)
    ok(g, "discard", 1, card="5C")
