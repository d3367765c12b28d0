"""``rummy-spec simulate NAME|PATH``: bots play seeded games; a summary of what happened.

Game k is played with seed S+k, so any one of them can be played again alone.  A progress
bar goes to stderr while it runs, and only when stderr is a terminal (so pipes, tests and
CI stay clean).  ``--trace DIR`` writes each game's trace as ``DIR/game-<seed>.jsonl``
(each file written whole or not at all); ``rummy-spec replay DIR`` checks them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from ..bots import BOTS
from ..engine.game import Game
from ..engine.trace import write_trace
from ..lang import builtin_library
from ..outfile import OutputError, make_directory
from ..simulate import Summary, play_out
from .base import FAILED, Command, Outcome, UsageError, lines, whole_number
from .cardtext import plural
from .games import players_for, start_game
from .show import add_variant_arguments, resolve

MOST_GAMES = 1_000_000
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


def save_trace(game: Game, folder: Path) -> Path:
    """Write one game's trace; on any failure no partial file is left behind."""
    path = folder / f"game-{game.seed}.jsonl"
    write_trace(game, path)
    return path


def _configure(parser: argparse.ArgumentParser) -> None:
    add_variant_arguments(parser)
    parser.add_argument("--games", type=whole_number, default=10, metavar="K",
                        help="how many games to play (default 10)")
    parser.add_argument("--seed", type=whole_number, default=1, metavar="S",
                        help="the first game's seed; the next games take S+1, S+2... (default 1)")
    parser.add_argument("--bot", choices=sorted(BOTS), default="greedy",
                        help="the bot in every seat (default greedy)")
    parser.add_argument("--trace", metavar="DIR",
                        help="write each game's trace to DIR/game-<seed>.jsonl")


def _run(args: argparse.Namespace) -> Outcome:
    variant = resolve(args.target, list(args.option), args.variant)
    players = players_for(variant, args.players)
    games: int = args.games
    if not 1 <= games <= MOST_GAMES:
        raise UsageError(f"--games {games}: give a number from 1 to {MOST_GAMES}")
    start_game(variant, players, args.seed)  # a usage error now, not after a long run
    folder = trace_dir(args.trace) if args.trace is not None else None
    summary = Summary()
    progress = Progress(games, sys.stderr)
    written = 0
    try:
        for k in range(games):
            outcome = play_out(variant, players, args.seed + k, args.bot)
            summary.add(outcome)
            if folder is not None:
                try:
                    save_trace(outcome.game, folder)
                except OutputError as err:
                    return Outcome(FAILED, err=f"rummy-spec: {err}\n")
                written += 1
            progress.update(k + 1)
    finally:
        progress.close()
    last = args.seed + games - 1
    seeds = f"seed {args.seed}" if games == 1 else f"seeds {args.seed}..{last}"
    parts = [f"{variant.name}: {plural(games, 'game')} of {players} {args.bot} bots "
             f"({seeds})", *summary.lines()]
    if folder is not None:
        spec = "" if variant.path in builtin_library().sources else f" --spec {args.target}"
        parts.append(f"traces: {plural(written, 'file')} in {folder} "
                     f"(check them: rummy-spec replay {folder}{spec})")
    return Outcome(out=lines(*parts))


COMMAND = Command(
    name="simulate",
    help="bots play seeded games of a variant; a summary of rounds, turns, wins and scores",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
