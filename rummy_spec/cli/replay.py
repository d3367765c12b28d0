"""``rummy-spec replay TRACE...``: play traces again and verify every step.

Each trace's game is set up from its header, every action is applied again and the state
it leads to is checked against the digest the trace recorded, and the final state against
the one it holds in full.  A directory stands for every ``*.jsonl`` file in it.  Prints
``PATH: ok: N steps`` per good file; a mismatch or a bad file is reported as
``PATH:LINE: what`` on stderr with exit 1; a missing file is a usage error (exit 2).

The variant is the one the trace's header names, among the built-in specs and the spec
files given with ``--spec FILE``; a path written in a trace is never opened.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..engine.io.trace import TraceError, library_with, replay
from ..textsafe import outside_text
from .base import FAILED, OK, Command, Outcome, UsageError, files_named, lines


def trace_files(targets: list[str]) -> list[Path]:
    """The files the targets name; every one is checked to exist before any work."""
    return files_named(targets, "*.jsonl", ".jsonl trace files")


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("traces", nargs="+", metavar="TRACE",
                        help="a trace file (from simulate --trace), or a directory of them")
    parser.add_argument("--spec", action="append", default=[], metavar="FILE",
                        help="a spec file declaring the traces' variant, when it is not "
                             "built in (repeatable)")


def _run(args: argparse.Namespace) -> Outcome:
    files = trace_files(list(args.traces))
    specs = [Path(s) for s in args.spec]
    for spec in specs:
        if not spec.is_file():
            raise UsageError(f"--spec {outside_text(str(spec), 120)}: no such file")
    try:
        library = library_with(specs)
    except TraceError as err:
        raise UsageError(str(err)) from None
    good: list[str] = []
    bad: list[str] = []
    for path in files:
        try:
            done = replay(path, library=library)
        except TraceError as err:
            bad.append(outside_text(str(err), 600))
            continue
        good.append(f"{path}: ok: {done.steps} steps")
    if bad:
        if len(files) > 1:
            bad.append(f"rummy-spec: {len(bad)} of {len(files)} traces did not replay")
        return Outcome(FAILED, out=lines(*good), err=lines(*bad))
    return Outcome(OK, out=lines(*good))


COMMAND = Command(
    name="replay",
    help="replay traces and verify every step and the final state",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
