"""Scenarios: partnerships (``game { partners across }``, conformance/examples/
partnership_rummy.rummy): a player whose partner has melded lays off on the team's melds,
not on the other team's until he is down himself; partners pay each other nothing; a
team's total reaches the target and both partners win; a seat's view shows the teams and
never its partner's hand."""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import last_result, ok, refused

from rummy_spec.conformance import suite_root
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.teams import team, team_totals, teams
from rummy_spec.lang import load
from rummy_spec.lang.model import Variant

HOUSE = suite_root() / "examples" / "partnership_rummy.rummy"


def house() -> Variant:
    return variant_from_text(HOUSE.read_text(encoding="utf-8"), "partnership_rummy")


# seat 0 melds a run of hearts, seat 1 a run of clubs; seat 2 (seat 0's partner) holds 3H
# for his partner's run and 8C for the other team's; seat 3 (seat 1's partner) holds QC
LAYOFFS = ["4H 5H 6H KC QD JS 10S", "7H 9C 10C JC KS QS 3C", "3H 8C 10D 2D 3D 4D KH",
           "QC 5S 7S 9D AS 8S 4S"]


def layoffs(variant: Variant) -> Game:
    g = scenario(variant, 4, hands=LAYOFFS, stock="2S 3S 6S 7D 8D 9H", discard="KD")
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["4H", "5H", "6H"]])
    ok(g, "discard", 0, card="2S")
    ok(g, "draw", 1, source="stock")
    return g


def test_a_player_not_down_lays_off_on_his_partners_melds_only() -> None:
    g = layoffs(house())
    # seat 1's partner has not melded, nor has seat 1: no lay-off at all
    assert refused(g, "lay_off", 1, card="7H", meld=0) == "not-down"
    ok(g, "meld", 1, melds=[["9C", "10C", "JC"]])
    ok(g, "discard", 1, card="KS")
    ok(g, "draw", 2, source="stock")
    # seat 2 is not down: the other team's run is closed to him, his partner's open
    assert refused(g, "lay_off", 2, card="8C", meld=1) == "not-down"
    ok(g, "lay_off", 2, card="3H", meld=0)
    ok(g, "discard", 2, card="KH")
    ok(g, "draw", 3, source="stock")
    ok(g, "lay_off", 3, card="QC", meld=1)  # seat 1 is seat 3's partner
    assert g.card_text(g.state.hand.table[0].meld.cards) == ["3H", "4H", "5H", "6H"]
    assert g.card_text(g.state.hand.table[1].meld.cards) == ["9C", "10C", "JC", "QC"]


def test_without_partners_the_same_lay_off_is_refused() -> None:
    """The lay-off above is the partnership's: the same deal played each for himself."""
    v = house()
    solo = dataclasses.replace(v, game=dataclasses.replace(v.game, partners="none"))
    g = layoffs(solo)
    ok(g, "meld", 1, melds=[["9C", "10C", "JC"]])
    ok(g, "discard", 1, card="KS")
    ok(g, "draw", 2, source="stock")
    assert refused(g, "lay_off", 2, card="3H", meld=0) == "not-down"


def test_once_down_a_player_lays_off_on_the_other_teams_melds_too() -> None:
    g = layoffs(house())
    ok(g, "meld", 1, melds=[["9C", "10C", "JC"]])
    ok(g, "discard", 1, card="KS")
    ok(g, "draw", 2, source="stock")
    ok(g, "meld", 2, melds=[["2D", "3D", "4D"]])
    ok(g, "lay_off", 2, card="8C", meld=1)
    assert g.card_text(g.state.hand.table[1].meld.cards) == ["8C", "9C", "10C", "JC"]


# seat 0 goes out at once (rummy: the payments doubled); seats 1 and 3 hold 16 and 24
OUT = ["4H 5H 6H 7H 8H 9C 9D", "AS AD 2C 2S 3D 3S 4C", "KS QS JD 10S 9H 8D 7C",
       "AC 2D 3C 4D 4S 5C 5S"]


def going_out(variant: Variant, totals: list[int]) -> Game:
    g = scenario(variant, 4, hands=OUT, stock="9S KC KD", discard="QH", totals=totals)
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["4H", "5H", "6H", "7H", "8H"]])
    ok(g, "meld", 0, melds=[["9C", "9D", "9S"]])
    return g


def test_partners_pay_each_other_nothing() -> None:
    g = going_out(house(), [0, 0, 0, 0])
    assert last_result(g).scores == [(16 + 24) * 2, 0, 0, 0]  # not seat 2's 64
    plain = going_out(load("rummy"), [0, 0, 0, 0])
    assert last_result(plain).scores == [(16 + 64 + 24) * 2, 0, 0, 0]


def test_a_team_reaches_the_target_and_both_partners_win() -> None:
    """80 for seat 0 and seat 2's 30 make 110: the team's total reaches 100 though no
    seat's does, and the game is won by seats 0 and 2, over seat 1's 95 (the best seat)."""
    g = going_out(house(), [0, 95, 30, 0])
    assert [s.total for s in g.state.game.seats] == [80, 95, 30, 0]
    assert g.state.over and g.state.game.winners == [0, 2]


def test_below_the_target_the_game_goes_on() -> None:
    g = going_out(house(), [0, 95, 10, 0])  # 90 and 95: no team has 100
    assert not g.state.over and g.state.game.round == 2


def test_a_view_shows_the_teams_and_never_the_partners_hand() -> None:
    g = going_out(house(), [0, 0, 30, 0])
    view = g.view_json(2)
    assert view["teams"] == [{"seats": [0, 2], "total": 110}, {"seats": [1, 3], "total": 0}]
    g = layoffs(house())
    mine = g.view_json(0)
    assert mine["table"][0]["owner"] == 0 and "hand" not in mine["seats"][2]
    assert mine["seats"][2]["known"] == [] and mine["seats"][2]["hand_size"] == 7
    # the no-leak law for the partner's hand: a world that deals seat 2 other cards, as
    # seat 0's view allows, leaves seat 0's view as it was
    world = g.sample(0, random.Random(5))
    assert world.state.hand.seats[2].hand != g.state.hand.seats[2].hand
    assert world.view_json(0) == mine


def test_the_teams_by_seat() -> None:
    assert teams("across", 4) == ((0, 2), (1, 3))
    assert teams("across", 6) == ((0, 3), (1, 4), (2, 5))
    assert teams("alternate", 6) == ((0, 2, 4), (1, 3, 5))
    assert teams("none", 3) == ((0,), (1,), (2,))
    assert team("across", 6, 4) == (1, 4)
    assert team_totals("across", [5, 7, 11, 13]) == [16, 20, 16, 20]


@pytest.mark.parametrize(("change", "words"), [
    ("players 2..4", "needs one even player count"),
    ("players 5", "needs one even player count"),
    ("game { ties replay last contract }", "ties replay"),
    ("game { game bonus 50 }", "not played with partners"),
])
def test_the_checker_refuses_what_partners_do_not_play(change: str, words: str) -> None:
    from rummy_spec.lang.library import Library, builtin_library

    lib = Library()
    lib.decls.update(builtin_library().decls)
    text = HOUSE.read_text(encoding="utf-8").replace("players 4", change if
                                                     change.startswith("players")
                                                     else f"players 4 {change}")
    lib.add_text(text, "<house>")
    _, problems = lib.resolve("partnership_rummy", ())
    errors = [p.render() for p in problems if p.severity == "error"]
    assert any(words in e for e in errors), errors
