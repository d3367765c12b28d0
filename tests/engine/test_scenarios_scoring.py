"""Scenarios: scoring a hand and ending the game (AXES.md X59-X63)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import FILL, at_round, from_stock, last_result, ok

from rummy_spec.engine.game import Game

LOSER = "2C 7D 8H 9S 10C JD QH KS AC AH JK"


def _seat_zero_goes_out(name: str, players: int, loser: str = LOSER,
                        options: tuple[str, ...] = (), round_: int = 1) -> Game:
    """Seat 0 lays two sets and goes out at once; seat 1 is caught holding ``loser``."""
    g = scenario(name, players, hands=["5H 5S 5D 9C 9D 9S", loser] + [FILL] * (players - 2),
                 stock="5C 8S 9S", discard="QH", options=options)
    at_round(g, round_)
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    if name == "contract_wikipedia":  # out by melding only
        ok(g, "lay_off", 0, card="5C", meld=0)
    else:
        ok(g, "discard", 0, card="5C")
    return g


# ----- X59 card values, X60 penalty scoring -------------------------------------------------------


@pytest.mark.parametrize(("name", "options", "points"), [
    # 2 7 8 9 | 10 | J Q K | A A | JK
    ("continental", (), 4 * 5 + 10 + 30 + 2 * 20 + 50),  # red ace scores as an ace (A13)
    ("contract", (), 2 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 25),
    ("contract", ("deuces_wild",), 25 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 25),
    ("contract", ("flat_scores",), 5 * 5 + 30 + 2 * 15 + 15),
    ("contract_bicycle", (), 2 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 15),
    ("contract_wikipedia", (), 2 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 25),  # A19: CR-P values
    ("liverpool", (), 2 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 15),
    ("seven_hand", (), 5 + 5 + 10 + 10 + 10 + 30 + 2 * 15 + 20),
    ("shanghai", (), 20 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 20),  # A32: TS values
    ("ten_step", (), 20 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 20),
    ("ten_step", ("flat_low_cards",), 20 + 5 + 5 + 5 + 10 + 30 + 2 * 15 + 20),
    ("twelve_step", (), 25 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 25),  # a wild 2 scores 25
])
def test_penalty_card_values(name: str, options: tuple[str, ...], points: int) -> None:
    """X59/X60: the winner scores 0; every other player adds the spec's value of the
    cards he holds to his total."""
    players = 4 if name == "continental" else 3
    g = _seat_zero_goes_out(name, players, options=options)
    res = last_result(g)
    assert res.winner == 0 and res.scores[0] == 0 and res.scores[1] == points
    assert [s.total for s in g.state.game.seats] == res.scores


def test_phase10_card_values() -> None:
    """X59 (P10): 1-9 score 5, 10-12 score 10, a Skip 15, a Wild 25."""
    g = scenario("phase10", 2, hands=["1R 1B 1G 2R 2B 2G", "1Y 9Y 10Y 12G SK W"],
                 stock="5R 8B", discard="4B")
    ok(g, "draw", 0, source="stock")
    ok(g, "go_down", 0, melds=[["1R", "1B", "1G"], ["2R", "2B", "2G"]])
    ok(g, "discard", 0, card="5R")
    assert last_result(g).scores == [0, 5 + 5 + 10 + 10 + 15 + 25]


# ----- collect scoring, rummy doubles (RUM) -------------------------------------------------------

RUMMY_LOSERS = ["AS 2D 3H 10S JS QS KS", "AD 4S 6S 7C 8D 9S 10D"]  # 46 and 45 points


@pytest.mark.parametrize("one_turn", [True, False])
def test_collect_and_rummy_doubles(one_turn: bool) -> None:
    """X60/X61 (RUM, BRUM): the losers' hand values go to the winner; going out in one
    turn with no earlier meld or lay-off ("rummy") doubles them; the game ends at 100
    points and the highest total wins (X62/X63)."""
    g = scenario("rummy", 3, hands=["5H 5S 5D 9C 9D 9H 2C", *RUMMY_LOSERS],
                 stock=("5C" if one_turn else "KD KC 2H 5C") + " 3D 4D", discard="QH")
    ok(g, "draw", 0, source="stock")
    if not one_turn:
        ok(g, "meld", 0, melds=[["5H", "5S", "5D"]])
        ok(g, "discard", 0, card="KD")
        for p, card in ((1, "KC"), (2, "2H")):
            ok(g, "draw", p, source="stock")
            ok(g, "discard", p, card=card)
        ok(g, "draw", 0, source="stock")  # 5C
        ok(g, "lay_off", 0, card="5C", meld=0)
    else:
        ok(g, "meld", 0, melds=[["5H", "5S", "5D", "5C"]])
    ok(g, "meld", 0, melds=[["9C", "9D", "9H"]])
    ok(g, "discard", 0, card="2C")
    res = last_result(g)
    assert res.winner == 0
    assert res.scores == [2 * 91 if one_turn else 91, 0, 0]
    if one_turn:  # 182 reaches the target of 100
        assert g.state.hand.phase == "game-over" and g.state.game.winners == [0]
    else:
        assert g.state.hand.phase != "game-over" and g.state.game.round == 2


# ----- X62/X63 game end and winner ---------------------------------------------------------------


@pytest.mark.parametrize(("round_", "hand", "melds", "over"), [
    (6, "2H 3H 4H 5H 6C 7C 8C 9C 10S 10D 10H", ["2H 3H 4H 5H", "6C 7C 8C 9C", "10S 10D 10H"],
     False),
    (7, "2H 3H 4H 5H 6C 7C 8C 9C 10S JS QS KS", ["2H 3H 4H 5H", "6C 7C 8C 9C", "10S JS QS KS"],
     True),
])
def test_game_ends_after_the_last_round_lowest_total_wins(round_: int, hand: str,
                                                          melds: list[str], over: bool) -> None:
    """X62/X63 (CONT): the game is the seven hands; the lowest total wins, whoever went out
    last."""
    g = scenario("continental", 4, hands=[hand, "2C", FILL, FILL], stock="5C 8S 9S",
                 discard="QH", round_=round_, totals=[100, 0, 0, 0])
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[m.split() for m in melds])
    ok(g, "discard", 0, card="5C")
    assert [s.total for s in g.state.game.seats] == [100, 5, 85, 85]
    assert (g.state.hand.phase == "game-over") is over
    assert g.state.game.winners == ([1] if over else [])


def test_seven_hand_eighth_hand_option_plays_on() -> None:
    """X62 (7H option eighth_hand): with the option the game has 8 hands (hand 7 is pat:
    going down with the whole hand ends it)."""
    for options, over in (((), True), (("eighth_hand",), False)):
        g = scenario("seven_hand", 4, hands=["2H 3H 4H 6C 7C 8C 10S JS QS", "2C", FILL, FILL],
                     stock="KS 8S 9S", discard="QH", options=options)
        at_round(g, 7)
        from_stock(g, 0)
        ok(g, "go_down", 0, melds=[["2H", "3H", "4H"], ["6C", "7C", "8C"],
                                   ["10S", "JS", "QS", "KS"]])
        assert last_result(g).winner == 0
        assert (g.state.hand.phase == "game-over") is over


# ----- Gin's game: target, bonuses (X61-X63) ------------------------------------------------------


@pytest.mark.parametrize(("options", "loser_won", "expected"), [
    # gin: defender's 35 + gin bonus, doubled on a shutout; + the 90 carried in (a
    # position: its hands are not this game's record); + line bonus per hand won (3);
    # + game bonus
    ((), 0, 90 + (35 + 25) * 2 + 3 * 25 + 100),
    ((), 1, (90 + 35 + 25) + 3 * 25 + 100),  # the loser won a hand: no shutout
    # classic: no doubling, but a flat game bonus of 200 when the loser scored nothing
    (("classic",), 0, 90 + (35 + 20) + 3 * 20 + 200),
    (("classic",), 1, 90 + (35 + 20) + 3 * 20 + 200),  # a hand won, and still no points
    (("palace",), 0, (90 + 35 + 25) + 3 * 10),  # no shutout, no game bonus
])
def test_gin_game_to_100_with_bonuses(options: tuple[str, ...], loser_won: int,
                                      expected: int) -> None:
    """X61/X62/X63 (GIN): the game ends when a total reaches 100; shutout doubles the
    winner's hand points when the loser won no hand, then a line bonus per hand won and
    the game bonus; the highest total wins."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C 10C",
                                  "AH 2H 3H 4D 5D 6D 7S 8S 10C KC"],
                 stock="QS QD JD", discard="9D", dealer=1, options=options,
                 totals=[90, 0], hands_won=[2, loser_won])
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "knock", 0, card="QS")
    assert g.state.hand.phase == "game-over" and g.state.game.winners == [0]
    assert g.state.game.seats[0].total == expected
    line = {(): 25, ("classic",): 20, ("palace",): 10}[options]
    assert g.state.game.seats[1].total == loser_won * line


