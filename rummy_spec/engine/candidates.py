"""Candidate melds for the contract solver: every meld a hand's naturals could anchor.

The solver sees a hand as *classes* of interchangeable naturals (one face, or, when no
meld kind in play cares about suits, one rank at one point value) and a count of wild
cards, which are interchangeable in melds.  A hand's naturals are a packed counter: five
bits per class, the top bit a guard, so that "does this meld fit in what is left" is one
subtraction and one mask (:func:`fits`).

A candidate fixes the naturals a meld uses (its *footprint*) and leaves the wild count
flexible: it needs at least ``need`` wilds (gaps, and the length still missing) and can
hold at most ``cap`` (wild limits, length cap, ranks left at the ends).  Every count in
between is legal, so the wilds of a whole solution are settled by two sums.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..lang.model import MeldKind
from .melds import MeldRules
from .runs import RunSpace

BITS = 5
FIELD = (1 << BITS) - 1
BIG = 1 << 20


def guard(classes: int) -> int:
    """The guard bits for ``classes`` packed counters."""
    g = 0
    for i in range(classes):
        g |= 16 << (BITS * i)
    return g


GUARD = guard(64)


class Run(NamedTuple):
    """Where a run candidate's naturals stand, and how far it may grow at each end."""

    positions: tuple[int, ...]
    classes: tuple[int, ...]
    below: int  # free positions under the lowest natural (1 at most with no adjacent wilds)
    above: int
    gaps: int  # wilds needed inside the span


class Cand(NamedTuple):
    foot: int  # packed natural counts
    points: int  # points of the naturals
    need: int  # fewest wilds
    cap: int  # most wilds
    kind: MeldKind
    key: int | str | None  # a set's rank (0: wilds only), a run's or group's suit
    run: Run | None


@dataclass(frozen=True, slots=True)
class MeldType:
    """One kind of meld a search may lay: kind, least size, exact size or not."""

    kind: MeldKind
    size: int
    exact: bool
    contract: bool  # limits scoped to contract melds apply


class Hand(NamedTuple):
    wilds: tuple[int, ...]  # wild faces, most points first
    prefix: tuple[int, ...]  # prefix[k]: points of the first k wilds
    classes: tuple[tuple[int, str | None, int, tuple[int, ...]], ...]  # rank, suit, pts, faces
    avail: int
    naturals: int  # how many naturals
    natural_points: int
    others: tuple[int, ...]  # cards that never meld (special cards)
    total: int  # points of the whole hand


def read_hand(rules: MeldRules, hand: Sequence[int], points: Sequence[int | None],
              collapse: bool) -> Hand:
    """Split a hand into wilds, natural classes and unmeldable cards."""
    is_wild, is_natural, rank, suit = rules.is_wild, rules.is_natural, rules.rank, rules.suit
    wilds: list[tuple[int, int]] = []
    others: list[int] = []
    index: dict[object, int] = {}
    faces: list[list[int]] = []
    avail = 0
    total = 0
    nat_points = 0
    for c in sorted(hand):
        p = points[c] or 0
        total += p
        if is_natural[c]:
            nat_points += p
            key: object = (rank[c], p) if collapse else c
            cid = index.get(key)
            if cid is None:
                cid = index[key] = len(faces)
                faces.append([])
            faces[cid].append(c)
            avail += 1 << (BITS * cid)
        elif is_wild[c]:
            wilds.append((-p, c))
        else:
            others.append(c)
    wilds.sort()
    prefix = [0]
    for p, _ in wilds:
        prefix.append(prefix[-1] - p)
    classes = tuple((rank[f[0]], None if collapse else suit[f[0]], points[f[0]] or 0, tuple(f))
                    for f in faces)
    return Hand(tuple(c for _, c in wilds), tuple(prefix), classes, avail,
                sum(len(f) for f in faces), nat_points, tuple(others), total)


def wild_cap(rules: MeldRules, kind: MeldKind, n: int, contract: bool) -> int:
    """The most wilds a meld with ``n`` naturals may hold under the wild limits."""
    w = rules.wilds
    cap = BIG
    if n and rules.in_scope(w.never_outnumber, contract):
        cap = n
    most = w.max_per_set if kind == "set" else w.max_per_run if kind == "run" else None
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
        if n == 0 and not (t.kind == "set" and w.all_wild_sets
                           and not rules.in_scope(w.need_natural, t.contract)):
            out.append(None)
            continue
        cap = wild_cap(rules, t.kind, n, t.contract)
        if rule.max is not None:
            cap = min(cap, rule.max - n)
        need = max(0, t.size - n)
        if t.exact:
            cap = min(cap, need) if n <= t.size else -1
        out.append((need, cap) if need <= cap else None)
    return tuple(out)


