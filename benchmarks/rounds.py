"""Do rounds end by the rules?  Every built-in variant, each option, three player counts.

For each configuration (a variant as written or with one option on, at its minimum,
middle and maximum player count; an open upper bound is the checker's 12), seeded games
of planner bots are played and every round is counted by how it ended: ``out``,
``knock``, ``stock`` (the variant's own low- or empty-stock rule), ``abandoned`` (no card
left to draw) or ``turn cap``.  The goal: at least 95% of rounds ending in play (out,
knock, stock) and none at the turn cap, in every row.

Run ``python -m benchmarks.rounds [--games N] [--variant NAME ...] [--option NAME ...]
[--players N ...] [--workers N] [--bot BOT] [--out FILE]``; ``rummy-spec bench rounds``
runs the full table (50 games a row, many CPU hours: run it in the background).  With
``--out`` each row is appended to FILE as it is measured; ``--option`` and ``--players``
keep only the rows of those options (``none``: the variant as written) and player counts.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_spec.analysis.runner import Batch, run
from rummy_spec.bots import BOTS
from rummy_spec.lang import load
from rummy_spec.lang import model as m
from rummy_spec.lang.counts import player_counts
from rummy_spec.lang.data import builtin_specs
from rummy_spec.simulate import IN_PLAY, KINDS, GameRecord, seating

GOAL_IN_PLAY = 0.95
GAMES = 50


def configurations(names: Sequence[str]) -> Iterator[tuple[str, str | None, int]]:
    """(variant, option or None, players) for every row of the table."""
    for name in names:
        plain = load(name)
        for option in [None, *(o.name for o in plain.options)]:
            v = load(name, [option] if option else [])
            counts = list(player_counts(v))
            for n in sorted({counts[0], counts[len(counts) // 2], counts[-1]}):
                yield name, option, n


def measure(variant: m.Variant, players: int, bot: str, games: int, workers: int
            ) -> list[GameRecord]:
    return run(Batch(variant, players, seating(bot, players), 0, games), workers)


def row(name: str, option: str | None, players: int, games: list[GameRecord],
        seconds: float) -> tuple[str, bool]:
    rounds = [r for g in games for r in g.rounds]
    counts = {k: sum(1 for r in rounds if r.kind == k) for k in KINDS}
    share = sum(counts[k] for k in IN_PLAY) / max(1, len(rounds))
    met = share >= GOAL_IN_PLAY and counts["turn cap"] == 0
    label = f"{name}{'+' + option if option else ''}"
    cells = " ".join(f"{counts[k]:>6}" for k in KINDS)
    return (f"{label:<34} {players:>3} {len(rounds):>6} {cells} {100 * share:6.1f}% "
            f"{'met' if met else 'MISSED':<6} {seconds:6.0f}s"), met


HEADER = (f"{'variant(+option)':<34} {'n':>3} {'rounds':>6} "
          + " ".join(f"{k[:6]:>6}" for k in KINDS) + f" {'inplay':>7} {'goal':<6} {'time':>7}")


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--games", type=int, default=GAMES)
    p.add_argument("--variant", action="append", default=None)
    p.add_argument("--option", action="append", default=None)
    p.add_argument("--players", action="append", type=int, default=None)
    p.add_argument("--bot", default="planner")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--out", type=Path, default=None)
    args = p.parse_args(argv)
    known = builtin_specs()
    names = args.variant or sorted(known)
    for name in names:
        if name not in known:
            p.error(f"--variant {name}: no built-in variant of that name "
                    f"(known: {', '.join(sorted(known))})")
    if args.games < 1 or args.workers < 1:
        p.error("--games and --workers must be at least 1")
    if args.bot not in BOTS:
        p.error(f"--bot {args.bot}: unknown bot (bots: {', '.join(sorted(BOTS))})")
    print(f"rounds ending in play, {args.games} seeded games of {args.bot} bots a row "
          f"(goal: >= {GOAL_IN_PLAY:.0%} in play and 0 at the turn cap)")
    print(HEADER, flush=True)
    if args.out is not None:
        args.out.write_text(HEADER + "\n")
    missed = 0
    for name, option, players in configurations(names):
        if args.option is not None and (option or "none") not in args.option:
            continue
        if args.players is not None and players not in args.players:
            continue
        variant = load(name, [option] if option else [])
        start = time.perf_counter()
        games = measure(variant, players, args.bot, args.games, args.workers)
        text, met = row(name, option, players, games, time.perf_counter() - start)
        missed += not met
        print(text, flush=True)
        if args.out is not None:
            with args.out.open("a") as f:
                f.write(text + "\n")
    print(f"rows missing the goal: {missed}")
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
