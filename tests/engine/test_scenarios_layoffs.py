"""Scenarios: laying off (AXES.md X8, X15, X16, X17, X43, X44, X45)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import act, scenario
from scenario_tools import FILL, down, from_stock, ok, ready, refused, table

from rummy_spec.engine.game import Game


def _pass_round(g: Game, *seats: int) -> None:
    """Each of these seats draws from the stock and discards the card drawn."""
    for p in seats:
        before = list(g.state.hand.seats[p].hand)
        from_stock(g, p)
        new = list(g.state.hand.seats[p].hand)
        for c in before:
            new.remove(c)
        ok(g, "discard", p, card=g.card_text(new)[-1])


# ----- X43 timing ------------------------------------------------------------------------------


def test_lay_off_from_the_next_turn_contract() -> None:
    """X43 (CR-P): nothing more is laid in the turn of going down; lay-offs start on the
    next turn."""
    g = ready("contract", "5H 5S 5D 9C 9D 9S 5C 9H 2C 3C", draw="KC")
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    assert refused(g, "lay_off", 0, card="5C", meld=0) == "layoff-next-turn"
    ok(g, "discard", 0, card="KC")
    _pass_round(g, 1, 2)
    from_stock(g, 0)
    ok(g, "lay_off", 0, card="5C", meld=0)
    ok(g, "lay_off", 0, card="9H", meld=1)


@pytest.mark.parametrize("name", ["continental", "seven_hand", "liverpool", "shanghai",
                                  "twelve_step", "contract_wikipedia"])
def test_lay_off_in_the_same_turn(name: str) -> None:
    """X43 (CONT, 7H, LIV, SH, 12S-RRB, CR-W): once down, cards may go onto melds in the
    same turn."""
    g = ready(name, "5H 5S 5D 9C 9D 9S 5C 9H 3C 4C 6D", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    ok(g, "lay_off", 0, card="5C", meld=0)
    ok(g, "lay_off", 0, card="9H", meld=1)


def test_phase10_hits_in_the_turn_of_the_phase() -> None:
    """X43 (P10, A41): hits are allowed in the turn the phase goes down."""
    g = ready("phase10", "1R 1B 1G 2R 2B 2G 1Y 9B 10B 11B", draw="2Y")
    assert down(g, "1R 1B 1G", "2R 2B 2G") == "ok"
    ok(g, "lay_off", 0, card="1Y", meld=0)
    ok(g, "lay_off", 0, card="2Y", meld=1)


def _ten_step_two_down() -> Game:
    """TS step 1: seat 0 goes down, then seat 1 goes down on his turn."""
    g = scenario("ten_step", 3, hands=["5H 5S 5D 9C 9D 9S 5C 3C 4C 6D QS",
                                       "7H 7S 7D 8C 8D 8S 7C 9H 3D 4D QD",
                                       FILL[:-3]],
                 stock="KC KD KH 10S 10C 10D", discard="QH")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KC")
    from_stock(g, 1)
    ok(g, "go_down", 1, melds=[["7H", "7S", "7D"], ["8C", "8D", "8S"]])
    return g


def test_own_melds_from_next_turn_ten_step() -> None:
    """X43 (TS): in the turn of going down, a player may play off on others' melds at once
    but adds to his own melds only on later turns."""
    g = _ten_step_two_down()
    assert refused(g, "lay_off", 1, card="7C", meld=2) == "own-melds-next-turn"
    ok(g, "lay_off", 1, card="9H", meld=1)  # seat 0's nines
    ok(g, "discard", 1, card="KD")
    _pass_round(g, 2, 0)
    from_stock(g, 1)
    ok(g, "lay_off", 1, card="7C", meld=2)


# ----- X44 prerequisite, X45 targets -------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "contract", "ten_step", "phase10"])
def test_lay_off_needs_the_player_down(name: str) -> None:
    """X44: in contract games (and P10) only a player who is down lays off."""
    if name == "phase10":
        g = scenario("phase10", 2, hands=["1R 1B 1G 2R 2B 2G 9B 9G 10B 11B",
                                          "3R 3B 3G 4R 4B 4G 1Y 7Y 8Y 9Y"],
                     stock="12B 12G 12Y 12R", discard="6B")
        five, meld = "1Y", ["1R", "1B", "1G"]
    else:
        g = scenario(name, 4, hands=["5H 5S 5D 9C 9D 9S 3C 4C 6D 7D 8D",
                                     "6H 7H 8H 9H 10S JS QS KD 5C 2D 3D", FILL, FILL],
                     stock="KC KD KH 10S 10C 10D QD QC", discard="QH")
        five, meld = "5C", ["5H", "5S", "5D"]
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[meld, (["9C", "9D", "9S"] if name != "phase10"
                                      else ["2R", "2B", "2G"])])
    ok(g, "discard", 0, card=g.card_text(g.state.hand.seats[0].hand)[-1])
    from_stock(g, 1)
    assert refused(g, "lay_off", 1, card=five, meld=0) == "not-down"


def test_rummy_lay_off_without_melding_first() -> None:
    """X44 (RUM): anyone may lay off onto any meld, without a meld of his own."""
    g = scenario("rummy", 3, hands=["5H 5S 5D 9C 9D 9H 2C", "6H 7H 8H 9S 10S JS 5C",
                                    "AS AD 3S 4S 6S 7S 8S"],
                 stock="KD KC 2D 3D 4D 5D", discard="QH")
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["5H", "5S", "5D"]])
    ok(g, "discard", 0, card="KD")
    ok(g, "draw", 1, source="stock")
    ok(g, "lay_off", 1, card="5C", meld=0)
    assert table(g)[0].count("5C") == 1


def test_lay_off_onto_any_players_meld() -> None:
    """X45: a down player may lay off onto another player's melds."""
    g = _ten_step_two_down()
    ok(g, "lay_off", 1, card="9H", meld=1)
    assert g.state.hand.table[1].owner == 0 and "9H" in table(g)[1]


