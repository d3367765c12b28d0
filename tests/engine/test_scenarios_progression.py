"""Scenarios: individual progression, the end of a game at the last contract, and
Phase 10's Skip (AXES.md X33, X38, X41, X42, X62, X63)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import at_round, from_stock, last_result, ok, refused

from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant


@dataclass(frozen=True)
class Deal:
    """Seat 0 and seat 1 make "2 sets" on their first turns, seat 2 does not; seat 0 goes
    out on his second turn by laying off ``lay`` and discarding ``last``."""

    hands: tuple[str, str, str]
    stock: str
    upcard: str
    sets: tuple[list[list[str]], list[list[str]]]
    throw: tuple[str, str, str]
    lay: str
    last: str


FRENCH = Deal(
    hands=("5H 5S 5D 9C 9D 9S KS", "7H 7S 7D 8C 8D 8S QS QD", "3D 4D 6D 10D JD QD KD"),
    stock="QC JC 10H 5C 6H 6C", upcard="QH",
    sets=([["5H", "5S", "5D"], ["9C", "9D", "9S"]], [["7H", "7S", "7D"], ["8C", "8D", "8S"]]),
    throw=("QC", "JC", "10H"), lay="5C", last="KS")
P10 = Deal(
    hands=("1R 1B 1G 2R 2B 2G 12Y", "3R 3B 3G 4R 4B 4G 10Y 9Y", "5R 6B 7G 9R 10B 11G 12R"),
    stock="11Y 8Y 7Y 1Y 6Y 5Y", upcard="9G",
    sets=([["1R", "1B", "1G"], ["2R", "2B", "2G"]], [["3R", "3B", "3G"], ["4R", "4B", "4G"]]),
    throw=("11Y", "8Y", "7Y"), lay="1Y", last="12Y")


def _game(variant: str | Variant, deal: Deal) -> Game:
    return scenario(variant, 3, hands=list(deal.hands), stock=deal.stock, discard=deal.upcard)


def _play_hand(g: Game, deal: Deal, seat_one_down: bool = True) -> None:
    for p in range(g.rules.players):
        from_stock(g, p)
        if p == 0 or (p == 1 and seat_one_down):
            ok(g, "go_down", p, melds=deal.sets[p])
        ok(g, "discard", p, card=deal.throw[p])
    from_stock(g, 0)
    ok(g, "lay_off", 0, card=deal.lay, meld=0)
    ok(g, "discard", 0, card=deal.last)
    assert last_result(g).winner == 0


# ----- X33 individual progression ---------------------------------------------------------------


@pytest.mark.parametrize(("name", "deal"), [("twelve_step", FRENCH), ("phase10", P10)])
def test_individual_progression_advances_only_those_who_made_it(name: str, deal: Deal) -> None:
    """X33/X56 (12S, P10): everyone who made his contract this hand moves on, whether or
    not he went out; the others repeat theirs."""
    g = _game(name, deal)
    _play_hand(g, deal)
    assert [s.contract for s in g.state.game.seats] == [1, 1, 0]
    assert [s.completed for s in g.state.game.seats] == [[1], [1], []]
    assert g.state.game.round == 2


def test_together_progression_moves_everyone_on() -> None:
    """X33 (CONT, CR, 7H...): all players move on to the next contract, down or not."""
    g = _game("seven_hand", FRENCH)
    _play_hand(g, FRENCH)
    assert g.state.game.round == 2
    assert g.rules.contracts[g.state.game.round - 1].number == 2


def test_one_contract_per_hand() -> None:
    """X38 (12S, P10 explicit): a player makes at most one contract per hand."""
    g = _game("twelve_step", FRENCH)
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=FRENCH.sets[0])
    assert refused(g, "go_down", 0, melds=[["KS", "QC", "5C"]]) == "already-down"


# ----- X62/X63 the last contract --------------------------------------------------------------

T12 = variant_from_text("variant t12 extends twelve_step { contracts { 12: 2 sets } }", "t12")
T10 = variant_from_text("variant t10 extends phase10 { contracts { 10: 2 sets of 3 } }", "t10")


def test_game_ends_when_a_player_completes_the_last_contract() -> None:
    """X62/X63 (12S): the first to complete contract 12 wins even with the higher total
    (the last contract is '2 sets' in this test variant)."""
    g = at_round(_game(T12, FRENCH), 12)
    g.state.game.seats[0].total = 200
    _play_hand(g, FRENCH, seat_one_down=False)
    assert g.state.hand.phase == "game-over" and g.state.game.winners == [0]


def test_several_finish_the_last_contract_lowest_total_wins() -> None:
    """X63 (12S, P10): when several complete the last contract in one hand, the lowest
    total among them wins; a player who did not finish cannot win."""
    g = at_round(_game(T12, FRENCH), 12)
    g.state.game.seats[0].total = 200
    g.state.game.seats[2].total = -500
    _play_hand(g, FRENCH)
    assert g.state.game.winners == [1]


def test_tie_on_the_last_contract_shared_twelve_step() -> None:
    """X63 (12S, A39): finishers tied on points share the win."""
    g = at_round(_game(T12, FRENCH), 12)
    g.state.game.seats[0].total = 20  # seat 1 adds QS QD = 20
    _play_hand(g, FRENCH)
    assert g.state.hand.phase == "game-over" and g.state.game.winners == [0, 1]


def test_tie_on_the_last_phase_replayed_phase10() -> None:
    """X63 (P10, IG/WM): tied finishers replay phase 10 as a tie-break hand; the others sit
    it out of the running."""
    g = at_round(_game(T10, P10), 10)
    g.state.game.seats[0].total = 15  # seat 1 adds 10Y (10) + 9Y (5)
    _play_hand(g, P10)
    assert g.state.hand.phase != "game-over" and g.state.game.contenders == [0, 1]
    assert [s.contract for s in g.state.game.seats[:2]] == [9, 9]


def test_any_order_ends_when_every_phase_is_done() -> None:
    """X33/X62 (P10 option any_order): the game ends when a player has made all ten phases,
    in whatever order."""
    g = _game(variant_from_text("variant ao extends phase10 { contracts { 7: 2 sets of 3 } }",
                                "ao", ("any_order",)), P10)
    g.state.game.seats[0].completed = [1, 2, 3, 4, 5, 6, 8, 9, 10]
    _play_hand(g, P10, seat_one_down=False)
    assert g.state.hand.seats[0].down_contract == 7  # the one phase still open
    assert g.state.hand.phase == "game-over" and g.state.game.winners == [0]


# ----- X41/X42 Phase 10 Skip -------------------------------------------------------------------

P10_HANDS = ["1R 1B 1G 2R 2B 2G 3R 4R 5R SK", "7R 7B 7G 8R 8B 8G 9R 10R 11R 12R",
             "3B 4B 5B 6B 7Y 8Y 9Y 10Y 11Y 12Y"]


def test_skip_makes_the_next_player_lose_his_turn() -> None:
    """X42 (P10): discarding a Skip makes the next player lose his next turn."""
    g = scenario("phase10", 3, hands=P10_HANDS, stock="3G 4G 5G 6G 7G", discard="9B")
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="SK")
    assert g.state.hand.turn == 2
    assert refused(g, "draw", 1, source="stock") == "not-your-turn"
    ok(g, "draw", 2, source="stock")
    ok(g, "discard", 2, card="12Y")
    assert g.state.hand.turn == 0  # seat 1's skip is spent: the round of turns goes on
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="5R")
    assert g.state.hand.turn == 1


def test_skip_never_taken_from_the_pile() -> None:
    """X41 (P10, AMD): a Skip can never be taken from the discard pile."""
    g = scenario("phase10", 3, hands=P10_HANDS, stock="3G 4G 5G 6G 7G", discard="9B")
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="SK")
    assert refused(g, "draw", 2, source="discard") == "never-taken"
    ok(g, "draw", 2, source="stock")


def test_skip_chooser_names_the_target() -> None:
    """X42 (P10 option skip_chooser): the discarder picks whom the Skip hits, never
    himself."""
    g = scenario("phase10", 3, hands=P10_HANDS, stock="3G 4G 5G 6G 7G", discard="9B",
                 options=("skip_chooser",))
    ok(g, "draw", 0, source="stock")
    assert refused(g, "discard", 0, card="SK") == "bad-target"
    assert refused(g, "discard", 0, card="SK", target=0) == "bad-target"
    ok(g, "discard", 0, card="SK", target=2)
    assert g.state.hand.turn == 1
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="12R")
    assert g.state.hand.turn == 0  # seat 2 lost his turn


def _skip_last(options: tuple[str, ...] = ()) -> Game:
    """Seat 0 goes down and lays off everything but his Skip."""
    g = scenario("phase10", 2, hands=["1R 1B 1G 2R 2B 2G 1Y 2Y 1B SK",
                                      "7R 7B 7G 8R 8B 8G 9R 10R 11R 12R"],
                 stock="2G 4G 5G", discard="9B", options=options)
    ok(g, "draw", 0, source="stock")  # 2G
    ok(g, "go_down", 0, melds=[["1R", "1B", "1G"], ["2R", "2B", "2G"]])
    for card, meld in (("1Y", 0), ("1B", 0), ("2Y", 1)):
        ok(g, "lay_off", 0, card=card, meld=meld)
    return g


def test_skip_may_be_the_last_card_by_default() -> None:
    """X42 (A44): by default a player may go out on a Skip."""
    g = _skip_last()
    ok(g, "lay_off", 0, card="2G", meld=1)
    ok(g, "discard", 0, card="SK")
    assert g.state.game.results[-1].winner == 0


def test_skip_not_last_card_option() -> None:
    """X42 (P10 option opt_skips, A44): a Skip may not be a player's last card: he cannot
    lay off his other cards so that only the Skip is left to discard."""
    g = _skip_last(("opt_skips",))
    code = refused(g, "lay_off", 0, card="2G", meld=1)
    assert code == "skip-last-card"
    ok(g, "discard", 0, card="SK")  # with another card held, the Skip may go
    assert not g.state.game.results


def _two_skips(options: tuple[str, ...]) -> Game:
    g = scenario("phase10", 2, hands=["1R 1B 1G 2R 2B 2G 3R SK SK SK",
                                      "7R 7B 7G 8R 8B 8G 9R 10R 11R 12R"],
                 stock="2G 4G 5G 6G", discard="9B", options=options)
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="SK")
    assert g.state.hand.turn == 0  # two players: seat 1 lost his turn
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="SK")
    return g


def test_repeat_skips_allowed_by_default() -> None:
    """X42 (A44): by default a player may be skipped again at once."""
    g = _two_skips(())
    assert g.state.hand.turn == 0


def test_no_repeat_skips_option() -> None:
    """X42 (P10 option opt_skips, A44): a skipped player cannot be skipped again until he
    has played: the second Skip in a row has no effect on him."""
    g = _two_skips(("opt_skips",))
    assert g.state.hand.turn == 1
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="12R")
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="SK")  # he has played since: he may be skipped again
    assert g.state.hand.turn == 0
