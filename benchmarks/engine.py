"""Games and actions per second for every built-in variant under each bot.

Each figure is the median over seeded games of one variant at its minimum player count
(and the issue's headline figures: a 4-player greedy game of Continental and uniformly
random play of the ``gin`` spec in complete hands per second).  Bot games use the
engine's default turn and deal caps.

The Continental headline is CPU time per game, twice: from a fresh process (a child
started for it, seeds 0..N-1, whose first games fill the per-variant caches, as a user's
first games do) and warm (in this process, after the table's games, seeds N..2N-1: games
it has not played, since a replayed game finds its solver answers memoised).  Its goals:
under 0.5 s for any build, and at most 40 ms of CPU per game, fresh, for the compiled
build; which build ran is printed beside them (``benchmarks.build``).

Run ``python -m benchmarks.engine [--games N] [--variant NAME ...]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import form
from rummy_spec.bots import random_bot
from rummy_spec.engine.game import Game
from rummy_spec.lang import load
from rummy_spec.lang.data import builtin_specs
from rummy_spec.simulate import play_out

GOAL_CONTINENTAL_S = 0.5  # any build
GOAL_CONTINENTAL_COMPILED_CPU_S = 0.040  # the compiled build, fresh process, per game
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


def continental_cpu(games: int, first: int = 0) -> list[float]:
    """CPU seconds of each 4-player greedy Continental game, seeds first..first+games-1,
    played in this process in turn."""
    variant = load("continental")
    times = []
    for seed in range(first, first + games):
        start = time.process_time()
        play_out(variant, 4, seed, "greedy")
        times.append(time.process_time() - start)
    return times


def continental_cpu_fresh(games: int) -> list[float]:
    """:func:`continental_cpu` in a child process started for it: its caches start
    empty, so the first games pay for filling them."""
    root = str(Path(__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(
        [root, *filter(None, [os.environ.get("PYTHONPATH")])])}
    code = ("import json, sys; from benchmarks.engine import continental_cpu; "
            "print(json.dumps(continental_cpu(int(sys.argv[1]))))")
    done = subprocess.run([sys.executable, "-c", code, str(games)], capture_output=True,
                          text=True, check=False, env=env, cwd=root)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no message"]
        raise SystemExit(f"benchmarks.engine: the fresh-process games failed: {tail[0]}")
    times: list[float] = json.loads(done.stdout)
    return times


def _ms(times: list[float]) -> str:
    return (f"median {statistics.median(times) * 1000:.1f} ms, "
            f"max {max(times) * 1000:.1f} ms")


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
    if args.games < 1 or args.hands < 1:
        parser.error("--games and --hands must be at least 1")
    names = args.variant or sorted(builtin_specs())
    print(f"{'variant':20s} {'bot':7s} {'players':>7s} {'s/game (median)':>16s} "
          f"{'actions/s':>10s}")
    for name in names:
        players = load(name).players.min
        for bot in ("greedy", "random"):
            median, rate = time_games(name, players, bot, args.games)
            print(f"{name:20s} {bot:7s} {players:7d} {median:16.3f} {rate:10.0f}", flush=True)
    games = max(args.games, 5)
    fresh = continental_cpu_fresh(games)
    warm = continental_cpu(games, games)
    hands, decisions = gin_hands_per_second(args.hands)
    build = form()
    print()
    print(f"continental, 4 players, greedy, seeds 0..{games - 1}, CPU per game "
          f"({build}):")
    print(f"  fresh process (first games included): {_ms(fresh)}")
    print(f"  warm (after the games above; seeds {games}..{2 * games - 1}): {_ms(warm)}")
    worst = max(fresh)
    print(f"  goal under {GOAL_CONTINENTAL_S} s per game, any build (fresh max): "
          f"{'met' if worst < GOAL_CONTINENTAL_S else 'MISSED'}")
    goal_ms = GOAL_CONTINENTAL_COMPILED_CPU_S * 1000
    if build == "pure Python":
        print(f"  goal <= {goal_ms:.0f} ms per game, compiled build: not judged (this is "
              f"the pure build; see make wheel-compiled)")
    else:
        median = statistics.median(fresh)
        verdict = "met" if median <= GOAL_CONTINENTAL_COMPILED_CPU_S else "MISSED"
        over = sum(1 for t in fresh if t > GOAL_CONTINENTAL_COMPILED_CPU_S)
        print(f"  goal <= {goal_ms:.0f} ms per game, compiled build (fresh median): "
              f"{verdict}; {over} of {games} games over it")
    print(f"gin, random play: {hands:.0f} complete hands/s, {decisions:.0f} decisions/s; goal "
          f"{GOAL_GIN_HANDS:.0f} hands/s: {'met' if hands >= GOAL_GIN_HANDS else 'MISSED'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
