"""How long parsing and checking the built-in specs takes.

Goal: every built-in spec parsed and checked in under 100 ms all together, in one process
after import.  Times are CPU time of this process (``time.process_time``), so that other
work on a busy machine moves them less than it moves the wall clock.  The Lark parser is
made once, before timing (its making, from the on-disk cache or afresh, is shown apart);
each timed pass starts from a fresh :class:`Library`, an empty card-table cache and none
of the parsed files the process keeps, so nothing carries over from one pass to the next
in the process.  What the user's cache folder keeps does, as it does from one command to
the next: the parsed built-in files (:mod:`rummy_spec.lang.parsed_cache`), stored by the
first pass (or an earlier command) and read back by the others.  ``--cold`` turns that
off for the timed passes, as for a first command ever: every file parsed by Lark.
"Checked" means what ``rummy-spec check`` does: every variant resolved and checked, with
no option and with each of its options in turn (``--no-options``: each variant once, as
``load`` does).

Run ``python -m benchmarks.parse`` (or ``python benchmarks/parse.py``); ``--repeats N``
changes the number of passes (30), ``--strict`` exits 1 when the goal is missed.  The
goal is for the usual case, the cache folder in use; ``--cold`` shows the first run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_spec import decks
from rummy_spec.lang import Library, parsed_cache
from rummy_spec.lang.data import builtin_specs
from rummy_spec.lang.syntax import parser

GOAL_MS = 100.0

Timing = dict[str, tuple[float, float]]  # spec -> (parse seconds, check seconds)


def one_pass(specs: dict[str, tuple[str, str]], with_options: bool = True) -> tuple[Timing, int]:
    """Parse every spec into a fresh library, then resolve and check every variant.

    Returns the time per spec and the number of errors found (a built-in should have none).
    """
    decks.forget_tables()
    parsed_cache.forget()  # nothing kept in the process; the user's cache folder stays
    lib = Library()
    parse_times: dict[str, float] = {}
    declared = {}
    for name, (path, text) in specs.items():
        start = time.process_time()
        declared[name] = lib.add_text(text, path)
        parse_times[name] = time.process_time() - start
    timing: Timing = {}
    errors = 0
    for name, decls in declared.items():
        start = time.process_time()
        for decl in decls:
            for options in [(), *((o,) for o in decl.options if with_options)]:
                _, problems = lib.resolve(decl.name, options)
                errors += sum(1 for p in problems if p.severity == "error")
        timing[name] = (parse_times[name], time.process_time() - start)
    return timing, errors


def main(argv: Sequence[str] | None = None) -> int:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    args.add_argument("--repeats", type=int, default=30, help="timed passes (default 30)")
    args.add_argument("--strict", action="store_true", help="exit 1 when the goal is missed")
    args.add_argument("--no-options", action="store_true",
                      help="check each variant once, without its options")
    args.add_argument("--cold", action="store_true",
                      help="keep no parsed file in the cache folder: every pass parses "
                      "every file afresh")
    opts = args.parse_args(argv)
    if opts.repeats < 1:
        args.error("--repeats must be at least 1")

    specs = {name: (str(path), path.read_text(encoding="utf-8"))
             for name, path in builtin_specs().items()}
    if not specs:
        print("no built-in specs found", file=sys.stderr)
        return 1

    start = time.process_time()
    parser()
    build_ms = (time.process_time() - start) * 1000
    if opts.cold:  # after the parser is made: its own cache is not what is measured
        os.environ["RUMMY_SPEC_CACHE"] = "off"

    passes = [one_pass(specs, not opts.no_options) for _ in range(opts.repeats)]
    errors = passes[0][1]

    what = "without options" if opts.no_options else "with each option"
    cached = ("no parsed file kept on disk (--cold)" if opts.cold
              else "parsed files kept in the cache folder")
    print(f"parse + check ({what}) of {len(specs)} built-in specs, "
          f"median of {opts.repeats} fresh passes, CPU time, {cached}")
    print(f"(Lark parser made once beforehand in {build_ms:.1f} ms, not counted)\n")
    print(f"{'spec':<24}{'parse ms':>10}{'check ms':>10}{'total ms':>10}")
    for name in specs:
        parse_ms = statistics.median(t[name][0] for t, _ in passes) * 1000
        check_ms = statistics.median(t[name][1] for t, _ in passes) * 1000
        print(f"{name:<24}{parse_ms:>10.2f}{check_ms:>10.2f}{parse_ms + check_ms:>10.2f}")
    totals = [sum(p + c for p, c in t.values()) * 1000 for t, _ in passes]
    total = statistics.median(totals)
    print(f"{'all specs, one pass':<24}{'':>20}{total:>10.2f}"
          f"   (fastest {min(totals):.2f}, slowest {max(totals):.2f})\n")
    met = total < GOAL_MS
    print(f"goal: all built-in specs parsed and checked in under {GOAL_MS:.0f} ms together, "
          f"in one process after import: {'met' if met else 'MISSED'} ({total:.1f} ms)")
    if errors:
        print(f"warning: the built-in specs have {errors} errors; "
              "run 'rummy-spec check' on them", file=sys.stderr)
    return 1 if opts.strict and not met else 0


if __name__ == "__main__":
    sys.exit(main())
