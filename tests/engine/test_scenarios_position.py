"""Scenarios: a deal played in the middle of a game, its position stated by ``Deal``
(round, totals, contracts made, hands won, buys of earlier rounds)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import from_stock, ok, refused

from rummy_spec.engine.families.setup import Deal
from rummy_spec.engine.game import Game
from rummy_spec.lang import load

HANDS3 = ["5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D", "6H 7H 8H 9H 10S JS QS KD KC 2D 3D",
          "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S"]
STOCK = "2H 3H 4H 5C 6D 7H 8C 9H 10D JS QD KH AC 2S 3D 4S 5D 6S 7C 8D"


def test_round_totals_and_hands_won_are_the_games_position() -> None:
    """The deal is played as round 3 with the totals and hands won given; nothing else of
    the deal changes."""
    g = scenario("continental", 4, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D 8D"] * 4,
                 stock=STOCK, discard="AD QC", round_=3, totals=[10, 20, 30, 40],
                 hands_won=[1, 0, 1, 0])
    s = g.state
    assert s.game.round == 3 and [x.total for x in s.game.seats] == [10, 20, 30, 40]
    assert [x.hands_won for x in s.game.seats] == [1, 0, 1, 0]
    assert g.state_json()["round"] == 3


def test_contracts_made_in_individual_progression_phase10() -> None:
    """P10: each player is on his own phase; the earlier ones count as made."""
    g = scenario("phase10", 3, hands=["1R 1B 1G 2R 2B 2G 5R 6R 7R 8R"] * 3,
                 stock="9R 10R 11R", discard="12R", contracts=[1, 4, 2])
    assert [x.contract for x in g.state.game.seats] == [0, 3, 1]
    assert [x.completed for x in g.state.game.seats] == [[], [1, 2, 3], [1]]


@pytest.mark.parametrize(("options", "used", "credit"), [
    (("nwr_buys",), [0, 4, 6], [6, 2, 0]),  # rounds 1-2 allow 3 each; unused carry over
    ((), [0, 4, 6], [0, 0, 0]),  # without carrying over, earlier buys do not matter
])
def test_buys_used_in_earlier_rounds_set_the_credit_shanghai(
        options: tuple[str, ...], used: list[int], credit: list[int]) -> None:
    """SH (option nwr_buys): in round 3 a player brings in the buys rounds 1 and 2 allowed
    him, less those he made."""
    g = scenario("shanghai", 3, hands=HANDS3, stock=STOCK, discard="AD QC", round_=3,
                 buys_used=used, options=options)
    assert [x.buy_credit for x in g.state.game.seats] == credit


def test_a_buy_beyond_the_carried_credit_is_refused_buy_limit() -> None:
    """SH (nwr_buys): a player who used all six buys of rounds 1-2 has only round 3's
    three; his fourth is refused for the limit."""
    g = scenario("shanghai", 3, hands=HANDS3, stock=f"{STOCK} {STOCK}", discard="AD QC", round_=3,
                 buys_used=[0, 0, 6], options=("nwr_buys",))
    bought = 0
    while bought < 3:
        p = g.state.hand.turn
        ok(g, "draw", p, source="stock")
        while g.state.hand.phase == "claim":
            assert g.state.hand.claim is not None
            first = g.state.hand.claim.pending[0]
            if first == 2:
                ok(g, "buy", 2)
                bought += 1
            else:
                ok(g, "pass", first)
        if g.state.hand.phase == "draw":  # between turns, pile open: he draws after a buy
            ok(g, "draw", p, source="stock")
        ok(g, "discard", p, card=g.card_text(g.state.hand.seats[p].hand)[-1])
    p = g.state.hand.turn
    if p == 2:
        from_stock(g, 2)
        ok(g, "discard", 2, card=g.card_text(g.state.hand.seats[2].hand)[-1])
        p = g.state.hand.turn
    ok(g, "draw", p, source="stock")
    assert refused(g, "buy", 2) == "buy-limit"


@pytest.mark.parametrize(("change", "words"), [
    ({"round": 0}, "round 0"),
    ({"round": 8}, "round 8 is not a round of this game"),
    ({"dealer": 4}, "dealer 4 is not a seat"),
    ({"totals": [0, 0]}, "totals has 2 entries for 4 players"),
    ({"hands_won": [0, 0, -1, 0]}, "hands_won may not be negative"),
    ({"contracts": [1, 1, 9, 1]}, "contracts are numbered"),
])
def test_an_impossible_position_is_refused_by_name(change: dict[str, object],
                                                   words: str) -> None:
    """A position the variant cannot have is refused with what is wrong, before any deal."""
    v = load("continental")
    hand = [0] * 12
    base: dict[str, object] = {"dealer": 3, "hands": [hand] * 4, "stock": [], "discard": [1]}
    setup = Deal(**{**base, **change})  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=words):
        Game(v, 4, seed=0, setup=setup)
