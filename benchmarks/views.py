"""The cost of a seat's view and of a sampled world, per call, beside ``legal_actions``.

Positions come from seeded games of random legal play (Gin at its two players,
Continental at four), every seat's view kept up from the deal.  At each position the
three calls are timed one after the other (interleaved: a slow spell of the machine
falls on all three alike): ``legal_actions`` (the call the game makes there),
``view_json`` of the seat to act, ``sample`` of a world for that seat.  The figures are
medians over the positions, in microseconds of CPU time; the goal is a view costing at
most one ``legal_actions`` call (median).  The first line says which build is loaded
(pure Python or compiled).

Run ``python -m benchmarks.views [--games N]`` (``--strict``: exit 1 when the goal is
missed).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import form
from rummy_spec.engine.game import Game
from rummy_spec.lang import load

CASES = (("gin", 2), ("continental", 4))
EVERY = 3  # a position is timed every this many moves


def _cpu_us(work: Callable[[], object]) -> tuple[object, float]:
    """What ``work`` returns, and the CPU time it took, in microseconds."""
    t0 = time.process_time_ns()
    got = work()
    return got, (time.process_time_ns() - t0) / 1000


def measure(variant: str, players: int, games: int, moves: int = 240) -> dict[str, float]:
    """Median microseconds per call of view, sample and legal_actions, and the count of
    positions timed.  Each is the position's first call of its kind (``legal_actions``
    keeps no answer between calls, and neither does the view)."""
    v = load(variant)
    view: list[float] = []
    sample: list[float] = []
    legal: list[float] = []
    playing: list[int] = []  # the positions after a draw (the play phase)
    for seed in range(games):
        g = Game(v, players, seed)
        g.known()
        rng = random.Random(seed)
        for n in range(moves):
            if g.over:
                break
            actions, took = _cpu_us(g.legal_actions)
            assert isinstance(actions, list)
            if n % EVERY == 0:
                seat = actions[0].player
                if g.state.hand.phase == "play":
                    playing.append(len(legal))
                legal.append(took)
                view.append(_cpu_us(partial(g.view_json, seat))[1])
                sample.append(_cpu_us(partial(g.sample, seat, rng))[1])
            g.apply(rng.choice(actions))
    return {"view": statistics.median(view), "sample": statistics.median(sample),
            "legal": statistics.median(legal), "positions": float(len(view)),
            "play view": statistics.median(view[i] for i in playing),
            "play legal": statistics.median(legal[i] for i in playing)}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.views", description=__doc__)
    parser.add_argument("--games", type=int, default=6, help="games per variant (6)")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when a view costs more than a legal_actions call")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"build: {form()}")
    print(f"{'variant':<16}{'positions':>10}{'view us':>10}{'sample us':>11}"
          f"{'legal us':>10}{'view/legal':>12}")
    missed = False
    for variant, players in CASES:
        r = measure(variant, players, args.games)
        ratio = r["view"] / r["legal"]
        missed |= ratio > 1
        print(f"{variant + f' {players}p':<16}{int(r['positions']):>10}{r['view']:>10.1f}"
              f"{r['sample']:>11.1f}{r['legal']:>10.1f}{ratio:>12.2f}"
              f"   (after the draw: view {r['play view']:.1f}, legal {r['play legal']:.1f})")
    print("goal: a view costs at most one legal_actions call (median): "
          + ("missed" if missed else "met"))
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    sys.exit(main())
