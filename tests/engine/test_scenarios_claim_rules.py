"""Scenarios: each claim rule of the language played, with it and without it (AXES.md X48,
X53): the window (``after refusal``, ``between turns``, ``at any time``), what a claim
leaves of the pile (``pile open``, ``closed``, ``dead``) and the claimant's wait; and the
rulebook's sentence for each, read against what the scenario played."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from claim_scenes import STOCK, bought_by_seat_2, child, claim_text, deal
from scenario import scenario
from scenario_tools import held, ok, pile, refused

from rummy_spec.engine.dispatch.moves import legal_actions
from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant

HANDS4 = ["5H 5S 5D 9C 9D 9S KS 2C 3C 4C", "6H 7H 8H 9H 10S JS QS KD KC 2D",
          "6C 7C 8C 10C JC QC 3S 4S 6S 7S", "AS 2S 3H 4H 10H JH QH KH JD QD"]


def game(v: str | Variant) -> Game:
    return deal(v, HANDS4)


# ----- the window: between turns, against after refusal ---------------------------------------


def test_between_turns_the_player_in_turn_draws_after_the_buy() -> None:
    """X48 (SH, TS: claims come before the next player's draw).  Between turns the buy is
    made before seat 0 draws: he then draws as usual, and with the pile open the card the
    buy exposed (AD) may be his draw."""
    g = bought_by_seat_2(game("shanghai"))
    assert g.state.hand.phase == "draw" and g.state.hand.turn == 0
    assert not held(g, 0, "3H")  # no stock card drawn for him yet
    ok(g, "draw", 0, source="discard")
    phase: str = g.state.hand.phase  # read again: the draw moved it on
    assert held(g, 0, "AD") and pile(g) == [] and phase == "play"


def test_after_refusal_the_player_in_turn_has_already_drawn() -> None:
    """The same deal with the window ``after refusal``: declining was his stock draw, made
    when the window closes; the exposed AD is not his."""
    g = bought_by_seat_2(game(child("shanghai", "after refusal")))
    assert g.state.hand.phase == "play" and held(g, 0, "3H")
    assert refused(g, "draw", 0, source="discard") == "already-drawn"
    assert pile(g) == ["AD"]


def test_between_turns_nobody_buys_then_the_stock_draw_stands() -> None:
    """Between turns, a declined upcard that nobody buys stays declined: seat 0 draws from
    the stock, as after refusal."""
    for v in ("shanghai", child("shanghai", "after refusal")):
        g = game(v)
        ok(g, "draw", 0, source="stock")
        for p in (1, 2, 3):
            ok(g, "pass", p)
        assert g.state.hand.phase == "play" and held(g, 0, "2H") and pile(g) == ["AD", "QC"]


def test_between_turns_no_second_window_on_the_exposed_card() -> None:
    """One window per discard: after the buy, seat 0 drawing from the stock draws it (no
    claim window opens on AD), and no seat may claim AD."""
    g = bought_by_seat_2(game("shanghai"))
    assert refused(g, "buy", 3) == "claim-not-open"
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.phase == "play" and g.state.hand.claim is None
    assert held(g, 0, "3H") and pile(g) == ["AD"]


# ----- the window: at any time, against after refusal -----------------------------------------


def test_at_any_time_a_claim_comes_before_the_draw() -> None:
    """X48 ``at any time``: seat 2 claims QC before seat 0 has drawn; ``after refusal``
    refuses the same claim (nobody has declined the upcard)."""
    g = game(child("continental", "at any time"))
    ok(g, "buy", 2)
    assert held(g, 2, "QC 2H") and g.state.hand.phase == "draw"
    assert refused(game("continental"), "buy", 2) == "claim-not-open"


# ----- what a claim leaves of the pile ----------------------------------------------------------


def test_pile_closed_after_a_buy_between_turns() -> None:
    """X53 ``pile closed`` (TS): after the buy nobody takes AD until the next discard, so
    seat 0 has only the stock left, and draws it when the window closes."""
    g = bought_by_seat_2(game("ten_step"))
    assert g.state.hand.phase == "play" and held(g, 0, "3H")
    g = bought_by_seat_2(game(child("shanghai", "pile closed")))
    assert g.state.hand.phase == "play" and held(g, 0, "3H") and pile(g) == ["AD"]


def test_pile_open_against_closed_after_a_claim_at_any_time() -> None:
    """X53 with ``at any time``: after a claim before his draw, the player in turn may take
    the card below with the pile open, not with it closed or dead."""
    g = game(child("shanghai", "at any time, pile open"))
    ok(g, "buy", 2)
    ok(g, "draw", 0, source="discard")
    assert held(g, 0, "AD")
    for pile_state in ("closed", "dead"):
        g = game(child("shanghai", f"at any time, pile {pile_state}"))
        ok(g, "buy", 2)
        assert refused(g, "draw", 0, source="discard") == "upcard-closed"
        ok(g, "draw", 0, source="stock")
        assert held(g, 0, "3H") and pile(g) == ["AD"]


def test_the_pile_opens_again_with_the_next_discard() -> None:
    """``pile closed`` and ``pile dead`` alike: the next discard is an upcard like any other
    (CONT, TS)."""
    for v in ("continental", "ten_step"):
        g = bought_by_seat_2(game(v))
        ok(g, "discard", 0, card="KS")
        ok(g, "draw", 1, source="discard")
        assert held(g, 1, "KS")


def _playout(v: Variant, seed: int, steps: int = 400) -> list[str]:
    """A seeded random game: the text of every action played."""
    g = scenario(v, 4, hands=HANDS4, stock=" ".join([STOCK] * 2), discard="AD QC")
    pick = random.Random(seed)
    out = []
    for _ in range(steps):
        actions = sorted(legal_actions(g.rules, g.state), key=repr)
        if not actions:
            break
        a = pick.choice(actions)
        out.append(repr(a))
        g.apply(a)
    return out


@pytest.mark.parametrize("window", ["between turns", "at any time", "after refusal"])
def test_pile_dead_plays_like_pile_closed(window: str) -> None:
    """``pile dead`` needs nothing beyond ``pile closed``: a card left below the claimed one
    is exposed again only when the card above it is drawn (the drawer then discards onto
    it) or claimed (which closes the pile again).  Seeded random games, with every legal
    action listed and one picked, play alike with either; with ``pile open`` they differ
    (the player in turn takes an exposed card) where the window comes before his draw."""
    for seed in range(3):
        dead = _playout(child("shanghai", f"{window}, pile dead"), seed)
        closed = _playout(child("shanghai", f"{window}, pile closed"), seed)
        assert dead == closed and len(dead) > 50
        assert sum("type='buy'" in a for a in dead) >= 2  # claims were made
    if window != "after refusal":
        differ = [seed for seed in range(6)
                  if _playout(child("shanghai", f"{window}, pile open"), seed)
                  != _playout(child("shanghai", f"{window}, pile closed"), seed)]
        assert differ


# ----- the claimant waits ---------------------------------------------------------------------


def test_the_claimant_waits_for_his_turn_in_every_claim_game() -> None:
    """X53: every built-in claim game has the claimant wait: a claim gives him no turn
    (``claimant takes at once`` is played in test_scenarios_claim_at_once).  Seat 2,
    having bought, may not discard, meld or lay off before his turn."""
    for name in ("continental", "shanghai", "liverpool", "seven_hand"):
        g = bought_by_seat_2(game(name))
        assert refused(g, "discard", 2, card="QC") == "not-your-turn"
        assert {a.player for a in legal_actions(g.rules, g.state)} == {0}


# ----- the rulebook says what is played ------------------------------------------------------


def test_rulebook_sentences_match_the_played_rules() -> None:
    """Each rule's sentence is on the page of a variant with the rule, and not on the page
    of the same variant without it; the scenarios above play what each says."""
    shanghai, refusal = claim_text(game("shanghai").variant), claim_text(
        child("shanghai", "after refusal"))
    bought = "if someone buys it, he has not drawn yet and then draws as usual"
    assert bought in shanghai and bought not in refusal
    assert "passed the upcard by and drawn from the stock" in refusal
    open_pile = "the card below is the upcard like any other"
    assert open_pile in shanghai and open_pile not in claim_text(game("ten_step").variant)
    closed = "nobody takes from the discard pile until the next discard"
    assert closed in claim_text(game("ten_step").variant) and closed not in shanghai
    dead = "the rest of the discard pile is dead"
    assert dead in claim_text(game("continental").variant) and dead not in shanghai
    any_time = "before the player whose turn it is has drawn, the first to call gets it"
    assert any_time in claim_text(child("continental", "at any time"))
    assert any_time not in claim_text(game("continental").variant)
    waits = "Having claimed, you may not meld, lay off or discard until your own turn."
    assert all(waits in claim_text(game(n).variant) for n in ("shanghai", "liverpool"))
