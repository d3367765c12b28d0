"""Scenarios: Gin's knock, gin, big gin, the defender's lay-offs and the hand's score
(AXES.md X7, X39, X43, X45, X54, X56, X60, X61)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import last_result, meld_of, ok, refused

from rummy_spec.engine.game import Game

KNOCKER = "AS 2S 3S 4H 5H 6H 7C 8C 9C KD"  # three melds, deadwood KD = 10
DEFENDER = "AH 2H 3H 4D 5D 6D 7S 8S 10C KC"  # two melds, deadwood 35 (10C fits 7-8-9C)


def gin(knocker: str = KNOCKER, defender: str = DEFENDER, draw: str = "QS",
        options: tuple[str, ...] = ()) -> Game:
    """Seat 0 (non-dealer) and seat 1 pass the first upcard; seat 0 draws ``draw``."""
    g = scenario("gin", 2, hands=[knocker, defender], stock=f"{draw} QD JD JH 10H 10S",
                 discard="9D", dealer=1, options=options)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    return g


# ----- the knock ---------------------------------------------------------------------------------


def test_knock_with_deadwood_within_ten() -> None:
    """X54 (GIN): a player may knock with at most 10 points of deadwood, the knock card
    not counted; the defender then lays off and the knocker scores the difference."""
    g = gin()
    ok(g, "knock", 0, card="QS")
    assert g.state.hand.phase == "layoff" and g.state.hand.turn == 1
    ok(g, "lay_off", 1, card="10C", meld=meld_of(g, "9C"))  # onto the knocker's 7-8-9C
    ok(g, "pass", 1)
    res = last_result(g)
    assert res.ending == "knock" and res.winner == 0
    assert res.details["knocker_deadwood"] == 10 and res.details["defender_deadwood"] == 25
    assert res.scores == [15, 0]


def test_knock_refused_above_ten() -> None:
    """X54 (GIN): deadwood above 10 after the discard: no knock."""
    g = gin(knocker="AS 2S 3S 4H 5H 6H 7C 8C QD KD")
    assert refused(g, "knock", 0, card="QS") == "deadwood-too-high"
    assert refused(g, "knock", 0, card="KD") == "deadwood-too-high"
    ok(g, "discard", 0, card="KD")


def test_ace_is_low_only_in_gin_melds() -> None:
    """X7 (GIN): Q-K-A is no run, so its cards count as deadwood."""
    g = gin(knocker="QH KH AH 4S 5S 6S 7C 8C 9C 2D", draw="3D")
    assert refused(g, "knock", 0, card="QH") == "deadwood-too-high"  # K A 2 3 = 16
    g = gin(knocker="AH 2H 3H 4S 5S 6S 7C 8C 9C QD", draw="KD")
    ok(g, "knock", 0, card="KD")  # A-2-3H is a run: deadwood QD = 10


def test_no_table_play_before_the_knock() -> None:
    """X39 (GIN): melds are only shown at the knock: no melding or laying off in play."""
    g = gin()
    assert refused(g, "meld", 0, melds=[["AS", "2S", "3S"]]) == "no-table-play"
    assert refused(g, "go_down", 0, melds=[["AS", "2S", "3S"]]) == "bad-action"


def test_knock_not_in_other_variants() -> None:
    """X54: knocking exists only where the variant has it."""
    g = scenario("rummy", 2, hands=[KNOCKER, DEFENDER], stock="QS QD", discard="9D")
    ok(g, "draw", 0, source="stock")
    assert refused(g, "knock", 0, card="QS") == "knock-not-allowed"


# ----- the defender's lay-offs (X43, X45) --------------------------------------------------------


def test_only_the_defender_lays_off_and_only_on_the_knockers_melds() -> None:
    """X43/X45 (GIN): after a knock the defender (only he) may lay off deadwood onto the
    knocker's melds, then passes; he may not discard."""
    g = gin()
    ok(g, "knock", 0, card="QS")
    assert refused(g, "lay_off", 0, card="KD", meld=0) == "not-defender"
    assert refused(g, "discard", 1, card="KC") == "not-defender"
    assert refused(g, "lay_off", 1, card="KC", meld=meld_of(g, "9C")) == "not-consecutive"
    ok(g, "pass", 1)
    assert last_result(g).scores == [25, 0]  # 35 - 10, nothing laid off


