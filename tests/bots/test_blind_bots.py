"""Bots choose from what their seat sees: handed a world whose hidden cards are dealt
again (a sample from the seat's view), each makes the same choice as on the real state;
and the bots the package gives are handed such worlds only."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rummy_spec.bots import BOTS, planner, simple
from rummy_spec.bots.blind import Bot, blinded
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import Move, State
from rummy_spec.lang import load

GAMES = [("gin", 2), ("continental", 4), ("liverpool", 4), ("phase10", 3),
         ("ten_step", 3), ("rummy", 3)]
MOVES = 150


def world_for(g: Game, seats: set[int], rng: random.Random) -> State:
    """The seat's sampled world where one seat chooses; else (a claim window answered
    by several) the cards hidden from all of them dealt again."""
    if len(seats) == 1:
        return g.sample(next(iter(seats)), rng).state
    return blinded(g.state, seats, rng)


@pytest.mark.parametrize("make", [simple.greedy_bot, planner.planner_bot],
                         ids=["greedy", "planner"])
@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_the_same_choice_in_a_sampled_world(make: Callable[[int], Bot], variant: str,
                                            players: int) -> None:
    g = Game(load(variant), players, 7)
    on_real, on_world = make(7), make(7)
    rng = random.Random(1)
    compared = 0
    for _ in range(MOVES):
        if g.over:
            break
        actions = g.legal_actions()
        seats = {a.player for a in actions}
        world = world_for(g, seats, rng)
        assert world != g.state or len(seats) == players  # hidden cards really moved
        real = on_real(g.rules, g.state, actions)
        other = on_world(g.rules, world, actions)
        assert other == real, (variant, len(g.history), real, other)
        compared += 1
        g.apply(real)
    assert compared >= 50


def test_a_bot_that_peeks_is_caught() -> None:
    """The comparison bites: a bot that draws from the stock when its top card is even."""
    def peeking(seed: int) -> Bot:
        def choose(rules: Rules, state: State, actions: list[Move]) -> Move:
            stock = state.hand.stock
            even = bool(stock) and stock[-1] % 2 == 0
            draws = [a for a in actions if a.type == "draw" and (a.source == "stock") == even]
            return (draws or actions)[0]
        return choose

    with pytest.raises(AssertionError):
        test_the_same_choice_in_a_sampled_world(peeking, "gin", 2)


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_the_package_bots_play_as_the_bots_inside(name: str) -> None:
    """``BOTS`` hands the bot a blinded world: the game it plays is the one the bot
    inside plays on the real state."""
    inner = {"greedy": simple.greedy_bot, "planner": planner.planner_bot}[name]
    histories = []
    for bot in (BOTS[name](3), inner(3)):
        g = Game(load("continental"), 4, 3)
        for _ in range(200):
            if g.over:
                break
            actions = g.legal_actions()
            g.apply(bot(g.rules, g.state, actions))
        histories.append(g.history)
    assert histories[0] == histories[1] and len(histories[0]) >= 100


def test_random_reads_the_actions_only() -> None:
    g = Game(load("gin"), 2, 1)
    actions = g.legal_actions()
    picks = [BOTS["random"](5)(g.rules, state, actions)
             for state in (g.state, blinded(g.state, set(), random.Random(0)))]
    assert picks[0] == picks[1]
