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
import math
import shlex
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from ..conformance import SUITE_VERSION, SuiteMissing, suite_root
from ..conformance.cases import CaseError, case_files, load_cases_apart, select
from ..conformance.connect import make_engine
from ..conformance.engine import Engine, EngineError, Hello
from ..conformance.runner import CaseResult, SkipFileError, all_good, read_skip_file
from ..outfile import OutputError, check_target, make_directory
from ..textsafe import outside_text
from . import conformance_init, conformance_matrix
from .base import FAILED, USAGE, Command, Outcome, UsageError, lines, whole_number
from .conformance_house import (
    ALL_DECLINED,
    BadContent,
    add_compare,
    claims_note,
    fuzz_refused,
    no_cases,
    nothing_ran_why,
    read_deviations,
    variant_names,
)
from .fuzz_stop import Stopper

BAR = 30


class Bar:
    """A progress bar on stderr when it is a terminal; silent otherwise."""

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.shown = self.stream.isatty()
        self.what = what

    def show(self, done: int, total: int, note: str = "") -> None:
        if self.shown and total:
            filled = BAR * done // total
            self.stream.write(f"\r[{'#' * filled}{'-' * (BAR - filled)}] {done}/{total} "
                              f"{self.what} {note[:30]:30}")
            self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (BAR + 80) + "\r")
            self.stream.flush()


PROGRESS_SECONDS = 10.0  # fuzz's progress line on a stderr that is no terminal
MOST_SECONDS = 86_400.0  # a day: a longer wait is a mistake, and inf never times out


def positive(text: str) -> float:
    """An argparse type: seconds, above 0 and at most a day (not inf, not nan)."""
    shown = outside_text(text, 40)
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{shown}' is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"'{shown}' is not a finite number of seconds")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{shown} is not above 0")
    if value > MOST_SECONDS:
        raise argparse.ArgumentTypeError(f"{shown} is more than a day "
                                         f"({MOST_SECONDS:g} seconds at most)")
    return value


def _target(path: Path, what: str, directory: bool = False) -> None:
    """An output file or directory checked before any work starts: a usage error."""
    try:
        if directory:
            make_directory(path, what)
        else:
            check_target(path, what)
    except OutputError as err:
        raise UsageError(str(err)) from None


def _make(args: argparse.Namespace) -> Engine:
    try:
        return make_engine(args.engine, args.timeout, getattr(args, "case_timeout", None))
    except ValueError as err:
        raise UsageError(str(err)) from None


def _engine(args: argparse.Namespace, engine: Engine | None = None) -> tuple[Engine, Hello]:
    """The engine, started, with its ``hello``: a usage error if it cannot start."""
    engine = engine or _make(args)
    try:
        return engine, engine.hello()
    except EngineError as err:
        engine.close()
        if err.kind == "crash" and err.message.startswith("cannot start"):
            raise UsageError(f"--engine: {err.message}") from None
        from ..conformance.runner import stderr_lines

        shown = "".join(f"\n  {line}" for line in stderr_lines(err.stderr))
        raise EngineDown(f"the engine did not answer 'hello' properly: {err.kind}: "
                         f"{err.message}" + (f"\nengine stderr:{shown}" if shown else "")) \
            from None


class EngineDown(Exception):
    pass



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
    from ..conformance import present
    from ..conformance.reports import FORMATS, write_report
    from ..conformance.runner import run_suite

    began = time.perf_counter()
    for kind, path in args.report:
        if kind not in FORMATS:
            raise UsageError(f"--report {kind}: the formats are {', '.join(FORMATS)}")
        _target(Path(path), "--report")
    made = _make(args)
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
    engine, hello = _engine(args, made)
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
    from ..conformance.inherited import inherited_cases
    from ..conformance.variants import spec_of

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


# ----- fuzz --------------------------------------------------------------------------

