"""Scenarios: ``legal_actions`` lists the legal plays of situations that the stateful
machine's short games seldom reach (gaps found by mutation testing, docs/mutation.md).

The machine's law ``legal_actions_are_complete`` checks every state it visits; these
explicit deals put the rare ones in front of it: a Rummy call where the caller throws a
card (Seven Hand), a lay-off onto a colour group (Phase 10, phase 8), an ace laid off
above a king and a swap whose freed wild goes back to the table (Continental).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import FILL, down, from_stock, ok, ready

from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import Move


def _listed(g: Game) -> list[Move]:
    """``legal_actions``, each of which must be legal."""
    out = g.legal_actions()
    for a in out:
        assert g.legal(a).ok, a
    return out


def test_a_rummy_call_is_listed_with_each_card_the_caller_may_throw() -> None:
    """X57 (7H, A6): on a playable discard every other player may call and throw one card
    of his choice: one listed call per distinct card held."""
    g = scenario("seven_hand", 4, hands=["5H 5S 5D 9C 9D 9S KS", "5C 7H 8H 2D 3D 4D 6S",
                                         FILL, "QD JD 10D 3S"],
                 stock="KD KH KC QC JC", discard="QH")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KD")
    from_stock(g, 1)
    ok(g, "discard", 1, card="5C")  # fits seat 0's fives
    calls = {(a.player, g.card_text([a.card])[0]) for a in _listed(g)
             if a.type == "call" and a.card is not None}
    assert {(3, c) for c in ("QD", "JD", "10D", "3S")} <= calls
    assert not any(a.type == "call" and a.card is None for a in g.legal_actions())


def test_a_lay_off_onto_a_colour_group_is_listed() -> None:
    """X12/X44 (P10 phase 8): any card of the group's colour may be laid off on it."""
    g = ready("phase10", "1R 3R 5R 7R 9R 11R 12R 9Y 10Y 11Y", draw="2R")
    g.state.game.seats[0].contract = 7
    assert down(g, "1R 3R 5R 7R 9R 11R 12R") == "ok"
    listed = [a for a in _listed(g) if a.type == "lay_off" and a.meld == 0]
    assert [g.card_text([a.card])[0] for a in listed if a.card is not None] == ["2R"]
    ok(g, "lay_off", 0, card="2R", meld=0)


def test_an_ace_above_the_king_is_listed() -> None:
    """X9/X44 (CONT: ace low or high): an ace goes onto a run that ends with the king."""
    g = ready("continental", "9C 9D 9H 10S JS QS KS AS 3C 4C 6D", players=4, round_=2)
    assert down(g, "9C 9D 9H", "10S JS QS KS") == "ok"  # (red aces are wild here)
    listed = [a for a in _listed(g) if a.type == "lay_off" and a.meld == 1]
    assert [g.card_text([a.card])[0] for a in listed if a.card is not None] == ["AS"]
    ok(g, "lay_off", 0, card="AS", meld=1)


def test_a_swap_whose_wild_goes_to_the_table_is_listed() -> None:
    """X20/X22 (CONT): a natural frees a run's wild, which goes at once onto a table meld;
    the swap is listed with the meld that takes the wild."""
    g = ready("continental", "9C 9D JK 5H JK 7H 8H 6H 9S 3C 4C 10D", players=4, round_=2)
    assert down(g, "9C 9D JK", "5H JK 7H 8H") == "ok"
    swaps = [a for a in _listed(g) if a.type == "swap"]
    assert any(g.card_text([a.card])[0] == "6H" and a.meld == 1 and a.wild_to is not None
               for a in swaps if a.card is not None), swaps
