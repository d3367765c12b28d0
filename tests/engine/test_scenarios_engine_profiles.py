"""Scenarios: the gin rules of two real engines, as the profiles ``gin_openspiel`` and
``gin_rlcard`` state them (the wall, a declared dead hand, no upcard, forced gin, flat knock
scores, zero-sum hands, one-hand games, the lay-off limit on runs, the card taken)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import hand, last_result, meld_of, ok, refused

from rummy_spec.engine.game import Game
from rummy_spec.lang import load

KNOCKER = "AS 2S 3S 4H 5H 6H 7C 8C 9C 5D"  # three melds, deadwood 5D = 5


def openspiel(knocker: str = KNOCKER, defender: str = "AH 2H 3H 7S 8S 9S 10D JD QD KC",
              stock: str = "QS QC JH 10H 10S", upcard: str = "9D") -> Game:
    """Seat 0 (non-dealer) and seat 1 pass the first upcard; seat 0 draws from the stock."""
    g = scenario("gin_openspiel", 2, hands=[knocker, defender], stock=stock, discard=upcard)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    return g


# ----- OpenSpiel: the first player, the offer, the card taken ---------------------------------


@pytest.mark.parametrize("seed", range(6))
def test_openspiel_seat_zero_always_plays_first(seed: int) -> None:
    """`first dealer last seat`: the last seat deals, so seat 0 is offered the upcard first."""
    g = Game(load("gin_openspiel"), 2, seed=seed)
    assert g.state.game.dealer == 1
    assert g.state.hand.phase == "offer" and g.state.hand.offer == [0, 1]
    assert refused(g, "draw", 1, source="discard") == "no-offer"


def test_openspiel_after_two_passes_the_non_dealer_draws_from_the_stock() -> None:
    g = scenario("gin_openspiel", 2, hands=[KNOCKER, "AH 2H 3H 7S 8S 9S 10D JD QD KC"],
                 stock="QS QC JH 10H", discard="9D")
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    assert refused(g, "draw", 0, source="discard") == "upcard-refused"
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.discard == [g.rules.table.parse("9D")]  # the passed upcard stays under


def test_openspiel_the_card_taken_may_be_thrown_back() -> None:
    """`may discard the card taken` (OpenSpiel lists every card held as a discard); gin,
    its parent, refuses it."""
    g = scenario("gin_openspiel", 2, hands=[KNOCKER, "AH 2H 3H 7S 8S 9S 10D JD QD KC"],
                 stock="QS QC JH 10H", discard="9D")
    ok(g, "draw", 0, source="discard")
    ok(g, "discard", 0, card="9D")
    parent = scenario("gin", 2, hands=[KNOCKER, "AH 2H 3H 7S 8S 9S 10D JD QD KC"],
                      stock="QS QC JH 10H", discard="9D")
    ok(parent, "draw", 0, source="discard")
    assert refused(parent, "discard", 0, card="9D") == "keep-taken-card"


# ----- OpenSpiel: the knock and its score ------------------------------------------------------


def test_openspiel_a_knock_is_zero_sum_and_ends_the_game() -> None:
    g = openspiel(defender="AH 2H 3H 7S 8S 9S 4D 6C KC QC")  # deadwood 4+6+10+10 = 30
    ok(g, "knock", 0, card="QS")
    ok(g, "pass", 1)
    res = last_result(g)
    assert (res.ending, res.winner, res.scores) == ("knock", 0, [25, -25])
    assert g.state.over and g.state.game.winners == [0]
    assert [s.total for s in g.state.game.seats] == [25, -25]


def test_openspiel_equal_deadwood_is_no_undercut() -> None:
    """`undercut strictly less`: with 5 against 5 the knocker wins 0 points."""
    g = openspiel(defender="AH 2H 3H 7S 8S 9S 10D JD QD 5C")
    ok(g, "knock", 0, card="QS")
    ok(g, "pass", 1)
    res = last_result(g)
    assert (res.ending, res.winner, res.scores) == ("knock", 0, [0, 0])


def test_openspiel_less_deadwood_undercuts() -> None:
    g = openspiel(defender="AH 2H 3H 7S 8S 9S 10D JD QD 4C")
    ok(g, "knock", 0, card="QS")
    ok(g, "pass", 1)
    res = last_result(g)
    assert (res.ending, res.winner, res.scores) == ("undercut", 1, [-26, 26])


def test_openspiel_no_big_gin() -> None:
    """`no big gin`: eleven melded cards still knock with a discard, as gin."""
    g = openspiel(knocker="AS 2S 3S 4H 5H 6H 7C 8C 9C 10C", stock="JC QC JH 10H")
    assert refused(g, "knock", 0) == "no-big-gin"
    ok(g, "knock", 0, card="JC")
    res = last_result(g)
    assert res.ending == "gin" and res.scores == [35, -35]  # KC 10 + 25, no lay-off


def test_openspiel_a_run_takes_at_most_two_lay_offs_per_end() -> None:
    """`lay off at most 2 per run end` (OpenSpiel's AllLayoffs)."""
    g = openspiel(defender="7H 8H 9H 2H 3H AH KC KD QC JS")
    ok(g, "knock", 0, card="QS")
    run = meld_of(g, "5H")
    ok(g, "lay_off", 1, card="7H", meld=run)
    ok(g, "lay_off", 1, card="8H", meld=run)
    assert refused(g, "lay_off", 1, card="9H", meld=run) == "layoff-limit"
    ok(g, "lay_off", 1, card="3H", meld=run)
    ok(g, "lay_off", 1, card="2H", meld=run)
    assert refused(g, "lay_off", 1, card="AH", meld=run) == "layoff-limit"
    ok(g, "pass", 1)
    assert last_result(g).details["defender_deadwood"] == 1 + 9 + 40


# ----- OpenSpiel: the wall ---------------------------------------------------------------------


def to_the_wall(knocker: str = KNOCKER, defender: str = "AH 2H 3H 7S 8S 9S 10D JD QD KC",
                thrown: str = "KC") -> Game:
    """Stock of 4: seat 0 draws and throws it back, seat 1 draws and throws ``thrown``:
    two cards are left and seat 0 is at the wall."""
    g = openspiel(knocker, defender, stock="QS QC JH 10H")
    ok(g, "discard", 0, card="QS")
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card=thrown)
    assert len(g.state.hand.stock) == 2 and g.state.hand.turn == 0 and g.state.hand.phase == "draw"
    return g


