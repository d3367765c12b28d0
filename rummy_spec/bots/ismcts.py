"""``ismcts``: single-observer information-set Monte Carlo tree search.

The searching seat knows only its view.  Each iteration deals the cards hidden from it
again (:meth:`rummy_spec.engine.game.Game.sample`: a world its view cannot tell from the
real one), walks one tree of moves down that world, adds one move, plays the round on
by a cheap policy for a few moves and scores where it stopped; the tree's statistics
are shared by every world, so a move is judged over many deals of the hidden cards
(Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG
4(2), 2012: SO-ISMCTS, selection by UCB1 over the moves available in the world, each
move counting how often it was available).

* Every seat's moves are in the tree, the opponents' as they are legal in the world
  being walked; the stock's next card is whatever the world deals.
* The playout takes uniformly random legal moves, at most ``depth`` of them, and ends
  early where the round ends.
* Scores, one per seat, between 0 and 1: where the round ended, mostly who won it (an
  even share where nobody did), the rest by the round's points (more points better
  where the game's highest total wins, fewer where the lowest does); else by the
  points each hand would leave unmelded in its best arrangement (``Rules.arrange``),
  fewer points scoring more, within 0.2..0.8 for two players (below a round won).
  Each seat is judged by its own hand only: the other hands are dealt afresh in every
  world, and weighing them would drown the difference between two discards in the
  noise of the deal.
* The move played is the root's most visited (the first listed on a tie).

The search never reads the real position: it asks the game only for the seat's legal
actions (which depend on its view alone) and for sampled worlds, which are dealt from
the view (the hidden cards are put in a fixed order before they are shuffled, so the
worlds depend on the view and the random stream only).  ``tests/bots/test_ismcts.py``
hands it a game whose hidden cards were dealt again and finds the same choice for the
same seed.  Nothing here names a variant; a seat with one legal move plays it at once.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..engine.game import Game
from ..engine.records.state import Move
from ..engine.solving.plan import SearchTooBig

Player = Callable[[Game, list[Move]], Move]

ITERATIONS = 40  # the ladder's budget: iterations per choice
DEPTH = 2  # moves of playout after the tree
EXPLORE = 0.7  # UCB1's exploration constant (scores lie in 0..1)
SPREAD = 100.0  # unmelded points that bring a seat's judged score to its least
MARGIN = 0.15  # the part of a finished round's score given by its points
POINTS = 100.0  # round points that move that part from even to 0 or 1
SQUEEZE = 0.6  # a position judged by its points scores less than a round won


@dataclass
class Node:
    """The moves tried from a position of the tree, and how they fared for their
    mover."""

    mover: int  # the seat whose move led here (-1 at the root)
    children: dict[Move, Node] = field(default_factory=dict)
    visits: int = 0
    available: int = 0  # iterations in which the move leading here was legal
    total: float = 0.0  # the mover's scores summed

    def ucb(self) -> float:
        return (self.total / self.visits
                + EXPLORE * math.sqrt(math.log(self.available) / self.visits))


def ismcts_player(seed: int, iterations: int = ITERATIONS, depth: int = DEPTH) -> Player:
    """A searching player, its random stream fixed by ``seed``."""
    rng = random.Random(f"ismcts:{seed}")

    def choose(game: Game, actions: list[Move]) -> Move:
        seat = actions[0].player
        mine = [a for a in actions if a.player == seat]
        if len(mine) == 1:
            return mine[0]
        return search(game, seat, mine, rng, iterations, depth)

    return choose


def _movers(actions: list[Move]) -> list[Move]:
    """The actions of the first seat that may act (as the bot games choose)."""
    p = actions[0].player
    return [a for a in actions if a.player == p]


def search(game: Game, seat: int, actions: list[Move], rng: random.Random,
           iterations: int, depth: int) -> Move:
    """The move ``seat`` plays among ``actions`` after ``iterations`` iterations."""
    root = Node(-1)
    start = len(game.state.game.results)
    for _ in range(max(1, iterations)):
        world = game.sample(seat, rng)
        world.knowledge = None  # nobody asks this world for a view: skip its upkeep
        node, path = root, [root]
        legal = actions
        while True:
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            untried = [a for a in legal if a not in node.children]
            if untried:
                move = untried[rng.randrange(len(untried))]
                node.children[move] = Node(move.player, available=1)
            else:
                move = max(legal, key=lambda a: node.children[a].ucb())
            node = node.children[move]
            path.append(node)
            world.apply_trusted(move)
            if untried or _ended(world, start):
                break
            legal = _movers(world.legal_actions())
        scores = playout(world, rng, depth, start)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += scores[n.mover]
    return max(actions, key=lambda a: root.children[a].visits if a in root.children else -1)


def _ended(world: Game, start: int) -> bool:
    return world.over or len(world.state.game.results) > start


def playout(world: Game, rng: random.Random, depth: int, start: int) -> list[float]:
    """Random moves until the round ends or ``depth`` are played; each seat's score."""
    for _ in range(depth):
        if _ended(world, start):
            break
        legal = _movers(world.legal_actions())
        world.apply_trusted(legal[rng.randrange(len(legal))])
    return scores(world, start)


def _unmelded(world: Game, hand: list[int]) -> int:
    """The points ``hand`` leaves unmelded in its best arrangement; for a hand too big
    for the solver (random playouts can gather many cards), all its points."""
    try:
        return world.rules.arrange(hand).rest_points
    except SearchTooBig:
        return sum(world.rules.points[c] for c in hand)


def scores(world: Game, start: int) -> list[float]:
    """Each seat's score in 0..1 where the playout stopped."""
    n = world.players
    results = world.state.game.results
    if len(results) > start:
        result = results[start]
        sign = -1 if world.variant.game.winner == "lowest" else 1
        mean = sum(result.scores) / n
        points = [min(1.0, max(0.0, 0.5 + sign * (x - mean) / POINTS)) for x in result.scores]
        won = [1.0 / n] * n if result.winner is None else [
            1.0 if p == result.winner else 0.0 for p in range(n)]
        return [(1 - MARGIN) * w + MARGIN * q for w, q in zip(won, points, strict=True)]
    left = [_unmelded(world, s.hand) for s in world.state.hand.seats]
    return [SQUEEZE * max(0.0, 1.0 - d / SPREAD) + (1 - SQUEEZE) / n for d in left]