def _configure_fuzz(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", required=True, metavar="CMD",
                   help="the engine's command line ('reference' compares it with itself)")
    p.add_argument("--variant", required=True, metavar="V",
                   help="the variant to play: a built-in name or a spec file")
    p.add_argument("--option", action="append", default=[], metavar="NAME",
                   help="switch on one of the variant's options (repeatable)")
    p.add_argument("--players", type=whole_number, metavar="N",
                   help="the player count (default: 4 where there are claims, else 3, "
                        "within the variant's range)")
    p.add_argument("--profile", choices=("quick", "deep"), default="quick",
                   help="quick (default: 100 games of up to 120 actions, 20 s of shrinking "
                        "per finding) or deep (2000 games of up to 300, 120 s)")
    p.add_argument("--examples", type=whole_number, metavar="N",
                   help="how many games to try (default: the profile's)")
    p.add_argument("--seed", type=whole_number, default=0, metavar="S",
                   help="the seed (default 0): the same seed, the same games")
    p.add_argument("--steps", type=whole_number, metavar="N",
                   help="actions per game at most (default: the profile's)")
    p.add_argument("--shrink-seconds", type=positive, metavar="S",
                   help="time allowed for shrinking each finding (default: the profile's)")
    p.add_argument("--findings", type=whole_number, default=20, metavar="N",
                   help="stop after this many distinct disagreements (default 20)")
    p.add_argument("--skip-file", type=Path, metavar="FILE",
                   help="run's skip file (case ids or globs, one a line): a disagreement "
                        "in a listed topic (VARIANT/TOPIC/*) is reported as skipped")
    p.add_argument("--time-budget", type=positive, metavar="S",
                   help="stop starting games after S seconds; the summary and every "
                        "finding so far are written (so is an interrupt's: Ctrl-C, SIGTERM)")
    add_compare(p)
    p.add_argument("--timeout", type=positive, default=10.0, metavar="S",
                   help="seconds to wait for each reply (default 10)")
    p.add_argument("--deviations", type=Path, metavar="FILE",
                   help="known deviations (YAML: by rule, reason code or a predicate, each "
                        "with a note): a disagreement one matches is reported as known")
    p.add_argument("--out", type=Path, default=Path("conformance-fuzz"), metavar="DIR",
                   help="where the minimal cases are written (default ./conformance-fuzz)")


def _needs_hypothesis(command: str) -> None:
    """A usage error naming the extra to install when Hypothesis is absent (it is not a
    core dependency: the ``kit`` extra brings it)."""
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise UsageError(f"conformance {command} needs the hypothesis package, which is not "
                         "installed: pip install 'rummy-spec[kit]'") from None