def test_openspiel_at_the_wall_a_pass_ends_the_hand_dead() -> None:
    g = to_the_wall(knocker="AS 2S 3S 4H 5H 6H 7C 8C KD QD")
    assert refused(g, "draw", 0, source="stock") == "wall"
    assert refused(g, "draw", 0, source="discard") == "wall-knock-only"  # KC: deadwood 25
    assert refused(g, "pass", 1) == "not-your-turn"
    ok(g, "pass", 0)
    res = last_result(g)
    assert (res.ending, res.scores) == ("dead", [0, 0]) and g.state.over


def test_openspiel_at_the_wall_the_upcard_is_taken_only_to_knock() -> None:
    g = to_the_wall(knocker="AS 2S 3S 4H 5H 6H 7C 8C 9C KD",
                    defender="AH 2H 3H 7S 8S 9S 10D JD QD 4D", thrown="4D")
    ok(g, "draw", 0, source="discard")  # 4D: deadwood 4 once KD goes
    assert refused(g, "discard", 0, card="KD") == "wall-knock-only"
    ok(g, "knock", 0, card="KD")
    assert g.state.hand.phase == "layoff"


def test_the_parent_has_no_wall() -> None:
    """Gin's `dead at 2`: the discard that leaves two stock cards ends the hand."""
    g = scenario("gin", 2, hands=[KNOCKER, "AH 2H 3H 7S 8S 9S 10D JD QD KC"],
                 stock="QS QC JH 10H", discard="9D", dealer=1)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="QS")
    ok(g, "draw", 1, source="stock")
    assert refused(g, "pass", 1) == "claim-not-open"
    ok(g, "discard", 1, card="KC")
    assert last_result(g).ending == "dead"


