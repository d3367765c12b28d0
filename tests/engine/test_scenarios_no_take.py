"""Scenarios: ``turn { no taking CLASS from the pile }`` (Canasta's black threes: "If you
discard a black three, it freezes the pile until the next discard", The Book of Card
Games, Canasta, as quoted at https://dianahicksbooks.com/online-books/the-book-of-card-
games-the-complete-rules-to-the-classics-family-favorite-and-forgotten-games-read-online-
free-book-by-nikki-katz-173977-a).  A black three on top of the pile is taken by nobody,
neither the player in turn nor a claimant; once covered, the pile is open again."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import ok, refused

from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant

BLOCKED = """
variant blocked "Rummy, black threes block" extends rummy {
    turn { no taking black threes from the pile }
}
variant blocked_buy "Continental, black threes block" extends continental {
    turn { no taking black threes from the pile }
}
"""


def variant(name: str) -> Variant:
    return variant_from_text(BLOCKED, name)


HANDS = ["3S 5D 6D 7D 9C 10H KS", "4C 5C 6C 8H 9H QD JD"]


def test_a_black_three_blocks_the_pile_until_it_is_covered() -> None:
    g = scenario(variant("blocked"), 2, hands=HANDS, stock="2H 2D 2S AC", discard="KH")
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="3S")
    assert refused(g, "draw", 1, source="discard") == "never-taken"
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="QD")
    ok(g, "draw", 0, source="discard")  # the queen covers the three: open again


def test_a_red_three_is_taken() -> None:
    g = scenario(variant("blocked"), 2, hands=["3H 5D 6D 7D 9C 10H KS", HANDS[1]],
                 stock="2H 2D 2S AC", discard="KH")
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="3H")
    ok(g, "draw", 1, source="discard")


def test_the_plain_game_lets_it_be_taken() -> None:
    g = scenario("rummy", 2, hands=HANDS, stock="2H 2D 2S AC", discard="KH")
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="3S")
    ok(g, "draw", 1, source="discard")


def _continental(upcard: str) -> Game:
    hands = ["5H 5S 5D 6C 7C 8C 2S 9D 10D KH QS JD", "6H 7H 8H 9H 10S JS QD KD KC 2D 3D 4D",
             "6D 7D 8D 10C JC QC 3S 4S 6S 7S 8S 10H", "3H 4H JH QH AS 9S 2C 3C 4C 9C KS 5C"]
    if upcard in hands[3]:
        hands[3] = hands[3].replace(upcard, "KS" if upcard != "KS" else "5C")
    return scenario(variant("blocked_buy"), 4, hands=hands, stock="AD AH AC", discard=upcard)


def test_nobody_may_buy_a_black_three() -> None:
    g = _continental("3C")
    assert refused(g, "draw", 0, source="discard") == "never-taken"
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.phase == "play"  # no claim window opens over the three
    open_ = _continental("4C")
    ok(open_, "draw", 0, source="stock")
    ok(open_, "pass", 1)
    ok(open_, "buy", 2)
