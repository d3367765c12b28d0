"""The slot search of the contract solver: disjoint candidates, one per contract meld.

Picks candidates slot by slot (one packed-counter subtraction per try), pruned by the
wild budget and an upper bound on the points still to meld, and settles each solution's
wilds by two sums (:mod:`.shapes`).  Up to three melds without extras take a flat path
of nested loops (:func:`_quick`): the hot path, where loop overhead matters more than
pruning.  Same-suit runs under the gap rule fix each run's growth at each end.
"""

from __future__ import annotations

from itertools import product
from typing import NamedTuple

from .candidates import Hand, Reader
from .melds import MeldRules
from .shapes import Cand, MeldType

BIG_POINTS = 1 << 40
PRUNE_FROM = 4096  # candidate combinations above which the quick search bounds its loops


class Plan(NamedTuple):
    """What to search for: a contract with its options, compiled once."""

    rules: MeldRules
    slots: tuple[tuple[MeldType, int], ...]  # each required meld type and how many
    extras: tuple[MeldType, ...]  # types that may be laid any number of times
    min_cards: int
    min_naturals: int
    collapse: bool
    gap: int  # the ranks two runs of one suit leave between them (0: they may touch)
    distinct: bool
    pat: bool


class Leaf(NamedTuple):
    """One solution as the search found it: candidates and the wilds melded."""

    score: int  # points melded
    wilds: int
    melds: tuple[Cand, ...]
    ends: dict[int, tuple[int, int]] | None  # fixed (below, above) growth of some runs


# The search's budget: a hand of a whole pack (52 cards and more) offers thousands of
# candidate melds, and trying their combinations would not end in any useful time.  Past
# the budget the search stops with SearchTooBig ("too many cards to search").  Real hands
# (up to twenty-odd cards) stay far below it.
QUICK_BUDGET = 20_000_000  # third melds the pruned loops of _quick_pruned try
NODE_BUDGET = 3_000_000  # calls of the slot search


class SearchTooBig(Exception):
    """The hand offers too many candidate melds to search within the budget."""

    def __init__(self) -> None:
        super().__init__("too many cards to search (the hand offers too many candidate "
                         "melds)")


def search(plan: Plan, rd: Reader, hand: Hand, collect: bool) -> list[Leaf]:
    """Every solution (collect) or the best one, as leaves of the slot search; raises
    :class:`SearchTooBig` past the budget."""
    wilds = len(hand.wilds)
    naturals = hand.naturals
    if naturals < plan.min_naturals or naturals + wilds < plan.min_cards:
        return []
    slot_cands: list[list[Cand]] = []
    slot_same: list[bool] = []
    for t, n in plan.slots:
        found = rd.candidates(t, hand, wilds)
        if not found:
            return []
        slot_cands += [found] * n
        slot_same += [False] + [True] * (n - 1)
    extras: list[Cand] = []
    for t in plan.extras:
        extras += rd.candidates(t, hand, wilds)
    nslots = len(slot_cands)
    if not (collect or extras or plan.gap) and 0 < nslots <= 3:
        return _quick(plan, slot_cands, slot_same, hand, rd.guard, rd.capped)
    if extras or nslots == 1 or sum(map(len, slot_cands)) < 3 * nslots:
        ahead = [BIG_POINTS] * (nslots + 1)  # few candidates: bounds cost more than they save
    else:
        top = [max(c.points for c in cs) for cs in slot_cands]
        ahead = [sum(top[i:]) for i in range(nslots + 1)]
    prefix = hand.prefix
    nat_total = hand.natural_points
    best_wild = prefix[wilds]
    pat, gap, distinct = plan.pat, plan.gap, plan.distinct
    others = bool(hand.others)
    guard = rd.guard
    chosen: list[Cand] = []
    ranks_used: list[int] = []
    leaves: list[Leaf] = []
    best: list[int] = [-1, 0]  # score, wilds
    nodes = [NODE_BUDGET]

    def leaf(left: int, need: int, cap: int, pts: int) -> None:
        if pat and (left or others):
            return
        ends = None
        if gap and _shared_suits(chosen):
            got = _fix_ends(plan, chosen, need, cap, wilds, prefix)
            if got is None:
                return
            k, ends = got
        elif pat:
            if cap < wilds:
                return
            k = wilds
        else:
            k = cap if cap < wilds else wilds
            while k > need and prefix[k] == prefix[k - 1]:
                k -= 1
        score = pts + prefix[k]
        if collect:
            leaves.append(Leaf(score, k, tuple(chosen), ends))
        elif score > best[0] or (score == best[0] and k < best[1]):
            best[0], best[1] = score, k
            leaves[:] = [Leaf(score, k, tuple(chosen), ends)]

    def more(j0: int, left: int, need: int, cap: int, pts: int) -> None:
        nodes[0] -= 1
        if not nodes[0]:
            raise SearchTooBig()
        for j in range(j0, len(extras)):
            c = extras[j]
            if need + c.need > wilds or (left + guard - c.foot) & guard != guard:
                continue
            if distinct and c.kind == "set" and c.key and c.key in ranks_used:
                continue
            if not collect and (nat_total + best_wild < best[0] or (
                    nat_total + best_wild == best[0] and need + c.need >= best[1])):
                continue  # cannot beat the best (a later, thriftier candidate might tie)
            chosen.append(c)
            ranks_used.append(c.key if c.kind == "set" and isinstance(c.key, int) else 0)
            leaf(left - c.foot, need + c.need, cap + c.cap, pts + c.points)
            more(j, left - c.foot, need + c.need, cap + c.cap, pts + c.points)
            ranks_used.pop()
            chosen.pop()

    def slot(i: int, j0: int, left: int, need: int, cap: int, pts: int) -> None:
        nodes[0] -= 1
        if not nodes[0]:
            raise SearchTooBig()
        if i == nslots:
            leaf(left, need, cap, pts)
            if extras:
                more(0, left, need, cap, pts)
            return
        cands = slot_cands[i]
        for j in range(j0 if slot_same[i] else 0, len(cands)):
            c = cands[j]
            if need + c.need > wilds or (left + guard - c.foot) & guard != guard:
                continue
            if distinct and c.kind == "set" and c.key and c.key in ranks_used:
                continue
            bound = pts + min(nat_total - pts, ahead[i]) + best_wild
            if not collect and (bound < best[0] or (bound == best[0] and need + c.need >= best[1])):
                continue
            chosen.append(c)
            ranks_used.append(c.key if c.kind == "set" and isinstance(c.key, int) else 0)
            slot(i + 1, j, left - c.foot, need + c.need, cap + c.cap, pts + c.points)
            ranks_used.pop()
            chosen.pop()

    slot(0, 0, hand.avail, 0, 0, 0)
    return leaves