def test_no_lay_off_on_gin() -> None:
    """X43 (GIN): against gin the defender lays nothing off: the hand is scored at once."""
    g = gin(knocker="AS 2S 3S 4H 5H 6H 7C 8C 9C 10C")
    ok(g, "knock", 0, card="QS")
    res = last_result(g)
    assert res.ending == "gin" and res.scores == [35 + 25, 0]  # defender's 35 + gin 25


# ----- gin, big gin, undercut (X61) -------------------------------------------------------------


@pytest.mark.parametrize(("options", "bonus"), [((), 25), (("classic",), 20),
                                                (("palace",), 25)])
def test_gin_bonus(options: tuple[str, ...], bonus: int) -> None:
    """X61 (GIN): gin (all ten melded) scores the defender's deadwood plus 25 (classic
    20)."""
    g = gin(knocker="AS 2S 3S 4H 5H 6H 7C 8C 9C 10C", options=options)
    ok(g, "knock", 0, card="QS")
    assert last_result(g).scores == [35 + bonus, 0]


def test_big_gin_all_eleven_cards_without_discard() -> None:
    """X54/X61 (GIN): big gin: all eleven cards melded after the draw, no discard: 31."""
    g = gin(knocker="AS 2S 3S 4H 5H 6H 7C 8C 9C 10C", draw="JC")
    ok(g, "knock", 0)
    res = last_result(g)
    assert res.ending == "big-gin" and res.scores == [35 + 31, 0]


def test_big_gin_needs_every_card_melded() -> None:
    """X54 (GIN): a knock without a discard is only for big gin."""
    g = gin()
    assert refused(g, "knock", 0) == "no-big-gin"


@pytest.mark.parametrize("option", ["classic", "palace"])
def test_no_big_gin_in_classic_and_palace(option: str) -> None:
    """X61 (GIN options classic, palace): there is no big gin."""
    g = gin(knocker="AS 2S 3S 4H 5H 6H 7C 8C 9C 10C", draw="JC", options=(option,))
    assert refused(g, "knock", 0) == "no-big-gin"
    ok(g, "knock", 0, card="JC")  # an ordinary gin instead


@pytest.mark.parametrize(("options", "bonus"), [((), 25), (("classic",), 10),
                                                (("palace",), 20)])
def test_undercut_on_equal_deadwood(options: tuple[str, ...], bonus: int) -> None:
    """X61 (GIN): a defender with deadwood equal to or below the knocker's undercuts: he
    scores the difference plus the undercut bonus (25; classic 10, Palace 20)."""
    g = gin(defender="AH 2H 3H 4D 5D 6D 7S 8S 9S KC", options=options)
    ok(g, "knock", 0, card="QS")
    ok(g, "pass", 1)
    res = last_result(g)
    assert res.ending == "undercut" and res.winner == 1 and res.scores == [0, bonus]


def test_undercut_after_lay_offs() -> None:
    """X61 (GIN): lay-offs count: the defender lays off below the knocker's deadwood."""
    g = gin(knocker="AS 2S 3S 4H 5H 6H 7C 8C 9C 8D", defender="AH 2H 3H 4D 5D 6D 7S 8S 9S 10C")
    ok(g, "knock", 0, card="QS")  # knocker's deadwood 8D = 8
    ok(g, "lay_off", 1, card="10C", meld=meld_of(g, "9C"))  # defender's deadwood 0
    ok(g, "pass", 1)
    res = last_result(g)
    assert res.winner == 1 and res.scores == [0, 8 + 25]


def test_strict_undercut_option() -> None:
    """X61 (GIN option strict_undercut): equal deadwood is no undercut: the knocker wins
    the (zero) difference."""
    g = gin(defender="AH 2H 3H 4D 5D 6D 7S 8S 9S KC", options=("strict_undercut",))
    ok(g, "knock", 0, card="QS")
    ok(g, "pass", 1)
    res = last_result(g)
    assert res.ending == "knock" and res.winner == 0 and res.scores == [0, 0]


def test_gin_is_never_undercut() -> None:
    """X61 (GIN): no undercut against gin, even if the defender also has no deadwood."""
    g = gin(knocker="AS 2S 3S 4H 5H 6H 7C 8C 9C 10C",
            defender="AH 2H 3H 4D 5D 6D 7S 8S 9S KS")
    ok(g, "knock", 0, card="QS")
    res = last_result(g)
    assert res.ending == "gin" and res.winner == 0 and res.scores == [10 + 25, 0]
