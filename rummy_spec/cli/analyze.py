"""``rummy-spec analyze A``: the balance figures of one variant in seeded bot games.

Every figure of :mod:`rummy_spec.analysis.figures` with its 95% interval, and the test of
the seats against 1/n (is there a first-player advantage?), then the balance metrics of
:mod:`rummy_spec.analysis.metrics` (first-seat advantage, game length and its spread,
lead changes, decisiveness, drama, points spread) and the skill share (a strong bot's
win rate against a weak one: ``--skill STRONG,WEAK``, default planner against greedy,
each seed played twice with the seats swapped), each with its 95% interval.
``--plots DIR`` draws the four plots as PNG and SVG (needs the ``analysis`` extra).
Games run as ``simulate``'s do: ``--workers``, ``--ray``, ``--bot`` (default planner).
``--ladder`` plays the bots of ``--bots`` against each other instead and prints their
win-rate matrix (:mod:`rummy_spec.analysis.ladder`).
"""

from __future__ import annotations

import argparse

from ..analysis.figures import figures
from ..analysis.metrics import metric_rows, reduction_lines
from ..analysis.skill import skill_notes, skill_rows
from .base import Command, Outcome, lines
from .compare import (
    add_balance_arguments,
    columns,
    games_of,
    group_of,
    interval,
    label,
    plot_lines,
    plots_dir,
    seat_line,
)
from .ladder_text import add_ladder_arguments, ladder_lines
from .show import resolve
from .skill_text import skill_of_args, skill_pair


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("first", metavar="A", help="a built-in variant or a spec file")
    add_balance_arguments(parser)
    add_ladder_arguments(parser)


def _run(args: argparse.Namespace) -> Outcome:
    plots_dir(args.plots)
    variant = resolve(args.first, list(args.option), args.variant)
    if args.ladder:
        return Outcome(out=lines(*ladder_lines(args, variant, args.first)))
    name = label(variant, args.first)
    pair = skill_pair(args)
    games = games_of(args, variant)
    rows = [["figure", "value [95%]", "n"]]
    for f in figures(games):
        e = f.estimate
        rows.append([f.name, interval(e.value, e.low, e.high, f.share), str(e.n)])
    played = (f"{args.games} deals x {games[0].players} seats mirrored" if args.mirror
              else f"{args.games} games")
    head = (f"analyze: {name} ({games[0].players} players), {played}, seeds "
            f"{args.seed}..{args.seed + args.games - 1}, bots "
            f"{','.join(dict.fromkeys(games[0].bots))}")
    group = group_of(args, games)
    mirrored = ["", *reduction_lines(games, group)] if group > 1 else []
    metric_table = metric_rows(games, group)
    notes: list[str] = []
    if pair is not None:
        found = skill_of_args(args, variant, games[0].players, pair)
        metric_table += skill_rows(found)
        notes = skill_notes(found)
    parts = [head, "", *columns(rows), "", *columns(metric_table), *notes, *mirrored,
             "", seat_line(name, games),
             *plot_lines(args, [(name, games)], name)]
    return Outcome(out=lines(*parts))


COMMAND = Command(
    name="analyze",
    help="the balance figures of one variant in seeded bot games, with their intervals",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
