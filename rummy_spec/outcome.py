"""What a game came to: :class:`Outcome` (who won, the totals, how it ended) and
:class:`RoundOutcome` (one round's scores and ending), read from the engine's record."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .engine.records.state import GameRecord, RoundResult


@dataclass(frozen=True, slots=True)
class RoundOutcome:
    """One round played: its number, how it ended (``out``, ``knock``, ``gin``,
    ``big-gin``, ``undercut``, ``stock``, ``dead``, ``abandoned``, ``replay``), the seat
    that won it (None: nobody), what each seat scored in it, and the ending's details
    (``held``: the points left in each hand, and what the ending adds)."""

    round: int
    ending: str
    winner: int | None
    scores: tuple[int, ...]
    details: Mapping[str, Any]

    @classmethod
    def of(cls, r: RoundResult) -> RoundOutcome:
        return cls(r.round, r.ending, r.winner, tuple(r.scores),
                   MappingProxyType(copy.deepcopy(r.details)))  # nothing shared


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winners (more than one on a shared win), each seat's final
    total, every round played, and whether the game was given up at the engine's caps
    (then there are no winners)."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]
    rounds: tuple[RoundOutcome, ...]
    abandoned: bool

    @classmethod
    def of(cls, record: GameRecord) -> Outcome:
        return cls(tuple(record.winners), tuple(s.total for s in record.seats),
                   tuple(RoundOutcome.of(r) for r in record.results), record.abandoned)

    def __str__(self) -> str:
        won = ", ".join(map(str, self.winners)) or "nobody"
        state = " (abandoned)" if self.abandoned else ""
        return (f"won by {won} after {len(self.rounds)} round(s){state}; totals "
                + " ".join(map(str, self.totals)))
