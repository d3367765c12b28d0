"""The flat search's bounded loops, for hands offering many candidates.

A random player who buys every card holds a big hand with hundreds of candidate melds;
the plain loops of :mod:`.quick` would try millions of combinations.  These loops skip
only combinations that could not have replaced the best so far, so they keep the very
solution the plain loops would keep.
"""

from __future__ import annotations

from .candidates import Hand
from .plan import BIG_POINTS, QUICK_BUDGET, Leaf, Plan, SearchTooBig
from .shapes import Cand

_EMPTY: list[Cand] = [Cand(0, 0, 0, 0, "set", 0, None)]  # the missing slots of a short contract


def bounded(plan: Plan, lists: list[list[Cand]], same: tuple[bool, ...], hand: Hand,
                  guard: int, capped: bool, least_point: int = 0) -> list[Leaf]:
    """:func:`.quick.quick` for big hands (a random player who buys every card offers
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
    naturals left (:class:`Covers`), in the loops' order.  Scanning hundreds of second
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
    a_tops = tops(a_list)
    b_tops = a_tops if b_same else tops(b_list)
    c_tops = b_tops if c_same else tops(c_list)
    top_wild = max(prefix)
    most = hand.natural_points if capped else BIG_POINTS  # natural points that can meld
    avail = hand.avail
    spent = 0  # third melds tried, against the budget
    # the most a way scores, and the most one leaving a natural out does
    ceiling = most + top_wild if capped and least_point > 0 else BIG_POINTS
    short = ceiling - least_point
    covers: Covers | None = None
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
                covers = Covers(b_list, c_list, fewer)
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
                    covers = Covers(b_list, c_list, fewer)
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


class Covers:
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


def tops(cands: list[Cand]) -> list[int]:
    """tops[j]: the most points of any candidate from index j on (tops[len]: none)."""
    out = [-BIG_POINTS] * (len(cands) + 1)
    top = -BIG_POINTS
    for j in range(len(cands) - 1, -1, -1):
        p = cands[j].points
        if p > top:
            top = p
        out[j] = top
    return out
