"""Scenarios: claims out of turn, the buy / "May I?" / "I want it" (AXES.md X47-X53)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import at_round, from_stock, hand, held, last_result, ok, pile, refused

from rummy_spec.engine.game import Game

HANDS4 = ["5H 5S 5D 9C 9D 9S KS 2C 3C 4C", "6H 7H 8H 9H 10S JS QS KD KC 2D",
          "6C 7C 8C 10C JC QC 3S 4S 6S 7S", "AS 2S 3H 4H 10H JH QH KH JD QD"]
HANDS3_11 = ["5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D", "6H 7H 8H 9H 10S JS QS KD KC 2D 3D",
             "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S"]
STOCK = "2H 3H 4H 5C 6D 7H 8C 9H 10D JS QD KH AC 2S 3D 4S 5D 6S 7C 8D"


def _game(name: str, players: int = 4, options: tuple[str, ...] = ()) -> Game:
    hands = HANDS4[:players] if players == 4 else [h[:29] for h in HANDS3_11[:players]]
    return scenario(name, players, hands=hands, stock=STOCK, discard="AD QC",
                    options=options)


def _draw_after_buy(g: Game) -> None:
    """Between turns with the pile open, a buy comes before the draw of the player in
    turn: he then draws (here from the stock).  Elsewhere his stock draw is already made."""
    if g.state.hand.phase == "draw":
        cl = g.rules.variant.claim
        assert cl is not None and (cl.window, cl.pile_after) == ("between-turns", "open")
        ok(g, "draw", g.state.hand.turn, source="stock")


def _waiting(g: Game) -> list[int]:
    assert g.state.hand.claim is not None, "no claim window is open"
    return list(g.state.hand.claim.pending)


# ----- X47 claims exist or not ---------------------------------------------------------------


@pytest.mark.parametrize(("name", "players", "options"), [
    ("rummy", 3, ()), ("gin", 2, ()), ("contract", 4, ("no_buying",)),
])
def test_no_claims_where_the_variant_has_none(name: str, players: int,
                                              options: tuple[str, ...]) -> None:
    """X47: RUM, GIN (and CR-P with option no_buying) have no out-of-turn claims: a stock
    draw goes straight into the hand."""
    if name == "gin":
        g = scenario("gin", 2, hands=HANDS4[:2], stock=STOCK, discard="AD QC")
        ok(g, "pass", 0)
        ok(g, "pass", 1)
    else:
        g = scenario(name, players, hands=HANDS4[:players], stock=STOCK, discard="AD QC",
                     options=options)
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.phase == "play" and g.state.hand.claim is None
    assert refused(g, "buy", 1) == "claim-not-open"


def test_no_claims_in_phase10() -> None:
    """X47: P10 has no claims."""
    g = scenario("phase10", 3, hands=["1R 1B 1G", "2R 2B 2G", "3R 3B 3G"],
                 stock="4R 5R 6R", discard="7R")
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.phase == "play"
    assert refused(g, "buy", 1) == "claim-not-open"


# ----- X48 the window --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "contract", "seven_hand", "shanghai",
                                  "ten_step", "twelve_step", "liverpool",
                                  "contract_wikipedia"])
def test_claims_open_only_once_the_player_in_turn_declines(name: str) -> None:
    """X48: nobody may claim before the player in turn has declined the upcard (after
    refusal; between turns the next player has first call and simply draws it)."""
    players = 4
    g = _game(name, players)
    assert refused(g, "buy", 1) == "claim-not-open"
    ok(g, "draw", 0, source="discard")  # he takes it: no claim, no penalty
    assert g.state.hand.claim is None and len(g.state.hand.seats[0].hand) == 11
    assert refused(g, "buy", 1) == "claim-not-open"
    g = _game(name, players)
    ok(g, "draw", 0, source="stock")  # declined: the window opens
    assert _waiting(g) == [1, 2, 3]


def test_only_the_current_upcard_is_claimed() -> None:
    """X48: a claim takes the top discard, never a covered one."""
    g = _game("continental")
    ok(g, "draw", 0, source="stock")
    ok(g, "pass", 1)
    ok(g, "buy", 2)
    assert held(g, 2, "QC") and not held(g, 2, "AD") and pile(g) == ["AD"]


# ----- X49 priority --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "contract", "liverpool", "ten_step",
                                  "shanghai", "twelve_step"])
def test_priority_nearest_in_turn_order(name: str) -> None:
    """X49: the claimant nearest the player in turn wins: a later seat must wait for the
    nearer ones to pass."""
    g = _game(name)
    ok(g, "draw", 0, source="stock")
    assert refused(g, "buy", 3) == "not-your-priority"
    assert refused(g, "buy", 2) == "not-your-priority"
    ok(g, "pass", 1)
    assert refused(g, "buy", 3) == "not-your-priority"
    ok(g, "buy", 2)
    assert held(g, 2, "QC") and not held(g, 3, "QC")


def test_priority_nearest_wraps_around_the_table() -> None:
    """X49: nearest is counted from the player in turn, round the table."""
    g = _game("continental")
    from_stock(g, 0)
    ok(g, "discard", 0, card="KS")
    from_stock(g, 1)
    ok(g, "discard", 1, card="KD")
    ok(g, "draw", 2, source="stock")
    assert _waiting(g) == [3, 0]  # seat 1 discarded it


@pytest.mark.parametrize("name", ["seven_hand", "contract_wikipedia"])
def test_priority_first_caller(name: str) -> None:
    """X49 (7H, CR-W/WCR): the first to call gets it, wherever he sits."""
    g = _game(name)
    ok(g, "draw", 0, source="stock")
    ok(g, "buy", 3)
    assert held(g, 3, "QC") and g.state.hand.claim is None


# ----- X50 price ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "contract", "seven_hand", "liverpool",
                                  "shanghai", "ten_step", "twelve_step"])
def test_claim_costs_one_penalty_card_and_no_discard(name: str) -> None:
    """X50: the claimant takes the upcard plus the stock's top card and discards nothing;
    the player in turn then draws the next stock card; turn order is unchanged."""
    g = _game(name)
    ok(g, "draw", 0, source="stock")
    ok(g, "pass", 1)
    ok(g, "buy", 2)
    _draw_after_buy(g)
    assert held(g, 2, "QC 2H") and len(g.state.hand.seats[2].hand) == 12
    assert held(g, 0, "3H") and len(g.state.hand.seats[0].hand) == 11
    assert g.state.hand.turn == 0 and g.state.hand.phase == "play"
    assert pile(g) == ["AD"] and g.state.hand.seats[2].buys == 1
    ok(g, "discard", 0, card="KS")
    assert g.state.hand.turn == 1  # the buyer did not jump the queue


def test_claim_impossible_when_the_stock_cannot_pay() -> None:
    """X50 (A54): with no stock card to pay the penalty nobody may claim; the stock is
    rebuilt from the pile and the player in turn draws."""
    g = scenario("contract", 4, hands=HANDS4, stock="", discard="3C 4D 5S QC")
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.claim is None and g.state.hand.phase == "play"
    assert pile(g) == ["QC"] and len(g.state.hand.seats[0].hand) == 11


# ----- X51 limits -------------------------------------------------------------------------------


def _first_card(g: Game, p: int) -> str:
    return g.card_text(g.state.hand.seats[p].hand)[0]


def _buy_times(g: Game, buyer: int, times: int) -> None:
    """Play turns (stock draws, first card discarded) in which ``buyer`` buys ``times``
    upcards; he never takes his own discard."""
    bought = 0
    while bought < times:
        p = g.state.hand.turn
        ok(g, "draw", p, source="stock")
        while g.state.hand.phase == "claim":
            first = _waiting(g)[0]
            if first == buyer:
                ok(g, "buy", buyer)
                bought += 1
            else:
                ok(g, "pass", first)
        _draw_after_buy(g)
        ok(g, "discard", p, card=_first_card(g, p))


def _next_window_without(g: Game, buyer: int) -> None:
    """The next upcard that another seat declines and that the buyer did not discard: he
    would be entitled to claim it, but his allowance is spent, and the refusal says so
    (whether a window opened for the others or none did)."""
    while True:
        p = g.state.hand.turn
        owner = g.state.hand.pile_owner[-1]
        ok(g, "draw", p, source="stock")
        if p != buyer and owner != buyer:
            assert g.state.hand.claim is None or buyer not in _waiting(g)
            assert refused(g, "buy", buyer) == "buy-limit"
            return
        while g.state.hand.phase == "claim":
            ok(g, "pass", _waiting(g)[0])
        ok(g, "discard", p, card=_first_card(g, p))


def _long_game(name: str, options: tuple[str, ...] = ()) -> Game:
    stock = " ".join([STOCK] * 3)
    return scenario(name, 3, hands=HANDS3_11, stock=stock, discard="AD QC", options=options)


def test_shanghai_three_buys_a_hand() -> None:
    """X51 (SH, A31): three buys per player per hand, then no more."""
    g = _long_game("shanghai")
    _buy_times(g, 2, 3)
    _next_window_without(g, 2)


def test_unlimited_buys_continental() -> None:
    """X51 (CONT, A11): no limit: a fifth buy is still allowed."""
    g = scenario("continental", 4, hands=HANDS4, stock=" ".join([STOCK] * 3),
                 discard="AD QC")
    _buy_times(g, 2, 5)
    assert g.state.hand.seats[2].buys == 5


def test_ten_step_four_buys_in_step_ten() -> None:
    """X51 (TS): 3 buys per step in steps 1-9, 4 in step 10."""
    g = _long_game("ten_step")
    _buy_times(g, 2, 3)
    _next_window_without(g, 2)
    g = at_round(_long_game("ten_step"), 10)
    _buy_times(g, 2, 4)
    _next_window_without(g, 2)


def test_seven_hand_one_claim_in_hand_eight() -> None:
    """X51 (7H option eighth_hand, A5): only one "I want it" in hand 8; unlimited before."""
    g = at_round(_long_game("seven_hand", ("eighth_hand",)), 8)
    _buy_times(g, 2, 1)
    _next_window_without(g, 2)
    g = at_round(_long_game("seven_hand", ("eighth_hand",)), 7)
    _buy_times(g, 2, 4)


@pytest.mark.parametrize(("options", "credit", "allowed"), [
    (("nwr_buys",), 2, 5),  # NWR: the two unused buys of hand 1 carry over
    ((), 0, 3),  # A31: no carry-over by default
])
def test_unused_buys_carry_over_only_with_nwr(options: tuple[str, ...], credit: int,
                                              allowed: int) -> None:
    """X51 (SH option nwr_buys): 3 buys a hand in hands 1-7, and unused ones carry over: a
    player who bought once in hand 1 may buy five times in hand 2, not six.  Without the
    option the allowance is 3 again."""
    g = scenario("shanghai", 3, hands=["5H 5S 5D 9C 9D 9S KS", HANDS3_11[1], HANDS3_11[2]],
                 stock="AH 5C " + STOCK, discard="AD QC", options=options)
    ok(g, "draw", 0, source="stock")
    ok(g, "pass", 1)
    ok(g, "buy", 2)  # QC + AH
    _draw_after_buy(g)
    assert held(g, 0, "5C")
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "lay_off", 0, card="5C", meld=0)
    ok(g, "discard", 0, card="KS")
    assert last_result(g).winner == 0 and g.state.game.round == 2
    assert g.state.game.seats[2].buy_credit == credit
    assert g.state.game.seats[1].buy_credit == (3 if options else 0)
    _buy_times(g, 2, allowed)
    _next_window_without(g, 2)


# ----- X52 eligibility --------------------------------------------------------------------------


def test_nobody_claims_his_own_discard() -> None:
    """X52 (A53): the discarder may not buy back his own discard."""
    g = _game("continental")
    from_stock(g, 0)
    ok(g, "discard", 0, card="KS")
    ok(g, "draw", 1, source="stock")
    assert _waiting(g) == [2, 3]
    assert refused(g, "buy", 0) == "not-eligible"


def test_the_refuser_cannot_take_the_upcard_back_in_the_claim_window() -> None:
    """X48/X52: the player in turn who drew from the stock refused the upcard; while the
    others answer, taking it back is refused as that (it is his turn, and his stock draw
    is already made, to be completed when the window closes)."""
    g = _game("continental")
    ok(g, "draw", 0, source="stock")
    assert _waiting(g) == [1, 2, 3]
    assert refused(g, "draw", 0, source="discard") == "upcard-refused"
    assert refused(g, "draw", 0, source="stock") == "already-drawn"
    assert refused(g, "draw", 2, source="discard") == "not-your-turn"
    for p in (1, 2, 3):
        ok(g, "pass", p)
    assert g.state.hand.phase == "play" and held(g, 0, "2H")


def test_down_player_may_claim_continental() -> None:
    """X52 (A11): in CONT a player who is down may still claim."""
    g = scenario("continental", 4, hands=["5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D 8D", *HANDS4[1:]],
                 stock=STOCK, discard="AD QC")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="KS")
    from_stock(g, 1)
    ok(g, "discard", 1, card="KD")
    ok(g, "draw", 2, source="stock")
    ok(g, "pass", 3)
    ok(g, "buy", 0)
    assert held(g, 0, "KD")


# ----- X53 after a claim ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "ten_step"])
def test_pile_dead_or_closed_after_a_claim(name: str) -> None:
    """X53 (CONT pile dead, TS pile closed): after a buy nobody takes the newly exposed
    discard; the player in turn draws from the stock; the pile is open again after his
    discard."""
    g = _game(name)
    ok(g, "draw", 0, source="stock")
    ok(g, "pass", 1)
    ok(g, "buy", 2)
    assert g.state.hand.claim is None and g.state.hand.phase == "play"
    assert pile(g) == ["AD"] and not held(g, 0, "AD") and held(g, 0, "3H")
    assert refused(g, "buy", 3) == "claim-not-open"
    ok(g, "discard", 0, card="KS")
    ok(g, "draw", 1, source="discard")
    assert held(g, 1, "KS")


def test_chain_of_buys_contract_multiple_buys() -> None:
    """X53 (CR-P option multiple_buys): after a buy the next exposed card may be bought
    too, never twice in a row by one player; the player in turn draws when buying stops."""
    g = _game("contract", options=("multiple_buys",))
    ok(g, "draw", 0, source="stock")
    ok(g, "pass", 1)
    ok(g, "buy", 2)  # QC + 2H
    assert _waiting(g) == [1, 3] and pile(g) == ["AD"]
    assert refused(g, "buy", 2) == "not-eligible"
    ok(g, "pass", 1)
    ok(g, "buy", 3)  # AD + 3H
    assert held(g, 3, "AD 3H") and held(g, 2, "QC 2H")
    assert g.state.hand.phase == "play" and held(g, 0, "4H")


def test_single_buy_without_chain_contract() -> None:
    """X53: without multiple_buys one buy closes the window."""
    g = _game("contract")
    ok(g, "draw", 0, source="stock")
    ok(g, "pass", 1)
    ok(g, "buy", 2)
    assert g.state.hand.claim is None and pile(g) == ["AD"]


def test_claimant_waits_for_his_own_turn() -> None:
    """X53 (CONT, CR-P claimant waits): the buyer may not meld or lay off until his own
    turn."""
    g = scenario("contract", 4, hands=[HANDS4[0], HANDS4[1], "QH QS 8C 8D 8H 3S 4S 6S 7S 2C",
                                       HANDS4[3]], stock=STOCK, discard="AD QC")
    ok(g, "draw", 0, source="stock")
    ok(g, "pass", 1)
    ok(g, "buy", 2)
    melds = [["QC", "QH", "QS"], ["8C", "8D", "8H"]]
    assert refused(g, "go_down", 2, melds=melds) == "not-your-turn"
    assert refused(g, "discard", 2, card="2C") == "not-your-turn"
    ok(g, "discard", 0, card="KS")
    from_stock(g, 1)
    ok(g, "discard", 1, card="KD")
    from_stock(g, 2)
    ok(g, "go_down", 2, melds=melds)
    assert hand(g, 2)["QC"] == 0