def test_gin_game_goes_on_below_100() -> None:
    """X62 (GIN): below the target the next hand is dealt, by the winner (X26)."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C 10C",
                                  "AH 2H 3H 4D 5D 6D 7S 8S 10C KC"],
                 stock="QS QD JD", discard="9D", dealer=1)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "knock", 0, card="QS")
    assert g.state.hand.phase == "offer" and g.state.game.seats[0].total == 60
    assert g.state.game.dealer == 0 and g.state.game.round == 2


def test_rummy_jokers_wild_joker_scores_fifteen() -> None:
    """X59 (RUM option jokers_wild): a joker held counts 15."""
    g = scenario("rummy", 3, hands=["5H 5S 5D 9C 9D 9H 2C", "AS 2D 3H 10S JS QS JK",
                                    RUMMY_LOSERS[1]],
                 stock="5C 3D 4D", discard="QH", options=("jokers_wild",))
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["5H", "5S", "5D", "5C"]])
    ok(g, "meld", 0, melds=[["9C", "9D", "9H"]])
    ok(g, "discard", 0, card="2C")
    assert last_result(g).scores[0] == 2 * (1 + 2 + 3 + 30 + 15 + 45)


@pytest.mark.parametrize(("loser_won", "expected"), [
    (0, 90 + 12 * 2 + 25 + 100),  # a shutout: this hand's 12 doubled, not the 90 carried
    (1, 90 + 12 + 25 + 100),  # his 30 came from a hand he won: no shutout (227)
])
def test_gin_shutout_doubles_the_hands_points_not_the_carried_total(
        loser_won: int, expected: int) -> None:
    """X61 (GIN, VARIANTS.md CGIO: "each hand's points doubled before line bonuses"): in a
    game set up at 90 to 30, a knock of 8 against 20 scores 12 and ends the game; on a
    shutout it is those 12 that double (239), not the knocker's whole total (329)."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C 8D",
                                  "AH 2H JS JH JD 3D 4D 5D KS 7D"],
                 stock="QS QD JD 10D", discard="9D", dealer=1, totals=[90, 30],
                 hands_won=[0, loser_won])
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "knock", 0, card="QS")
    ok(g, "pass", 1)  # the defender has nothing to lay off
    res = last_result(g)
    assert res.scores == [12, 0] and res.details["defender_deadwood"] == 20
    assert g.state.hand.phase == "game-over" and g.state.game.winners == [0]
    assert g.state.game.seats[0].total == expected
    assert g.state.game.seats[1].total == 30 + 25 * loser_won


