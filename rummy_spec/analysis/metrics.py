"""The balance metrics of a set of games, each with a 95% interval (defined in
docs/simulation.md, "Balance metrics").

* **first-seat advantage**: the share of games won by the player who played first in the
  first round, beside the fair share 1/n (a tie splits the win);
* **game length** (turns per game) and its **spread** (the standard deviation of turns
  per game);
* **lead changes**: how often the leader changed from one round's standings to the next;
* **decisiveness**: how far into the game the eventual winner took the lead for good
  (the share of the game's rounds played when the winner's lead began that was never
  lost again; 1/R if the winner led alone from round 1 of R, 1 if only after the last);
* **drama**: how far behind the winner ever was (the most points the winner trailed the
  leader by after any round; 0 for a winner who never trailed), and the share of games
  won from behind;
* **points spread**: the highest final total minus the lowest.

Means have a normal 95% interval, shares a Wilson interval, a standard deviation the
normal approximation ``s / sqrt(2(n-1))``.  Two sets are compared with Welch's test
(means), a two-proportion z-test (shares), and for a spread the z-test of the two log
standard deviations.  Games without a single winner are left out of the metrics that
need one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..simulate import GameRecord
from .stats import (
    Z95,
    Estimate,
    differs,
    mean_interval,
    normal_two_sided,
    share_interval,
    two_proportions,
    variance,
    welch,
)

MEAN, SHARE, SPREAD = "mean", "share", "spread"
TESTS = {MEAN: "Welch's t-test", SHARE: "two-proportion z-test",
         SPREAD: "z-test of log standard deviations"}


@dataclass(frozen=True)
class Metric:
    name: str
    estimate: Estimate
    values: tuple[float, ...]  # one per game (shares: 0 to 1), or per deal when grouped
    kind: str  # MEAN, SHARE or SPREAD
    grouped: bool = False  # mirrored deals: values are the deals' means

    @property
    def test(self) -> str:
        return TESTS[MEAN] + " over deals" if self.grouped else TESTS[self.kind]


def sd_interval(values: Sequence[float]) -> Estimate:
    """The standard deviation with its normal-approximation 95% interval."""
    n = len(values)
    if n < 2:
        return Estimate(math.nan, math.nan, math.nan, n)
    s = math.sqrt(variance(values))
    half = Z95 * s / math.sqrt(2 * (n - 1))
    return Estimate(s, max(0.0, s - half), s + half, n)


def standings(game: GameRecord) -> list[tuple[int, ...]]:
    """Every seat's total after each round, in order (the last is the final totals)."""
    return [r.totals for r in game.rounds if r.totals] or [game.totals]


def _best(totals: Sequence[int], lowest: bool) -> int:
    return min(totals) if lowest else max(totals)


def leads_alone(totals: Sequence[int], seat: int, lowest: bool) -> bool:
    best = _best(totals, lowest)
    return totals[seat] == best and sum(1 for t in totals if t == best) == 1


def decisiveness(game: GameRecord) -> float | None:
    """The share of the game played when its single winner took the lead for good: k/R
    where R is the number of standings and k the first (1-based) after which the winner
    led alone in every later one; None without a single winner or a lead held to the end."""
    if len(game.winners) != 1:
        return None
    table = standings(game)
    w = game.winners[0]
    k = len(table) + 1
    for i in range(len(table) - 1, -1, -1):
        if not leads_alone(table[i], w, game.lowest_wins):
            break
        k = i + 1
    return k / len(table) if k <= len(table) else None


def deficit(game: GameRecord) -> float | None:
    """The most points the single winner ever trailed the leader by after a round."""
    if len(game.winners) != 1:
        return None
    w = game.winners[0]
    sign = 1 if game.lowest_wins else -1
    return float(max(0, *(sign * (t[w] - _best(t, game.lowest_wins)) for t in standings(game))))


def _per_game(games: Sequence[GameRecord]) -> list[tuple[str, str, list[float | None]]]:
    """(name, kind, one value per game or None where the game has none) of each metric
    measured game by game."""
    n = games[0].players if games else 0
    first = [sum(1 / len(g.winners) for w in g.winners if w == g.first) if g.winners
             else None for g in games]
    behind = [deficit(g) for g in games]
    return [
        (f"first-seat win share (fair: {1 / n:.2f})" if n else "first-seat win share",
         SHARE, first),
        ("game length (turns)", MEAN, [float(g.turns) for g in games]),
        ("lead changes per game", MEAN, [float(g.lead_changes) for g in games]),
        ("decisiveness (share of game before the winner leads for good)", MEAN,
         [decisiveness(g) for g in games]),
        ("drama: winner's largest deficit (points)", MEAN, behind),
        ("drama: games won from behind", SHARE,
         [None if d is None else float(d > 0) for d in behind]),
        ("points spread (highest final minus lowest)", MEAN,
         [float(max(g.totals) - min(g.totals)) for g in games]),
    ]


