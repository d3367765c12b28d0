"""``rummy-spec bench [SUITE...]``: the speed figures of ``benchmarks/``.

Suites: parse, solver, engine, peers, rounds (how planner-bot rounds end), scale (games
per second, workers and Ray).

The benchmarks live in the source checkout (``benchmarks/``), not in the wheel: run this
from a checkout.  Each prints medians and the goal it is measured against.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io

from .base import OK, Command, Outcome, UsageError

SUITES = ("parse", "solver", "engine", "peers", "rounds", "scale")


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("suite", nargs="*", metavar="SUITE",
                        help=f"which benchmarks: {', '.join(SUITES)} (default: all)")


def _run(args: argparse.Namespace) -> Outcome:
    chosen = list(args.suite) or list(SUITES)
    unknown = [s for s in chosen if s not in SUITES]
    if unknown:
        raise UsageError(f"no benchmark named '{unknown[0]}' (known: {', '.join(SUITES)})")
    out = io.StringIO()
    for name in chosen:
        try:
            module = importlib.import_module(f"benchmarks.{name}")
        except ImportError:
            raise UsageError("the benchmarks live in the source checkout: run this from "
                             "the repository's top folder") from None
        out.write(f"== {name} ==\n")
        with contextlib.redirect_stdout(out):
            module.main([])
        out.write("\n")
    return Outcome(OK, out=out.getvalue())


COMMAND = Command(
    name="bench",
    help="run the speed benchmarks (from a source checkout)",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
