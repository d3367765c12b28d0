"""Scenarios: an empty stock (AXES.md X5, X56, X58)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import FILL, from_stock, hand, last_result, ok, pile, refused, stock

from rummy_spec.engine.game import Game

BELOW = "3C 4D 5S 6H 7C 8D"


def _empty_stock(name: str, players: int = 3, below: str = BELOW) -> Game:
    """Nothing left in the stock; the pile holds ``below`` under the upcard QC."""
    hands = ([f"1R 2R 3R 4R 5R 6R 7R 8R 9R {c}" for c in ("10R", "11R", "12R")]
             if name == "phase10" else [FILL] * players)
    return scenario(name, players, hands=hands[:players], stock="", discard=f"{below} QC")


@pytest.mark.parametrize("name", ["contract", "seven_hand", "liverpool", "shanghai",
                                  "twelve_step", "contract_wikipedia", "contract_bicycle"])
def test_reshuffle_keeps_the_top_discard(name: str) -> None:
    """X58 (CR-P, 7H, LIV/SH/12S dflt): the discards but the top card are shuffled into a
    new stock; the top card starts the new pile."""
    g = _empty_stock(name)
    ok(g, "draw", 0, source="stock")
    assert g.state.hand.claim is None  # A54: nothing to pay a claim with
    assert pile(g) == ["QC"]
    drawn = hand(g, 0) - Counter(FILL.split())
    assert sum(drawn.values()) == 1
    assert Counter(stock(g)) + drawn == Counter(BELOW.split())
    assert g.state.hand.exhaustions == 1


def test_reshuffle_shuffles_phase10() -> None:
    """X58 (P10): reshuffle as well, seeded: the new stock is a permutation of the pile."""
    below = "1B 2B 3B 4B 5B 6B 7B 8B 9B 10B 11B 12B"
    hands = [f"1R 2R 3R 4R 5R 6R 7R 8R 9R {c}" for c in ("10R", "11R", "12R")]
    g = scenario("phase10", 3, hands=hands, stock="", discard=f"{below} 1G")
    ok(g, "draw", 0, source="stock")
    rest = stock(g)
    assert pile(g) == ["1G"] and len(rest) == 11
    assert rest != below.split()[:-1] and rest != list(reversed(below.split()))[1:]


def test_turn_over_whole_pile_unshuffled_rummy() -> None:
    """X58 (Rummy, Bicycle): the next player "may turn the discard pile over to form a new
    stock (without shuffling it) and draw the top card": the whole pile, the upcard too;
    the first card discarded is now the top of the stock, and the pile starts again with
    his discard."""
    g = _empty_stock("rummy")
    ok(g, "draw", 0, source="stock")
    assert hand(g, 0)["3C"] == 1
    assert stock(g) == ["4D", "5S", "6H", "7C", "8D", "QC"] and pile(g) == []
    ok(g, "discard", 0, card="3C")
    assert pile(g) == ["3C"] and len(stock(g)) == 6
    ok(g, "draw", 1, source="discard")


def test_turn_over_keeps_the_upcard_continental() -> None:
    """X58 (CONT, A14): Continental's turning over leaves the top discard as the pile."""
    g = _empty_stock("continental", players=4)
    from_stock(g, 0)
    assert stock(g) == ["4D", "5S", "6H", "7C", "8D"] and pile(g) == ["QC"]


def test_empty_stock_upcard_still_taken_rummy() -> None:
    """X58 (RUM): with an empty stock the next player may take the upcard instead."""
    g = _empty_stock("rummy")
    ok(g, "draw", 0, source="discard")
    assert hand(g, 0)["QC"] == 1 and g.state.hand.exhaustions == 0


def test_nothing_to_draw() -> None:
    """X58: with no stock and only the upcard, which the refill would keep, a stock draw is
    refused (CR-P); where the whole pile is turned over (RUM) that card is the stock."""
    g = scenario("contract", 3, hands=[FILL] * 3, stock="", discard="QC")
    assert refused(g, "draw", 0, source="stock") == "stock-empty"
    ok(g, "draw", 0, source="discard")
    g = scenario("rummy", 3, hands=[FILL] * 3, stock="", discard="QC")
    ok(g, "draw", 0, source="stock")
    assert hand(g, 0)["QC"] == 1 and pile(g) == [] and stock(g) == []