def _submultisets(classes: Sequence[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """(foot, points, n) of every sub-multiset of (class id, count, points) entries."""
    combos = [(0, 0, 0)]
    for cid, count, pts in classes:
        unit = 1 << (BITS * cid)
        combos = [(f + k * unit, p + k * pts, n + k)
                  for f, p, n in combos for k in range(count + 1)]
    return combos


def counted(hand: Hand, t: MeldType, table: Sequence[tuple[int, int] | None], wilds: int,
            by_suit: bool) -> list[Cand]:
    """Set candidates (naturals of one rank) or group candidates (one suit)."""
    groups: dict[int | str | None, list[tuple[int, int, int]]] = {}
    for cid, (rank, suit, pts, faces) in enumerate(hand.classes):
        groups.setdefault(suit if by_suit else rank, []).append((cid, len(faces), pts))
    out: list[Cand] = []
    top = len(table) - 1
    for key, members in groups.items():
        if sum(c for _, c, _ in members) + wilds < t.size:
            continue
        for foot, pts, n in _submultisets(members):
            nc = table[n] if 0 < n <= top else None
            if nc is not None and nc[0] <= wilds:
                out.append(Cand(foot, pts, nc[0], nc[1], t.kind, key, None))
    nc = table[0]
    if t.kind == "set" and nc is not None and nc[0] <= wilds:
        out.append(Cand(0, 0, nc[0], nc[1], "set", 0, None))
    return out


def runs(rules: MeldRules, hand: Hand, t: MeldType, wilds: int) -> list[Cand]:
    """Run candidates: naturals of one suit (any suit with any-colour runs) whose gaps
    the hand's wilds can fill, with the room to reach the size."""
    space, rule = rules.space, rules.run
    assert space is not None and rule is not None
    no_adj = rules.wilds.not_adjacent_in_runs
    by_suit: dict[str | None, dict[int, list[int]]] = {}
    for cid, (rank, suit, _, _) in enumerate(hand.classes):
        lane = by_suit.setdefault(None if rule.any_colour else suit, {})
        for p in space.positions(rank):
            lane.setdefault(p, []).append(cid)
    out: list[Cand] = []
    lmax = space.max_len
    budget = min(wilds, wild_cap(rules, "run", BIG, t.contract))
    pts_of = [c[2] for c in hand.classes]
    for suit, lane in by_suit.items():
        if len(lane) + wilds < t.size:
            continue
        pos = sorted(lane)
        homes = len(pos)
        if space.wrap:
            pos = pos + [p + space.period for p in pos]
        stack: list[tuple[int, tuple[int, ...], int]] = [(i, (i,), 0) for i in range(homes)]
        while stack:
            last, chosen, gaps = stack.pop()
            _emit(rules, space, t, pos, lane, chosen, gaps, wilds, no_adj, suit, pts_of, out)
            first = pos[chosen[0]]
            for j in range(last + 1, len(pos)):
                gap = pos[j] - pos[last] - 1
                if (no_adj and gap > 1) or gaps + gap > budget or pos[j] - first >= lmax:
                    break
                stack.append((j, (*chosen, j), gaps + gap))
    return out


def _emit(rules: MeldRules, space: RunSpace, t: MeldType, pos: list[int],
          lane: dict[int, list[int]], chosen: tuple[int, ...], gaps: int, wilds: int,
          no_adj: bool, suit: str | None, pts_of: list[int], out: list[Cand]) -> None:
    n = len(chosen)
    first, last = pos[chosen[0]], pos[chosen[-1]]
    span = last - first + 1
    if space.wrap:
        below = above = space.max_len
    else:
        below, above = first - space.pmin, space.pmax - last
    if no_adj:
        below, above = min(below, 1), min(above, 1)
    room = min(below + above, space.max_len - span)
    if t.exact:
        ext = t.size - span
        if ext < 0 or ext > room:
            return
        need = cap = gaps + ext
    else:
        ext = t.size - span
        if ext > room:
            return
        need = gaps + max(0, ext)
        cap = gaps + room
    cap = min(cap, wild_cap(rules, "run", n, t.contract))
    if need > cap or need > wilds:
        return
    positions = tuple(pos[i] for i in chosen)
    options = [lane[p if p in lane else p - space.period] for p in positions]
    picks: list[tuple[tuple[int, ...], int, int]] = [((), 0, 0)]
    for opts in options:
        picks = [((*cs, c), f + (1 << (BITS * c)), p + pts_of[c])
                 for cs, f, p in picks for c in opts]
    for cids, foot, pts in picks:
        out.append(Cand(foot, pts, need, cap, "run", suit,
                        Run(positions, cids, below, above, gaps)))
