"""The flat search for contracts of up to three melds: plain nested loops.

The hot path of the contract solver: most contracts are one to three melds and most
hands offer only a few candidates, so loop overhead matters more than pruning.  One,
two and three melds each get their own loops (a dummy meld standing in for a missing
one cost a footprint test per combination).  Many candidates (a random player who buys
every card) take the bounded loops of :mod:`.bounded`, and pat contracts (every card
melded) the look-ups of :mod:`.pat`; both keep the very solution the plain loops would
keep, so the path taken never changes play.
"""

from __future__ import annotations

from .bounded import bounded
from .candidates import Hand
from .pat import quick_pat
from .plan import Leaf, Plan
from .shapes import Cand

PRUNE_FROM = 4096  # candidate combinations above which the loops are bounded


def quick(plan: Plan, lists: list[list[Cand]], same: tuple[bool, ...], hand: Hand, guard: int,
          capped: bool, least_point: int = 0) -> list[Leaf]:
    """The search for up to three melds, no extras, no gap rule: plain nested loops.

    Candidates are tried in order, each slot's after the previous slot's when the two
    are of one type; the best is the most points melded, then the fewest wilds, then
    the first met.  A candidate always fits the hand alone; the loops test whether it
    fits what the melds before it leave.
    """
    if plan.pat:
        return [] if hand.others else quick_pat(plan, lists, same, hand, guard)
    n = len(lists)
    if n == 1:
        size = len(lists[0])
    elif n == 2:
        size = len(lists[0]) * len(lists[1])
    else:
        size = len(lists[0]) * len(lists[1]) * len(lists[2])
    if size > PRUNE_FROM:
        return bounded(plan, lists, same, hand, guard, capped, least_point)
    if n == 1:
        return _one(lists[0], hand, guard)
    if n == 2:
        return _two(lists[0], lists[1], same[1], plan.distinct, hand, guard)
    return _three(lists[0], lists[1], lists[2], same[1], same[2], plan.distinct, hand, guard)


def _one(a_list: list[Cand], hand: Hand, guard: int) -> list[Leaf]:
    wilds = len(hand.wilds)
    prefix = hand.prefix
    room = hand.avail + guard
    best: Leaf | None = None
    best_score = -1
    best_k = 0
    for a in a_list:
        need = a.need
        if need > wilds or (room - a.foot) & guard != guard:
            continue
        cap = a.cap
        k = cap if cap < wilds else wilds
        while k > need and prefix[k] == prefix[k - 1]:
            k -= 1
        score = a.points + prefix[k]
        if score > best_score or (score == best_score and k < best_k):
            best_score = score
            best_k = k
            best = Leaf(score, k, (a,), None)
    return [best] if best is not None else []


def _two(a_list: list[Cand], b_list: list[Cand], b_same: bool, distinct: bool, hand: Hand,
         guard: int) -> list[Leaf]:
    wilds = len(hand.wilds)
    prefix = hand.prefix
    avail = hand.avail
    best: Leaf | None = None
    best_score = -1
    best_k = 0
    nb = len(b_list)
    for ia in range(len(a_list)):
        a = a_list[ia]
        left_a = avail + guard - a.foot
        if a.need > wilds or left_a & guard != guard:
            continue
        a_set = distinct and a.kind == "set" and bool(a.key)
        for ib in range(ia if b_same else 0, nb):
            b = b_list[ib]
            need = a.need + b.need
            if need > wilds or (left_a - b.foot) & guard != guard:
                continue
            if a_set and b.kind == "set" and b.key == a.key:
                continue
            cap = a.cap + b.cap
            k = cap if cap < wilds else wilds
            while k > need and prefix[k] == prefix[k - 1]:
                k -= 1
            score = a.points + b.points + prefix[k]
            if score > best_score or (score == best_score and k < best_k):
                best_score = score
                best_k = k
                best = Leaf(score, k, (a, b), None)
    return [best] if best is not None else []


def _three(a_list: list[Cand], b_list: list[Cand], c_list: list[Cand], b_same: bool,
           c_same: bool, distinct: bool, hand: Hand, guard: int) -> list[Leaf]:
    wilds = len(hand.wilds)
    prefix = hand.prefix
    avail = hand.avail
    best: Leaf | None = None
    best_score = -1
    best_k = 0
    nb = len(b_list)
    nc = len(c_list)
    for ia in range(len(a_list)):
        a = a_list[ia]
        left_a = avail + guard - a.foot
        if a.need > wilds or left_a & guard != guard:
            continue
        a_set = distinct and a.kind == "set" and bool(a.key)
        for ib in range(ia if b_same else 0, nb):
            b = b_list[ib]
            need_b = a.need + b.need
            if need_b > wilds or (left_a - b.foot) & guard != guard:
                continue
            if a_set and b.kind == "set" and b.key == a.key:
                continue
            left_b = left_a - b.foot
            b_set = distinct and b.kind == "set" and bool(b.key)
            for ic in range(ib if c_same else 0, nc):
                c = c_list[ic]
                need = need_b + c.need
                if need > wilds or (left_b - c.foot) & guard != guard:
                    continue
                if distinct and c.kind == "set" and c.key and (
                        (a_set and c.key == a.key) or (b_set and c.key == b.key)):
                    continue
                cap = a.cap + b.cap + c.cap
                k = cap if cap < wilds else wilds
                while k > need and prefix[k] == prefix[k - 1]:
                    k -= 1
                score = a.points + b.points + c.points + prefix[k]
                if score > best_score or (score == best_score and k < best_k):
                    best_score = score
                    best_k = k
                    best = Leaf(score, k, (a, b, c), None)
    return [best] if best is not None else []