def test_lay_off_needs_a_meld_on_the_table_and_the_card_held() -> None:
    """X45: a lay-off names a meld on the table and a card its player holds."""
    g = _ten_step_two_down()
    assert refused(g, "lay_off", 1, card="9H", meld=len(table(g))) == "no-such-meld"
    assert refused(g, "lay_off", 1, card="9C", meld=1) == "not-in-hand"
    ok(g, "lay_off", 1, card="9H", meld=1)


def test_all_wild_trio_takes_only_wilds_continental() -> None:
    """X45/X17 (CONT): only wilds may join a trio of wilds."""
    g = ready("continental", "JK JK AH 9C 9D 9S 5C JK 3C 4C 7D 8D", players=4)
    assert down(g, "JK JK AH", "9C 9D 9S") == "ok"
    assert refused(g, "lay_off", 0, card="5C", meld=0) == "only-wilds-join"
    ok(g, "lay_off", 0, card="JK", meld=0)
    assert len(table(g)[0]) == 4


# ----- runs: ends, caps, separate same-suit runs -----------------------------------------------


def test_lay_off_at_either_end_of_a_run() -> None:
    """X45: a natural extends a run at the end where it fits; a wild goes to the end
    asked for and stands for that rank."""
    g = ready("continental", "9C 9D 9S 5H 6H 7H 8H 4H 9H JK 2C 3C", players=4, round_=2)
    assert down(g, "9C 9D 9S", "5H 6H 7H 8H") == "ok"
    ok(g, "lay_off", 0, card="4H", meld=1)
    ok(g, "lay_off", 0, card="9H", meld=1)
    ok(g, "lay_off", 0, card="JK", meld=1, end="low")
    assert table(g)[1] == ["JK", "4H", "5H", "6H", "7H", "8H", "9H"]
    assert g.state_json()["table"][1]["wilds"][0]["stands_for"] == "3H"
    assert refused(g, "lay_off", 0, card="2C", meld=1) == "mixed-suits"


def test_touching_runs_extended_separately_continental() -> None:
    """X13 (CONT): 5-8S and 9-QS laid as two runs: a 9S extends the first and an 8S the
    second (two packs)."""
    g = ready("continental", "5S 6S 7S 8S 9S 10S JS QS 9S 8S 2C 3D", players=4, round_=3)
    assert down(g, "5S 6S 7S 8S", "9S 10S JS QS") == "ok"
    ok(g, "lay_off", 0, card="9S", meld=0)
    ok(g, "lay_off", 0, card="8S", meld=1)
    assert table(g) == [["5S", "6S", "7S", "8S", "9S"], ["8S", "9S", "10S", "JS", "QS"]]


