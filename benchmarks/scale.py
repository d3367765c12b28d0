"""Games per second: each built-in variant under each bot, then how the runs scale.

Part 1: games per second of one variant at its minimum player count, for each bot, in
one process.  Part 2, in one interleaved run (rounds alternate the ways, so a busy
machine slows them alike): the same batches of games on 1 worker, on 2 local worker
processes and on a local Ray instance (when the ``cluster`` extra is installed), as
ratios to 1 worker.  Each round plays new seeds, the same for every way in it, and the
ways' results are checked to be identical.

Run ``python -m benchmarks.scale [--games N] [--variant NAME ...] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.sweep import cold_start
from rummy_spec.analysis.runner import Batch, ClusterError, connect, run
from rummy_spec.bots import BOTS
from rummy_spec.lang import load
from rummy_spec.lang.data import builtin_specs
from rummy_spec.simulate import GameRecord, seating


def games_per_second(name: str, bot: str, games: int) -> float:
    v = load(name)
    batch = Batch(v, v.players.min, seating(bot, v.players.min), 0, games)
    start = time.perf_counter()
    run(batch)
    return games / (time.perf_counter() - start)


def interleaved(batch: Batch, rounds: int) -> dict[str, list[float]]:
    """Wall seconds of each way, round by round.  Each round plays new seeds (round r:
    seeds ``batch.first + r * batch.games`` on), the same for every way in it, and the
    ways' results must be equal.  Before each way this process drops its compiled rules
    (and with them their memo of ways down) and collects its heap: the local workers are
    forked from it, so they would otherwise start with the answers the way before them
    found for the very same games, and this process ("1 worker") would carry the heap of
    every run before it.  Ray's workers are their own processes, kept from round to round;
    the new seeds keep them from replaying a game they have played."""
    ways: dict[str, Callable[[Batch], list[GameRecord]]] = {
        "1 worker": lambda b: run(b, 1), "2 workers": lambda b: run(b, 2)}
    try:
        connect("local")
        ways["ray local"] = lambda b: run(b, ray_address="local")
    except ClusterError as err:
        print(f"(no Ray: {err})")
    times: dict[str, list[float]] = {k: [] for k in ways}
    for r in range(rounds):
        seeds = replace(batch, first=batch.first + r * batch.games)
        expected: list[GameRecord] | None = None
        for name, way in ways.items():
            cold_start()
            start = time.perf_counter()
            got = way(seeds)
            times[name].append(time.perf_counter() - start)
            if expected is None:
                expected = got
            assert got == expected, f"{name}: different results"
    return times


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=4)
    p.add_argument("--variant", action="append", default=None)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--scale-variant", default="rummy")
    p.add_argument("--scale-games", type=int, default=24)
    args = p.parse_args(argv)
    names = args.variant or sorted(builtin_specs())
    print(f"games per second, {args.games} seeded games at the minimum player count")
    print(f"{'variant':<20} " + " ".join(f"{b:>9}" for b in sorted(BOTS)), flush=True)
    for name in names:
        rates = [games_per_second(name, b, args.games) for b in sorted(BOTS)]
        print(f"{name:<20} " + " ".join(f"{r:9.2f}" for r in rates), flush=True)
    v = load(args.scale_variant)
    batch = Batch(v, v.players.min, seating("planner", v.players.min), 0, args.scale_games)
    times = interleaved(batch, args.rounds)
    base = statistics.median(times["1 worker"])
    print(f"\n{args.scale_games} planner games of {args.scale_variant}, median of "
          f"{args.rounds} interleaved rounds, new seeds each round (identical results from "
          "every way):")
    for name, ts in times.items():
        med = statistics.median(ts)
        print(f"  {name:<10} {med:7.2f}s  {args.scale_games / med:6.2f} games/s  "
              f"speed-up x{base / med:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
