"""The per-round table of a set of games: how each round ended and how long it took.

Rows are round numbers (a replayed or dead hand counts under the round it was dealt
for); columns count each way a round ended (:data:`~rummy_spec.simulate.KINDS`), the
mean and 95th percentile of its turns, and how many players went down in it on average.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..simulate import IN_PLAY, KINDS, GameRecord, RoundRecord


@dataclass
class RoundRow:
    round: int
    played: int = 0
    kinds: dict[str, int] = field(default_factory=lambda: dict.fromkeys(KINDS, 0))
    turns: list[int] = field(default_factory=list)
    went_down: list[int] = field(default_factory=list)

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / len(self.turns) if self.turns else 0.0

    @property
    def p95_turns(self) -> int:
        return percentile(self.turns, 95)

    @property
    def mean_down(self) -> float:
        return sum(self.went_down) / len(self.went_down) if self.went_down else 0.0


def percentile(values: Sequence[int], q: int) -> int:
    """The nearest-rank percentile (0 for no values)."""
    if not values:
        return 0
    ordered = sorted(values)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


def round_rows(games: Sequence[GameRecord]) -> list[RoundRow]:
    rows: dict[int, RoundRow] = {}
    for g in games:
        for r in g.rounds:
            row = rows.setdefault(r.round, RoundRow(r.round))
            row.played += 1
            row.kinds[r.kind] += 1
            row.turns.append(r.turns)
            row.went_down.append(r.went_down)
    return [rows[k] for k in sorted(rows)]


def in_play_share(games: Sequence[GameRecord]) -> tuple[int, int, int]:
    """(rounds ended by the rules of play, rounds, rounds stopped at the turn cap)."""
    rounds = [r for g in games for r in g.rounds]
    return (sum(1 for r in rounds if r.kind in IN_PLAY), len(rounds),
            sum(1 for r in rounds if r.kind == "turn cap"))


def abandoned(games: Sequence[GameRecord]) -> list[tuple[GameRecord, RoundRecord]]:
    """Every round not ended by the rules of play, with its game."""
    return [(g, r) for g in games for r in g.rounds if r.kind not in IN_PLAY]


def table_lines(rows: Sequence[RoundRow]) -> list[str]:
    head = ["round", "played", *KINDS, "mean turns", "p95 turns", "went down"]
    body = [[str(r.round), str(r.played), *(str(r.kinds[k]) for k in KINDS),
             f"{r.mean_turns:.1f}", str(r.p95_turns), f"{r.mean_down:.2f}"] for r in rows]
    widths = [max(len(head[i]), *(len(b[i]) for b in body)) if body else len(head[i])
              for i in range(len(head))]
    return ["  ".join(c.rjust(w) for c, w in zip(line, widths, strict=True))
            for line in [head, *body]]
