"""``rummy-spec balance``: the balance study of the contract family, as docs/balance.md.

Plays (or reads from its cache) every configuration of :mod:`rummy_spec.analysis.study`:
Continental, Liverpool and Contract Rummy at four players, and each house rule against
its base, as the same seeded games of planner bots, and as games of the planner
against the greedy bot (the skill share); then writes the page, its figures
(``docs/balance/figures``, needs the ``analysis`` extra) and nothing else.  Games run on
``--workers`` local processes, or on the Ray cluster at ``--ray``; the records are the
same either way.  The cache (``docs/balance/data``) is keyed by the hash of each
configuration's spec texts and settings, so running it again replays only what changed.
``--speedup K`` also times K games of the first base on one process and on two.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from ..analysis.runner import Batch, ClusterError, run
from ..analysis.study import PLAYERS, configs, measure, measure_skill, resolve
from ..analysis.study_page import render_page
from ..bots import DEFAULT_BOT
from ..lang.library import LookupFailure
from ..outfile import OutputError, write_text
from .base import Command, Outcome, UsageError, lines, whole_number

MOST_GAMES = 100_000


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--games", type=whole_number, default=100, metavar="K",
                        help="games per configuration (default 100)")
    parser.add_argument("--seed", type=whole_number, default=1, metavar="S",
                        help="the first game's seed (default 1)")
    parser.add_argument("--workers", type=whole_number, default=2, metavar="N",
                        help="local processes to play in (default 2)")
    parser.add_argument("--ray", metavar="ADDRESS", default=os.environ.get("RAY_ADDRESS"),
                        help="play on the Ray cluster at ADDRESS (default $RAY_ADDRESS)")
    parser.add_argument("--root", default=".", metavar="DIR",
                        help="the checkout the page, its data and figures go in (default .)")
    parser.add_argument("--speedup", type=whole_number, metavar="K",
                        help="also time K games of the first base game on 1 and 2 processes")


def _speedup(root: Path, games: int, seed: int) -> dict[str, Any]:
    first = configs()[0]
    _, _, variant = resolve(first, root)
    batch = Batch(variant, PLAYERS, (DEFAULT_BOT,) * PLAYERS, seed, games)
    times = {}
    for workers in (1, 2):
        start = time.perf_counter()
        run(batch, workers)
        times[str(workers)] = round(time.perf_counter() - start, 1)
    return {"config": first.key, "games": games, "one": times["1"], "two": times["2"]}


def _run(args: argparse.Namespace) -> Outcome:
    if not 1 <= args.games <= MOST_GAMES:
        raise UsageError(f"--games {args.games}: give a number from 1 to {MOST_GAMES}")
    if not 1 <= args.workers <= 256:
        raise UsageError(f"--workers {args.workers}: give a number from 1 to 256")
    root = Path(args.root)
    if not (root / "docs").is_dir():
        raise UsageError(f"--root {args.root}: no docs/ folder there (give the checkout)")
    data = root / "docs" / "balance" / "data"
    for config in configs():  # every variant checked before any game is played
        try:
            resolve(config, root)
        except (LookupFailure, ValueError) as err:
            raise UsageError(f"--root {args.root}: {err}") from None
    try:
        measured = [measure(c, root, data, args.games, args.seed, args.workers,
                            args.ray or None, lambda s: print(s, file=sys.stderr))
                    for c in configs()]
        skills = [measure_skill(c, root, data, args.games, args.seed, args.workers,
                                args.ray or None, lambda s: print(s, file=sys.stderr))
                  for c in configs()]
    except ClusterError as err:
        raise UsageError(f"--ray {args.ray}: {err}") from None
    speed_path = data / "speedup.json"
    if args.speedup:
        timed = _speedup(root, args.speedup, args.seed)
        speed_path.write_text(json.dumps(timed) + "\n", encoding="utf-8")
    speed: dict[str, Any] | None = (json.loads(speed_path.read_text(encoding="utf-8"))
                                    if speed_path.exists() else None)
    try:
        page, figures = render_page(measured, skills, args.games, args.seed, speed, root)
        for path, svg in figures.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            write_text(path, svg, "figure")
        write_text(root / "docs" / "balance.md", page, "page")
    except OutputError as err:
        return Outcome(1, err=f"rummy-spec: {err}\n")
    total = sum(m.seconds for m in measured) + sum(m.seconds for m in skills)
    return Outcome(out=lines(f"balance: {len(measured)} configurations x {args.games} games, "
                             f"and {2 * args.games} skill games each; docs/balance.md and "
                             f"{len(figures)} figures written (games played in {total:.0f} s, "
                             f"cached in {data})"))


COMMAND = Command(
    name="balance",
    help="the balance study: what each house rule changes (writes docs/balance.md)",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