LONG = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"


@pytest.mark.parametrize("name", ["continental", "seven_hand", "liverpool"])
def test_run_cap_thirteen_no_ace_at_both_ends(name: str) -> None:
    """X7/X8 (CONT, 7H, LIV: 13 cards at most): A..K takes no second ace at its top."""
    g = ready(name, f"{LONG} 2H 3H 4H 5H AS", players=4, round_=3)
    assert down(g, LONG, "2H 3H 4H 5H") == "ok"
    assert refused(g, "lay_off", 0, card="AS", meld=0) == "ace-both-ends"


def test_run_of_fourteen_with_aces_at_both_ends_contract() -> None:
    """X7/X8 (CR-P: 14-card cap): a run may hold an ace at each end (pat round 7 lays
    A..K..A at once)."""
    g = ready("contract", f"{LONG} AS 2H 3H 4H 5H 6C 7C 8C", draw="9C", round_=7)
    assert down(g, f"{LONG} AS", "2H 3H 4H 5H", "6C 7C 8C 9C") == "ok"
    assert g.state.game.results[-1].winner == 0


def test_run_of_fourteen_refused_without_both_ends() -> None:
    """X7 (CONT): the same 14-card run is refused where the ace may not be at both ends."""
    g = ready("continental", f"{LONG} AS 2H 3H 4H 5H", players=4, round_=3)
    assert down(g, f"{LONG} AS", "2H 3H 4H 5H") == "ace-both-ends"


# ----- wild limits on lay-offs (X15, X16) ---------------------------------------------------


def test_wild_limit_applies_to_lay_offs_continental() -> None:
    """X15 (CONT): wilds never outnumber naturals, after every lay-off too."""
    g = ready("continental", "8H 8S JK 9C 9D 9S JK JK 3C 4C 7D 5D", players=4)
    assert down(g, "8H 8S JK", "9C 9D 9S") == "ok"
    ok(g, "lay_off", 0, card="JK", meld=0)  # 2 wild, 2 natural
    assert refused(g, "lay_off", 0, card="JK", meld=0) == "wilds-outnumber-naturals"


def test_wild_limit_only_on_contract_melds_contract_wikipedia() -> None:
    """X15 (CR-W, A16): the limit binds the contract melds only; later lay-offs are
    unlimited."""
    g = ready("contract_wikipedia", "8H 8S JK 9C 9D 9S JK JK 3C 4C")
    assert down(g, "8H 8S JK", "9C 9D 9S") == "ok"
    ok(g, "lay_off", 0, card="JK", meld=0)
    ok(g, "lay_off", 0, card="JK", meld=0)  # 3 wild, 2 natural
    assert len(table(g)[0]) == 5


@pytest.mark.parametrize("name", ["shanghai", "twelve_step"])
def test_no_adjacent_wilds_on_lay_off(name: str) -> None:
    """X16 (SH, 12S): a wild laid off next to another wild in a run is refused."""
    g = ready(name, "5C 5D 5S 4H 5H 6H JK JK 2C 3C 7D 8D 9D", players=4, round_=2)
    assert down(g, "5C 5D 5S", "4H 5H 6H JK") == "ok"
    assert refused(g, "lay_off", 0, card="2C", meld=1, end="high") == "adjacent-wilds"
    ok(g, "lay_off", 0, card="2C", meld=1, end="low")


def test_a_card_whose_place_a_wild_holds_is_refused_place_taken() -> None:
    """X15/X18 (CONT): 5H cannot be laid off onto 4H JK 6H 7H 8H, where the joker stands
    for 5H: the place is taken (the run is consecutive; a swap is the way to use 5H)."""
    g = ready("continental", "9C 9D JK 4H JK 6H 7H 8H 5H 9H 3C 4C", players=4, round_=2)
    assert down(g, "9C 9D JK", "4H JK 6H 7H 8H") == "ok"
    v = act(g, "lay_off", 0, card="5H", meld=1)
    assert v.code == "place-taken" and "5H" in v.message and "JK" in v.message
    assert refused(g, "lay_off", 0, card="5H", meld=1, end="low") == "place-taken"
    ok(g, "lay_off", 0, card="9H", meld=1)
    assert table(g)[1] == ["4H", "JK", "6H", "7H", "8H", "9H"]
