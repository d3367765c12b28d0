"""Scenarios: ``claimant takes at once`` played, against ``claimant waits`` (AXES.md X53).

A claimant who takes at once plays a turn out of order as soon as the claim is granted
(phase ``claimant``): with the card claimed and the penalty card he may go down, meld or
lay off as the variant lets him, then discards; the turn then goes back to the player it
interrupted, who plays on as the published Continental rules have him do after a claim
(having refused the upcard, he draws from the stock), and the order of play is not
changed.  The same deals with the claimant waiting play otherwise."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from claim_scenes import bought_by_seat_2, child, claim_text, deal
from scenario import variant_from_text
from scenario_tools import held, ok, pile, refused, table

from rummy_spec.engine.dispatch.moves import legal_actions
from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant
from rummy_spec.view import View

# seat 2 holds a pair of queens and three sixes: the QC claimed makes his contract (2 sets)
HANDS4 = ["5H 5S 5D 9C 9D 9S KS 2C 3C 4C", "6H 7H 8H 9H 10S JS QS KD KC 2D",
          "QH QD 6C 6S 6D 2S 3S 8H 9H JD", "AS 2S 3H 4H 10H JH QH KH JD QD"]


def game(v: str | Variant) -> Game:
    return deal(v, HANDS4)


def test_the_claimant_plays_at_once_then_the_refuser_draws_from_the_stock() -> None:
    g = bought_by_seat_2(game(child("continental", "claimant takes at once")))
    h = g.state.hand
    assert (h.phase, h.turn, h.resume) == ("claimant", 2, 0)
    assert not held(g, 0, "3H")  # the refuser has not taken his stock card yet
    assert {a.player for a in legal_actions(g.rules, g.state)} == {2}
    assert refused(g, "discard", 0, card="KS") == "not-your-turn"
    assert refused(g, "draw", 2, source="stock") == "already-drawn"
    ok(g, "go_down", 2, melds=[["QC", "QH", "QD"], ["6C", "6S", "6D"]])
    assert sorted(sorted(m) for m in table(g)) == [["6C", "6D", "6S"], ["QC", "QD", "QH"]]
    assert g.state.hand.seats[2].down
    ok(g, "discard", 2, card="JD")
    h = g.state.hand
    # CONT: "the player whose turn was interrupted resumes play by selecting the top
    # card from the stock pile"
    assert (h.phase, h.turn, h.resume) == ("play", 0, None) and held(g, 0, "3H")
    assert pile(g) == ["AD", "JD"]
    assert refused(g, "draw", 0, source="discard") == "already-drawn"
    ok(g, "discard", 0, card="KS")
    assert (g.state.hand.phase, g.state.hand.turn) == ("draw", 1)  # the order is unchanged


def test_the_same_deal_with_the_claimant_waiting() -> None:
    g = bought_by_seat_2(game("continental"))
    h = g.state.hand
    assert (h.phase, h.turn, h.resume) == ("play", 0, None) and held(g, 0, "3H")
    assert refused(g, "go_down", 2, melds=[["QC", "QH", "QD"], ["6C", "6S", "6D"]]) \
        == "not-your-turn"
    assert refused(g, "discard", 2, card="JD") == "not-your-turn"
    assert {a.player for a in legal_actions(g.rules, g.state)} == {0}


def test_the_claimant_must_keep_the_card_he_took_where_the_variant_says_so() -> None:
    """The card claimed is the card taken from the pile in the claimant's turn: where a
    card just taken may not be thrown back, he may not discard it."""
    g = bought_by_seat_2(game(child("continental", "claimant takes at once")))
    ok(g, "discard", 2, card="QC")  # Continental lets a card taken go back at once
    assert pile(g) == ["AD", "QC"]
    keep = variant_from_text(
        'variant x "X" extends continental {\n'
        '    turn { no new melds after going down, no discarding the card taken }\n'
        '    buy { claimant takes at once }\n}\n', "x")
    g = bought_by_seat_2(game(keep))
    assert refused(g, "discard", 2, card="QC") == "keep-taken-card"


def test_between_turns_the_player_in_turn_may_draw_the_claimants_discard() -> None:
    """Between turns (Shanghai) the player in turn has not drawn when the claim is made:
    after the claimant's turn he draws as usual, the claimant's discard being the upcard."""
    g = bought_by_seat_2(game(child("shanghai", "claimant takes at once")))
    assert (g.state.hand.phase, g.state.hand.turn) == ("claimant", 2)
    ok(g, "discard", 2, card="JD")
    assert (g.state.hand.phase, g.state.hand.turn) == ("draw", 0) and not held(g, 0, "3H")
    ok(g, "draw", 0, source="discard")
    assert held(g, 0, "JD")


def test_at_any_time_a_claim_before_the_draw_gives_the_claimant_his_turn_first() -> None:
    g = game(child("continental", "at any time, claimant takes at once"))
    ok(g, "buy", 2)
    h = g.state.hand
    assert (h.phase, h.turn, h.resume) == ("claimant", 2, 0) and held(g, 2, "QC 2H")
    ok(g, "discard", 2, card="JD")
    assert (g.state.hand.phase, g.state.hand.turn) == ("draw", 0)
    ok(g, "draw", 0, source="stock")  # refusing JD, the claimant's discard, like any upcard
    assert g.state.hand.phase == "claim" and g.state.hand.claim is not None
    for seat in list(g.state.hand.claim.pending):
        ok(g, "pass", seat)
    assert (g.state.hand.phase, g.state.hand.turn) == ("play", 0) and held(g, 0, "3H")


def test_the_rulebook_says_what_the_scenarios_play() -> None:
    at_once = "and at once play a turn out of order: you may go down, meld and lay off"
    waits = "Having claimed, you may not meld, lay off or discard until your own turn."
    resumes = {"continental": "the player who passed the upcard by draws from the stock",
               "shanghai": "the next player draws as usual: the claimant's discard is the"}
    for parent, sentence in resumes.items():
        on = claim_text(child(parent, "claimant takes at once"))
        off = claim_text(game(parent).variant)
        assert at_once in on and sentence in on and waits not in on
        assert at_once not in off and sentence not in off and waits in off
    any_time = claim_text(child("continental", "at any time, claimant takes at once"))
    assert "he draws from the stock if he had passed the upcard by" in any_time


def test_the_views_show_the_claimant_playing_out_of_turn() -> None:
    g = bought_by_seat_2(game(child("continental", "claimant takes at once")))
    mine, theirs = View.from_json(g.view_json(2)), View.from_json(g.view_json(0))
    assert (mine.phase, mine.turn, mine.resume) == ("claimant", 2, 0)
    assert (theirs.phase, theirs.turn, theirs.resume) == ("claimant", 2, 0)
    assert "QC" in mine.hand and "QC" in theirs.seats[2].known  # claimed face up
    assert "2H" not in theirs.seats[2].known  # the penalty card is not shown
    ok(g, "discard", 2, card="JD")
    after = View.from_json(g.view_json(2))
    assert (after.phase, after.turn, after.resume) == ("play", 0, None)