def _quick(plan: Plan, lists: list[list[Cand]], same: list[bool], hand: Hand, guard: int,
           capped: bool) -> list[Leaf]:
    """The search for up to three melds, no extras, no gap rule: plain nested loops.

    The hot path: most contracts are one to three melds and most hands offer only a
    few candidates, so loop overhead matters more than pruning; many candidates go to
    :func:`_quick_pruned`, and pat contracts to :func:`_quick_pat`.
    """
    if plan.pat:
        return [] if hand.others else _quick_pat(plan, lists, same, hand, guard)
    size = 1
    for cands in lists:
        size *= len(cands)
    if size > PRUNE_FROM:
        return _quick_pruned(plan, lists, same, hand, guard, capped)
    wilds = len(hand.wilds)
    prefix = hand.prefix
    distinct = plan.distinct
    best: Leaf | None = None
    best_score, best_k = -1, 0
    n = len(lists)
    empty: list[Cand] = [Cand(0, 0, 0, 0, "set", 0, None)]
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


def _quick_pruned(plan: Plan, lists: list[list[Cand]], same: list[bool], hand: Hand,
                  guard: int, capped: bool) -> list[Leaf]:
    """:func:`_quick` for big hands (a random player who buys every card offers
    hundreds of candidates): each first and second meld is skipped when the most points
    the rest could add cannot beat the best so far.  Only combinations that could not
    have replaced the best are skipped, so the winner is the one the plain loops find.
    ``capped``: no natural scores below zero, so nothing melds more than the hand's
    natural points.
    """
    wilds = len(hand.wilds)
    prefix = hand.prefix
    distinct = plan.distinct
    best: Leaf | None = None
    best_score, best_k = -1, 0  # a solution scores at least 0 points
    n = len(lists)
    empty: list[Cand] = [Cand(0, 0, 0, 0, "set", 0, None)]
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
            spent += len(c_list) - first_c
            if spent > QUICK_BUDGET:
                raise SearchTooBig()
            for ic in range(first_c, len(c_list)):
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


