"""Scenarios: a declaration played as a contract (AXES.md X37, X38, X60), on Indian Rummy:
``1: 1 pure run + 1 run``, ``more melds of any kind``, ``going down goes out`` and
``score { losers lay out their hands, hand counts at most 80 }``.  Sources: NexGen
Playtech's FAQ ("Minimum 2 sequences are required. One of these sequences must be pure"),
RummyOn's FAQ (the others' "unmatched cards are counted", all thirteen without the two
runs), RummyCulture's "Common Terminologies" (the 80-point full count)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import last_result, ok, refused

from rummy_spec.engine.game import Game

# seat 0: a pure run, a run made with the cut rank (9s: 9C is turned under the stock),
# a set and a run of four; seat 1: two runs, one of them pure, and loose cards
DECLARER = "AS 2S 3S 5H 6H 9D KC KD KH 4D 5D 6D 7D"
LOSER = "2C 3C 4C 7S 8S JK 10H 10D QD 2H 3H 5C 8C"


def _game(declarer: str = DECLARER, loser: str = LOSER, draw: str = "QC") -> Game:
    return scenario("indian_rummy", 2, hands=[declarer, loser],
                    stock=f"{draw} 4H 8H JC 9C", discard="KS")


def test_a_declaration_melds_thirteen_and_discards_the_fourteenth() -> None:
    g = _game()
    ok(g, "draw", 0, source="stock")
    ok(g, "go_down", 0, melds=[["AS", "2S", "3S"], ["5H", "6H", "9D"], ["KC", "KD", "KH"],
                               ["4D", "5D", "6D", "7D"]])
    assert g.card_text(g.state.hand.seats[0].hand) == ["QC"]
    ok(g, "discard", 0, card="QC")
    r = last_result(g)
    assert r.ending == "out" and r.winner == 0


def test_going_down_must_leave_exactly_the_discard() -> None:
    g = _game()
    ok(g, "draw", 0, source="stock")
    code = refused(g, "go_down", 0, melds=[["AS", "2S", "3S"], ["5H", "6H", "9D"]])
    assert code == "down-must-go-out"


def test_a_declaration_without_a_pure_run_is_refused() -> None:
    # the only runs need a wild: JK in hearts and 9D in diamonds
    hand = "5H 6H JK 4D 5D 9D KC KD KH QS QH QD 2C"
    g = _game(declarer=hand, draw="QC")
    ok(g, "draw", 0, source="stock")
    code = refused(g, "go_down", 0, melds=[["5H", "6H", "JK"], ["4D", "5D", "9D"],
                                           ["KC", "KD", "KH"], ["QS", "QH", "QD", "QC"]])
    assert code == "contract-not-met"


def test_the_loser_counts_only_his_unmatched_cards() -> None:
    """Seat 1 lays out 2C-3C-4C-5C (pure) and 10D-JK-QD, the best he can: his seven loose
    cards count."""
    g = _game()
    ok(g, "draw", 0, source="stock")
    ok(g, "go_down", 0, melds=[["AS", "2S", "3S"], ["5H", "6H", "9D"], ["KC", "KD", "KH"],
                               ["4D", "5D", "6D", "7D"]])
    ok(g, "discard", 0, card="QC")
    r = last_result(g)
    # 7S 8S 10H 2H 3H 8C: 7 + 8 + 10 + 2 + 3 + 8 = 38
    assert r.scores == [38, 0] and r.details["held"][1] == 38


def test_a_loser_without_the_two_runs_counts_every_card_up_to_80() -> None:
    """No pure run in seat 1's hand: all thirteen count (95), capped at the full 80."""
    loser = "KS QS JD 10C 10S QH 8C 8D 7C 6S JK 2D 4H"
    g = _game(loser=loser)
    ok(g, "draw", 0, source="stock")
    ok(g, "go_down", 0, melds=[["AS", "2S", "3S"], ["5H", "6H", "9D"], ["KC", "KD", "KH"],
                               ["4D", "5D", "6D", "7D"]])
    ok(g, "discard", 0, card="QC")
    r = last_result(g)
    assert r.details["held"][1] == 95 and r.scores == [80, 0]


def test_without_the_laid_out_hands_the_loser_counts_them_all() -> None:
    from dataclasses import replace

    from rummy_spec.lang import load

    v = load("indian_rummy")
    v = replace(v, score=replace(v.score, losers_meld=False))
    g = scenario(v, 2, hands=[DECLARER, LOSER], stock="QC 4H 8H JC 9C", discard="KS")
    ok(g, "draw", 0, source="stock")
    ok(g, "go_down", 0, melds=[["AS", "2S", "3S"], ["5H", "6H", "9D"], ["KC", "KD", "KH"],
                               ["4D", "5D", "6D", "7D"]])
    ok(g, "discard", 0, card="QC")
    assert last_result(g).scores == [72, 0]  # 2+3+4+7+8+0+10+10+10+2+3+5+8, all of them
