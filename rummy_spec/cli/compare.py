"""``rummy-spec compare A [B]``: what a rule changes, measured in seeded bot games.

``compare A B`` plays the same seeds of A and B (built-in names or spec files) and puts
every balance figure side by side with its 95% interval and a verdict: differs
significantly or not (p < 0.05), with the test named; then the balance metrics
(:mod:`rummy_spec.analysis.metrics`) the same way, and the skill share (a strong bot's
win rate against a weak one: ``--skill STRONG,WEAK``, default planner against greedy,
seats swapped).  ``compare A --option X`` compares A
as written with A with option X on (with B given, ``--option`` applies to B).  The
figures are those of :mod:`rummy_spec.analysis.figures`; ``--plots DIR`` also draws the
four plots as PNG and SVG (needs the ``analysis`` extra).  Games run as ``simulate``'s
do: ``--workers``, ``--ray``, ``--bot`` (default planner), the same records for any of
them.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path

from ..analysis.figures import SEAT_TEST, Verdict, compare, seat_test
from ..analysis.metrics import compared_rows, reduction_lines
from ..analysis.plots import PlotsUnavailable, write_plots
from ..analysis.runner import Batch
from ..analysis.skill import compared_skill_rows, skill_notes
from ..engine.records.state import DEAL_CAP, TURN_CAP
from ..lang import model as m
from ..simulate import GameRecord
from .base import Command, Outcome, UsageError, lines
from .show import resolve
from .simulate import add_run_arguments, checked_run, play_all
from .skill_text import add_skill_arguments, skill_of_args, skill_pair


def add_balance_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, metavar="N",
                        help="the player count (default: each variant's minimum)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME",
                        help="switch on an option (repeatable; see the command's help)")
    parser.add_argument("--variant", metavar="NAME",
                        help="which variant of a file that declares several")
    add_run_arguments(parser, games=50)
    parser.add_argument("--plots", metavar="DIR",
                        help="write the four plots (PNG and SVG) to DIR")
    parser.add_argument("--mirror", action="store_true",
                        help="mirrored deals: play each seed's deals once from every seat "
                             "(the hands rotated), K x players games; the metrics' intervals "
                             "are then over deals, and the variance reduction is shown")
    add_skill_arguments(parser)


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("first", metavar="A", help="a built-in variant or a spec file")
    parser.add_argument("second", metavar="B", nargs="?",
                        help="the variant to compare with (default: A with the --option)")
    add_balance_arguments(parser)


def plots_dir(text: str | None) -> Path | None:
    if text is None:
        return None
    from ..infile import InputFileError, kind_of
    from ..textsafe import outside_text

    path = Path(text)
    try:
        what = kind_of(path)  # a name too long: refused before any game
    except InputFileError as err:
        raise UsageError(f"--plots {outside_text(text, 120)}: {err}") from None
    if what not in (None, "directory"):
        raise UsageError(f"--plots {outside_text(text, 120)}: not a directory")
    return path


def label(variant: m.Variant, target: str) -> str:
    on = f" +{'+'.join(variant.enabled)}" if variant.enabled else ""
    return f"{target if target.endswith('.rummy') else variant.name}{on}"


def title(variant: m.Variant) -> str:
    """How a plot names a variant: its title, and the options switched on."""
    on = f" + {', '.join(variant.enabled)}" if variant.enabled else ""
    return f"{variant.title}{on}"


def games_of(args: argparse.Namespace, variant: m.Variant) -> list[GameRecord]:
    players, bots = checked_run(args, variant)
    return play_all(args, Batch(variant, players, bots, args.seed, args.games, TURN_CAP,
                                DEAL_CAP, mirror=args.mirror))


def group_of(args: argparse.Namespace, games: list[GameRecord]) -> int:
    """Games per mirrored deal (1 without --mirror)."""
    return games[0].players if args.mirror and games else 1


def interval(value: float, low: float, high: float, share: bool) -> str:
    if math.isnan(value):
        return "-"
    if share:
        return f"{100 * value:.0f}% [{100 * low:.0f}-{100 * high:.0f}]"
    return f"{value:.1f} [{low:.1f}-{high:.1f}]"


def p_text(p: float) -> str:
    return "-" if math.isnan(p) else ("<0.001" if p < 0.001 else f"{p:.3f}")


def verdict_rows(verdicts: list[Verdict]) -> list[list[str]]:
    rows = []
    for v in verdicts:
        share = "z-test" in v.test
        said = (f"only {v.only} has it" if v.only
                else ("DIFFERS" if v.differs else "same") + f" ({v.test})")
        rows.append([v.name, interval(v.a.value, v.a.low, v.a.high, share),
                     interval(v.b.value, v.b.low, v.b.high, share), p_text(v.p), said])
    return rows


def columns(rows: list[list[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    return ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
            for r in rows]


def seat_line(name: str, games: list[GameRecord]) -> str:
    p = seat_test(games)
    if math.isnan(p):
        return f"{name}: seats not tested (no game was won)"
    fair = "no seat advantage shown" if p >= 0.05 else "the seats DIFFER"
    return f"{name}: {fair} (p {p_text(p)}, {SEAT_TEST})"


def plot_lines(args: argparse.Namespace, sets: list[tuple[str, list[GameRecord]]],
               title: str) -> list[str]:
    folder = plots_dir(args.plots)
    if folder is None:
        return []
    try:
        written = write_plots(sets, folder, title)
    except PlotsUnavailable as err:
        raise UsageError(str(err)) from None
    except OSError as err:
        raise UsageError(f"--plots {args.plots}: cannot write ({err.strerror or err})") from None
    return ["", f"plots: {len(written)} files in {folder}: "
            + ", ".join(p.name for p in written)]


def _run(args: argparse.Namespace) -> Outcome:
    plots_dir(args.plots)  # a usage error before any game
    if args.second is None:
        if not args.option:
            raise UsageError("compare A B, or compare A --option NAME (A with and without it)")
        a = resolve(args.first, [], args.variant)
        b = resolve(args.first, list(args.option), args.variant)
        names = (label(a, args.first), label(b, args.first))
    else:
        a = resolve(args.first, [], args.variant)
        b = resolve(args.second, list(args.option), args.variant)
        names = (label(a, args.first), label(b, args.second))
    pair = skill_pair(args)
    games_a = games_of(args, a)
    games_b = games_of(args, b)
    verdicts = compare(games_a, games_b)
    differ = [v.name for v in verdicts if v.differs]
    who = games_a[0].bots
    head = (f"compare: A = {names[0]} ({games_a[0].players} players), B = {names[1]} "
            f"({games_b[0].players} players); {args.games} games each, seeds {args.seed}.."
            f"{args.seed + args.games - 1}, bots {','.join(dict.fromkeys(who))}")
    table = columns([["figure", "A [95%]", "B [95%]", "p", "verdict"],
                     *verdict_rows(verdicts)])
    group = group_of(args, games_a)
    metric_table = compared_rows(games_a, games_b, group)
    notes: list[str] = []
    if pair is not None:
        skills = [skill_of_args(args, v, g[0].players, pair)
                  for v, g in ((a, games_a), (b, games_b))]
        metric_table += compared_skill_rows(*skills)
        notes = [*skill_notes(skills[0], "A: "), *skill_notes(skills[1], "B: ")]
    table += ["", *columns(metric_table), *notes]
    if group > 1:
        table += [*reduction_lines(games_a, group, "A: "), *reduction_lines(games_b, group, "B: ")]
    summary = (f"figures that differ significantly (p < 0.05): {', '.join(differ)}"
               if differ else "no figure differs significantly (p < 0.05)")
    parts = [head, "", *table, "", seat_line("A", games_a), seat_line("B", games_b),
             summary, *plot_lines(args, [(f"A: {title(a)}", games_a),
                                         (f"B: {title(b)}", games_b)],
                                  f"{title(a)} vs {title(b)}")]
    return Outcome(out=lines(*parts))


COMMAND = Command(
    name="compare",
    help="bot games of two variants (or one with and without an option), figure by figure",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
