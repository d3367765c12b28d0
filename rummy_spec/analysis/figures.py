"""Balance figures of a set of games, and the verdict of two sets side by side.

A :class:`Figure` is one number about the games (a mean over games or rounds, or a share)
with its 95% interval and the sample it came from, so two figures of the same name can
be tested against each other (:func:`compare`).  The figures, in order:

* game length: turns per game, rounds per game;
* per round number: the share of rounds where someone went down, where someone went out
  (or knocked), and the turns to the first going down;
* win rate by seat (first-player advantage), tested against 1/n (:func:`seat_test`);
* the final total of every seat, the score spread (highest final total minus lowest),
  buys and wild swaps per round, lead changes per game (how often the leader changed from
  one round to the next).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..simulate import GameRecord
from .stats import (
    ALPHA,
    Estimate,
    chi_square_uniform,
    mean_interval,
    share_interval,
    two_proportions,
    welch,
)

MEAN_TEST = "Welch's t-test (normal approximation)"
SHARE_TEST = "two-proportion z-test"
SEAT_TEST = "chi-square goodness of fit against 1/n"


@dataclass(frozen=True)
class Figure:
    name: str
    estimate: Estimate
    values: tuple[float, ...]  # the sample: one value per game or round (shares: 0/1)
    share: bool  # a share (tested by proportions) or a mean

    @property
    def test(self) -> str:
        return SHARE_TEST if self.share else MEAN_TEST


@dataclass(frozen=True)
class Verdict:
    """One figure of two sets of games, and whether they differ."""

    name: str
    a: Estimate
    b: Estimate
    p: float
    test: str
    only: str = ""  # "A" or "B": a figure of one set alone (a round the other never has)

    @property
    def differs(self) -> bool:
        return not self.only and not math.isnan(self.p) and self.p < ALPHA


def _mean(name: str, values: Sequence[float]) -> Figure:
    return Figure(name, mean_interval(values), tuple(values), False)


def _share(name: str, flags: Sequence[float]) -> Figure:
    return Figure(name, share_interval(sum(flags), len(flags)), tuple(flags), True)


def round_numbers(games: Sequence[GameRecord]) -> list[int]:
    return sorted({r.round for g in games for r in g.rounds})


def win_shares(games: Sequence[GameRecord]) -> list[float]:
    """Wins by seat (a tie splits the win)."""
    n = games[0].players if games else 0
    wins = [0.0] * n
    for g in games:
        for w in g.winners:
            wins[w] += 1 / len(g.winners)
    return wins


def seat_rates(games: Sequence[GameRecord]) -> list[Estimate]:
    """Each seat's win rate with its Wilson interval."""
    decided = sum(1 for g in games if g.winners)
    return [share_interval(w, decided) for w in win_shares(games)]


def seat_test(games: Sequence[GameRecord]) -> float:
    """The p-value of "every seat wins equally often" (chi-square against 1/n)."""
    return chi_square_uniform(win_shares(games))


def figures(games: Sequence[GameRecord]) -> list[Figure]:
    """Every figure of the games, in a fixed order."""
    out = [_mean("turns per game", [g.turns for g in games]),
           _mean("rounds per game", [len(g.rounds) for g in games])]
    for k in round_numbers(games):
        rounds = [r for g in games for r in g.rounds if r.round == k]
        out.append(_share(f"round {k}: someone went down",
                          [float(r.went_down > 0) for r in rounds]))
        out.append(_share(f"round {k}: someone went out",
                          [float(r.kind in ("out", "knock")) for r in rounds]))
        firsts = [r.first_down for r in rounds if r.first_down is not None]
        out.append(_mean(f"round {k}: turns to the first going down", firsts))
    decided = [g for g in games if g.winners]
    for seat in range(games[0].players if games else 0):
        out.append(_share(f"seat {seat + 1} wins",
                          [sum(1 / len(g.winners) for w in g.winners if w == seat)
                           for g in decided]))
    rounds = [r for g in games for r in g.rounds]
    out += [_mean("final total (every seat)", [t for g in games for t in g.totals]),
            _mean("score spread", [max(g.totals) - min(g.totals) for g in games]),
            _mean("buys per round", [r.buys for r in rounds]),
            _mean("wild swaps per round", [r.wild_swaps for r in rounds]),
            _mean("lead changes per game", [g.lead_changes for g in games])]
    return out


def verdict(a: Figure, b: Figure) -> Verdict:
    if a.share:
        p = two_proportions(sum(a.values), len(a.values), sum(b.values), len(b.values))
    else:
        p = welch(a.values, b.values)
    return Verdict(a.name, a.estimate, b.estimate, p, a.test)


NONE = Estimate(math.nan, math.nan, math.nan, 0)


def compare(a: Sequence[GameRecord], b: Sequence[GameRecord]) -> list[Verdict]:
    """Every figure of either set of games: those both have with their test, and those of
    one alone (a round only one variant plays) marked with the set that has them, in the
    order both sets give them."""
    mine = {f.name: f for f in figures(a)}
    theirs = {f.name: f for f in figures(b)}
    names = list(mine)
    at = -1
    for name in theirs:  # B's own figures go after the figure B gives before them
        if name in mine:
            at = names.index(name)
        else:
            at += 1
            names.insert(at, name)
    out = []
    for name in names:
        if name in mine and name in theirs:
            out.append(verdict(mine[name], theirs[name]))
        elif name in mine:
            out.append(Verdict(name, mine[name].estimate, NONE, math.nan, mine[name].test, "A"))
        else:
            f = theirs[name]
            out.append(Verdict(name, NONE, f.estimate, math.nan, f.test, "B"))
    return out
