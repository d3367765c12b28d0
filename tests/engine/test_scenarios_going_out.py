"""Scenarios: how the last card leaves, floating, the end of a hand (AXES.md X54-X56)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import FILL, down, from_stock, hand, last_result, ok, ready, refused

from rummy_spec.engine.game import Game

OUT_HAND = "5H 5S 5D 9C 9D 9S 5C"  # two sets and a five to lay off; the draw is KC


def _down(name: str, players: int = 4, options: tuple[str, ...] = ()) -> Game:
    g = ready(name, OUT_HAND, players=players, options=options)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    return g


# ----- X54 by discard or by meld ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "seven_hand", "liverpool"])
def test_out_by_discard_or_by_lay_off(name: str) -> None:
    """X54 (CONT A12, 7H: no final discard needed, LIV): the last card may be discarded or
    laid off; either way the hand ends at once."""
    g = _down(name)
    ok(g, "lay_off", 0, card="5C", meld=0)
    ok(g, "discard", 0, card="KC")
    res = last_result(g)
    assert res.winner == 0 and res.details["by"] == "discard"
    g = ready(name, OUT_HAND, draw="9H", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    ok(g, "lay_off", 0, card="5C", meld=0)
    ok(g, "lay_off", 0, card="9H", meld=1)
    res = last_result(g)
    assert res.winner == 0 and res.details["by"] == "meld"


def test_out_by_going_down_with_the_whole_hand() -> None:
    """X54 (CONT): going down with every card held ends the hand (no discard needed)."""
    g = ready("continental", "5H 5S 5D 9C 9D", draw="9S", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    assert last_result(g).winner == 0


def test_out_by_meld_only_contract_wikipedia() -> None:
    """X54 (CR-W, A18): a discard never empties the hand; the last card is laid off."""
    g = ready("contract_wikipedia", OUT_HAND, draw="9H")
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    ok(g, "lay_off", 0, card="5C", meld=0)
    assert refused(g, "discard", 0, card="9H") == "must-go-out-by-meld"
    ok(g, "lay_off", 0, card="9H", meld=1)
    res = last_result(g)
    assert res.winner == 0 and res.details["by"] == "meld"


def test_out_by_meld_never_strands_an_unplayable_last_card() -> None:
    """X54 (CR-W): going out by meld only, a lay-off may not leave a last card that fits
    nowhere (it could neither be discarded nor played)."""
    g = ready("contract_wikipedia", "5H 5S 5D 9C 9D 9S 5C", draw="KC")
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    assert refused(g, "lay_off", 0, card="5C", meld=0) == "must-go-out-by-meld"


@pytest.mark.parametrize("name", ["shanghai", "twelve_step"])
def test_out_by_discard_only(name: str) -> None:
    """X54 (SH, 12S A38): the last card must be discarded: neither a lay-off nor going
    down may empty the hand."""
    g = ready(name, OUT_HAND, draw="9H", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    ok(g, "lay_off", 0, card="5C", meld=0)
    assert refused(g, "lay_off", 0, card="9H", meld=1) == "must-keep-discard"
    ok(g, "discard", 0, card="9H")
    assert last_result(g).winner == 0 and last_result(g).details["by"] == "discard"
    g = ready(name, "5H 5S 5D 9C 9D", draw="9S", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "must-keep-discard"


@pytest.mark.parametrize("options", [(), ("floating",)])
def test_phase10_floating_option_no_going_out_by_discard(options: tuple[str, ...]) -> None:
    """X54/X55 (P10 option floating, SGB): no going out by discarding the last card; by
    default a discard may end the hand."""
    g = ready("phase10", "1R 1B 1G 2R 2B 2G 1Y", draw="2Y", options=options)
    assert down(g, "1R 1B 1G", "2R 2B 2G") == "ok"
    ok(g, "lay_off", 0, card="1Y", meld=0)
    if options:
        assert refused(g, "discard", 0, card="2Y") == "must-go-out-by-meld"
        ok(g, "lay_off", 0, card="2Y", meld=1)
    else:
        ok(g, "discard", 0, card="2Y")
    assert last_result(g).winner == 0


# ----- X55 floating (Ten Step) -----------------------------------------------------------------


def test_floating_player_stays_in_ten_step() -> None:
    """X55 (TS): a player who runs out of cards without discarding stays in; the hand goes
    on; he draws from the stock only (never the upcard) and goes out by discarding."""
    g = scenario("ten_step", 3, hands=["5H 5S 5D 9C 9D", "7H 7S 7D 8C 8D 8S 7C 4H 3D",
                                       FILL[:-3]],
                 stock="9S KD KH QS 10C 10D JH", discard="QH")
    from_stock(g, 0)  # 9S
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    assert not g.state.game.results and g.state.hand.turn == 1  # floating: the hand goes on
    assert g.state.hand.seats[0].hand == [] and g.state.hand.seats[0].down
    for p, card in ((1, "KD"), (2, "KH")):
        from_stock(g, p)
        ok(g, "discard", p, card=card)
    assert refused(g, "draw", 0, source="discard") == "floating-stock-only"
    from_stock(g, 0)  # QS
    ok(g, "discard", 0, card="QS")
    res = last_result(g)
    assert res.winner == 0 and res.details["by"] == "discard"


def test_no_floating_where_going_out_by_discard_is_required() -> None:
    """X55: without floating (SH), emptying the hand by melding is refused instead."""
    g = ready("shanghai", "5H 5S 5D 9C 9D", draw="9S")
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "must-keep-discard"


# ----- X56 the end of the hand -------------------------------------------------------------------


def test_hand_ends_at_once_and_everyone_else_scores() -> None:
    """X56 (A52): the hand ends as soon as someone goes out: no last turns; the others
    score what they hold and the next hand is dealt."""
    g = _down("continental")
    held_before = [g.rules.hand_points(s.hand) for s in g.state.hand.seats]
    ok(g, "lay_off", 0, card="5C", meld=0)
    ok(g, "discard", 0, card="KC")
    res = last_result(g)
    assert res.scores == [0, *held_before[1:]]
    assert [s.total for s in g.state.game.seats] == res.scores
    assert g.state.game.round == 2 and g.state.hand.phase in ("draw", "claim")
    assert all(len(s.hand) == 12 for s in g.state.hand.seats) and not g.state.hand.table


def test_others_may_buy_the_upcard_a_floater_cannot_take_ten_step() -> None:
    """X55/X48 (TS): a floater may not take the upcard, but that does not close the buying
    between turns: once he draws from the stock, the others may buy it."""
    g = scenario("ten_step", 3, hands=["5H 5S 5D 9C 9D", "7H 7S 7D 8C 8D 8S 7C 4H 3D",
                                       FILL[:-3]],
                 stock="9S KD KH QS 10C 10D JH", discard="QH")
    from_stock(g, 0)  # 9S
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    for p, card in ((1, "KD"), (2, "KH")):
        from_stock(g, p)
        ok(g, "discard", p, card=card)
    assert refused(g, "draw", 0, source="discard") == "floating-stock-only"
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.claim is not None and g.state.hand.claim.pending == [1]
    ok(g, "buy", 1)
    assert hand(g, 1)["KH"] == 1 and hand(g, 1)["QS"] == 1
    assert g.card_text(g.state.hand.seats[0].hand) == ["10C"]
