"""The shapes the contract solver works with: meld types, candidates, run lanes.

A candidate fixes the naturals a meld uses (its *footprint*, a packed counter: five bits
per class of interchangeable naturals, the top bit a guard) and leaves the wild count
flexible: it needs at least ``need`` wilds (gaps, and the length still missing) and can
hold at most ``cap`` (wild limits, length cap, ranks left at the ends).  Every count in
between is legal, so the wilds of a whole solution are settled by two sums.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, NamedTuple

from ...lang import meldkinds
from ...lang.model import MeldKind
from ..melding.melds import MeldRules

BITS: Final = 5
FIELD: Final = (1 << BITS) - 1
BIG: Final = 1 << 20


class Run(NamedTuple):
    """Where a run candidate's naturals stand, and how far it may grow at each end."""

    positions: tuple[int, ...]
    classes: tuple[int, ...]
    below: int  # free positions under the lowest natural (1 at most with no adjacent wilds)
    above: int
    gaps: int  # wilds needed inside the span


class Cand:
    """One candidate meld.  A plain class, not a tuple: the search reads its fields in
    its innermost loops, which compiled code does as a direct field load."""

    __slots__ = ("cap", "foot", "key", "kind", "need", "points", "run")

    def __init__(self, foot: int, points: int, need: int, cap: int, kind: MeldKind,
                 key: int | str | None, run: Run | None) -> None:
        self.foot = foot  # packed natural counts
        self.points = points  # points of the naturals
        self.need = need  # fewest wilds
        self.cap = cap  # most wilds
        self.kind: MeldKind = kind
        self.key = key  # a set's rank (0: wilds only), a run's or group's suit
        self.run = run


class MeldType(NamedTuple):
    """One kind of meld a search may lay: kind, least size, exact size or not."""

    kind: MeldKind
    size: int
    exact: bool
    contract: bool  # limits scoped to contract melds apply
    pure: bool = False  # no wild at all (a contract's ``pure`` element)


def wild_cap(rules: MeldRules, kind: MeldKind, n: int, contract: bool,
             pure: bool = False) -> int:
    """The most wilds a meld with ``n`` naturals may hold under the wild limits (none in
    a ``pure`` meld)."""
    if pure:
        return 0
    w = rules.wilds
    cap = BIG
    if n and rules.in_scope(w.never_outnumber, contract):
        cap = n
    if n and rules.in_scope(w.minority, contract):
        cap = min(cap, n - 1)
    most = meldkinds.wild_cap(w, kind)
    if most is not None:
        cap = min(cap, most)
    return cap


def count_table(rules: MeldRules, t: MeldType, top: int = 64) -> tuple[tuple[int, int] | None, ...]:
    """(need, cap) for a set or group with n naturals, n = 0..top; None: never legal."""
    rule = rules.set if t.kind == "set" else rules.group
    assert rule is not None
    out: list[tuple[int, int] | None] = []
    w = rules.wilds
    for n in range(top + 1):
        scoped = rules.in_scope(w.need_natural, t.contract)
        if (n == 0 and not (w.all_wild(t.kind) and not scoped)) or (
                scoped and 0 < n < w.naturals):
            out.append(None)
            continue
        cap = wild_cap(rules, t.kind, n, t.contract, t.pure)
        if rule.max is not None:
            cap = min(cap, rule.max - n)
        need = max(0, t.size - n)
        if t.exact:
            cap = min(cap, need) if n <= t.size else -1
        out.append((need, cap) if need <= cap else None)
    return tuple(out)


def lane_candidates(rules: MeldRules, t: MeldType, lane: dict[int, list[int]], wilds: int,
                suit: str | None, points: Sequence[int]) -> list[Cand]:
    """Run candidates from one lane (position -> classes there) with ``wilds`` wilds.

    ``points`` gives each class's points.  Every subset of the lane's positions whose
    gaps the wilds can fill is a footprint; each is kept if it can reach the size.
    """
    space = rules.space
    assert space is not None
    no_adj = rules.wilds.not_adjacent_in_runs
    lmax = space.max_len
    budget = min(wilds, wild_cap(rules, "run", BIG, t.contract, t.pure))
    pos = sorted(lane)
    homes = len(pos)
    if space.wrap:
        pos = pos + [p + space.period for p in pos]
    out: list[Cand] = []
    stack: list[tuple[int, tuple[int, ...], int]] = [(i, (i,), 0) for i in range(homes)]
    while stack:
        last, chosen, gaps = stack.pop()
        _emit(rules, t, pos, lane, chosen, gaps, wilds, suit, points, out)
        first = pos[chosen[0]]
        for j in range(last + 1, len(pos)):
            gap = pos[j] - pos[last] - 1
            if (no_adj and gap > 1) or gaps + gap > budget or pos[j] - first >= lmax:
                break
            stack.append((j, (*chosen, j), gaps + gap))
    out.sort(key=lambda c: -c.points)
    return out

def _emit(rules: MeldRules, t: MeldType, pos: list[int], lane: dict[int, list[int]],
      chosen: tuple[int, ...], gaps: int, wilds: int, suit: str | None,
      points: Sequence[int], out: list[Cand]) -> None:
    space = rules.space
    assert space is not None
    n = len(chosen)
    first, last = pos[chosen[0]], pos[chosen[-1]]
    span = last - first + 1
    if space.wrap:
        below = above = space.max_len
    else:
        below, above = first - space.pmin, space.pmax - last
    if rules.wilds.not_adjacent_in_runs:
        below, above = min(below, 1), min(above, 1)
    room = min(below + above, space.max_len - span)
    ext = t.size - span
    if ext > room or (t.exact and ext < 0):
        return
    need = gaps + max(0, ext)
    cap = need if t.exact else gaps + room
    cap = min(cap, wild_cap(rules, "run", n, t.contract, t.pure))
    if need > cap or need > wilds:
        return
    positions = tuple(pos[i] for i in chosen)
    picks: list[tuple[tuple[int, ...], int, int]] = [((), 0, 0)]
    for p in positions:
        picks = [((*cs, f), x + (1 << (BITS * f)), q + points[f])
                 for cs, x, q in picks
                 for f in lane[p if p in lane else p - space.period]]
    for classes, foot, q in picks:
        out.append(Cand(foot, q, need, cap, "run", suit,
                        Run(positions, classes, below, above, gaps)))
