"""The cost of the public API: ``Game.apply`` beside the engine's own apply.

Games are played in lockstep from the same seed, one through the public API
(:class:`rummy_spec.Game`, actions in card text) and one on the engine's own game
(:class:`rummy_spec.engine.game.Game`, moves in card numbers).  At each position one
random legal move is chosen; each game is given it in its own form (made before the
clock starts, as a program holds the action it chose) and each apply is timed, the
applies interleaved and their order rotated every move, so a slow spell of the machine
falls on all alike.  A third game, also public, is given the same action made anew (as a
constructor makes it: its cards are read from text on the way in), timed the same way.
The positions of the three games are compared at the end of every game.  The figures are
medians over all moves, in microseconds; the goal is the public apply of the action as
``legal_actions`` lists it within 1.2 times the engine's (the ratio of the medians).  The
first line says which build is loaded (pure Python or compiled).

Run ``python -m benchmarks.api [--games N]`` (``--strict``: exit 1 when the goal is
missed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import form
from rummy_spec import Game
from rummy_spec.engine.game import Game as EngineGame
from rummy_spec.lang import load

CASES = (("gin", 2), ("rummy", 3), ("continental", 4))
GOAL = 1.2
MOVES = 400  # at most this many moves of each game


def measure(variant: str, players: int, games: int) -> dict[str, list[float]]:
    """Microseconds of each apply, move by move: ``listed`` (the public apply of the
    action as ``legal_actions`` gives it), ``made`` (the public apply of the same action
    made anew, as by a constructor, so its cards are read from text), ``engine``."""
    v = load(variant)
    times: dict[str, list[float]] = {"listed": [], "made": [], "engine": []}
    clock = time.perf_counter_ns
    for seed in range(games):
        listed, made, own = Game(v, players, seed), Game(v, players, seed), \
            EngineGame(v, players, seed)
        rng = random.Random(seed)
        for n in range(MOVES):
            if own.over:
                break
            move = rng.choice(own.legal_actions())
            action = listed._outward(move)  # the move in card text, as listed
            fresh = replace(action)  # the same action as a constructor makes it
            plays: list[tuple[str, Callable[[], None]]] = [
                ("listed", partial(listed.apply, action)),
                ("made", partial(made.apply, fresh)),
                ("engine", partial(own.apply, move))]
            k = n % 3  # each goes first, second and third in turn
            for name, play in plays[k:] + plays[:k]:
                t0 = clock()
                play()
                times[name].append((clock() - t0) / 1000)
        if not listed.state_json() == made.state_json() == own.state_json():
            raise AssertionError(f"{variant} seed {seed}: the games parted")
    return times


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.api", description=__doc__)
    parser.add_argument("--games", type=int, default=8, help="games per variant (8)")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when the public apply costs over 1.2x the engine's")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"build: {form()}")
    print(f"{'variant':<16}{'moves':>8}{'engine us':>11}{'listed us':>11}{'made us':>10}"
          f"{'listed/eng':>12}{'made/eng':>10}")
    every: dict[str, list[float]] = {"listed": [], "made": [], "engine": []}
    for variant, players in CASES:
        times = measure(variant, players, args.games)
        med = {name: statistics.median(t) for name, t in times.items()}
        for name, t in times.items():
            every[name] += t
        print(f"{variant + f' {players}p':<16}{len(times['engine']):>8}"
              f"{med['engine']:>11.1f}{med['listed']:>11.1f}{med['made']:>10.1f}"
              f"{med['listed'] / med['engine']:>12.2f}{med['made'] / med['engine']:>10.2f}")
    engine = statistics.median(every["engine"])
    ratio = statistics.median(every["listed"]) / engine
    made = statistics.median(every["made"]) / engine
    met = ratio <= GOAL
    print(f"all moves: Game.apply through the API costs {ratio:.2f}x the engine's apply "
          f"for an action legal_actions listed, {made:.2f}x for one made anew (cards "
          f"read from text) (medians); goal: at most {GOAL}x: {'met' if met else 'missed'}")
    return 1 if args.strict and not met else 0


if __name__ == "__main__":
    sys.exit(main())
