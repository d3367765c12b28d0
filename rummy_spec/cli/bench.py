"""``rummy-spec bench [SUITE...] [ARGS...]``: the speed figures of ``benchmarks/``.

Suites: parse, solver, engine, peers, api (the public ``Game.apply`` beside the
engine's), views (a seat's view and a sampled world, per call), rl
(environment steps per second beside RLCard and OpenSpiel), rounds (how planner-bot
rounds end), scale (games per second, workers and Ray), sweep (CPU time per game over
every configuration).

The benchmarks live in the source checkout (``benchmarks/``), not in the wheel: run this
from a checkout.  Each prints medians and the goal it is measured against.  With no suite
named, the quick ones run: parse, solver, engine, peers and api (rounds, scale and sweep
play many games, rounds and sweep for many minutes: name them).  Arguments after one
suite go to that suite, e.g. ``rummy-spec bench sweep --variant gin --seeds 3``
(``rummy-spec bench sweep --help``).  What a suite prints is shown as it comes (the
rounds table row by row, the sweep's ``--progress`` lines), not at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import sys

from .base import FAILED, OK, Command, Outcome, UsageError

SUITES = ("parse", "solver", "engine", "peers", "api", "views", "rl", "rounds", "scale", "sweep")
DEFAULT = ("parse", "solver", "engine", "peers", "api")


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("suite", nargs="*", metavar="SUITE",
                        help=f"which benchmarks: {', '.join(SUITES)} "
                             f"(default: {', '.join(DEFAULT)})")
    parser.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                        help="arguments for the one suite named (see its --help)")


class _UsageHeld(io.StringIO):
    """A suite's stderr: passed on as it is written (the sweep's progress lines), but for
    argparse's usage error, whose first write starts with "usage:": that is held back, and
    turned into one line by :func:`_run`."""

    def __init__(self) -> None:
        super().__init__()
        self.real = sys.stderr  # made before the suite's stderr is redirected here
        self.passing: bool | None = None  # not known until the first write

    def write(self, text: str) -> int:
        if self.passing is None and text:
            self.passing = not text.startswith("usage:")
        if self.passing:
            self.real.write(text)
            self.real.flush()
            return len(text)
        return super().write(text)


def _run(args: argparse.Namespace) -> Outcome:
    chosen = list(args.suite) or list(DEFAULT)
    unknown = [s for s in chosen if s not in SUITES]
    if unknown:
        raise UsageError(f"no benchmark named '{unknown[0]}' (known: {', '.join(SUITES)})")
    if args.args and len(chosen) != 1:
        raise UsageError("arguments go to one suite: name exactly one before them")
    for name in chosen:
        try:
            module = importlib.import_module(f"benchmarks.{name}")
        except ImportError:
            raise UsageError("the benchmarks live in the source checkout: run this from "
                             "the repository's top folder") from None
        print(f"== {name} ==", flush=True)
        err = _UsageHeld()
        try:
            with contextlib.redirect_stderr(err):
                code = module.main(list(args.args))
        except SystemExit as stop:  # the suite's own --help, or its usage error
            if stop.code in (0, None):
                return Outcome(OK)
            lines = err.getvalue().strip().splitlines() or [str(stop.code)]
            reason = lines[-1].split(" error: ", 1)[-1]
            raise UsageError(f"bench {name}: {reason} (see 'rummy-spec bench {name} "
                             "--help')") from None
        print(flush=True)
        if code:
            return Outcome(FAILED, err=f"rummy-spec: benchmark '{name}' missed its goal\n")
    return Outcome(OK)


COMMAND = Command(
    name="bench",
    help="run the speed benchmarks (from a source checkout)",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
