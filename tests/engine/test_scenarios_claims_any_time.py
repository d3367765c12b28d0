"""Scenarios: claims whenever a discard is exposed (``buy { at any time }``, AXES.md X48):
"May I?" before the player in turn has drawn, not only once he declines."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import ok, refused

from rummy_spec.lang.model import Variant


def _child(parent: str, body: str) -> Variant:
    return variant_from_text(f'variant x "X" extends {parent} {{\n    {body}\n}}\n', "x")


# ----- claims whenever a discard is exposed ------------------------------------------------

HANDS4 = ["5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D 8D", "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D",
          "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 9H", "AS 2S 3H 4H 10H JH QH KH JD QD 8C 9C"]
STOCK = "2H 3H 4H 5C 6D 7H 8C 9H 10D JS QD KH AC 2S 3D 4S 5D 6S 7C 8D"


def _any_time(body: str = "") -> Variant:
    return _child("continental", f'buy "May I?" {{ at any time{body} }}')


def test_a_claim_before_the_player_in_turn_draws() -> None:
    """Seat 2 calls "May I?" on the upcard before seat 0 has drawn: he gets it with a
    penalty card at once; seat 0 then draws from the stock (the upcard is gone)."""
    g = scenario(_any_time(), 4, hands=HANDS4, stock=STOCK, discard="AD QC")
    before = len(g.state.hand.seats[2].hand)
    ok(g, "buy", 2)
    assert len(g.state.hand.seats[2].hand) == before + 2
    assert g.state.hand.phase == "draw" and g.state.hand.turn == 0
    assert refused(g, "draw", 0, source="discard") in ("upcard-closed", "no-upcard")
    ok(g, "draw", 0, source="stock")
    phase: str = g.state.hand.phase  # read again: the draw moved it on
    assert phase == "play"


def test_the_player_in_turn_cannot_claim_his_own_draw() -> None:
    g = scenario(_any_time(), 4, hands=HANDS4, stock=STOCK, discard="AD QC")
    assert refused(g, "buy", 0) != "ok"


def test_without_at_any_time_a_claim_waits_for_the_refusal() -> None:
    g = scenario("continental", 4, hands=HANDS4, stock=STOCK, discard="AD QC")
    assert refused(g, "buy", 2) == "claim-not-open"


def test_at_any_time_the_window_after_a_refusal_still_opens() -> None:
    g = scenario(_any_time(), 4, hands=HANDS4, stock=STOCK, discard="AD QC")
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.phase == "claim" and g.state.hand.claim is not None
    ok(g, "buy", g.state.hand.claim.pending[0])


def test_a_claim_at_any_time_is_listed_among_the_legal_actions() -> None:
    from rummy_spec.engine.dispatch.moves import legal_actions

    g = scenario(_any_time(), 4, hands=HANDS4, stock=STOCK, discard="AD QC")
    buys = {a.player for a in legal_actions(g.rules, g.state) if a.type == "buy"}
    assert buys == {1, 2, 3}


def test_a_claim_at_any_time_with_chain_opens_the_card_below_to_the_others() -> None:
    g = scenario(_any_time(", chain"), 4, hands=HANDS4, stock=STOCK, discard="AD QC")
    ok(g, "buy", 2)
    assert g.state.hand.phase == "claim" and g.state.hand.claim is not None
    assert 2 not in g.state.hand.claim.pending
    while g.state.hand.phase == "claim":
        ok(g, "pass", g.state.hand.claim.pending[0])
    assert g.state.hand.phase == "play" and g.state.hand.turn == 0  # he drew from the stock


def test_the_discarder_does_not_claim_his_own_discard_at_any_time() -> None:
    g = scenario(_any_time(), 4, hands=HANDS4, stock=STOCK, discard="AD QC")
    ok(g, "draw", 0, source="stock")
    while g.state.hand.phase == "claim":
        assert g.state.hand.claim is not None
        ok(g, "pass", g.state.hand.claim.pending[0])
    ok(g, "discard", 0, card="KS")
    assert refused(g, "buy", 0) == "not-eligible"
    ok(g, "buy", 2)
