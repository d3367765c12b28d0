"""Simulation results as JSON (``schema/simulate.schema.json``) and as CSV rows.

The JSON document holds the run (variant, options, players, bots, seeds, caps), every
game with its rounds, and the per-round table.  CSV has one row per round, each with its
game's seed and result, so a spreadsheet can pivot either way.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from ..simulate import KINDS, GameRecord
from .rounds import round_rows

FORMAT = "rummy-spec/simulate"
VERSION = 1
CSV_FIELDS = ("seed", "players", "bots", "game_turns", "game_rounds", "winners", "finished",
              "lead_changes", "round", "deal", "ending", "kind", "winner", "turns",
              "went_down", "first_down", "buys", "wild_swaps", "scores", "reason")


def document(variant: str, options: Sequence[str], games: Sequence[GameRecord],
             turn_cap: int, deal_cap: int) -> dict[str, Any]:
    first = games[0]
    return {
        "format": FORMAT, "version": VERSION, "variant": variant, "options": list(options),
        "players": first.players, "bots": list(first.bots),
        "seeds": [g.seed for g in games], "turn_cap": turn_cap, "deal_cap": deal_cap,
        "games": [g.to_json() for g in games],
        "round_table": [{"round": r.round, "played": r.played,
                         "endings": {k: r.kinds[k] for k in KINDS},
                         "mean_turns": round(r.mean_turns, 3), "p95_turns": r.p95_turns,
                         "mean_went_down": round(r.mean_down, 3)}
                        for r in round_rows(games)],
    }


def csv_text(games: Sequence[GameRecord]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(CSV_FIELDS)
    for g in games:
        head = [g.seed, g.players, " ".join(g.bots), g.turns, len(g.rounds),
                " ".join(map(str, g.winners)), int(g.finished), g.lead_changes]
        for r in g.rounds:
            w.writerow([*head, r.round, r.deal, r.ending, r.kind,
                        "" if r.winner is None else r.winner, r.turns, r.went_down,
                        "" if r.first_down is None else r.first_down, r.buys, r.wild_swaps,
                        " ".join(map(str, r.scores)), r.reason or ""])
    return out.getvalue()


def schema_path() -> Path:
    """The JSON Schema of :func:`document`, shipped inside the package."""
    return Path(str(resources.files("rummy_spec.analysis").joinpath("simulate.schema.json")))