def _quick_pat(plan: Plan, lists: list[list[Cand]], same: list[bool], hand: Hand, guard: int
               ) -> list[Leaf]:
    """:func:`_quick` for a pat contract: every natural melded, every wild too.

    Every solution melds the same cards, so all score alike and the first one the plain
    loops would meet is the one they keep; and the last meld must use exactly the
    naturals the others leave, so it is looked up by footprint, not tried one by one.
    """
    wilds = len(hand.wilds)
    score = hand.natural_points + hand.prefix[wilds]
    if score < 0:  # never better than "no solution"
        return []
    distinct = plan.distinct
    n = len(lists)
    avail = hand.avail
    last = _by_foot(lists[-1])
    nothing: list[int] = []
    if n == 1:
        for ia in last.get(avail, nothing):
            a = lists[0][ia]
            if a.need <= wilds <= a.cap:
                return [Leaf(score, wilds, (a,), None)]
        return []
    a_list = lists[0]
    b_list = lists[1]
    b_same = same[1]
    c_list = lists[2] if n > 2 else []
    c_same = n > 2 and same[2]
    for ia, a in enumerate(a_list):
        if a.need > wilds or (avail + guard - a.foot) & guard != guard:
            continue
        left_a = avail - a.foot
        if n == 2:
            for ib in last.get(left_a, nothing):
                if b_same and ib < ia:
                    continue
                b = b_list[ib]
                if a.need + b.need > wilds or a.cap + b.cap < wilds:
                    continue
                if distinct and b.kind == "set" == a.kind and b.key and b.key == a.key:
                    continue
                return [Leaf(score, wilds, (a, b), None)]
            continue
        for ib in range(ia if b_same else 0, len(b_list)):
            b = b_list[ib]
            need_b = a.need + b.need
            if need_b > wilds or (left_a + guard - b.foot) & guard != guard:
                continue
            if distinct and b.kind == "set" == a.kind and b.key and b.key == a.key:
                continue
            for ic in last.get(left_a - b.foot, nothing):
                if c_same and ic < ib:
                    continue
                c = c_list[ic]
                if need_b + c.need > wilds or a.cap + b.cap + c.cap < wilds:
                    continue
                if distinct and c.kind == "set" and c.key and (
                        (a.kind == "set" and c.key == a.key)
                        or (b.kind == "set" and c.key == b.key)):
                    continue
                return [Leaf(score, wilds, (a, b, c), None)]
    return []


def _shared_suits(chosen: list[Cand]) -> bool:
    seen: set[str] = set()
    for c in chosen:
        if c.kind == "run" and isinstance(c.key, str):
            if c.key in seen:
                return True
            seen.add(c.key)
    return False


def _fix_ends(plan: Plan, chosen: list[Cand], need: int, cap: int, wilds: int,
              prefix: tuple[int, ...]) -> tuple[int, dict[int, tuple[int, int]]] | None:
    """Same-suit runs that need a gap: fix how far each grows at each end.

    Tries every split (few runs, few wilds) and keeps the one melding the most wild
    points, then the fewest wilds.  Returns (wilds melded, {meld index: (below, above)}).
    """
    space = plan.rules.space
    assert space is not None
    suits: dict[str, list[int]] = {}
    for i, c in enumerate(chosen):
        if c.kind == "run" and isinstance(c.key, str):
            suits.setdefault(c.key, []).append(i)
    fixed = [i for ix in suits.values() if len(ix) > 1 for i in ix]
    need_o = need - sum(chosen[i].need for i in fixed)
    cap_o = cap - sum(chosen[i].cap for i in fixed)
    options: list[list[tuple[int, int, int]]] = []
    for i in fixed:
        c = chosen[i]
        assert c.run is not None
        g, lo, hi = c.run.gaps, c.run.below, c.run.above
        options.append([(b, e - b, g + e) for e in range(c.need - g, c.cap - g + 1)
                        for b in range(max(0, e - hi), min(lo, e) + 1)])
    best: tuple[int, dict[int, tuple[int, int]]] | None = None
    for combo in product(*options):
        if not _separate(plan, chosen, fixed, combo):
            continue
        t = sum(w for _, _, w in combo)
        if need_o + t > wilds:
            continue
        k = min(wilds, cap_o + t)
        if plan.pat:
            if k < wilds:
                continue
        else:
            while k > need_o + t and prefix[k] == prefix[k - 1]:
                k -= 1
        if best is None or prefix[k] > prefix[best[0]] or (
                prefix[k] == prefix[best[0]] and k < best[0]):
            best = (k, {i: (b, a) for i, (b, a, _) in zip(fixed, combo, strict=True)})
    return best


def _separate(plan: Plan, chosen: list[Cand], fixed: list[int],
              combo: tuple[tuple[int, int, int], ...]) -> bool:
    """Do same-suit runs keep at least ``plan.gap`` ranks between them?"""
    space = plan.rules.space
    assert space is not None
    spans: dict[str | int | None, list[tuple[int, int]]] = {}
    for i, (b, a, _) in zip(fixed, combo, strict=True):
        c = chosen[i]
        assert c.run is not None
        spans.setdefault(c.key, []).append((c.run.positions[0] - b, c.run.positions[-1] + a))
    for windows in spans.values():
        if space.wrap:
            taken = [{(p - space.low) % space.period for p in range(lo, hi + 1)}
                     for lo, hi in windows]
            for x, one in enumerate(taken):
                near = {(p + d) % space.period for p in one
                        for d in range(-plan.gap, plan.gap + 1)}
                if any(near & other for other in taken[x + 1:]):
                    return False
        else:
            windows.sort()
            if any(windows[x][1] + plan.gap >= windows[x + 1][0]
                   for x in range(len(windows) - 1)):
                return False
    return True
