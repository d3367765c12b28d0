"""The skill ladder: bots played against each other, seats swapped, deals mirrored.

For every pair of bots (A, B) each seed is played twice: A in seats 0, 2, 4... and B in
the others, then the other way round, so both sides get the same deals and the same
seats.  A game counts 1 for the side whose seat won it, a half each where seats of both
sides share the win or nobody wins (a game ended by a cap).  A's rate against B is its
count over the games with a Wilson 95% interval.  The ladder is *ordered* when each bot
beats the one listed after it with the interval above one half.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise

from ..lang import model as m
from ..simulate import GameRecord
from .runner import Batch
from .stats import Estimate, share_interval

Run = Callable[[Batch], list[GameRecord]]


def seats_of(first: str, second: str, players: int) -> tuple[str, ...]:
    """``first`` in the even seats, ``second`` in the odd ones."""
    return tuple(first if i % 2 == 0 else second for i in range(players))


def score(record: GameRecord, side: str) -> float:
    """1 if a seat of ``side`` won the game alone, a half on a shared or missing win."""
    mine = {i for i, b in enumerate(record.bots) if b == side}
    won = set(record.winners)
    if not won or (won & mine and won - mine):
        return 0.5
    return 1.0 if won & mine else 0.0


@dataclass(frozen=True)
class Pairing:
    first: str
    second: str
    games: int
    points: float  # the first bot's

    @property
    def rate(self) -> Estimate:
        return share_interval(self.points, self.games)


def swapped_games(variant: m.Variant, players: int, first: str, second: str, seed: int,
                  games: int, run: Run) -> list[GameRecord]:
    """``games`` seeds played with ``first`` in the even seats, then again in the odd."""
    records: list[GameRecord] = []
    for a, b in ((first, second), (second, first)):
        records += run(Batch(variant, players, seats_of(a, b, players), seed, games))
    return records


def pairing(variant: m.Variant, players: int, first: str, second: str, seed: int,
            games: int, run: Run) -> Pairing:
    """``games`` seeds played with ``first`` in the even seats and again in the odd."""
    records = swapped_games(variant, players, first, second, seed, games, run)
    return Pairing(first, second, len(records), sum(score(r, first) for r in records))


def ladder(variant: m.Variant, players: int, bots: Sequence[str], seed: int, games: int,
           run: Run) -> list[Pairing]:
    """Every pair of ``bots`` (in the order listed)."""
    return [pairing(variant, players, a, b, seed, games, run)
            for a, b in combinations(bots, 2)]


def rate_of(pairs: Sequence[Pairing], row: str, column: str) -> Estimate | None:
    """``row``'s rate against ``column`` (None on the diagonal)."""
    for p in pairs:
        if (p.first, p.second) == (row, column):
            return p.rate
        if (p.first, p.second) == (column, row):
            r = p.rate
            return Estimate(1 - r.value, 1 - r.high, 1 - r.low, r.n)
    return None


def disorders(pairs: Sequence[Pairing], bots: Sequence[str]) -> list[str]:
    """Where the ladder (strongest listed last) is not ordered: each bot should beat
    the one listed before it with its interval above one half."""
    out = []
    for low, high in pairwise(bots):
        r = rate_of(pairs, high, low)
        assert r is not None
        if r.low <= 0.5:
            out.append(f"{high} over {low}: {r.value:.3f} [{r.low:.3f}, {r.high:.3f}], "
                       f"interval not above 0.5")
    return out
