"""The flat search for contracts of up to three melds: plain nested loops.

The hot path of the contract solver: most contracts are one to three melds and most
hands offer only a few candidates, so loop overhead matters more than pruning.  Many
candidates (a random player who buys every card) take bounded loops, and pat contracts
(every card melded) look their last melds up instead of trying them; both keep the very
solution the plain loops would keep, so the path taken never changes play.
"""

from __future__ import annotations

from .candidates import Hand
from .plan import BIG_POINTS, QUICK_BUDGET, Leaf, Plan, SearchTooBig
from .shapes import BITS, FIELD, Cand

PRUNE_FROM = 4096  # candidate combinations above which the loops are bounded
_EMPTY: list[Cand] = [Cand(0, 0, 0, 0, "set", 0, None)]  # the missing slots of a short contract


def quick(plan: Plan, lists: list[list[Cand]], same: tuple[bool, ...], hand: Hand, guard: int,
          capped: bool, least_point: int = 0) -> list[Leaf]:
    """The search for up to three melds, no extras, no gap rule: plain nested loops.

    The hot path: most contracts are one to three melds and most hands offer only a
    few candidates, so loop overhead matters more than pruning; many candidates go to
    :func:`_quick_pruned`, and pat contracts to :func:`_quick_pat`.
    """
    if plan.pat:
        return [] if hand.others else _quick_pat(plan, lists, same, hand, guard)
    n = len(lists)
    a_list = lists[0]
    if n == 1:
        size = len(a_list)
    elif n == 2:
        size = len(a_list) * len(lists[1])
    else:
        size = len(a_list) * len(lists[1]) * len(lists[2])
    if size > PRUNE_FROM:
        return _quick_pruned(plan, lists, same, hand, guard, capped, least_point)
    wilds = len(hand.wilds)
    prefix = hand.prefix
    distinct = plan.distinct
    best: Leaf | None = None
    best_score, best_k = -1, 0
    empty = _EMPTY
    a_list = lists[0]
    b_list = lists[1] if n > 1 else empty
    c_list = lists[2] if n > 2 else empty
    b_same = n > 1 and same[1]
    c_same = n > 2 and same[2]
    avail = hand.avail
    for ia, a in enumerate(a_list):
        if a.need > wilds or (avail + guard - a.foot) & guard != guard:
            continue
        left_a = avail - a.foot
        for ib in range(ia if b_same else 0, len(b_list)):
            b = b_list[ib]
            need_b = a.need + b.need
            if need_b > wilds or (left_a + guard - b.foot) & guard != guard:
                continue
            if distinct and b.kind == "set" == a.kind and b.key and b.key == a.key:
                continue
            left_b = left_a - b.foot
            for ic in range(ib if c_same else 0, len(c_list)):
                c = c_list[ic]
                need = need_b + c.need
                if need > wilds or (left_b + guard - c.foot) & guard != guard:
                    continue
                if distinct and c.kind == "set" and c.key and (
                        (a.kind == "set" and c.key == a.key)
                        or (b.kind == "set" and c.key == b.key)):
                    continue
                cap = a.cap + b.cap + c.cap
                k = cap if cap < wilds else wilds
                while k > need and prefix[k] == prefix[k - 1]:
                    k -= 1
                score = a.points + b.points + c.points + prefix[k]
                if score > best_score or (score == best_score and k < best_k):
                    best_score, best_k = score, k
                    best = Leaf(score, k, (a, b, c)[:n], None)
    return [best] if best is not None else []


