"""The fuzz campaign: mutated inputs at every boundary, in-process, with figures.

``python -m tests.fuzz.campaign --inputs N [--seed S] [--only NAME] [--out FILE]`` (or
``make fuzz``) feeds N inputs, shared among the boundaries of :mod:`.targets` by their
weights, and counts per boundary: inputs, refusals (the boundary's own error), faults
(any other exception: a traceback on the command line), hangs (an input taking more than
5 s of CPU, or ten times that of wall time when blocked, cut by an alarm) and the slowest
input in CPU seconds (so a loaded machine does not make hangs of slow answers); at the
end the peak memory.  Exit 0 when there is no fault, no hang and the peak stays under
1 GiB.  A fault's input is saved beside the report so it can be replayed.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from rummy_spec.interrupt import AtNextLine, time_limit

from .targets import Boundary, boundaries, mutate

HANG_SECONDS = 5  # CPU seconds (ITIMER_PROF) an input may take
WALL_FACTOR = 10  # the wall-clock backstop for an input blocked without using the CPU
MOST_MEMORY = 1 << 30
# Inputs per boundary per "round" of the campaign: the cheap ones run more often.
WEIGHTS = {"spec": 1, "case": 1, "trace": 1, "state": 30, "reply": 60, "argv": 10}


class Hang(BaseException):
    """The alarm's exception: a BaseException, so that no ``except Exception`` of the
    code under test (the command line's last-resort handler turns an exception into
    "internal error", exit 3) can take a hang for a crash."""


@dataclass
class Figures:
    inputs: int = 0
    refused: int = 0
    faults: int = 0
    hangs: int = 0
    slowest: float = 0.0
    seconds: float = 0.0
    examples: list[str] = field(default_factory=list)


# Raised at the next Python line, never inside the compiled engine's arithmetic (which
# aborts the process: see rummy_spec.interrupt); one still waiting after GRACE_SECONDS of
# wall time is raised at once.
GRACE_SECONDS = 10
_alarm = AtNextLine(Hang, grace=GRACE_SECONDS)


def arm_alarms() -> None:
    """Both alarms raise :class:`Hang`: CPU time spent, and wall time as a backstop."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.signal(signal.SIGPROF, _alarm)


def run_one(b: Boundary, data: bytes, fig: Figures, keep: Path | None) -> None:
    start = time.process_time()
    try:
        with time_limit(_alarm, HANG_SECONDS, HANG_SECONDS * WALL_FACTOR):
            b.call(data)
    except Hang:
        fig.hangs += 1
        _keep(b, data, fig, keep, "hang")
    except b.expected:
        fig.refused += 1
    except Exception as err:  # a fault: what would be a traceback for the user
        fig.faults += 1
        where = traceback.extract_tb(err.__traceback__)[-1]
        _keep(b, data, fig, keep, f"{err.__class__.__name__}: {str(err)[:120]} at "
              f"{Path(where.filename).name}:{where.lineno}")
    took = time.process_time() - start
    fig.inputs += 1
    fig.seconds += took
    fig.slowest = max(fig.slowest, took)


def _keep(b: Boundary, data: bytes, fig: Figures, keep: Path | None, what: str) -> None:
    if len(fig.examples) < 20:
        name = f"{b.name}-{fig.inputs}.bin"
        fig.examples.append(f"{what} ({name})")
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / name).write_bytes(data)


def campaign(total: int, seed: int, only: Sequence[str] = (), keep: Path | None = None,
             tmp: Path | None = None) -> dict[str, Figures]:
    """Feed ``total`` inputs; the figures per boundary."""
    arm_alarms()
    work = tmp or Path(tempfile.mkdtemp(prefix="rummy-fuzz-"))
    chosen = [b for b in boundaries(work) if not only or b.name in only]
    rng = random.Random(seed)
    figures = {b.name: Figures() for b in chosen}
    pool = {b.name: list(b.seeds) for b in chosen}
    order = [b for b in chosen for _ in range(WEIGHTS.get(b.name, 1))]
    done = 0
    while done < total:
        for b in order:
            if done >= total:
                break
            seeds = pool[b.name]
            data = mutate(rng.choice(seeds), rng, seeds)
            run_one(b, data, figures[b.name], keep)
            if rng.random() < 0.02 and len(seeds) < 200:
                seeds.append(data)  # keep some mutants as seeds: mutations pile up
            done += 1
    return figures


def peak_memory() -> int:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--inputs", type=int, default=10_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", action="append", default=[])
    p.add_argument("--out", type=Path, help="write the figures as JSON here")
    args = p.parse_args(argv)
    start = time.perf_counter()
    keep = args.out.with_suffix(".inputs") if args.out else None
    figures = campaign(args.inputs, args.seed, args.only, keep)
    peak = peak_memory()
    report = {"inputs": sum(f.inputs for f in figures.values()), "seed": args.seed,
              "seconds": round(time.perf_counter() - start, 1), "peak_memory": peak,
              "boundaries": {k: {**asdict(f), "seconds": round(f.seconds, 1),
                                 "slowest": round(f.slowest, 3)}
                             for k, f in figures.items()}}
    text = json.dumps(report, indent=1)
    if args.out:
        args.out.write_text(text + "\n", encoding="utf-8")
    print(text)
    bad = sum(f.faults + f.hangs for f in figures.values())
    return 1 if bad or peak > MOST_MEMORY else 0


if __name__ == "__main__":
    sys.exit(main())
