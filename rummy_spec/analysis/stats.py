"""The few statistics the balance figures need, in plain Python (no numpy, no scipy).

Means come with a normal-approximation 95% interval; shares with a Wilson interval.  Two
samples of games are compared with Welch's t-test (normal approximation, fine for the
dozens of games a comparison plays) for means and a two-proportion z-test for shares;
win rates by seat are tested against 1/n with a chi-square goodness-of-fit test.  Every
test gives a two-sided p-value; "differs" means p < 0.05.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
ALPHA = 0.05


def differs(p: float) -> bool:
    """Does a test's p-value tell a difference (below :data:`ALPHA`; NaN: no test)?"""
    return not math.isnan(p) and p < ALPHA


@dataclass(frozen=True, kw_only=True)
class Difference:
    """A figure's difference between two samples (the second less the first), its 95%
    interval and the test's p-value (NaN where there is no test)."""

    diff: float
    low: float
    high: float
    p: float

    @property
    def differs(self) -> bool:
        return differs(self.p)


@dataclass(frozen=True)
class Estimate:
    """A figure from one sample: its value and a 95% interval."""

    value: float
    low: float
    high: float
    n: int


def mean_interval(values: Sequence[float]) -> Estimate:
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    half = Z95 * math.sqrt(variance(values) / n)
    return Estimate(mean, mean - half, mean + half, n)


def variance(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    return sum((v - mean) ** 2 for v in values) / (n - 1)


def share_interval(hits: float, n: int) -> Estimate:
    """A share with its Wilson score interval (``hits`` may be fractional: split wins)."""
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return Estimate(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)), n)


def normal_two_sided(z: float) -> float:
    return math.erfc(abs(z) / math.sqrt(2))


def welch(a: Sequence[float], b: Sequence[float]) -> float:
    """Welch's t-test of two means, normal approximation: the two-sided p-value."""
    if len(a) < 2 or len(b) < 2:
        return math.nan
    se = math.sqrt(variance(a) / len(a) + variance(b) / len(b))
    diff = sum(a) / len(a) - sum(b) / len(b)
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return normal_two_sided(diff / se)


def two_proportions(hits_a: float, n_a: int, hits_b: float, n_b: int) -> float:
    """The two-proportion z-test (pooled): the two-sided p-value."""
    if n_a == 0 or n_b == 0:
        return math.nan
    pooled = (hits_a + hits_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    diff = hits_a / n_a - hits_b / n_b
    if se == 0:
        return 1.0 if diff == 0 else 0.0
    return normal_two_sided(diff / se)


def chi_square_uniform(counts: Sequence[float]) -> float:
    """Chi-square goodness of fit of ``counts`` against equal shares: the p-value."""
    total = sum(counts)
    k = len(counts)
    if k < 2 or total == 0:
        return math.nan
    expected = total / k
    stat = sum((c - expected) ** 2 / expected for c in counts)
    return chi_square_upper(stat, k - 1)


def chi_square_upper(x: float, df: int) -> float:
    """P(X >= x) for chi-square with ``df`` degrees of freedom (regularised gamma)."""
    if x <= 0:
        return 1.0
    return 1.0 - _lower_gamma_regularised(df / 2, x / 2)


def _lower_gamma_regularised(s: float, x: float) -> float:
    if x < s + 1:  # series
        term = total = 1.0 / s
        k = s
        while abs(term) > 1e-15 * abs(total):
            k += 1
            term *= x / k
            total += term
        return total * math.exp(-x + s * math.log(x) - math.lgamma(s))
    # continued fraction for the upper part (Lentz)
    tiny = 1e-300
    b = x + 1 - s
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 500):
        an = -i * (i - s)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return 1.0 - math.exp(-x + s * math.log(x) - math.lgamma(s)) * h
