"""Scenarios: the rules of published engines' house games, played out by the engine (runs
cut at a rank, natural counts, the gap between runs, claims whenever a discard is exposed,
the first player's discard-only turn, an opening in points, sets of different suits,
all-wild melds per kind, and "down" in a game without contracts)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import at_round, down, from_stock, ok, ready, refused, table

from rummy_spec.engine.melding.melds import Meld, MeldRules, compile_rules, validate
from rummy_spec.lang.model import MeldKind, Variant


def _child(parent: str, body: str) -> Variant:
    return variant_from_text(f'variant x "X" extends {parent} {{\n    {body}\n}}\n', "x")


def _cards(rules: MeldRules, text: str) -> list[int]:
    return [rules.table.parse(t) for t in text.split()]


def _meld(v: Variant, text: str, kind: MeldKind | None = None) -> str:
    """The verdict on these cards as one meld: the kind laid, or the rejection's code."""
    rules = compile_rules(v)
    got = validate(rules, kind, _cards(rules, text))
    return got.kind if isinstance(got, Meld) else got.code


# ----- runs cut at a rank: twos wild, runs go 3..A ----------------------------------------

TWOS_OUT = "run { min 3, without twos }"


@pytest.mark.parametrize(("cards", "verdict"), [
    ("3H 4H 5H", "run"),
    ("QH KH AH", "run"),          # shanghai's ace is high or low: high here
    ("2H QH KH AH", "run"),       # the 2 is a wild, standing for the jack
    ("AH 3H JK", "rank-left-out"),  # the joker would stand for the 2: its place is cut
    ("AH 2H 3H 4H", "rank-left-out"),  # the 2 is wild, but its place is cut
    ("KH AH 2C 3H", "wrap-around"),  # no run goes around the corner here anyway
])
def test_runs_without_twos(cards: str, verdict: str) -> None:
    assert _meld(_child("shanghai", TWOS_OUT), cards, "run") == verdict


def test_without_twos_a_natural_two_still_runs_in_the_parent() -> None:
    assert _meld(_child("shanghai", "run { min 3 }"), "AH 3H JK", "run") == "run"


def test_a_run_at_the_cut_cannot_grow_past_it() -> None:
    """3-4-5H takes a joker above (6), never below (the 2's place)."""
    from rummy_spec.engine.melding.melds import add_card

    v = _child("shanghai", TWOS_OUT)
    rules = compile_rules(v)
    run = validate(rules, "run", _cards(rules, "3H 4H 5H"))
    assert isinstance(run, Meld)
    low = add_card(rules, run, rules.table.parse("JK"), end="low")
    assert not isinstance(low, Meld) and low.code == "rank-left-out"
    assert isinstance(add_card(rules, run, rules.table.parse("JK"), end="high"), Meld)


# ----- at least N natural cards -------------------------------------------------------------

def test_two_naturals_in_every_meld() -> None:
    v = _child("shanghai", "wilds { need 2 naturals }")
    assert _meld(v, "5H JK 2C", "set") == "needs-natural"
    assert _meld(v, "5H 5S JK", "set") == "set"
    assert _meld(v, "5H 6H JK 2C", "run") == "run"


def test_two_naturals_only_in_contract_melds() -> None:
    v = _child("shanghai", "wilds { need 3 naturals in contract melds }")
    rules = compile_rules(v)
    cards = _cards(rules, "5H 5S JK")
    assert not isinstance(validate(rules, "set", cards, contract=True), Meld)
    assert isinstance(validate(rules, "set", cards, contract=False), Meld)


# ----- the gap between two runs of one suit ------------------------------------------------

def test_a_gap_of_two_ranks_between_runs_of_one_suit() -> None:
    """Two runs of hearts: 2-5H and 7-10H leave one rank (6) out, too few; 2-5H and 8-JH
    leave two."""
    v = _child("contract", "contracts { same suit runs need a gap of 2 }")
    g = ready(v, "2H 3H 4H 5H 7H 8H 9H 10H JH 2C", round_=3)
    assert down(g, "2H 3H 4H 5H", "7H 8H 9H 10H") == "same-suit-runs-join"
    assert down(g, "2H 3H 4H 5H", "8H 9H 10H JH") == "ok"


def test_a_gap_of_one_rank_is_the_parent_s_rule() -> None:
    g = ready("contract", "2H 3H 4H 5H 7H 8H 9H 10H JH 2C", round_=3)
    assert down(g, "2H 3H 4H 5H", "7H 8H 9H 10H") == "ok"


# ----- sets of different suits -------------------------------------------------------------

