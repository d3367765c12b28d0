"""``rummy-spec analyze A --ladder``: the skill ladder's win-rate matrix, as text."""

from __future__ import annotations

import argparse

from ..analysis.ladder import disorders, ladder, rate_of
from ..analysis.runner import Batch
from ..lang import model as m
from ..simulate import GameRecord, SeatingError, seating
from .base import UsageError
from .compare import columns, label
from .games import players_for
from .simulate import play_all

DEFAULT = "random,greedy,planner,ismcts"


def add_ladder_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--ladder", action="store_true",
                        help="play the bots against each other, seats swapped and deals "
                             "mirrored, and print the win-rate matrix (--games seeds for "
                             "each pair, each played twice)")
    parser.add_argument("--bots", default=DEFAULT, metavar="BOT,BOT[,...]",
                        help=f"the ladder's bots, weakest first (default {DEFAULT})")


def ladder_lines(args: argparse.Namespace, variant: m.Variant, target: str) -> list[str]:
    players = players_for(variant, args.players)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        seating(bots, len(bots))
    except SeatingError as err:
        raise UsageError(f"--bots: {err}") from None
    if len(bots) < 2 or len(set(bots)) != len(bots):
        raise UsageError("--bots: name at least two different bots")

    def run(batch: Batch) -> list[GameRecord]:
        return play_all(args, batch)

    pairs = ladder(variant, players, bots, args.seed, args.games, run)
    head = [f"ladder: {label(variant, target)} ({players} players), {args.games} seeds "
            f"({args.seed}..{args.seed + args.games - 1}) per pair, each played with the "
            f"seats swapped: {2 * args.games} games per pair",
            "row's share of the games won against the column (a shared win counts a "
            "half), [95% Wilson interval]", ""]
    rows = [["", *bots]]
    for r in bots:
        row = [r]
        for c in bots:
            e = rate_of(pairs, r, c)
            row.append("-" if e is None else f"{e.value:.2f} [{e.low:.2f}-{e.high:.2f}]")
        rows.append(row)
    counts = [f"{p.first} against {p.second}: {p.points:g} of {p.games} games"
              for p in pairs]
    wrong = disorders(pairs, bots)
    tail = (["", "ordered: each bot beats the one before it (interval above 0.5)"]
            if not wrong else ["", "not ordered:", *(f"  {w}" for w in wrong)])
    return head + columns(rows) + ["", *counts] + tail
