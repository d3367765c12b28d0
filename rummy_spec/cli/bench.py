"""``rummy-spec bench [SUITE...] [ARGS...]``: the speed figures of ``benchmarks/``.

Suites: parse, solver, engine, peers, rounds (how planner-bot rounds end), scale (games
per second, workers and Ray), sweep (CPU time per game over every configuration).

The benchmarks live in the source checkout (``benchmarks/``), not in the wheel: run this
from a checkout.  Each prints medians and the goal it is measured against.  With no
suite named, all but ``sweep`` run (the sweep plays every built-in configuration ten
times over and takes many minutes).  Arguments after one suite go to that suite, e.g.
``rummy-spec bench sweep --variant gin --seeds 3`` (``rummy-spec bench sweep --help``).
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io

from .base import FAILED, OK, Command, Outcome, UsageError

SUITES = ("parse", "solver", "engine", "peers", "rounds", "scale", "sweep")
DEFAULT = ("parse", "solver", "engine", "peers")


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("suite", nargs="*", metavar="SUITE",
                        help=f"which benchmarks: {', '.join(SUITES)} "
                             f"(default: all but sweep)")
    parser.add_argument("args", nargs=argparse.REMAINDER, metavar="ARGS",
                        help="arguments for the one suite named (see its --help)")


def _run(args: argparse.Namespace) -> Outcome:
    chosen = list(args.suite) or list(DEFAULT)
    unknown = [s for s in chosen if s not in SUITES]
    if unknown:
        raise UsageError(f"no benchmark named '{unknown[0]}' (known: {', '.join(SUITES)})")
    if args.args and len(chosen) != 1:
        raise UsageError("arguments go to one suite: name exactly one before them")
    out = io.StringIO()
    err = io.StringIO()  # a suite's usage errors, turned into one line below
    for name in chosen:
        try:
            module = importlib.import_module(f"benchmarks.{name}")
        except ImportError:
            raise UsageError("the benchmarks live in the source checkout: run this from "
                             "the repository's top folder") from None
        out.write(f"== {name} ==\n")
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = module.main(list(args.args))
        except SystemExit as stop:  # the suite's own --help, or its usage error
            if stop.code in (0, None):
                return Outcome(OK, out=out.getvalue())
            lines = err.getvalue().strip().splitlines() or [str(stop.code)]
            reason = lines[-1].split(" error: ", 1)[-1]
            raise UsageError(f"bench {name}: {reason} (see 'rummy-spec bench {name} "
                             "--help')") from None
        out.write("\n")
        if code:
            return Outcome(FAILED, out=out.getvalue(), err=err.getvalue()
                           + f"rummy-spec: benchmark '{name}' missed its goal\n")
    return Outcome(OK, out=out.getvalue(), err=err.getvalue())


COMMAND = Command(
    name="bench",
    help="run the speed benchmarks (from a source checkout)",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