def _fuzz(args: argparse.Namespace) -> Outcome:
    _needs_hypothesis("fuzz")
    from ..conformance.cases import variant
    from ..conformance.fuzz import (
        PROFILES,
        Finding,
        FuzzOptions,
        default_players,
        deviations_known,
        fuzz,
    )
    from ..conformance.fuzzcase import write_finding
    from ..lang import LookupFailure, SpecError

    options = tuple(dict.fromkeys(args.option))
    given = Path(args.variant)
    name = variant_names([args.variant])[0]  # a spec file: its variant's name (a path that
    # cannot be read, a name too long among them, is refused there)
    variant_arg = str(given.resolve()) if given.suffix == ".rummy" and given.is_file() \
        else args.variant
    args.variant = name
    try:
        v = variant(args.variant, options)
    except LookupFailure as err:
        raise UsageError(f"--variant: {err}") from None
    except SpecError as err:
        raise UsageError(f"--option: {err.errors[0].message if err.errors else err}") from None
    players = (args.players if args.players is not None  # 0 is refused below, not replaced
               else default_players(args.variant, options))
    high = v.players.max if v.players.max is not None else 100
    if not v.players.min <= players <= high:
        raise UsageError(f"--players {players}: {args.variant} is for {v.players.min}.."
                         f"{v.players.max or ''} players")
    profile = PROFILES[args.profile]
    examples = args.examples if args.examples is not None else int(profile["examples"])
    steps = args.steps if args.steps is not None else int(profile["steps"])
    shrink = args.shrink_seconds if args.shrink_seconds is not None else float(
        profile["shrink_seconds"])
    if examples < 1 or steps < 1 or args.findings < 1:
        raise UsageError("--examples, --steps and --findings must be at least 1")
    deviations = read_deviations(args.deviations)
    try:
        skip_entries = read_skip_file(args.skip_file) if args.skip_file is not None else []
    except SkipFileError as err:
        raise UsageError(str(err)) from None
    _target(args.out, "--out", directory=True)
    engine, hello = _engine(args)
    why = fuzz_refused(engine, hello, args, options, players)
    if why is not None:
        return Outcome(FAILED, err=f"rummy-spec: nothing to fuzz: {why}\n")
    known = deviations_known(deviations, args.variant) if deviations else None
    if args.skip_file is not None:
        from ..conformance.fuzzskip import skip_known

        known = skip_known(skip_entries, args.variant, known)
    opts = FuzzOptions(args.variant, options, players, examples, args.seed, steps,
                       args.ignore_codes, args.engine, shrink, features=hello.features,
                       shows=hello.shows,
                       known=known, most_findings=args.findings, variant_arg=variant_arg)
    bar = Bar("games")
    start = time.perf_counter()
    written: list[Path] = []

    def found(finding: Finding) -> None:  # written at once: an interrupt loses nothing
        written.append(write_finding(args.out, opts, players, finding, hello.features))
        bar.close()
        sys.stderr.write(f"found: {finding.rule} (game {finding.first}; written: "
                         f"{written[-1]})\n")
        sys.stderr.flush()

    told = [start]

    def progress(games: int) -> None:
        bar.show(games, examples)
        now = time.perf_counter()
        if not bar.shown and now - told[0] >= PROGRESS_SECONDS:  # (a log, not a terminal)
            told[0] = now
            sys.stderr.write(f"fuzz: {games}/{examples} games, {len(written)} finding"
                             f"{'s' * (len(written) != 1)}, {now - start:.0f} s\n")
            sys.stderr.flush()

    stop = Stopper(start, args.time_budget)
    opts = replace(opts, on_finding=found, stop=stop)
    try:
        with stop.signals():
            result = fuzz(engine, opts, progress)
    finally:
        bar.close()
        engine.close()
    took = f"{time.perf_counter() - start:.1f} s"
    about = f"({args.variant}, {players} players, seed {args.seed}, {took})"
    if not result.findings and result.skipped >= result.examples and not result.error:
        return Outcome(FAILED, out=lines(f"no disagreement in {result.examples} games {about}",
                                         f"the engine declined {result.skipped} of them"),
                       err=f"rummy-spec: {ALL_DECLINED}\n")
    note = f"rummy-spec: {result.error}\n" if result.error else ""
    text: list[str] = []
    if not result.findings and result.error:  # no verdict: the engine stopped the run
        text.append(f"no verdict: the engine failed after {result.examples} game"
                    f"{'s' * (result.examples != 1)} {about}")
    elif not result.findings:
        text.append(f"no disagreement in {result.examples} games {about}")
    else:
        text.append(f"{len(result.findings)} disagreement{'s' * (len(result.findings) > 1)}"
                    f" in {result.examples} games ({result.shrink_runs} shrinking runs) "
                    f"{about}:")
    if result.stopped:
        text.append(f"stopped after {result.examples} games: {result.stopped}")
    for n, (finding, path) in enumerate(zip(result.findings, written, strict=True), 1):
        cid = path.relative_to(args.out).with_suffix("").as_posix()
        text += [f"{n}. {finding.rule} (first in game {finding.first}, in {finding.seen} "
                 f"game{'s' * (finding.seen > 1)})",
                 *("  " + ln for ln in finding.lines),
                 f"  minimal sequence ({len(finding.actions)} actions, reference outcomes):",
                 *("    " + ln for ln in finding.trail),
                 f"  written: {path}",
                 "  replay:  " + shlex.join(["rummy-spec", "conformance", "run", "--engine",
                                             args.engine, "--cases", str(args.out),
                                             "--case", cid])]
    for what, games in sorted(result.known.items()):
        text.append(f"known: {what} (in {games} game{'s' * (games > 1)})")
    for rule in result.flaky:
        text.append(f"not steady: {rule} (the engine did not disagree again when the "
                    "game was replayed; no case written)")
    if deviations and deviations.unmet():
        text.append("deviations never met in this run: " + ", ".join(
            e.where for e in deviations.unmet()))
    if result.unsteady:
        text.append(f"generation was cut short {result.unsteady} time"
                    f"{'s' * (result.unsteady > 1)}: a game played again did not go the same "
                    "way (the engine's answers are not steady); the run went on with new games")
    if result.skipped:
        text.append(f"the engine declined {result.skipped} of the games")
    failed = bool(result.findings) or bool(result.error) or bool(result.flaky)
    return Outcome(FAILED if failed else 0, out=lines(*text), err=note)


# ----- generate, export, perft -------------------------------------------------------

def _configure_generate(p: argparse.ArgumentParser) -> None:
    p.add_argument("--out", type=Path, metavar="DIR",
                   help="the suite directory to write into (default: the suite's own)")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="only this variant (repeatable): a built-in name, or a spec file "
                        "(a house variant; needs --out)")
    p.add_argument("--only", choices=("golden", "perft"), help="only golden traces or perft")