def test_sets_of_different_suits() -> None:
    v = _child("continental", "set { different suits }")
    assert _meld(v, "5H 5H 5S", "set") == "set-suits-repeat"
    assert _meld(v, "5H 5S 5D", "set") == "set"
    assert _meld(v, "5H 5S JK", "set") == "set"  # a wild has no suit


def test_a_repeated_suit_cannot_be_laid_off_onto_a_set() -> None:
    from rummy_spec.engine.melding.melds import add_card

    v = _child("continental", "set { different suits }")
    rules = compile_rules(v)
    s = validate(rules, "set", _cards(rules, "5H 5S 5D"))
    assert isinstance(s, Meld)
    again = add_card(rules, s, rules.table.parse("5H"))
    assert not isinstance(again, Meld) and again.code == "set-suits-repeat"
    assert isinstance(add_card(rules, s, rules.table.parse("5C")), Meld)


# ----- melds of wilds only, per kind --------------------------------------------------------

def test_all_wild_runs() -> None:
    v = _child("shanghai", "wilds { no limits, all wild runs }")
    assert _meld(v, "JK JK 2C 2D", "run") == "run"
    assert _meld(v, "JK JK 2C", "set") == "needs-natural"  # sets are not named


def test_only_wilds_join_an_all_wild_run() -> None:
    from rummy_spec.engine.melding.melds import add_card

    v = _child("shanghai", "wilds { no limits, all wild runs }")
    rules = compile_rules(v)
    run = validate(rules, "run", _cards(rules, "JK JK 2C 2D"))
    assert isinstance(run, Meld)
    natural = add_card(rules, run, rules.table.parse("7H"))
    assert not isinstance(natural, Meld) and natural.code == "only-wilds-join"
    assert isinstance(add_card(rules, run, rules.table.parse("2S")), Meld)


def test_going_down_with_a_run_of_wilds_alone_is_listed() -> None:
    """Two runs, same-suit runs kept apart: four jokers and 5-8 of clubs go down (the
    engine accepts it), and the legal actions list that way although the contract
    solver, placing wilds beside naturals, finds none."""
    v = _child("contract", "wilds { never outnumber naturals, all wild runs }")
    g = scenario(v, 3, hands=["JK JK JK JK 5C 6C 7C 8C QS 3D",
                              "2C 3C 6H 8H 10C QC 3H 4D 6D 8D",
                              "2H 3S 6S 8S 10H 2S 4S 4H 9S 9D"],
                 stock="QH JS 10S 9C", discard="KD")
    at_round(g, 3)
    from_stock(g, 0)
    ways = [[sorted(g.card_text(m)) for m in a.melds or ()]
            for a in g.legal_actions() if a.type == "go_down"]
    assert [["JK", "JK", "JK", "JK"], ["5C", "6C", "7C", "8C"]] in ways, ways
    assert down(g, "JK JK JK JK", "5C 6C 7C 8C") == "ok"


# ----- the first player's discard-only first turn ------------------------------------------

def test_first_turn_discard_only_with_an_upcard() -> None:
    v = _child("rummy", "deal { first turn discard only }")
    g = scenario(v, 2, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D", "3D 4D 6D 7D 8D 10D JD QD KD 3S"],
                 stock="2H 3H 4H", discard="QC")
    assert g.state.hand.phase == "play" and g.state.hand.turn == 0
    assert refused(g, "draw", 0, source="stock") == "already-drawn"
    ok(g, "discard", 0, card="KS")
    ok(g, "draw", 1, source="discard")  # the upcard under it is buried; KS is taken


def test_first_turn_discard_only_deals_the_first_player_one_card_more() -> None:
    from rummy_spec.engine.game import Game

    v = _child("rummy", "deal { first turn discard only }")
    g = Game(v, 3, seed=4)
    sizes = [len(s.hand) for s in g.state.hand.seats]
    first = g.state.hand.turn
    assert sizes[first] == 8 and sorted(sizes) == [7, 7, 8] and len(g.state.hand.discard) == 1


# ----- an opening minimum in points --------------------------------------------------------

def test_first_melds_must_total_40_points() -> None:
    """Three 3s are 9 points: refused as an opening; three kings and three queens (60) at
    once are enough; after that any meld may follow."""
    v = _child("rummy", "turn { first melds at least 40 points }")
    g = scenario(v, 2, hands=["3H 3S 3D KH KS KD QH QS QD 7C", "3D 4D 6D 7D 8D 10D JD QD KD 3S"],
                 stock="2H 4C 6C 8C", discard="10C")
    from_stock(g, 0)
    assert refused(g, "meld", 0, melds=[["3H", "3S", "3D"]]) == "opening-too-low"
    assert refused(g, "meld", 0, melds=[["KH", "KS", "KD"]]) == "opening-too-low"
    ok(g, "meld", 0, melds=[["KH", "KS", "KD"], ["QH", "QS", "QD"]])
    ok(g, "meld", 0, melds=[["3H", "3S", "3D"]])


