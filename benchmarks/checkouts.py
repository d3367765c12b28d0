"""The engine of two checkouts side by side: the same seeded games in each, CPU time.

Each checkout plays the same fixed games (variant, players, bot, seeds) through
``rummy_spec.simulate.play_out``, in a child process of its own with that checkout first
on the path, and the two alternate, ``--pairs`` times, so a change of the machine's load
falls on both alike.  The action counts must agree (the same games were played), else the
comparison is refused.  Reported per job: the median CPU seconds of each checkout and the
median of the pairs' ratios old / new (above 1: the new checkout is faster).

Each job starts from a collected heap (``gc.collect()`` before its clock starts).  The
jobs share a process, and otherwise a full collection owed to the garbage of the jobs
before (about 30 ms, a fifth of the gin job) falls in whichever job crosses the
collector's threshold, which depends on the order of the jobs more than on the job.

Only calls both checkouts share are used (``rummy_spec.lang.load`` and ``play_out``), so
an old checkout without this file can be measured too.

Run ``python -m benchmarks.checkouts OLD NEW [--pairs N]``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

# (variant, players, bot, games): a greedy contract game, random gin hands, random
# contract play with buying, a greedy game with a closed claim window and lay-offs
JOBS: tuple[tuple[str, int, str, int], ...] = (
    ("continental", 4, "greedy", 3), ("gin_openspiel", 2, "random", 40),
    ("contract", 3, "random", 2), ("liverpool", 4, "greedy", 2))

_CHILD = """
import gc, json, sys, time
from rummy_spec.lang import load
from rummy_spec.simulate import play_out
out = []
for name, players, bot, games in json.loads(sys.argv[1]):
    variant = load(name)
    gc.collect()
    start, actions = time.process_time(), 0
    for seed in range(games):
        actions += play_out(variant, players, seed, bot).actions
    out.append([time.process_time() - start, actions])
print(json.dumps(out))
"""


def one_pass(checkout: Path) -> list[tuple[float, int]]:
    """CPU seconds and actions of each job, played by ``checkout``."""
    env = dict(os.environ, PYTHONPATH=str(checkout))
    done = subprocess.run([sys.executable, "-c", _CHILD, json.dumps(JOBS)], env=env,
                          cwd=checkout, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = done.stderr.strip().splitlines()[-1:] or ["no message"]
        raise SystemExit(f"checkouts: {checkout}: the games failed: {tail[0]}")
    return [(float(t), int(n)) for t, n in json.loads(done.stdout)]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.checkouts",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("old", type=Path, help="the checkout measured against")
    parser.add_argument("new", type=Path, help="the checkout measured")
    parser.add_argument("--pairs", type=int, default=10, help="alternating runs of each")
    args = parser.parse_args(argv)
    for tree in (args.old, args.new):
        if not (tree / "rummy_spec" / "__init__.py").is_file():
            parser.error(f"{tree}: not a rummy-spec checkout")
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    old: list[list[tuple[float, int]]] = []
    new: list[list[tuple[float, int]]] = []
    for _ in range(args.pairs):
        old.append(one_pass(args.old))
        new.append(one_pass(args.new))
    print(f"{'job':34} {'old s':>8} {'new s':>8} {'old/new':>8}")
    for j, (name, players, bot, games) in enumerate(JOBS):
        if {run[j][1] for run in old + new} != {old[0][j][1]}:
            print(f"checkouts: {name}: the checkouts played different games", file=sys.stderr)
            return 1
        o = [run[j][0] for run in old]
        n = [run[j][0] for run in new]
        ratio = statistics.median(a / b for a, b in zip(o, n, strict=True))
        label = f"{name} {players}p {bot} x{games}"
        print(f"{label:34} {statistics.median(o):8.3f} {statistics.median(n):8.3f} "
              f"{ratio:8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
