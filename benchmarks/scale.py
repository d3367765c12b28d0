"""Games per second: each built-in variant under each bot, then how the runs scale.

Part 1: games per second of one variant at its minimum player count, for each bot, in
one process.  Part 2, in one interleaved run (rounds alternate the ways, so a busy
machine slows them alike): the same batch of games on 1 worker, on 2 local worker
processes and on a local Ray instance (when the ``cluster`` extra is installed), as
ratios to 1 worker.  Results are checked to be identical each time.

Run ``python -m benchmarks.scale [--games N] [--variant NAME ...] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

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
    ways: dict[str, Callable[[], list[GameRecord]]] = {
        "1 worker": lambda: run(batch, 1), "2 workers": lambda: run(batch, 2)}
    try:
        connect("local")
        ways["ray local"] = lambda: run(batch, ray_address="local")
    except ClusterError as err:
        print(f"(no Ray: {err})")
    times: dict[str, list[float]] = {k: [] for k in ways}
    expected: list[GameRecord] | None = None
    for _ in range(rounds):
        for name, way in ways.items():
            start = time.perf_counter()
            got = way()
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
          f"{args.rounds} interleaved rounds (identical results each time):")
    for name, ts in times.items():
        med = statistics.median(ts)
        print(f"  {name:<10} {med:7.2f}s  {args.scale_games / med:6.2f} games/s  "
              f"speed-up x{base / med:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
