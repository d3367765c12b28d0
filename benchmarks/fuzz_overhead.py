"""What the protocol costs a fuzz run: the same games against an engine in-process and
behind the protocol in a subprocess.

Both sides play the same fuzz games (the same seed, so the same deals and actions) of
one variant against the reference: in-process (``ReferenceEngine``) and as a subprocess
speaking PROTOCOL.md (``python -m rummy_spec.conformance.reference_engine``, the same
code behind JSON lines).  Runs alternate in chunks, so a change of the machine's load
falls on both alike; reported are the seconds per game, wall clock and this process's
CPU (of this process and the engine's together: the figure a loaded machine disturbs
least), and the ratios subprocess / in-process (the goal: at most 1.3).

Run ``python -m benchmarks.fuzz_overhead [--variant NAME] [--games N] [--chunks N]``.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import sys
import time
from collections.abc import Sequence

from rummy_spec.conformance.fuzzing.fuzz import FuzzOptions, fuzz
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.wire.client import ProcessEngine
from rummy_spec.conformance.wire.engine import Engine

GOAL = 1.3


def engine_cpu(engine: Engine) -> float:
    """CPU seconds the engine's own process has used so far (0 in-process)."""
    proc = getattr(engine, "proc", None)
    if proc is None:
        return 0.0
    with open(f"/proc/{proc.proc.pid}/stat", encoding="ascii") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def one_chunk(engine: Engine, variant: str, games: int, seed: int) -> tuple[float, float]:
    """(wall seconds, CPU seconds of both processes) for ``games`` fuzz games."""
    opts = FuzzOptions(variant, examples=games, seed=seed, steps=120, command="bench")
    wall, cpu, other = time.perf_counter(), time.process_time(), engine_cpu(engine)
    result = fuzz(engine, opts)
    if result.findings or result.error:
        raise SystemExit(f"the reference disagreed with itself: {result.error or result.findings}")
    return (time.perf_counter() - wall,
            time.process_time() - cpu + engine_cpu(engine) - other)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.fuzz_overhead")
    p.add_argument("--variant", default="gin")
    p.add_argument("--games", type=int, default=20, help="games per chunk")
    p.add_argument("--chunks", type=int, default=3)
    args = p.parse_args(argv)
    command = f"{shlex.quote(sys.executable)} -m rummy_spec.conformance.reference_engine"
    process = ProcessEngine(command, timeout=30)
    inside = ReferenceEngine()
    walls: dict[str, list[float]] = {"in-process": [], "subprocess": []}
    cpus: dict[str, list[float]] = {"in-process": [], "subprocess": []}
    try:
        process.hello()
        for engine in (inside, process):  # the variant loaded, the caches warm
            one_chunk(engine, args.variant, 1, 999)
        for chunk in range(args.chunks):
            for name, engine in (("in-process", inside), ("subprocess", process)):
                wall, cpu = one_chunk(engine, args.variant, args.games, chunk)
                walls[name].append(wall / args.games)
                cpus[name].append(cpu / args.games)
    finally:
        process.close()
    print(f"{args.variant}: {args.chunks} chunks of {args.games} fuzz games each, "
          "interleaved (medians, seconds per game)")
    for name in walls:
        print(f"  {name:11} wall {statistics.median(walls[name]):.3f}  "
              f"CPU {statistics.median(cpus[name]):.3f}")
    wall = statistics.median(walls["subprocess"]) / statistics.median(walls["in-process"])
    cpu = statistics.median(cpus["subprocess"]) / statistics.median(cpus["in-process"])
    print(f"subprocess / in-process: wall {wall:.2f}x, CPU {cpu:.2f}x (goal at most "
          f"{GOAL}x: {'met' if max(wall, cpu) <= GOAL else 'not met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
