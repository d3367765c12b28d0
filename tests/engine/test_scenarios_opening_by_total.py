"""Scenarios: ``turn { first melds by total { ... } }``, the opening minimum set by the
side's total score (Canasta: "Team score | Minimum initial meld: Negative 15, 0-1495 50,
1500-2995 90, 3000 and above 120", Rules for Original Canasta, The Play, Initial Melds,
https://www.primidi.com/canasta/rules_for_original_canasta/the_play/initial_melds), and,
with partners, no minimum once the partner has melded ("when a player/team has not yet
made any melds in a hand")."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import ok, refused

from rummy_spec.conformance import suite_root
from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant

HOUSE = (suite_root() / "examples" / "partnership_rummy.rummy").read_text(encoding="utf-8")
ROWS = "below 0: 5, from 0: 20, from 100: 30"


def variant(partners: bool = True) -> Variant:
    text = HOUSE.replace("    players 4\n",
                         f"    players 4\n    turn {{ first melds by total {{ {ROWS} }} }}\n")
    if not partners:
        text = text.replace("game { partners across }", "")
    return variant_from_text(text, "partnership_rummy")


# seat 0 holds threes (9 points) and tens (30); seat 2 holds fours (12)
HANDS = ["3C 3D 3H 10C 10D 10H KS", "AS 2S 5S 6S 7S 8S 9S", "4C 4D 4H QC JD 8H 2H",
         "5C 6C 7C 8C 9C JC QH"]


def game(totals: list[int], partners: bool = True) -> Game:
    g = scenario(variant(partners), 4, hands=HANDS, stock="KC KD KH AC AD", discard="QS",
                 totals=totals)
    ok(g, "draw", 0, source="stock")
    return g


@pytest.mark.parametrize(("totals", "threes", "tens"), [
    ([-10, 0, 0, 0], "ok", "ok"),      # below 0: 5 points
    ([0, 0, 0, 0], "low", "ok"),        # from 0: 20
    ([60, 0, 50, 0], "low", "ok"),      # the team's 110: 30
    ([60, 0, 0, 0], "low", "ok"),       # 60: 20 (seat 0's own 60 is not 100)
])
def test_the_row_of_the_sides_total_applies(totals: list[int], threes: str,
                                            tens: str) -> None:
    for cards, want in ((["3C", "3D", "3H"], threes), (["10C", "10D", "10H"], tens)):
        g = game(totals)
        if want == "ok":
            ok(g, "meld", 0, melds=[cards])
        else:
            assert refused(g, "meld", 0, melds=[cards]) == "opening-too-low"


def test_each_for_himself_a_seats_own_total_decides() -> None:
    """Without partners seat 2's 50 is not seat 0's: 60 asks 20, so the tens go down."""
    g = game([60, 0, 50, 0], partners=False)
    ok(g, "meld", 0, melds=[["10C", "10D", "10H"]])
    g = game([110, 0, 0, 0], partners=False)  # 110: 30, the tens count 30
    ok(g, "meld", 0, melds=[["10C", "10D", "10H"]])
    g = game([110, 0, 0, 0], partners=False)
    assert refused(g, "meld", 0, melds=[["3C", "3D", "3H"]]) == "opening-too-low"


def test_once_the_partner_has_melded_no_minimum_applies() -> None:
    g = game([0, 0, 0, 0])
    ok(g, "meld", 0, melds=[["10C", "10D", "10H"]])
    ok(g, "discard", 0, card="KS")
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="KD")
    ok(g, "draw", 2, source="stock")
    ok(g, "meld", 2, melds=[["4C", "4D", "4H"]])  # 12 points: seat 0 opened for the team


def test_the_opponents_still_owe_their_opening() -> None:
    g = game([0, 0, 0, 0])
    ok(g, "meld", 0, melds=[["10C", "10D", "10H"]])
    ok(g, "discard", 0, card="KS")
    ok(g, "draw", 1, source="stock")
    assert refused(g, "meld", 1, melds=[["5S", "6S", "7S"]]) == "opening-too-low"


@pytest.mark.parametrize(("rows", "code"), [
    ("from 0: 20, from 100: 30", "E031"),               # no below row
    ("below 10: 5, from 0: 20", "E031"),                 # below does not meet from
    ("below 0: 5, from 100: 30, from 0: 20", "E031"),    # out of order
    ("below 0: 0, from 0: 20", "E021"),
])
def test_the_checker_refuses_a_broken_table(rows: str, code: str) -> None:
    from rummy_spec.lang import SpecError
    from rummy_spec.lang.library import Library, builtin_library

    lib = Library()
    lib.decls.update(builtin_library().decls)
    text = HOUSE.replace("    players 4\n",
                         f"    players 4\n    turn {{ first melds by total {{ {rows} }} }}\n")
    try:
        lib.add_text(text, "<house>")
        _, problems = lib.resolve("partnership_rummy", ())
        codes = [p.code for p in problems if p.severity == "error"]
    except SpecError as err:  # found as the text is read
        codes = [e.code for e in err.errors]
    assert code in codes, codes
