"""The flat search for pat contracts: every card melded, the last meld looked up.

Every solution of a pat contract melds the same cards, so all score alike and the one
the plain loops of :mod:`.quick` would meet first is the one to keep; this search finds
that one without trying every first meld against every second.
"""

from __future__ import annotations

from .candidates import Hand
from .plan import Leaf, Plan
from .shapes import BITS, FIELD, Cand


def _by_foot(cands: list[Cand]) -> dict[int, list[int]]:
    """The indices of the candidates with each footprint, in order."""
    out: dict[int, list[int]] = {}
    for i, c in enumerate(cands):
        if c.foot in out:
            out[c.foot].append(i)
        else:
            out[c.foot] = [i]
    return out


def _by_lowest(cands: list[Cand]) -> tuple[dict[int, list[int]], int, int]:
    """The indices of the candidates whose lowest natural class is each field, in order
    (wild-only candidates under -1); and the most naturals and wilds any one holds."""
    out: dict[int, list[int]] = {}
    most, room = 0, 0
    for i, c in enumerate(cands):
        f = c.foot
        low = ((f & -f).bit_length() - 1) // BITS if f else -1
        if low in out:
            out[low].append(i)
        else:
            out[low] = [i]
        k = len(c.run.positions) if c.run is not None else _count(f, low)
        if k > most:
            most = k
        if c.cap > room:
            room = c.cap
    return out, most, room


def quick_pat(plan: Plan, lists: list[list[Cand]], same: tuple[bool, ...], hand: Hand, guard: int
               ) -> list[Leaf]:
    """:func:`.quick.quick` for a pat contract: every natural melded, every wild too.

    Every solution melds the same cards, so all score alike and the first one the plain
    loops would meet (least first index, then second, then third) is the one they keep.
    Trying every first meld against every second is what made a big hand slow (a random
    player's sixty cards against three runs: millions of pairs, none pat).  Instead, the
    lowest class of naturals still unmelded must be the lowest class of one of the melds
    still to pick, so only candidates starting there are tried; slots of one meld type
    are interchangeable, so only the first free one of each type takes it (the picks are
    put in order at the end); the last meld is looked up by the naturals left; and a
    branch stops when the free slots cannot hold the naturals or the wilds left.  Every
    solution is met this way, and the least in the loops' order is kept.
    """
    wilds = len(hand.wilds)
    score = hand.natural_points + hand.prefix[wilds]
    if score < 0:  # never better than "no solution"
        return []
    n = len(lists)
    lows: list[dict[int, list[int]]] = []
    feet: list[dict[int, list[int]]] = []
    most: list[int] = []  # the most naturals a meld of each slot holds
    room: list[int] = []  # the most wilds
    firsts: list[int] = []  # the first slot of each slot's type
    for s, cands in enumerate(lists):
        if s and same[s]:
            lows.append(lows[-1])
            feet.append(feet[-1])
            most.append(most[-1])
            room.append(room[-1])
            firsts.append(firsts[-1])
        else:
            low, k, w = _by_lowest(cands)
            lows.append(low)
            feet.append(_by_foot(cands))
            most.append(k)
            room.append(w)
            firsts.append(s)
    pick = [-1] * n
    best: list[list[int]] = []
    nothing: list[int] = []
    distinct = plan.distinct

    def done() -> None:
        ordered = list(pick)
        for s in range(n):  # interchangeable slots: their picks in order
            if firsts[s] == s:
                e = s + 1
                while e < n and firsts[e] == s:
                    e += 1
                if e > s + 1:
                    ordered[s:e] = sorted(ordered[s:e])
        if best and ordered >= best[0]:
            return
        chosen = [lists[s][ordered[s]] for s in range(n)]
        if sum(c.cap for c in chosen) < wilds:
            return
        if distinct:
            keys = [c.key for c in chosen if c.kind == "set" and c.key]
            if len(set(keys)) < len(keys):
                return
        best[:] = [ordered]

    def cover(left: int, naturals: int, need: int, cap: int, free: list[int]) -> None:
        if naturals > sum(most[s] for s in free) or cap + sum(room[s] for s in free) < wilds:
            return
        if len(free) == 1:
            s = free[0]
            cands = lists[s]
            for j in feet[s].get(left, nothing):
                if need + cands[j].need <= wilds:
                    pick[s] = j
                    done()
            return
        low = ((left & -left).bit_length() - 1) // BITS if left else -1
        tried: set[int] = set()
        for s in free:
            if firsts[s] in tried:
                continue  # an earlier free slot of this type took the lowest class
            tried.add(firsts[s])
            rest = [x for x in free if x != s]
            cands = lists[s]
            for j in lows[s].get(low, nothing):
                c = cands[j]
                if need + c.need <= wilds and (left + guard - c.foot) & guard == guard:
                    pick[s] = j
                    k = len(c.run.positions) if c.run is not None else _count(c.foot, low)
                    cover(left - c.foot, naturals - k, need + c.need, cap + c.cap, rest)
            if not left:
                break  # wilds only: any free slot may take them, the first one does

    cover(hand.avail, hand.naturals, 0, 0, list(range(n)))
    if not best:
        return []
    return [Leaf(score, wilds, tuple(lists[s][j] for s, j in enumerate(best[0])), None)]


def _count(foot: int, low: int) -> int:
    """The naturals in a footprint whose lowest field is ``low``."""
    if not foot:
        return 0
    k = 0
    foot >>= BITS * low
    while foot:
        k += foot & FIELD
        foot >>= BITS
    return k
