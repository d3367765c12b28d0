"""``rummy-spec demo``: the main job of ``make demo``.

Checks every built-in spec (each option on its own too), prints one line per variant, and
then shows one variant in full: Continental Rummy for five players.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from ..lang import SpecError
from .base import FAILED, INTERNAL, OK, Command, Outcome, UsageError, lines
from .check import plural, summary
from .listing import players_text, rounds_text, table
from .show import show_text
from .specs import FileReport, builtins, check_spec_file

SHOWN = ("continental", 5)


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
    code = OK
    if any(r.errors for r in reports):
        code = FAILED
    if any(r.crashes for r in reports):
        code = INTERNAL
    return Outcome(code=code, out=lines(*parts))


COMMAND = Command(
    name="demo",
    help="check every built-in spec, then show Continental Rummy for 5 players",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
