"""``rummy-spec conformance run | init | fuzz | generate | export | perft``: the kit.

``init`` writes a starter engine (Python or Node) with its skip file and CI snippets.
``run`` drives an engine (a command speaking PROTOCOL.md, or ``reference``) through the
suite's cases: a progress bar on stderr, then every case that did not pass with what was
expected and what the engine said; exit 1 on any failure or error.  ``fuzz`` plays
Hypothesis-made games on the reference and the engine side by side and writes the first
disagreement, shrunk, as a case file.  ``generate`` remakes the golden traces and perft
files, ``export DIR`` writes the suite for other runners, ``perft`` checks an engine's
action counts and divides a mismatch by first action.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from ..conformance import SUITE_VERSION, SuiteMissing, suite_root
from ..conformance.running.runner import CaseResult, all_good
from ..conformance.running.skips import SkipFileError, read_skip_file
from ..conformance.suite.cases import case_files, load_cases_apart, select
from ..textsafe import outside_text
from . import conformance_fuzz, conformance_init, conformance_matrix, conformance_suite
from .base import FAILED, USAGE, Command, Outcome, UsageError, lines
from .conformance_engine import Bar, EngineDown, engine_of, output_target, positive, start_engine
from .conformance_house import (
    BadContent,
    add_compare,
    claims_note,
    no_cases,
    nothing_ran_why,
    read_deviations,
    variant_names,
)

# ----- run ---------------------------------------------------------------------------

EXIT_CODES = """exit codes:
  0  every case passed, was skipped (the skip file is true) or failed as a listed
     deviation, and at least one case was run
  1  a case failed or errored, a skip-file entry now passes, a case file, spec file
     or deviations file is bad, the engine did not answer 'hello' properly, or no
     case was run (every one skipped or declined)
  2  a bad command line: an unknown option, a missing file, an engine that cannot start
  3  a bug in rummy-spec itself
"""


def _configure_run(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", required=True, metavar="CMD",
                   help="the engine's command line, or 'reference' for the built-in one")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="only this variant's cases (repeatable): a built-in name or a spec "
                        "file (a house variant)")
    p.add_argument("--case", action="append", default=[], metavar="GLOB",
                   help="only cases whose id matches (repeatable), e.g. 'gin/knock/*'")
    p.add_argument("--cases", type=Path, metavar="DIR",
                   help="a cases directory other than the suite's (e.g. fuzz finds)")
    p.add_argument("--skip-file", type=Path, metavar="F",
                   help="case ids or globs expected to fail, one per line")
    p.add_argument("--deviations", type=Path, metavar="FILE",
                   help="known deviations (YAML: by rule, reason code or a predicate, each "
                        "with a note): cases failing that way are reported as known")
    add_compare(p)
    p.add_argument("--timeout", type=positive, default=DEFAULT_TIMEOUT, metavar="S",
                   help="seconds to wait for each reply (default 10)")
    p.add_argument("--case-timeout", type=positive, metavar="S",
                   help="seconds one case may take in all (default: ten replies' time, at "
                        "least 60)")
    p.add_argument("--report", nargs=2, action="append", default=[],
                   metavar=("FORMAT", "PATH"),
                   help="also write a report: json, junit or html (one self-contained page)")
    p.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                   help="colour the output: auto (a terminal without NO_COLOR), always, never")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="list passed cases too, and show the protocol lines of each case "
                        "that did not pass")
    p.add_argument("--inherit", action="store_true",
                   help="with --variant HOUSE.rummy: also run the parent variant's cases "
                        "that the house rules answer alike (conformance.inherited)")
    p.add_argument("--print-skip", action="store_true",
                   help="print a skip file of the cases failing now (failed, errored, or "
                        "listed and failing) instead of the results")


DEFAULT_TIMEOUT = 10.0


def _run(args: argparse.Namespace) -> Outcome:
    from ..conformance.reporting import present
    from ..conformance.reporting.reports import FORMATS, write_report
    from ..conformance.running.runner import run_suite

    began = time.perf_counter()
    for kind, path in args.report:
        if kind not in FORMATS:
            raise UsageError(f"--report {kind}: the formats are {', '.join(FORMATS)}")
        output_target(Path(path), "--report")
    made = engine_of(args)
    root = args.cases or suite_root() / "cases"
    if not root.is_dir():
        raise UsageError(f"--cases {root}: no such directory")
    try:
        skips = read_skip_file(args.skip_file) if args.skip_file else []
    except SkipFileError as err:
        raise UsageError(str(err)) from None
    deviations = read_deviations(args.deviations)
    names = variant_names(args.variant, any_name=True)
    paths = select(case_files(root), root, names, args.case)
    inherited, left_out = _inherited(args, names)
    if not paths and not inherited:
        raise UsageError(no_cases(root, names))
    cases, bad_files = load_cases_apart(root, names, args.case) if paths else ([], [])
    cases += inherited
    if not cases:
        return Outcome(FAILED, err="".join(f"rummy-spec: bad case file: {outside_text(m, 400)}\n"
                                           for _, m in bad_files))
    read = time.perf_counter() - began
    engine, hello = start_engine(args, made)
    started = time.perf_counter() - began - read
    bar = Bar("cases")
    start = time.perf_counter()
    try:
        results = run_suite(engine, cases, skips,
                            lambda i, n, r: bar.show(i, n, r.id.split("/")[0]),
                            record=args.verbose, deviations=deviations,
                            mode=args.compare)
    finally:
        bar.close()
        engine.close()
    played = time.perf_counter() - start
    if bad_files:  # each bad file is an errored case; the others' results stand
        results += [CaseResult(cid, "errored", lines=[f"bad case file: {outside_text(m, 400)}"])
                    for cid, m in bad_files]
        results.sort(key=lambda r: r.id)
    if args.print_skip:
        return Outcome(out=lines(*skip_list(results, hello.name)))
    timeout = args.timeout if args.timeout != DEFAULT_TIMEOUT else None
    rerun = {r.id: present.rerun_command(args.engine, r.id, args.cases, timeout)
             for r in results if r.status in ("failed", "errored")}
    for kind, path in args.report:
        write_report(kind, Path(path), results, hello, args.engine, rerun)
    style = present.Style(present.colour_wanted(args.color, sys.stdout))
    text = present.results_text(results, style, args.verbose, rerun)
    unmet = deviations.unmet()
    if deviations and unmet:
        text.append(f"deviations never met in this run ({len(unmet)} of "
                    f"{len(deviations.entries)}): " + ", ".join(
                        e.where.split(": ", 1)[-1] for e in unmet[:8]))
    text += claims_note(hello)
    if args.inherit:
        text.append(f"inherited {len(inherited)} case{'s' * (len(inherited) != 1)} of the "
                    f"parent variant; {left_out} left out (the house rules answer them "
                    "otherwise)")
    none_ran = all(r.status == "skipped" for r in results)
    if none_ran:
        text.append(f"no case was run: all {len(results)} were skipped or declined ("
                    f"{nothing_ran_why(results, hello)}); a run that compares nothing fails")
    total = time.perf_counter() - began
    age = present.process_age()  # the command's own clock: Python's start included
    loaded = f"loaded in {age - total:.1f} s, " if age is not None and age > total else ""
    total = max(total, age) if age is not None else total
    about = f", suite {SUITE_VERSION}, engine {hello.name} {hello.version}".rstrip()
    text.append(present.summary_line(results, style, about) + f" in {total:.1f} s ({loaded}"
                f"cases read in {read:.1f} s, engine started in {started:.1f} s, played in "
                f"{played:.1f} s)")
    return Outcome(0 if all_good(results) and not none_ran else FAILED, out=lines(*text))


def _inherited(args: argparse.Namespace, names: list[str]) -> tuple[list[Any], int]:
    """The parent's cases each house variant named plays alike (``--inherit``)."""
    if not args.inherit:
        return [], 0
    from ..conformance.running.inherited import inherited_cases
    from ..conformance.suite.variants import spec_of

    house = [n for n in names if spec_of(n) is not None]
    if not house:
        raise UsageError("--inherit: name a house variant with --variant FILE.rummy")
    cases: list[Any] = []
    left = 0
    for name in house:
        got, out = inherited_cases(name, suite_root() / "cases")
        cases += [c for c in got if not args.case or select_id(c.id, args.case)]
        left += out
    return cases, left