def test_continental_turn_over_once_then_the_hand_ends() -> None:
    """X58/X56 (CONT, A14): the pile is turned over once, unshuffled; when the stock runs
    out again the hand ends and every player scores what he holds."""
    g = _empty_stock("continental", players=4, below="3C 4D")
    from_stock(g, 0)
    assert hand(g, 0)["3C"] == 1 and stock(g) == ["4D"] and pile(g) == ["QC"]
    ok(g, "discard", 0, card="3C")
    from_stock(g, 1)  # 4D, the last card
    ok(g, "discard", 1, card="4D")
    held = [g.rules.hand_points(s.hand) for s in g.state.hand.seats]
    ok(g, "draw", 2, source="stock")
    res = last_result(g)
    assert res.ending == "stock" and res.winner is None
    assert res.scores == held and all(held)
    assert g.state.game.round == 2


def test_ten_step_second_exhaustion_replays_with_an_extra_deck() -> None:
    """X5/X58 (TS): the first time the pile is reshuffled; the second time the hand is
    replayed (same hand number, nobody scores) with one more pack."""
    g = _empty_stock("ten_step", players=3, below="3C 4D")
    from_stock(g, 0)
    assert g.state.hand.exhaustions == 1 and pile(g) == ["QC"]
    ok(g, "discard", 0, card=g.card_text(g.state.hand.seats[0].hand)[-1])
    from_stock(g, 1)
    ok(g, "discard", 1, card=g.card_text(g.state.hand.seats[1].hand)[-1])
    before = g.state.game.deal_no
    ok(g, "draw", 2, source="stock")
    res = last_result(g)
    assert res.ending == "replay" and res.scores == [0, 0, 0]
    assert g.state.game.round == 1 and g.state.game.deal_no == before + 1
    assert g.state.card_count() == 108 + 54  # 3 players: 2 packs, and one more
    assert all(len(s.hand) == 11 for s in g.state.hand.seats)
    assert all(s.total == 0 for s in g.state.game.seats)


def test_gin_dead_hand_at_two_stock_cards() -> None:
    """X56/X58 (GIN, A45): nobody knocked and only 2 stock cards left: the hand is dead,
    nobody scores, and the same dealer deals again."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C JD KD",
                                  "AH 2H 3H 4D 5D 6D 7S 8S 9S KC"],
                 stock="QS QH QD", discard="10D", dealer=1)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="QS")
    res = last_result(g)
    assert res.ending == "dead" and res.scores == [0, 0] and res.winner is None
    assert g.state.game.dealer == 1 and g.state.game.round == 1
    assert [s.total for s in g.state.game.seats] == [0, 0]


def test_gin_plays_on_above_two_stock_cards() -> None:
    """X58 (GIN): with three stock cards left after the discard, play goes on."""
    g = scenario("gin", 2, hands=["AS 2S 3S 4H 5H 6H 7C 8C JD KD",
                                  "AH 2H 3H 4D 5D 6D 7S 8S 9S KC"],
                 stock="QS QH QD 10S", discard="10D", dealer=1)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="QS")
    assert not g.state.game.results and g.state.hand.turn == 1


def test_no_card_anywhere_to_draw_runs_the_stock_ladder_on() -> None:
    """A stock and a pile both empty (floaters who laid every card leave no pile): the
    player in turn may still draw from the stock, and the stock rule runs.  Ten Step's
    reshuffle has nothing to shuffle, so its next rule applies at once: the hand is
    replayed with one more deck."""
    g = scenario("ten_step", 3, hands=["3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
                                       "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD",
                                       "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"],
                 stock="", discard="")
    draws = [a for a in g.legal_actions() if a.type == "draw"]
    assert [a.source for a in draws] == ["stock"]
    g.apply(draws[0])
    assert g.state.game.results[-1].ending == "replay"
    assert g.state.game.extra_decks == 1 and g.legal_actions()


def test_no_card_anywhere_to_draw_abandons_a_one_rule_ladder() -> None:
    """With one rule (reshuffle) that makes no stock, the round is abandoned, no card
    being left to draw, rather than left with no legal move."""
    g = scenario("contract", 2, hands=["3C 4C 5C 6C 7C 8C 9C 10C JC QC",
                                       "3D 4D 5D 6D 7D 8D 9D 10D JD QD"],
                 stock="", discard="")
    draws = [a for a in g.legal_actions() if a.type == "draw"]
    assert [a.source for a in draws] == ["stock"]
    g.apply(draws[0])
    assert g.state.game.results[-1].ending == "abandoned"