def group_means(values: Sequence[float | None], group: int) -> list[float]:
    """The mean of each run of ``group`` consecutive games (a mirrored deal's games),
    leaving out games without a value and groups with none."""
    out = []
    for i in range(0, len(values), group):
        kept = [v for v in values[i:i + group] if v is not None]
        if kept:
            out.append(sum(kept) / len(kept))
    return out


def _estimate(values: Sequence[float | None], kind: str, group: int) -> Estimate:
    kept = [v for v in values if v is not None]
    if group > 1:  # mirrored deals: the deal is the unit, its games' mean the sample
        e = mean_interval(group_means(values, group))
        if kind == SHARE and not math.isnan(e.value):
            return Estimate(e.value, max(0.0, e.low), min(1.0, e.high), e.n)
        return e
    if kind == SHARE:
        return share_interval(sum(kept), len(kept))
    return mean_interval(kept)


def metrics(games: Sequence[GameRecord], group: int = 1) -> list[Metric]:
    """Every balance metric of ``games``, in a fixed order.  ``group`` > 1: the games
    come in mirrored deals of that many (seed by seed), and each interval is taken over
    the deals' means."""
    out = []
    for name, kind, values in _per_game(games):
        kept = tuple(v for v in values if v is not None)
        if group > 1:
            out.append(Metric(name, _estimate(values, kind, group),
                              tuple(group_means(values, group)), kind, True))
        else:
            out.append(Metric(name, _estimate(values, kind, 1), kept, kind))
        if name.startswith("game length"):
            turns = [float(g.turns) for g in games]
            out.append(Metric("game length spread (sd of turns)", sd_interval(turns),
                              tuple(turns), SPREAD))
    return out


def variance_reduction(games: Sequence[GameRecord], group: int) -> list[tuple[str, float]]:
    """For each metric measured game by game: how much smaller the variance of its mean
    is over mirrored deals of ``group`` games than over as many independent games would
    make it (1 - var(deal means) / group / var(games); 0.3 = 30% less)."""
    out = []
    for name, _kind, values in _per_game(games):
        kept = [v for v in values if v is not None]
        means = group_means(values, group)
        spread = variance(kept)
        if len(means) < 2 or spread == 0:
            out.append((name, math.nan))
            continue
        out.append((name, 1 - variance(means) * len(kept) / (len(means) * spread)))
    return out


def p_value(a: Metric, b: Metric) -> float:
    """The two-sided p-value of "the two sets have the same metric"."""
    if a.grouped and a.kind != SPREAD:
        return welch(a.values, b.values)
    if a.kind == SHARE:
        return two_proportions(sum(a.values), len(a.values), sum(b.values), len(b.values))
    if a.kind == SPREAD:
        sa, sb = a.estimate.value, b.estimate.value
        if math.isnan(sa) or math.isnan(sb) or sa <= 0 or sb <= 0:
            return math.nan
        se = math.sqrt(1 / (2 * (a.estimate.n - 1)) + 1 / (2 * (b.estimate.n - 1)))
        return normal_two_sided((math.log(sa) - math.log(sb)) / se)
    return welch(a.values, b.values)


def text(e: Estimate, kind: str) -> str:
    """A metric's value and 95% interval as printed."""
    if math.isnan(e.value):
        return "-"
    if kind == SHARE:
        return f"{100 * e.value:.0f}% [{100 * e.low:.0f}-{100 * e.high:.0f}]"
    return f"{e.value:.2f} [{e.low:.2f}-{e.high:.2f}]" if abs(e.value) < 10 else \
        f"{e.value:.1f} [{e.low:.1f}-{e.high:.1f}]"


def metric_rows(games: Sequence[GameRecord], group: int = 1) -> list[list[str]]:
    """``analyze``'s rows: metric, value [95%], n (games, or deals when mirrored)."""
    return [["balance metric", "value [95%]", "n"],
            *([m.name, text(m.estimate, m.kind), str(m.estimate.n)]
              for m in metrics(games, group))]


def reduction_lines(games: Sequence[GameRecord], group: int, label: str = "") -> list[str]:
    """The variance reduction mirrored deals gave, metric by metric."""
    out = [f"{label}mirrored deals (each dealt from all {group} seats): the variance of each "
           "mean against as many independent games"]
    for name, r in variance_reduction(games, group):
        if not math.isnan(r):
            out.append(f"  {name.split(' (')[0]}: {100 * abs(r):.0f}% "
                       + ("lower" if r >= 0 else "higher"))
    return out


def compared_rows(a: Sequence[GameRecord], b: Sequence[GameRecord],
                  group: int = 1) -> list[list[str]]:
    """``compare``'s rows: metric, A [95%], B [95%], p, verdict (p < 0.05) and test."""
    rows = [["balance metric", "A [95%]", "B [95%]", "p", "verdict"]]
    for ma, mb in zip(metrics(a, group), metrics(b, group), strict=True):
        p = p_value(ma, mb)
        said = "-" if math.isnan(p) else ("DIFFERS" if differs(p) else "same")
        rows.append([ma.name.split(" (fair")[0], text(ma.estimate, ma.kind),
                     text(mb.estimate, mb.kind), "-" if math.isnan(p) else f"{p:.3f}",
                     f"{said} ({ma.test})"])
    return rows