@pytest.mark.parametrize(("loser_total", "clause", "expected"), [
    (0, "shutout game bonus 200", 90 + 12 + 200),  # the loser scored nothing: 200
    (5, "shutout game bonus 200", 90 + 12 + 100),  # five points: the usual 100
    (0, "", 90 + 12 + 100),  # without the clause: the usual 100
])
def test_shutout_game_bonus_is_flat(loser_total: int, clause: str, expected: int) -> None:
    """X61 (GIN classic, Bicycle): "the winner's bonus is two hundred points instead of one
    hundred" when the loser scored nothing in the game; nothing is doubled."""
    v = variant_from_text("variant flat extends gin { game { no shutout, line bonus 0"
                          + (f", {clause}" if clause else "") + " } }", "flat")
    g = scenario(v, 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C 8D",
                              "AH 2H JS JH JD 3D 4D 5D KS 7D"],
                 stock="QS QD JD 10D", discard="9D", dealer=1, totals=[90, loser_total])
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "knock", 0, card="QS")
    ok(g, "pass", 1)  # the defender has nothing to lay off
    assert last_result(g).scores == [12, 0]
    assert g.state.hand.phase == "game-over" and g.state.game.winners == [0]
    assert g.state.game.seats[0].total == expected
    assert g.state.game.seats[1].total == loser_total
