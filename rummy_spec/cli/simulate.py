"""``rummy-spec simulate NAME|PATH``: bots play seeded games; what happened, round by round.

Game k is played with seed S+k, so any one of them can be played again alone, and the
results are the same whatever ``--workers`` (local processes) or ``--ray`` (a Ray
cluster, also read from RAY_ADDRESS; "local" starts one here) is given.  ``--bot`` names
one bot for every seat or one per seat (``planner,greedy,greedy,greedy``).

Text output: a summary, then a table per round number of how rounds ended (out, knock,
stock: the variant's own rule for a low or empty stock, abandoned, turn cap), their mean
and 95th-percentile turns and how many players went down.  Every round that did not end
by the rules of play is named in a warning on stderr.  ``--json FILE`` and ``--csv FILE``
(``-`` for stdout) write every game and round (the JSON follows the package's
``simulate.schema.json``); files are written whole at the end or not at all.  A progress
bar goes to stderr while it runs, only when stderr is a terminal.  ``--trace DIR`` writes
each game's trace as ``DIR/game-<seed>.jsonl``; ``rummy-spec replay DIR`` checks them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import TextIO

from ..analysis.export import csv_text, document
from ..analysis.rounds import abandoned, round_rows, table_lines
from ..analysis.runner import Batch, ClusterError, run
from ..bots import DEFAULT_BOT
from ..engine.records.state import DEAL_CAP, TURN_CAP
from ..lang import builtin_library
from ..lang import model as m
from ..outfile import OutputError, check_target, make_directory, write_text
from ..simulate import KINDS, GameRecord, SeatingError, seating
from ..textsafe import outside_text
from .base import FAILED, Command, Outcome, UsageError, lines, whole_number
from .cardtext import plural
from .games import players_for, start_game
from .show import add_variant_arguments, resolve

MOST_GAMES = 1_000_000
MOST_WORKERS = 256
BAR_WIDTH = 30


class Progress:
    """A one-line progress bar on a terminal; silent anywhere else."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self.total = total
        self.stream = stream
        self.shown = stream.isatty()

    def update(self, done: int) -> None:
        if not self.shown:
            return
        filled = BAR_WIDTH * done // self.total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.stream.write(f"\r[{bar}] {done}/{self.total} games")
        self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (BAR_WIDTH + 30) + "\r")
            self.stream.flush()


def trace_dir(text: str) -> Path:
    """The trace directory, made with its parents if absent: checked before play."""
    try:
        return make_directory(Path(text), "--trace")
    except OutputError as err:
        raise UsageError(str(err)) from None


def output_path(flag: str, text: str | None) -> Path | None:
    """An output file's path, checked before any game is played ('-': stdout)."""
    if text is None or text == "-":
        return None
    try:
        return check_target(Path(text), flag)
    except OutputError as err:
        raise UsageError(str(err)) from None


def add_run_arguments(parser: argparse.ArgumentParser, games: int = 10) -> None:
    """What every command that plays many games takes: games, seeds, bots, where."""
    parser.add_argument("--games", type=whole_number, default=games, metavar="K",
                        help=f"how many games to play (default {games})")
    parser.add_argument("--seed", type=whole_number, default=1, metavar="S",
                        help="the first game's seed; the next games take S+1, S+2... (default 1)")
    parser.add_argument("--bot", default=DEFAULT_BOT, metavar="BOT[,BOT...]",
                        help="random, greedy, planner, ismcts or eaai-simple: one for every "
                             f"seat, or one per seat (default {DEFAULT_BOT})")
    parser.add_argument("--workers", type=whole_number, default=1, metavar="N",
                        help="local processes to play in (default 1; same results for any N)")
    parser.add_argument("--ray", metavar="ADDRESS", default=os.environ.get("RAY_ADDRESS"),
                        help="play on the Ray cluster at ADDRESS ('local': start one here, "
                             "'auto': this machine's cluster; default $RAY_ADDRESS)")


