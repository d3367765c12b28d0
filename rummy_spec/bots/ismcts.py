"""``ismcts``: single-observer information-set Monte Carlo tree search.

The searching seat knows only its view.  Each iteration deals the cards hidden from it
again (:meth:`rummy_spec.engine.game.Game.sample`: a world its view cannot tell from the
real one), walks one tree of moves down that world, adds one move, plays the round on
by the planner (:mod:`.planner`) for every seat and scores where it stopped; the tree's
statistics are shared by every world, so a move is judged over many deals of the hidden
cards (Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
TCIAIG 4(2), 2012: SO-ISMCTS, selection by UCB1 over the moves available in the world,
each move counting how often it was available).

* Every seat's moves are in the tree, the opponents' as they are legal in the world
  being walked; the stock's next card is whatever the world deals.
* The planner guides the tree too (progressive bias, Chaslot and others, "Progressive
  strategies for Monte-Carlo tree search", 2008): at each new position of the tree the
  move it would play there, in that world, is tried first, and its UCB1 value carries a
  bonus of ``BIAS / (1 + visits)``, which fades as the search's own figures grow.
* The playout is the planner's play for every seat, at most ``depth`` moves, ending
  where the round ends (a round of Gin is some twenty-five moves).
* Scores, one per seat, between 0 and 1: where the round ended, half by who won it (an
  even share where nobody did) and half by the round's points (more points better
  where the game's highest total wins, fewer where the lowest does: a round won by 30
  points is worth more than one won by 2); else by the points each hand would leave
  unmelded in its best arrangement (``Rules.arrange``), fewer points scoring more,
  below a round won (a hand too big for the solver by its natural cards' arrangement,
  as ``Rules.arrange`` gives it).
* The move played is the root's most visited (the planner's on a tie, then the first
  listed).

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
from .planner import planner_bot
from .simple import Bot

Player = Callable[[Game, list[Move]], Move]

ITERATIONS = 24  # the ladder's budget: iterations per choice
DEPTH = 60  # moves of playout after the tree, at most
EXPLORE = 0.4  # UCB1's exploration constant (scores lie in 0..1)
BIAS = 2.0  # the planner's move's bonus, divided by one more than its visits
SPREAD = 100.0  # unmelded points that bring a seat's judged score to its least
MARGIN = 0.5  # the part of a finished round's score given by its points
POINTS = 50.0  # round points (from the seats' mean) that move that part to 0 or 1
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
    guided: Move | None = None  # the planner's move from here, in the world that made it
    bias: float = 0.0  # the progressive bias of the move leading here

    def ucb(self) -> float:
        return (self.total / self.visits
                + EXPLORE * math.sqrt(math.log(self.available) / self.visits)
                + self.bias / (1 + self.visits))


def ismcts_player(seed: int, iterations: int = ITERATIONS, depth: int = DEPTH,
                  guide: Callable[[int], Bot] = planner_bot) -> Player:
    """A searching player, its random stream fixed by ``seed``; ``guide`` makes the
    policy of its playouts and first tries (the planner)."""
    rng = random.Random(f"ismcts:{seed}")
    policy = guide(seed)

    def choose(game: Game, actions: list[Move]) -> Move:
        seat = actions[0].player
        mine = [a for a in actions if a.player == seat]
        if len(mine) == 1:
            return mine[0]
        return search(game, seat, mine, rng, iterations, depth, policy)

    return choose


def _movers(actions: list[Move]) -> list[Move]:
    """The actions of the first seat that may act (as the bot games choose)."""
    p = actions[0].player
    return [a for a in actions if a.player == p]


def search(game: Game, seat: int, actions: list[Move], rng: random.Random,
           iterations: int, depth: int, policy: Bot | None = None) -> Move:
    """The move ``seat`` plays among ``actions`` after ``iterations`` iterations, the
    playouts and the tree's first tries by ``policy`` (default: a planner of ``rng``'s
    seeding)."""
    if policy is None:
        policy = planner_bot(rng.getrandbits(32))
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
            if node.guided is None:
                node.guided = policy(world.rules, world.state, legal)
            untried = [a for a in legal if a not in node.children]
            if untried:
                move = node.guided if node.guided in untried else untried[
                    rng.randrange(len(untried))]
                node.children[move] = Node(move.player, available=1,
                                           bias=BIAS if move == node.guided else 0.0)
            else:
                move = max(legal, key=lambda a: node.children[a].ucb())
            node = node.children[move]
            path.append(node)
            world.apply_trusted(move)
            if untried or _ended(world, start):
                break
            legal = _movers(world.legal_actions())
        scores = playout(world, depth, start, policy)
        for n in path:
            n.visits += 1
            if n.mover >= 0:
                n.total += scores[n.mover]
    return max(actions, key=lambda a: (root.children[a].visits, a == root.guided)
               if a in root.children else (-1, False))


def _ended(world: Game, start: int) -> bool:
    return world.over or len(world.state.game.results) > start


def playout(world: Game, depth: int, start: int, policy: Bot) -> list[float]:
    """``policy``'s moves until the round ends or ``depth`` are played; each seat's
    score."""
    for _ in range(depth):
        if _ended(world, start):
            break
        legal = _movers(world.legal_actions())
        world.apply_trusted(legal[0] if len(legal) == 1 else policy(
            world.rules, world.state, legal))
    return scores(world, start)


def _unmelded(world: Game, hand: list[int]) -> int:
    """The points ``hand`` leaves unmelded in its best arrangement (for a hand too big for
    the solver, the engine's arrangement of its natural cards: ``Rules.arrange``)."""
    return world.rules.arrange(hand).rest_points


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