def _generate(args: argparse.Namespace) -> Outcome:
    from ..conformance.generate import generate
    from ..conformance.variants import spec_of
    from ..lang.library import builtin_library

    known = sorted(builtin_library().decls)
    names = variant_names(args.variant)
    house = [n for n in names if spec_of(n) is not None]
    if house and args.out is None:
        raise UsageError(f"--variant {args.variant[names.index(house[0])]}: a house variant's "
                         "traces and perft file need --out DIR (the suite's own directory "
                         "holds the built-in variants')")
    if args.out is not None:
        _target(args.out, "--out", directory=True)
    root = args.out or suite_root()
    what = (args.only,) if args.only else ("golden", "perft")
    bar = Bar("files")
    total = len(names or known) * 2 + 4
    done: list[str] = []

    def step(name: str) -> None:
        done.append(name)
        bar.show(len(done), total, name)

    try:
        written = generate(root, names or known, what, step)
    finally:
        bar.close()
    return Outcome(out=lines(*(str(p) for p in written), f"{len(written)} files"))


def _configure_export(p: argparse.ArgumentParser) -> None:
    p.add_argument("dir", type=Path, metavar="DIR", help="a new (or empty) directory")


def _export(args: argparse.Namespace) -> Outcome:
    from ..conformance.export import ExportError, export_suite

    try:
        n = export_suite(args.dir)
    except ExportError as err:
        raise UsageError(str(err)) from None
    except CaseError as err:
        return Outcome(FAILED, err=f"rummy-spec: bad case file: {err}\n")
    return Outcome(out=lines(f"exported {n} cases to {args.dir}"))


def _configure_perft(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engine", required=True, metavar="CMD",
                   help="the engine's command line, or 'reference'")
    p.add_argument("--file", action="append", default=[], metavar="GLOB",
                   help="only perft files whose name matches (e.g. 'gin')")
    p.add_argument("--variant", action="append", default=[], metavar="V",
                   help="only positions of this variant (repeatable): a built-in name or a "
                        "spec file")
    p.add_argument("--perft", type=Path, metavar="DIR",
                   help="a directory of perft files other than the suite's (e.g. DIR/perft "
                        "that 'generate --out DIR' wrote)")
    p.add_argument("--depth", type=whole_number, metavar="N", help="check depths 1..N only")
    p.add_argument("--timeout", type=positive, default=30.0, metavar="S",
                   help="seconds to wait for each reply (default 30)")


def _perft(args: argparse.Namespace) -> Outcome:
    from ..conformance.perft import PerftError, check_files, perft_files

    if args.depth is not None and args.depth < 1:
        raise UsageError(f"--depth {args.depth}: depths start at 1 (depth 0 checks nothing)")
    names = variant_names(args.variant)
    root = args.perft or suite_root() / "perft"
    if not root.is_dir():
        raise UsageError(f"--perft {root}: no such directory")
    files = perft_files(root, tuple(args.file))
    if not files:
        raise UsageError(f"no perft file in {root}" + (" matches --file" if args.file else ""))
    engine, hello = _engine(args)
    try:
        results = check_files(engine, files, args.depth, names)
    except PerftError as err:
        return Outcome(FAILED, err=f"rummy-spec: bad perft file: {err}\n")
    finally:
        engine.close()
    if not results:
        return Outcome(FAILED, err=f"rummy-spec: nothing to check: no perft position of "
                       f"{', '.join(names)} in {root}; make them with 'rummy-spec conformance "
                       "generate --variant V --out DIR' and pass --perft DIR/perft\n")
    text: list[str] = []
    for r in results:
        text.append(f"{r.status:8} {r.file}: {r.position}")
        text += ["    " + ln for ln in r.lines]
    bad = [r for r in results if r.status in ("failed", "errored")]
    passed = sum(r.status == "passed" for r in results)
    text.append(f"{passed} of {len(results)} positions passed, "
                f"{len(results) - len(bad) - passed} skipped, {len(bad)} failed or errored")
    text += claims_note(hello)
    if not passed and not bad:
        return Outcome(FAILED, out=lines(*text), err=(
            f"rummy-spec: no position was checked: all {len(results)} were skipped "
            f"({results[0].lines[0] if results[0].lines else 'no reason given'})\n"))
    return Outcome(FAILED if bad else 0, out=lines(*text))


SUBCOMMANDS = {
    "run": ("run the cases against an engine", _configure_run, _run),
    "init": ("write a starter engine, a skip file and CI snippets into a directory",
             conformance_init.configure, conformance_init.run),
    "fuzz": ("differential fuzzing against the reference", _configure_fuzz, _fuzz),
    "generate": ("remake the golden traces and perft files", _configure_generate, _generate),
    "export": ("write the suite to a directory for other runners", _configure_export,
               _export),
    "perft": ("check an engine's perft counts", _configure_perft, _perft),
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
