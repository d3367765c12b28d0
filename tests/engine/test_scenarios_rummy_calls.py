"""Scenarios: "Rummy!" calls on a playable discard (AXES.md X57)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import FILL, from_stock, hand, last_result, ok, pile, refused

from rummy_spec.engine.game import Game

# ----- Seven Hand: the caller throws a card ------------------------------------------------------


def _seven_hand(caller_hand: str = "QD JD 10D 3S") -> Game:
    """Seat 0 goes down with two sets; seat 1 (not down) then discards a playable 5C."""
    g = scenario("seven_hand", 4, hands=["5H 5S 5D 9C 9D 9S KS", "5C 7H 8H 2D 3D 4D 6S",
                                         FILL, caller_hand],
                 stock="KD KH KC QC JC", discard="QH")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KD")
    from_stock(g, 1)
    ok(g, "discard", 1, card="5C")
    return g


def test_rummy_call_caller_throws_a_card_seven_hand() -> None:
    """X57 (7H, A6): on a discard that could have been played on the table any other
    player may call "Rummy!" and throw one card of his choice onto the pile; the called
    card stays there; play goes on with the next player."""
    g = _seven_hand()
    ok(g, "call", 3, card="QD")
    assert pile(g)[-2:] == ["5C", "QD"] and hand(g, 3)["QD"] == 0
    assert g.state.hand.turn == 2 and g.state.hand.phase == "draw"
    assert refused(g, "call", 2, card="6D") == "call-not-open"  # one call per discard
    from_stock(g, 2)


def test_rummy_call_rules_seven_hand() -> None:
    """X57 (7H, A6): the offender cannot call his own discard, the caller throws a card he
    holds, and the window closes when the next player draws."""
    g = _seven_hand()
    assert refused(g, "call", 1, card="7H") == "bad-player"
    assert refused(g, "call", 3, card="KC") == "not-in-hand"
    from_stock(g, 2)
    assert refused(g, "call", 3, card="QD") == "call-not-open"


def test_no_call_on_an_unplayable_discard() -> None:
    """X57: a discard that fits no meld on the table cannot be called."""
    g = _seven_hand()
    from_stock(g, 2)
    ok(g, "discard", 2, card="JD")
    assert refused(g, "call", 3, card="QD") == "call-not-open"


def test_caller_goes_out_with_his_last_card_seven_hand() -> None:
    """X57 (7H, A6): a caller throwing his last card goes out."""
    g = _seven_hand(caller_hand="QD")
    ok(g, "call", 3, card="QD")
    res = last_result(g)
    assert res.winner == 3 and res.details["by"] == "rummy-call"


def test_no_rummy_calls_without_the_section() -> None:
    """X57: variants without rummy calls (CONT) refuse them."""
    g = scenario("continental", 4, hands=["5H 5S 5D 9C 9D 9S KS", "5C 7H 8H 2D 3D 4D 6S",
                                          FILL, "QD JD"],
                 stock="KD KH KC QC JC", discard="QH")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KD")
    from_stock(g, 1)
    ok(g, "discard", 1, card="5C")
    assert refused(g, "call", 3, card="QD") == "call-not-open"


# ----- Ten Step: gifts to a down offender -----------------------------------------------------


def _ten_step(options: tuple[str, ...] = ()) -> Game:
    """Seat 0 goes down; seat 1 (not down) discards a playable 5C; seat 2 plays; seat 0
    (down) then discards a playable 9H."""
    g = scenario("ten_step", 3, hands=["5H 5S 5D 9C 9D 9S KS 9H QD", "5C 7H 8H 3D 4D 6S QS",
                                       FILL],
                 stock="KD 10C 10H JC JH 8C 7C 6C", discard="QH", options=options)
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KD")
    from_stock(g, 1)
    ok(g, "discard", 1, card="5C")
    assert refused(g, "call", 2) == "call-not-open"  # only down offenders (TS)
    from_stock(g, 2)
    ok(g, "discard", 2, card="10H")
    from_stock(g, 0)
    ok(g, "discard", 0, card="9H")
    return g


def test_rummy_call_gifts_at_the_offenders_next_turn_ten_step() -> None:
    """X57 (TS): a down player's playable discard may be called; at his next turn each
    other player may hand him one unwanted card (or pass), in turn order, before he
    draws."""
    g = _ten_step()
    ok(g, "call", 1)
    from_stock(g, 1)
    ok(g, "discard", 1, card="QS")
    from_stock(g, 2)
    ok(g, "discard", 2, card=g.card_text(g.state.hand.seats[2].hand)[-1])
    assert g.state.hand.phase == "gifts" and g.state.hand.turn == 0
    assert refused(g, "draw", 0, source="stock") == "not-your-turn"
    assert refused(g, "give", 2, card="3D") == "no-gift-due"
    before = sum(len(s.hand) for s in g.state.hand.seats)
    ok(g, "give", 1, card="6S")
    ok(g, "pass", 2)
    assert hand(g, 0)["6S"] == 1 and hand(g, 1)["6S"] == 0
    assert sum(len(s.hand) for s in g.state.hand.seats) == before
    after = g.state  # read afresh: the phase was "gifts" above
    assert after.hand.phase == "draw"
    from_stock(g, 0)


def test_rummy_call_window_closes_at_the_next_draw_ten_step() -> None:
    """X57 (TS): the call must come before the next player draws."""
    g = _ten_step()
    from_stock(g, 1)
    assert refused(g, "call", 2) == "call-not-open"


def test_no_rummy_call_option_ten_step() -> None:
    """X57 (TS option no_rummy_call): the house rule drops the call."""
    g = _ten_step(("no_rummy_call",))
    assert refused(g, "call", 1) == "call-not-open"