def _configure(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    add_run_arguments(parser)
    parser.add_argument("--trace", metavar="DIR",
                        help="write each game's trace to DIR/game-<seed>.jsonl")
    parser.add_argument("--json", metavar="FILE", help="write every game and round as JSON "
                        "('-': stdout instead of the text summary)")
    parser.add_argument("--csv", metavar="FILE", help="write one CSV row per round ('-': stdout)")


def checked_run(args: argparse.Namespace, variant: m.Variant) -> tuple[int, tuple[str, ...]]:
    """The player count and seats of a run, and its numbers checked: usage errors now,
    not after a long run."""
    players = players_for(variant, args.players)
    games: int = args.games
    if not 1 <= games <= MOST_GAMES:
        raise UsageError(f"--games {games}: give a number from 1 to {MOST_GAMES}")
    if not 1 <= args.workers <= MOST_WORKERS:
        raise UsageError(f"--workers {args.workers}: give a number from 1 to {MOST_WORKERS}")
    try:
        bots = seating(args.bot, players)
    except SeatingError as err:
        raise UsageError(f"--bot {args.bot}: {err}") from None
    start_game(variant, players, args.seed)
    return players, bots


def play_all(args: argparse.Namespace, batch: Batch) -> list[GameRecord]:
    """Every game of the batch, with a progress bar; a cluster problem is a usage error."""
    progress = Progress(batch.games, sys.stderr)
    try:
        return run(batch, args.workers, args.ray or None, progress.update)
    except ClusterError as err:
        raise UsageError(f"--ray {outside_text(str(args.ray), 200)}: "
                         f"{outside_text(str(err), 600)}") from None
    finally:
        progress.close()


def summary_lines(records: list[GameRecord]) -> list[str]:
    n = records[0].players
    rounds = [r for g in records for r in g.rounds]
    turns = [r.turns for r in rounds]
    wins = [0.0] * n
    totals = [0] * n
    for g in records:
        for w in g.winners:
            wins[w] += 1 / len(g.winners)
        for i, t in enumerate(g.totals):
            totals[i] += t
    return [
        f"games: {len(records)} ({sum(1 for g in records if not g.finished)} not finished)",
        f"rounds: {len(rounds)} (" + ", ".join(
            f"{k} {sum(1 for r in rounds if r.kind == k)}" for k in KINDS) + ")",
        f"mean turns per round: {sum(turns) / len(turns) if turns else 0.0:.1f}",
        f"actions: {sum(g.actions for g in records)}",
        "wins by seat: " + ", ".join(f"{i}: {w:g}" for i, w in enumerate(wins, 1)),
        "mean final score by seat: " + ", ".join(
            f"{i}: {t / len(records):.1f}" for i, t in enumerate(totals, 1)),
    ]


def warning_lines(records: list[GameRecord]) -> list[str]:
    return [f"warning: seed {g.seed}, round {r.round} (deal {r.deal}): "
            + (f"stopped at the turn cap after {plural(r.turns, 'turn')}" if r.kind == "turn cap"
               else f"abandoned after {plural(r.turns, 'turn')} ({r.reason or r.ending})")
            for g, r in abandoned(records)]


def _run(args: argparse.Namespace) -> Outcome:
    variant = resolve(args.target, list(args.option), args.variant)
    players, bots = checked_run(args, variant)
    json_path = output_path("--json", args.json)
    csv_path = output_path("--csv", args.csv)
    if args.json == "-" and args.csv == "-":
        raise UsageError("--json - and --csv -: only one of them can go to stdout")
    if args.trace is not None and args.ray:
        raise UsageError("--trace: traces are written by local workers; drop --ray")
    folder = str(trace_dir(args.trace)) if args.trace is not None else None
    batch = Batch(variant, players, bots, args.seed, args.games, TURN_CAP, DEAL_CAP, folder)
    try:
        records = play_all(args, batch)
    except OSError as err:
        return Outcome(FAILED, err=f"rummy-spec: --trace {args.trace}: cannot write a trace "
                                   f"({err.strerror or err})\n")
    doc = document(variant.name, list(variant.enabled), records, TURN_CAP, DEAL_CAP)
    json_text = json.dumps(doc, indent=1) + "\n"
    csv_out = csv_text(records)
    try:
        if json_path is not None:
            write_text(json_path, json_text, "--json")
        if csv_path is not None:
            write_text(csv_path, csv_out, "--csv")
    except OutputError as err:
        return Outcome(FAILED, err=f"rummy-spec: {err}\n")
    warnings = lines(*warning_lines(records)) if abandoned(records) else ""
    if args.json == "-":
        return Outcome(out=json_text, err=warnings)
    if args.csv == "-":
        return Outcome(out=csv_out, err=warnings)
    last = args.seed + args.games - 1
    seeds = f"seed {args.seed}" if args.games == 1 else f"seeds {args.seed}..{last}"
    who = f"{players} {bots[0]} bots" if len(set(bots)) == 1 else ", ".join(bots)
    parts = [f"{variant.name}: {plural(args.games, 'game')} of {who} ({seeds})",
             *summary_lines(records), "", "by round:", *table_lines(round_rows(records))]
    if folder is not None:
        spec = "" if variant.path in builtin_library().sources else f" --spec {args.target}"
        parts += ["", f"traces: {plural(len(records), 'file')} in {folder} "
                  f"(check them: rummy-spec replay {folder}{spec})"]
    return Outcome(out=lines(*parts), err=warnings)


COMMAND = Command(
    name="simulate",
    help="bots play seeded games of a variant; how each round ended, turns, wins and scores",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
