"""The hostile-input campaign: every boundary, a time budget, figures by exit class.

``python -m tests.fuzz.hostile --inputs N --seconds S [--seed K] [--out FILE]`` (or
``make fuzz-hostile``) feeds inputs in-process to the boundaries of :mod:`.targets`
(spec bytes, case files, traces, saved states, engine replies, command lines parsed) and
of :mod:`.hostile_targets` (the formatter's property on generated specs, the formatter on
mutated bytes, spec text by grammar, command lines run, the language server's messages),
until N inputs or S seconds, whichever comes first.

Each input is counted by its class: accepted, refused with the boundary's own error (exit
1 or 2 on the command line), fault (anything else: an exit 3 or a traceback; a formatter
property failure counts here too), hang (over 5 s of CPU, or 50 s of wall time when
blocked).  A hang is run again alone, in a new process, with 30 s of CPU (and 300 s of
wall time for one blocked): it is a hang only if it does not end there either.  Time is
CPU time so that a loaded machine does not make a hang of a slow answer.  The report
(JSON, rewritten every minute, so a run cut short still has its figures) gives the counts
per boundary, the exit codes of the command lines run, the formatter's generated and
checked specs, the rate and the peak memory.  Exit 0 when there is no fault, no hang and
the peak stays under 1 GiB.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import resource
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from .campaign import MOST_MEMORY, Figures, Hang, arm_alarms, peak_memory, run_one
from .hostile_targets import ARGV_CODES, FmtCounter, hostile_boundaries
from .targets import Boundary, boundaries, mutate

ALONE_SECONDS = 30  # CPU seconds for an input run again alone
ALONE_WALL_SECONDS = 300  # and wall seconds, for one blocked without using the CPU
# Inputs per boundary per round: the formatter's property gets about a tenth of all
# inputs (its 100,000 specs in a run of a million), the cheap boundaries the most.
WEIGHTS = {"reply": 50, "state": 25, "argv": 10, "fmt-property": 10, "lsp": 5, "spec": 1,
           "case": 1, "trace": 1, "fmt-bytes": 1, "spec-grammar": 1, "argv-run": 1}
ROOT = Path(__file__).resolve().parents[2]


def _all(work: Path) -> list[Boundary]:
    return boundaries(work) + hostile_boundaries(work)


def _recheck(name: str, data: bytes) -> bool:
    """Whether an input that ran past 5 s still runs past 30 CPU seconds alone (a real
    hang): the process is killed by the CPU limit (SIGXCPU) or by the wall backstop."""
    with tempfile.NamedTemporaryFile(delete=False) as f:
        f.write(data)

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (ALONE_SECONDS, ALONE_SECONDS + 5))

    try:
        done = subprocess.run(
            [sys.executable, "-m", "tests.fuzz.hostile", "--alone", name, f.name],
            cwd=ROOT, timeout=ALONE_WALL_SECONDS, capture_output=True, preexec_fn=limit,
            env=dict(os.environ, PYTHONPATH=str(ROOT)))
        return done.returncode in (-signal.SIGXCPU, -signal.SIGKILL)
    except subprocess.TimeoutExpired:
        return True
    finally:
        os.unlink(f.name)


def _alone(name: str, path: str) -> int:
    work = Path(tempfile.mkdtemp(prefix="rummy-hostile-alone-"))
    (b,) = [b for b in _all(work) if b.name == name]
    with contextlib.suppress(Exception):  # only the time it takes matters here
        b.call(Path(path).read_bytes())
    return 0


def _report(figures: dict[str, Figures], seed: int, start: float, slow: int,
            hangs_alone: int) -> dict[str, object]:
    total = sum(f.inputs for f in figures.values())
    took = time.perf_counter() - start
    return {
        "inputs": total, "seed": seed, "seconds": round(took, 1),
        "rate_per_second": round(total / took, 1) if took else 0.0,
        "faults": sum(f.faults for f in figures.values()),
        "hangs_rechecked_alone_30s": hangs_alone, "slow_over_5s_but_ended_alone": slow,
        "peak_memory": peak_memory(), "runs_over_1GiB": int(peak_memory() > MOST_MEMORY),
        "fmt_property": {"generated": FmtCounter.generated, "checked": FmtCounter.checked,
                         "failures": figures["fmt-property"].faults
                         if "fmt-property" in figures else 0},
        "argv_run_exit_codes": {str(k): v for k, v in sorted(ARGV_CODES.items())},
        "boundaries": {k: {**asdict(f), "accepted": f.inputs - f.refused - f.faults - f.hangs,
                           "seconds": round(f.seconds, 1), "slowest": round(f.slowest, 3)}
                       for k, f in figures.items()},
    }


def campaign(total: int, seconds: float, seed: int, out: Path | None,
             only: Sequence[str] = ()) -> dict[str, object]:
    arm_alarms()
    work = Path(tempfile.mkdtemp(prefix="rummy-hostile-"))
    chosen = [b for b in _all(work) if not only or b.name in only]
    rng = random.Random(seed)
    figures = {b.name: Figures() for b in chosen}
    pool = {b.name: list(b.seeds) for b in chosen}
    order = [b for b in chosen for _ in range(WEIGHTS.get(b.name, 1))]
    rng.shuffle(order)
    keep = out.with_suffix(".inputs") if out else None
    start = time.perf_counter()
    last_write = start
    done = slow = hangs_alone = 0
    while done < total and time.perf_counter() - start < seconds:
        for b in order:
            if done >= total:
                break
            seeds = pool[b.name]
            data = mutate(rng.choice(seeds), rng, seeds)
            fig = figures[b.name]
            hangs = fig.hangs
            run_one(b, data, fig, keep)
            if fig.hangs > hangs:  # past 5 s here: run it alone with 30 s
                if _recheck(b.name, data):
                    hangs_alone += 1
                else:
                    fig.hangs -= 1
                    slow += 1
            if rng.random() < 0.02 and len(seeds) < 200:
                seeds.append(data)
            done += 1
        now = time.perf_counter()
        if out is not None and now - last_write > 60:
            last_write = now
            out.write_text(json.dumps(_report(figures, seed, start, slow, hangs_alone),
                                      indent=1) + "\n", encoding="utf-8")
    report = _report(figures, seed, start, slow, hangs_alone)
    if out is not None:
        out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    return report


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--inputs", type=int, default=1_100_000)
    p.add_argument("--seconds", type=float, default=4 * 3600)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", action="append", default=[])
    p.add_argument("--out", type=Path, help="write the figures as JSON here")
    p.add_argument("--alone", nargs=2, metavar=("BOUNDARY", "FILE"), help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.alone:
        return _alone(*args.alone)
    report = campaign(args.inputs, args.seconds, args.seed, args.out, args.only)
    print(json.dumps(report, indent=1))
    bad = report["faults"] or report["hangs_rechecked_alone_30s"] or report["runs_over_1GiB"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["Hang", "campaign", "main"]