def test_an_opening_of_several_melds_is_offered_at_once() -> None:
    """Three 3s (9) and three 4s (12) are each below 20, together 21: the legal actions
    hold the two at once (no single meld can open), and the planner lays them."""
    from rummy_spec.bots import planner_bot

    g = scenario(_child("rummy", "turn { first melds at least 20 points }"), 2,
                 hands=["3H 3S 3D 4H 4S 4D 9C JD KS QH", "5D 6D 8D 10D JH QD KD 3C 7S 9S"],
                 stock="2H 4C 6C 8C", discard="10C")
    from_stock(g, 0)
    melds = [a.melds for a in g.legal_actions() if a.type == "meld"]
    assert melds and all(len(m or ()) == 2 for m in melds), melds
    chosen = planner_bot(1)(g.rules, g.state, g.legal_actions())
    assert chosen.type == "meld" and len(chosen.melds or ()) == 2


def test_the_planner_takes_the_card_that_makes_its_opening_count() -> None:
    """Three 5s and three 9s make contract 1, but 42 points open nothing where 50 are
    needed: the planner takes the king that makes three kings and three 9s (57)."""
    from rummy_spec.bots import planner_bot

    v = _child("contract", "turn { first melds at least 50 points }")
    g = scenario(v, 3, hands=["5H 5S 5D 9C 9D 9S KS KH 4C 7H",
                              "2C 3C 6C 8C 10C QC 3D 4D 6D 8D",
                              "2H 3H 6H 8H 10H 2S 3S 4S 6S 8S"],
                 stock="QS JS 10S", discard="KD")
    actions = g.legal_actions()
    assert {a.type for a in actions} >= {"draw"}, actions
    chosen = planner_bot(1)(g.rules, g.state, actions)
    assert (chosen.type, chosen.source) == ("draw", "discard"), chosen


def test_a_wild_counts_as_the_card_it_stands_for() -> None:
    v = _child("rummy", "deck { jokers 2 } wilds { cards jokers } score { joker: 25 } "
                        "turn { first melds at least 30 points }")
    g = scenario(v, 2, hands=["KH KS JK 5C 6C 7C 9D", "3D 4D 6D 7D 8D 10D JD QD KD 3S"],
                 stock="2H 4C", discard="10C")
    from_stock(g, 0)
    assert refused(g, "meld", 0, melds=[["5C", "6C", "7C"]]) == "opening-too-low"
    ok(g, "meld", 0, melds=[["KH", "KS", "JK"]])  # 30: the joker counts as a king


def test_in_a_contract_game_the_opening_is_going_down() -> None:
    v = _child("contract", "turn { first melds at least 50 points }")
    g = ready(v, "5H 5S 5D 9C 9D 9S KS KH KD 4C")
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "opening-too-low"  # 42 points
    assert down(g, "KS KH KD", "9C 9D 9S") == "ok"  # 57


# ----- down, in a game without contracts ---------------------------------------------------

def test_without_contracts_a_player_lays_off_only_after_his_first_meld() -> None:
    g = scenario(_needs_meld(), 2, hands=["5H 5S 5D 9C 9D 9S KS", "6H 7H 8H 2D 3D 4D QC"],
                 stock="9H 5C 2H 3H", discard="10C")
    from_stock(g, 0)
    ok(g, "meld", 0, melds=[["5H", "5S", "5D"]])
    ok(g, "discard", 0, card="KS")
    from_stock(g, 1)  # 5C
    assert refused(g, "lay_off", 1, meld=0, card="5C") == "not-down"
    ok(g, "meld", 1, melds=[["6H", "7H", "8H"]])
    ok(g, "lay_off", 1, meld=0, card="5C")
    assert sorted(table(g)[0]) == ["5C", "5D", "5H", "5S"]


def _needs_meld() -> Variant:
    """Rummy as written, but a player must have melded before he lays off."""
    text = (Path(__file__).resolve().parents[2] / "spec" / "rummy.rummy").read_text("utf-8")
    text = text.replace("variant rummy ", "variant melded ", 1)
    text = text.replace("lay off { before going down }", "lay off { same turn }")
    assert "before going down" not in text
    return variant_from_text(text, "melded")
