"""A seeded game played to its end by the planner, the referee checking every step and
every state on the way: each move is handed to the caller with the state before it."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from rummy_spec.bots.planner import planner_bot
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import Move, State
from rummy_spec.lang.model import Variant
from rummy_spec.laws.variant import Laws
from rummy_spec.testing.referee import Referee


def refereed_game(variant: Variant, players: int, seed: int
                  ) -> Iterator[tuple[Game, State, Move]]:
    """(game after the move, state before it, move) for every move of the game."""
    g = Game(variant, players, seed)
    bot = planner_bot(seed)
    referee = Referee(Laws(variant, players), g.state)
    while not g.over:
        pre = g.state.clone()
        move = bot(g.rules, g.state, g.legal_actions())
        g.apply(move)
        referee.check_step(pre, move, g.state)
        referee.check_state(g.state)
        yield g, pre, move


def refereed_end(variant: Variant, players: int, seed: int) -> Game:
    """The game of :func:`refereed_game`, played to its end."""
    (g, _, _), = deque(refereed_game(variant, players, seed), maxlen=1)
    return g
