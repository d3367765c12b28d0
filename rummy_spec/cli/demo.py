"""``rummy-spec demo``: the main job of ``make demo``.

Checks every built-in spec (each option on its own too), prints one line per variant,
shows one variant in full (Continental Rummy for five players), plays one seeded game of
Continental Rummy between four bots of the default kind (the planner), prints how it
ended, and names the command that deals you into such a game (``make demo`` installs the
``play`` extra for it).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..bots import DEFAULT_BOT
from ..engine.game import GameError
from ..lang import LookupFailure, SpecError
from ..simulate import play_out
from .base import FAILED, INTERNAL, OK, Command, Outcome, UsageError, lines
from .check import plural, summary
from .games import result_lines, seat_names
from .listing import players_text, rounds_text, table
from .show import resolve, show_text
from .specs import FileReport, builtins, check_spec_file

SHOWN = ("continental", 5)
PLAYED = ("continental", 4, 1)  # variant, players, seed


def game_lines() -> list[str]:
    """One seeded game between bots of the default kind, played to its end, and its
    result (the ``simulate`` command that plays the same game is printed with it)."""
    name, players, seed = PLAYED
    head = (f"{name}: one game of {players} {DEFAULT_BOT} bots, seed {seed} "
            f"(rummy-spec simulate {name} --players {players} --games 1 --seed {seed}):")
    try:
        variant = resolve(name, [])
        outcome = play_out(variant, players, seed, DEFAULT_BOT)
    except (SpecError, LookupFailure, UsageError, GameError) as err:
        return [head, "", f"cannot play {name}: {str(err).splitlines()[0]}"]
    return [head, "", *result_lines(outcome.game, seat_names(players))]


def variant_rows(reports: list[FileReport]) -> list[list[str]]:
    rows: list[list[str]] = []
    for r in reports:
        if r.crashes:
            rows.append([Path(r.path).stem, "", "", "", "not checked: a bug in rummy-spec"])
        elif not r.variants:
            rows.append([Path(r.path).stem, "", "", "",
                         f"does not parse: {plural(r.errors, 'error')}"])
        for name, v in r.variants.items():
            errors = r.errors_in(name)
            warnings = sum(f.diagnostic.severity == "warning" and f.variant in (name, None)
                           for f in r.findings)
            status = plural(errors, "error") if errors else "ok"
            if warnings:
                status += f", {plural(warnings, 'warning')}"
            rows.append([name, v.title, players_text(v.players), rounds_text(v), status])
    return rows


def _configure(parser: argparse.ArgumentParser) -> None:
    del parser  # no arguments yet


def _run(args: argparse.Namespace) -> Outcome:
    b = builtins()
    files = sorted(b.files.values())
    reports = [check_spec_file(f, b.library) for f in files]
    name, players = SHOWN
    parts = [
        f"Checking the built-in rulebook ({plural(len(files), 'spec file')}):",
        "",
        *("  " + row for row in table(variant_rows(reports))),
        "",
        summary(reports),
        *(["details: rummy-spec check NAME"]
          if any(r.errors or r.crashes for r in reports) else []),
        "",
        f"{name} for {players} players (rummy-spec show {name} --players {players}):",
        "",
    ]
    try:
        parts.append(show_text(name, players).rstrip("\n"))
    except (SpecError, UsageError) as err:
        parts.append(f"cannot show {name}: {str(err).splitlines()[0]}")
    parts += ["", *game_lines(), "", f"next: rummy-spec play {PLAYED[0]} --players "
              f"{PLAYED[1]}   (you against {PLAYED[1] - 1} {DEFAULT_BOT} bots)"]
    code = OK
    if any(r.errors for r in reports):
        code = FAILED
    if any(r.crashes for r in reports):
        code = INTERNAL
    return Outcome(code=code, out=lines(*parts))


COMMAND = Command(
    name="demo",
    help="check every built-in spec, show Continental Rummy for 5 players, play one bot game",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
