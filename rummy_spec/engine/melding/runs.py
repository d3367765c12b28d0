"""Run geometry: the positions a run may occupy, and fitting cards onto positions.

A run's cards stand at *positions*, integers on a line whose rank is
``low + (p - low) % period``.  With French cards the ace is rank 1: it stands at
position 1 when low and at position 14 when high; a run that goes around the corner
keeps counting past 14 (15 is a two after the ace).  Custom number decks (Phase 10)
have no ace: positions are the numbers themselves.

A run of ``length`` cards occupies the window ``start .. start + length - 1``.  Without
around-the-corner play the window must lie inside ``pmin .. pmax``; with it, any start
from ``low`` to ``high`` is allowed and the window may not hold a rank twice.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from ...cards import CardTable
from ...lang.model import RunRule


@dataclass(frozen=True, slots=True)
class RunSpace:
    """Where runs may lie: rank range, ace placement, wrap, and the length cap."""

    low: int
    period: int
    pmin: int
    pmax: int
    wrap: bool
    max_len: int

    def rank_at(self, p: int) -> int:
        return self.low + (p - self.low) % self.period

    def starts(self, length: int) -> range:
        """Every window start for a run of ``length`` cards."""
        if length < 1 or length > self.max_len:
            return range(0)
        if self.wrap:
            return range(self.low, self.low + self.period)
        return range(self.pmin, self.pmax - length + 2)

    def positions(self, rank: int) -> tuple[int, ...]:
        """The positions a natural of ``rank`` may take (a wrap run: its home position)."""
        if self.wrap:
            return (rank,)
        return tuple(p for p in (rank, rank + self.period) if self.pmin <= p <= self.pmax)

    def normalise(self, start: int) -> int:
        """The canonical start of a window (wrap runs start at ``low .. high``)."""
        if self.wrap:
            return self.low + (start - self.low) % self.period
        return start


def run_space(table: CardTable, rule: RunRule) -> RunSpace:
    low, high = table.low_rank, table.high_rank
    period = high - low + 1
    both = False
    if table.custom or rule.ace == "low":
        pmin, pmax = low, high
    elif rule.ace == "high":
        pmin, pmax = low + 1, high + 1
    else:
        pmin, pmax = low, high + 1
        both = rule.ace_both_ends
    cap = period + 1 if both and not rule.wrap else period
    if rule.max is not None:
        cap = min(cap, rule.max)
    if rule.without:
        return _cut(RunSpace(low, period, pmin, pmax, rule.wrap, cap), set(rule.without))
    return RunSpace(low, period, pmin, pmax, rule.wrap, cap)


def _cut(space: RunSpace, without: set[int]) -> RunSpace:
    """The space with the left-out ranks cut away: runs lie in the one stretch of
    positions that is left (the checker refuses ranks that would leave two, E032).  A
    lone position (the low ace, with the 2s left out) holds no run and is dropped."""
    if space.wrap:  # a ring cut open: count on from a left-out rank, once around
        first = min(without)
        line = range(first + 1, first + space.period)
    else:
        line = range(space.pmin, space.pmax + 1)
    stretches: list[list[int]] = [[]]
    for p in line:
        if space.rank_at(p) in without:
            stretches.append([])
        else:
            stretches[-1].append(p)
    longest = max(stretches, key=len)
    if len(longest) < 1:
        return RunSpace(space.low, space.period, space.pmin, space.pmin - 1, False, 0)
    return RunSpace(space.low, space.period, longest[0], longest[-1], False,
                    min(space.max_len, len(longest)))


def relaxations(table: CardTable, rule: RunRule) -> tuple[tuple[str, RunSpace], ...]:
    """Looser spaces, each named by the rejection code of the rule it relaxes.

    When cards make no run, the first relaxed space in which they do names the reason.
    """
    out: list[tuple[str, RunSpace]] = []
    if rule.without:
        rule = replace(rule, without=())
        out.append(("rank-left-out", run_space(table, rule)))
    loose = rule
    if not table.custom and rule.ace != "either":
        loose = replace(loose, ace="either")
        out.append(("ace-position", run_space(table, loose)))
    if not table.custom and not rule.ace_both_ends:
        # an ace at both ends makes one card more than the ranks; a cap below the ranks'
        # count stays (a run too long for it is too long, ace or not)
        period = table.high_rank - table.low_rank + 1
        cap = None if rule.max is None or rule.max >= period else rule.max
        loose = replace(loose, ace="either", ace_both_ends=True, max=cap)
        out.append(("ace-both-ends", run_space(table, loose)))
    if not rule.wrap:
        out.append(("wrap-around", run_space(table, replace(rule, wrap=True, max=None))))
    return tuple(out)


def arrange(
    space: RunSpace, ranks: Sequence[int], wilds: int, no_adjacent: bool
) -> tuple[int, tuple[int, ...]] | None:
    """The preferred window for naturals of ``ranks`` plus ``wilds`` wild cards.

    Returns ``(start, offsets)`` with each natural's offset in the window, or None.
    Wilds fill the gaps first, then extend the run at the high end, then at the low end:
    among legal windows the one with the fewest wilds below the lowest natural wins
    (ties: the lowest start).
    """
    length = len(ranks) + wilds
    full = (1 << length) - 1
    best: tuple[int, tuple[int, ...]] | None = None
    best_below = length + 1
    period = space.period
    for s in space.starts(length):
        base = space.rank_at(s)
        used = 0
        offsets: list[int] = []
        for r in ranks:
            off = (r - base) % period
            while off < length and used >> off & 1:
                off += period
            if off >= length:
                break
            used |= 1 << off
            offsets.append(off)
        else:
            gaps = full & ~used
            if no_adjacent and gaps & (gaps >> 1):
                continue
            below = min(offsets) if offsets else 0
            if below < best_below:
                best, best_below = (s, tuple(offsets)), below
    return best


def fit_ordered(space: RunSpace, seq: Sequence[int | None]) -> int | None:
    """The start of the window where this exact low-to-high sequence is a run, or None.

    ``seq`` holds each card's rank, None for a wild (which takes its position's rank).
    """
    length = len(seq)
    naturals = [(i, r) for i, r in enumerate(seq) if r is not None]
    if not naturals:  # wilds only (where the variant allows it): the lowest window
        return next(iter(space.starts(length)), None)
    i0, r0 = naturals[0]
    for s in space.starts(length):
        if space.rank_at(s + i0) != r0:
            continue
        if all(space.rank_at(s + i) == r for i, r in naturals):
            return s
    return None


def adjacent_wilds(seq: Sequence[int | None]) -> bool:
    return any(a is None and b is None for a, b in itertools.pairwise(seq))


def why_not(relaxed: Sequence[tuple[str, RunSpace]], ranks: Sequence[int], ace: int | None,
            fits: Callable[[RunSpace], bool]) -> str:
    """The rejection code for naturals of ``ranks`` that make no run: a rank held twice
    (only the ace may stand at both ends), else the first relaxed rule under which they
    would fit (``fits``), else 'not-consecutive'."""
    counts = Counter(ranks)
    if any(k > 2 or (k == 2 and r != ace) for r, k in counts.items()):
        return "duplicate-position"
    for code, loose in relaxed:
        if fits(loose):
            return code
    return "duplicate-position" if any(k > 1 for k in counts.values()) else "not-consecutive"
