"""``rummy-spec conformance fuzz``: Hypothesis-made games on the reference and the engine
side by side; the first disagreements, shrunk, written as case files."""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from dataclasses import replace
from pathlib import Path

from ..conformance.running.skips import SkipFileError, read_skip_file
from .base import FAILED, Outcome, UsageError, lines, whole_number
from .conformance_engine import PROGRESS_SECONDS, Bar, output_target, positive, start_engine
from .conformance_house import (
    ALL_DECLINED,
    add_compare,
    fuzz_refused,
    read_deviations,
    variant_names,
)
from .fuzz_stop import Stopper


def configure(p: argparse.ArgumentParser) -> None:
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


def needs_hypothesis(command: str) -> None:
    """A usage error naming the extra to install when Hypothesis is absent (it is not a
    core dependency: the ``kit`` extra brings it)."""
    try:
        import hypothesis  # noqa: F401
    except ImportError:
        raise UsageError(f"conformance {command} needs the hypothesis package, which is not "
                         "installed: pip install 'rummy-spec[kit]'") from None


def run(args: argparse.Namespace) -> Outcome:
    needs_hypothesis("fuzz")
    from ..conformance.fuzzing.fuzz import fuzz
    from ..conformance.fuzzing.fuzzcase import write_finding
    from ..conformance.fuzzing.fuzzrun import (
        PROFILES,
        Finding,
        FuzzOptions,
        default_players,
        deviations_known,
    )
    from ..conformance.suite.cases import variant
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
    output_target(args.out, "--out", directory=True)
    engine, hello = start_engine(args)
    why = fuzz_refused(engine, hello, args, options, players)
    if why is not None:
        return Outcome(FAILED, err=f"rummy-spec: nothing to fuzz: {why}\n")
    known = deviations_known(deviations, args.variant) if deviations else None
    if args.skip_file is not None:
        from ..conformance.fuzzing.fuzzskip import skip_known

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