# ----- RLCard: no upcard, forced gin, flat scores, no lay-offs ---------------------------------


FIRST = "AS 2S 3S 4H 5H 6H 7C 8C 9C 5D QS"  # eleven cards: knock QS leaves 5D


def rlcard(first: str = FIRST, second: str = "AH 2H 3H 7S 8S 9S 10D JD QD 3C",
           stock: str = "KC KD JH 10H 10S") -> Game:
    return scenario("gin_rlcard", 2, hands=[first, second], stock=stock, discard="")


@pytest.mark.parametrize("seed", range(6))
def test_rlcard_deal_has_no_upcard(seed: int) -> None:
    """`no upcard`: the non-dealer holds eleven cards and starts by discarding."""
    g = Game(load("gin_rlcard"), 2, seed=seed)
    s = g.state
    first = (s.game.dealer + 1) % 2
    assert s.hand.turn == first and s.hand.phase == "play" and not s.hand.discard
    seats = s.hand.seats
    assert (len(seats[first].hand), len(seats[s.game.dealer].hand), len(s.hand.stock)) == (
        11, 10, 31)
    assert refused(g, "draw", first, source="stock") == "already-drawn"


def test_rlcard_knock_scores_twenty_and_the_defender_minus_his_deadwood() -> None:
    """`method minus deadwood`, `knock bonus 20`: no lay-off, no undercut (3 < 5)."""
    g = rlcard()
    ok(g, "knock", 0, card="QS")
    res = last_result(g)
    assert (res.ending, res.winner, res.scores) == ("knock", 0, [20, -3])
    assert g.state.over and g.state.game.winners == [0]


def test_rlcard_gin_is_forced() -> None:
    """`gin forced`: when a knock can leave no deadwood, nothing else is allowed."""
    g = rlcard(first="AS 2S 3S 4H 5H 6H 7C 8C 9C 10C KD")
    assert refused(g, "discard", 0, card="KD") == "must-go-gin"
    assert refused(g, "discard", 0, card="AS") == "must-go-gin"
    assert refused(g, "knock", 0, card="10C") == "must-go-gin"  # a knock with KD = 10 left
    assert {a.card for a in g.legal_actions()} == {g.rules.table.parse("KD")}
    ok(g, "knock", 0, card="KD")
    res = last_result(g)
    assert (res.ending, res.scores) == ("gin", [100, -3])


def test_rlcard_the_card_taken_may_go_only_in_a_knock() -> None:
    """`may knock with the card taken`: a plain discard of it is refused."""
    g = rlcard()
    ok(g, "discard", 0, card="QS")
    ok(g, "draw", 1, source="discard")
    assert refused(g, "discard", 1, card="QS") == "keep-taken-card"
    ok(g, "knock", 1, card="QS")
    assert last_result(g).scores == [-5, 20]


def test_rlcard_low_stock_dead_hand_or_play_on() -> None:
    """`dead hand declared at 2`: with two stock cards the player to draw takes the upcard
    and plays on, or declares the hand dead; every player then loses his deadwood."""
    g = rlcard(stock="KC KD JH")
    assert refused(g, "dead_hand", 0) == "no-dead-hand"
    ok(g, "discard", 0, card="QS")
    assert refused(g, "dead_hand", 1) == "no-dead-hand"  # three stock cards
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="KC")
    assert refused(g, "draw", 0, source="stock") == "low-stock"
    assert refused(g, "dead_hand", 1) == "not-your-turn"
    ok(g, "draw", 0, source="discard")  # play on with the upcard
    ok(g, "discard", 0, card="5D")
    assert hand(g, 0)["KC"] == 1
    ok(g, "dead_hand", 1)
    res = last_result(g)
    assert (res.ending, res.scores) == ("dead", [-10, -3]) and g.state.over


def test_dead_hand_only_where_the_spec_has_it() -> None:
    g = openspiel()
    assert refused(g, "dead_hand", 0) == "no-dead-hand"