def _quick_pruned(plan: Plan, lists: list[list[Cand]], same: tuple[bool, ...], hand: Hand,
                  guard: int, capped: bool, least_point: int = 0) -> list[Leaf]:
    """:func:`quick` for big hands (a random player who buys every card offers
    hundreds of candidates): each first and second meld is skipped when the most points
    the rest could add cannot beat the best so far.  Only combinations that could not
    have replaced the best are skipped, so the winner is the one the plain loops find.
    ``capped``: no natural scores below zero, so nothing melds more than the hand's
    natural points.

    ``least_point``: the fewest points any natural scores (0: some score nothing).  A way
    leaving a natural out then scores at least that much under the most a way can score
    (every natural and the best wilds).  Once the best so far scores more than any such
    way (or as much, with no wild: no tie can replace it), only a way melding every
    natural can replace it (with fewer wilds, if the best already scores the most): its
    second and third melds hold exactly the naturals the first leaves, so the second
    melds are the ones needing few enough wilds and the third is looked up by the
    naturals left (:class:`_Covers`), in the loops' order.  Scanning hundreds of second
    and third melds for each first was what made the planner's big hands slow: it lends
    itself wilds and counts each natural 1, so its best ways soon meld all but one.
    """
    wilds = len(hand.wilds)
    prefix = hand.prefix
    distinct = plan.distinct
    best: Leaf | None = None
    best_score, best_k = -1, 0  # a solution scores at least 0 points
    n = len(lists)
    empty = _EMPTY
    a_list = lists[0]
    b_list = lists[1] if n > 1 else empty
    c_list = lists[2] if n > 2 else empty
    b_same = n > 1 and same[1]
    c_same = n > 2 and same[2]
    a_tops = _tops(a_list)
    b_tops = a_tops if b_same else _tops(b_list)
    c_tops = b_tops if c_same else _tops(c_list)
    top_wild = max(prefix)
    most = hand.natural_points if capped else BIG_POINTS  # natural points that can meld
    avail = hand.avail
    spent = 0  # third melds tried, against the budget
    # the most a way scores, and the most one leaving a natural out does
    ceiling = most + top_wild if capped and least_point > 0 else BIG_POINTS
    short = ceiling - least_point
    covers: _Covers | None = None
    for ia, a in enumerate(a_list):
        if a.need > wilds or (avail + guard - a.foot) & guard != guard:
            continue
        rest = b_tops[ia if b_same else 0] + c_tops[ia if b_same and c_same else 0]
        if min(a_tops[ia] + rest, most) + top_wild < best_score:
            break  # no later first meld can do better
        bound = min(a.points + rest, most) + top_wild
        if bound < best_score or (bound == best_score and a.need >= best_k):
            continue
        left_a = avail - a.foot
        if best_score > short or (best_score == short and not best_k):
            # only a way melding every natural can replace the best; when the best scores
            # the ceiling, only with fewer wilds
            if best_score >= ceiling and not best_k:
                break  # nothing can
            fewer = best_k if best_score >= ceiling else wilds + 1
            if covers is None or covers.fewer != fewer:
                covers = _Covers(b_list, c_list, fewer)
            c_feet = covers.c_feet
            if a.need >= fewer:
                continue
            for ib in covers.b_ok[fewer - 1 - a.need]:
                if b_same and ib < ia:
                    continue
                b = b_list[ib]
                need_b = a.need + b.need
                if need_b >= fewer or (left_a + guard - b.foot) & guard != guard:
                    continue
                if distinct and b.kind == "set" == a.kind and b.key and b.key == a.key:
                    continue
                covering = c_feet.get(left_a - b.foot)
                if covering is None:
                    continue
                spent += len(covering)
                if spent > QUICK_BUDGET:
                    raise SearchTooBig()
                for ic in covering:
                    if c_same and ic < ib:
                        continue
                    c = c_list[ic]
                    need = need_b + c.need
                    if need >= fewer:
                        continue  # a way melds at least `need` wilds: not fewer than the best
                    if distinct and c.kind == "set" and c.key and (
                            (a.kind == "set" and c.key == a.key)
                            or (b.kind == "set" and c.key == b.key)):
                        continue
                    cap = a.cap + b.cap + c.cap
                    k = cap if cap < wilds else wilds
                    while k > need and prefix[k] == prefix[k - 1]:
                        k -= 1
                    score = a.points + b.points + c.points + prefix[k]
                    if score > best_score or (score == best_score and k < best_k):
                        best_score, best_k = score, k
                        best = Leaf(score, k, (a, b, c)[:n], None)
            continue
        for ib in range(ia if b_same else 0, len(b_list)):
            b = b_list[ib]
            need_b = a.need + b.need
            if need_b > wilds or (left_a + guard - b.foot) & guard != guard:
                continue
            if distinct and b.kind == "set" == a.kind and b.key and b.key == a.key:
                continue
            rest = c_tops[ib if c_same else 0]
            if min(a.points + b_tops[ib] + rest, most) + top_wild < best_score:
                break  # no later second meld can do better
            bound = min(a.points + b.points + rest, most) + top_wild
            if bound < best_score or (bound == best_score and need_b >= best_k):
                continue
            left_b = left_a - b.foot
            first_c = ib if c_same else 0
            thirds: range | list[int] = range(first_c, len(c_list))
            if best_score > short or (best_score == short and not best_k):
                # as below: the third meld holds every natural left
                fewer = best_k if best_score >= ceiling else wilds + 1
                if covers is None or covers.fewer != fewer:
                    covers = _Covers(b_list, c_list, fewer)
                thirds = [ic for ic in covers.c_feet.get(left_b, ()) if ic >= first_c]
            spent += len(thirds)
            if spent > QUICK_BUDGET:
                raise SearchTooBig()
            for ic in thirds:
                c = c_list[ic]
                need = need_b + c.need
                if need > wilds or (left_b + guard - c.foot) & guard != guard:
                    continue
                if distinct and c.kind == "set" and c.key and (
                        (a.kind == "set" and c.key == a.key)
                        or (b.kind == "set" and c.key == b.key)):
                    continue
                cap = a.cap + b.cap + c.cap
                k = cap if cap < wilds else wilds
                while k > need and prefix[k] == prefix[k - 1]:
                    k -= 1
                score = a.points + b.points + c.points + prefix[k]
                if score > best_score or (score == best_score and k < best_k):
                    best_score, best_k = score, k
                    best = Leaf(score, k, (a, b, c)[:n], None)
    return [best] if best is not None else []


class _Covers:
    """Second and third melds that could still replace a best way melding every natural.

    Such a way melds fewer wilds than the best (``fewer``), so each of its melds needs
    fewer; its third meld holds exactly the naturals the first two leave, looked up by
    footprint.  Indices stay in the loops' order.
    """

    def __init__(self, b_list: list[Cand], c_list: list[Cand], fewer: int) -> None:
        self.fewer = fewer
        # b_ok[d]: the second melds needing at most d wilds (d < 0: none)
        self.b_ok = [[i for i, c in enumerate(b_list) if c.need <= d] for d in range(fewer)]
        self.c_feet: dict[int, list[int]] = {}
        for i, c in enumerate(c_list):
            if c.need < fewer:
                if c.foot in self.c_feet:
                    self.c_feet[c.foot].append(i)
                else:
                    self.c_feet[c.foot] = [i]


def _tops(cands: list[Cand]) -> list[int]:
    """tops[j]: the most points of any candidate from index j on (tops[len]: none)."""
    out = [-BIG_POINTS] * (len(cands) + 1)
    top = -BIG_POINTS
    for j in range(len(cands) - 1, -1, -1):
        p = cands[j].points
        if p > top:
            top = p
        out[j] = top
    return out


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


def _quick_pat(plan: Plan, lists: list[list[Cand]], same: tuple[bool, ...], hand: Hand, guard: int
               ) -> list[Leaf]:
    """:func:`quick` for a pat contract: every natural melded, every wild too.

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
