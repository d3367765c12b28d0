"""Games and actions per second for every built-in variant under each bot.

Each figure is the median over seeded games of one variant at its minimum player count
(and the issue's headline figures: a 4-player greedy game of Continental, a 7-round
contract variant, and uniformly random play of the ``gin`` spec in complete hands per
second).  Bot games use the engine's default turn and deal caps.

Run ``python -m benchmarks.engine [--games N] [--variant NAME ...]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_spec.bots import random_bot
from rummy_spec.engine.game import Game
from rummy_spec.lang import load
from rummy_spec.lang.data import builtin_specs
from rummy_spec.simulate import play_out

GOAL_CONTINENTAL_S = 0.5
GOAL_GIN_HANDS = 150.0


def time_games(name: str, players: int, bot: str, games: int) -> tuple[float, float]:
    """(median seconds per game, actions per second over all games)."""
    variant = load(name)
    times: list[float] = []
    actions = 0
    for seed in range(games):
        start = time.perf_counter()
        out = play_out(variant, players, seed, bot)
        times.append(time.perf_counter() - start)
        actions += out.actions
    return statistics.median(times), actions / sum(times)


def gin_hands_per_second(hands: int) -> tuple[float, float]:
    """Complete hands per second (and decisions per second) under uniformly random play.

    A hand is complete when it is scored: knocked, gin, or dead at the low stock.  Games
    restart when they end (the deal cap turns a game of dead hands into a new game)."""
    variant = load("gin")
    done = 0
    decisions = 0
    seed = 0
    start = time.perf_counter()
    while done < hands:
        game = Game(variant, 2, seed)
        bot = random_bot(seed)
        seed += 1
        while not game.over and done < hands:
            before = len(game.state.game.results)
            game.apply_trusted(bot(game.rules, game.state, game.legal_actions()))
            decisions += 1
            done += len(game.state.game.results) - before
    elapsed = time.perf_counter() - start
    return done / elapsed, decisions / elapsed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.engine", description=__doc__)
    parser.add_argument("--games", type=int, default=5, help="games per variant and bot")
    parser.add_argument("--variant", action="append", help="only these variants")
    parser.add_argument("--hands", type=int, default=300, help="gin hands to time")
    args = parser.parse_args(argv)
    names = args.variant or sorted(builtin_specs())
    print(f"{'variant':20s} {'bot':7s} {'players':>7s} {'s/game (median)':>16s} "
          f"{'actions/s':>10s}")
    for name in names:
        players = load(name).players.min
        for bot in ("greedy", "random"):
            median, rate = time_games(name, players, bot, args.games)
            print(f"{name:20s} {bot:7s} {players:7d} {median:16.3f} {rate:10.0f}", flush=True)
    cont, _ = time_games("continental", 4, "greedy", max(args.games, 5))
    hands, decisions = gin_hands_per_second(args.hands)
    print()
    print(f"continental, 4 players, greedy: {cont:.3f} s per game (median); goal under "
          f"{GOAL_CONTINENTAL_S} s: {'met' if cont < GOAL_CONTINENTAL_S else 'MISSED'}")
    print(f"gin, random play: {hands:.0f} complete hands/s, {decisions:.0f} decisions/s; goal "
          f"{GOAL_GIN_HANDS:.0f} hands/s: {'met' if hands >= GOAL_GIN_HANDS else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