def select_id(case_id: str, patterns: list[str]) -> bool:
    import fnmatch

    return any(fnmatch.fnmatchcase(case_id, p) for p in patterns)


def skip_list(results: list[CaseResult], engine: str) -> list[str]:
    """A skip file (``--skip-file``) of the cases failing now."""
    failing = [r.id for r in results if r.status in ("failed", "errored") or (
        r.status == "skipped" and r.message.startswith("listed") and "failed" in r.message)]
    return [f"# Cases {outside_text(engine, 80)} fails now (rummy-spec conformance run "
            "--print-skip); remove a line once its case passes.", *failing]


SUBCOMMANDS = {
    "run": ("run the cases against an engine", _configure_run, _run),
    "init": ("write a starter engine, a skip file and CI snippets into a directory",
             conformance_init.configure, conformance_init.run),
    "fuzz": ("differential fuzzing against the reference", conformance_fuzz.configure,
             conformance_fuzz.run),
    "generate": ("remake the golden traces and perft files", conformance_suite.configure_generate,
                 conformance_suite.generate),
    "export": ("write the suite to a directory for other runners",
               conformance_suite.configure_export, conformance_suite.export),
    "perft": ("check an engine's perft counts", conformance_suite.configure_perft,
              conformance_suite.perft),
    "matrix": ("the suite and a fuzz budget over a list of engines: JSON, HTML, badges",
               conformance_matrix.configure, conformance_matrix.run),
}


def _configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION")
    for name, (help_, configure, run) in SUBCOMMANDS.items():
        p = sub.add_parser(name, help=help_, description=help_, allow_abbrev=False,
                           epilog=EXIT_CODES if name == "run" else None,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
        configure(p)
        p.set_defaults(action_run=run)


def _dispatch(args: argparse.Namespace) -> Outcome:
    if getattr(args, "action", None) is None:
        raise UsageError("conformance: name an action: " + ", ".join(SUBCOMMANDS))
    try:
        outcome: Outcome = args.action_run(args)
        return outcome
    except SuiteMissing as err:
        return Outcome(USAGE, err=f"rummy-spec: {err}\n")
    except (EngineDown, BadContent) as err:
        return Outcome(FAILED, err=f"rummy-spec: {err}\n")


COMMAND = Command(
    name="conformance",
    help="the conformance kit: run cases against an engine, fuzz, perft, export",
    configure=_configure,
    run=_dispatch,
    description=__doc__ or "",
)
