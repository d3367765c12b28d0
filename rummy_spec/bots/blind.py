"""Bots are handed the world as a seat sees it, never the real one.

:func:`seen` wraps a bot: before each choice, every card hidden from the seats choosing
(the other seats' hands and the stock) is dealt again at random among those places, so
the bot reads its own hand, the table, the pile and every count as they are, and nothing
hidden.  A bot that looked at a hidden card would choose otherwise in another world:
``tests/bots/test_blind_bots.py`` plays games in which each choice is made twice, on the
real state and on a world sampled from the seat's view (``Game.sample``), and finds the
same choice every time.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..engine.records.rules import Rules
from ..engine.records.state import Move, State

Bot = Callable[[Rules, State, list[Move]], Move]


def blinded(state: State, seats: set[int], rng: random.Random) -> State:
    """A copy of ``state`` in which the cards of the hands of seats outside ``seats``
    and of the stock are dealt again among those places: turned round by a random
    number of places (a shuffle would cost a bot game twice its time), so no card
    hidden from the seats is where it really is, except by a repeated card."""
    world = state.clone()
    h = world.hand
    pool = list(h.stock)
    others = [s for i, s in enumerate(h.seats) if i not in seats]
    for s in others:
        pool.extend(s.hand)
    if len(pool) > 1:
        turn = rng.randrange(1, len(pool))
        pool = pool[turn:] + pool[:turn]
    at = len(h.stock)
    h.stock = pool[:at]
    for s in others:
        s.hand = pool[at:at + len(s.hand)]
        at += len(s.hand)
    world.game.seed = rng.getrandbits(32)  # the seed would tell later shuffles
    h.restocks = []
    return world


def seen(make: Callable[[int], Bot], name: str) -> Callable[[int], Bot]:
    """The bot factory ``make``, its bots handed a blinded world at each choice."""

    def factory(seed: int) -> Bot:
        bot = make(seed)
        rng = random.Random(f"blind-{name}:{seed}")

        def choose(rules: Rules, state: State, actions: list[Move]) -> Move:
            return bot(rules, blinded(state, {a.player for a in actions}, rng), actions)

        return choose

    return factory
