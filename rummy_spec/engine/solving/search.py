"""The slot search of the contract solver: disjoint candidates, one per contract meld.

Picks candidates slot by slot (one packed-counter subtraction per try), pruned by the
wild budget and an upper bound on the points still to meld, and settles each solution's
wilds by two sums (:mod:`.shapes`).  Up to three melds without extras take the flat
loops of :mod:`.quick`: the hot path, where loop overhead matters more than pruning.
Same-suit runs under the gap rule fix each run's growth at each end (:mod:`.gaps`).
"""

from __future__ import annotations

from collections.abc import Callable

from .candidates import Hand, Reader
from .gaps import fix_ends, shared_suits, too_close
from .plan import BIG_POINTS, NODE_BUDGET, Leaf, Plan, SearchTooBig
from .quick import quick
from .shapes import BITS, FIELD, Cand

__all__ = ["Leaf", "Plan", "SearchTooBig", "search"]

QUICK_SLOTS = 3  # contracts of up to this many melds (no extras, no gap rule) go flat
RANK_FROM = 4096  # leaves collected before the first ranking against a limit


def search(plan: Plan, rd: Reader, hand: Hand, collect: bool, limit: int = 0,
           key: Callable[[Leaf], object] | None = None) -> list[Leaf]:
    """Every solution (collect) or the best one, as leaves of the slot search; raises
    :class:`SearchTooBig` past the budget.

    Collecting with a ``limit`` and a ``key`` (what makes two leaves the same way to
    lay the contract): only the leaves that can be among the best ``limit`` distinct
    ways are kept.  Now and then the leaves found so far are ranked (score, then fewest
    wilds, then order found); once ``limit`` distinct keys are met, the score of the last
    of them is a floor, and leaves and branches that cannot reach it are dropped.  A
    random player's big hand with many jokers offers millions of ways to go down, of
    which a caller wants a few dozen.
    """
    wilds = len(hand.wilds)
    naturals = hand.naturals
    if naturals < plan.min_naturals or naturals + wilds < plan.min_cards:
        return []
    if not (collect or plan.extras or plan.gap) and 0 < len(plan.same) <= QUICK_SLOTS:
        lists: list[list[Cand]] = []  # the hot path: straight to the flat loops
        for t, n in plan.slots:
            found = rd.candidates(t, hand, wilds)
            if not found:
                return []
            lists.append(found)
            if n > 1:
                lists += [found] * (n - 1)
        return quick(plan, lists, plan.same, hand, rd.guard, rd.capped, rd.least_point)
    return _search_slots(plan, rd, hand, collect, limit, key)


def _search_slots(plan: Plan, rd: Reader, hand: Hand, collect: bool, limit: int,
                  key: Callable[[Leaf], object] | None) -> list[Leaf]:
    """:func:`search` slot by slot, for what the flat loops do not take: extras, the gap
    rule, collecting, many melds.  Apart from :func:`search` because its nested
    functions cost compiled code an environment object on every call, the hot path's
    included."""
    wilds = len(hand.wilds)
    naturals = hand.naturals
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
    if not (collect or extras or plan.gap) and 0 < nslots <= QUICK_SLOTS:
        return quick(plan, slot_cands, tuple(slot_same), hand, rd.guard, rd.capped, rd.least_point)
    if extras or nslots == 1 or sum(map(len, slot_cands)) < 3 * nslots:
        ahead = [BIG_POINTS] * (nslots + 1)  # few candidates: bounds cost more than they save
    else:
        top = [max(c.points for c in cs) for cs in slot_cands]
        ahead = [sum(top[i:]) for i in range(nslots + 1)]
    room = _pat_room(slot_cands, wilds) if plan.pat and not extras else None
    tight = None if collect or extras else _wild_ahead(slot_cands, hand.prefix, wilds)
    if room is not None and naturals + wilds > room[0][0]:
        return []  # the contract's melds cannot hold every card
    lanes = _pat_lanes(slot_cands, rd) if room is not None else [None] * (len(slot_cands) + 1)
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
    top_wild = max(prefix)
    capped = rd.capped
    floor = [-BIG_POINTS, RANK_FROM]  # collecting: the score to reach, leaves at the next ranking

    def rank() -> None:
        assert key is not None
        order = sorted(range(len(leaves)), key=lambda i: (-leaves[i].score, leaves[i].wilds, i))
        seen: set[object] = set()
        for i in order:
            seen.add(key(leaves[i]))
            if len(seen) == limit:
                low = leaves[i].score
                leaves[:] = [x for x in leaves if x.score >= low]
                floor[0] = low
                break
        floor[1] = 2 * len(leaves) + RANK_FROM

    def leaf(left: int, need: int, cap: int, pts: int) -> None:
        if pat and (left or others):
            return
        ends = None
        if gap and shared_suits(chosen):
            got = fix_ends(plan, chosen, need, cap, wilds, prefix)
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
            if score < floor[0]:
                return
            leaves.append(Leaf(score, k, tuple(chosen), ends))
            if limit and key is not None and len(leaves) >= floor[1]:
                rank()
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

    def slot(i: int, j0: int, left: int, need: int, cap: int, pts: int, rest: int) -> None:
        nodes[0] -= 1
        if not nodes[0]:
            raise SearchTooBig()
        if room is not None and rest + wilds > min(cap, wilds) + room[0][i]:
            return  # pat: the melds still to pick cannot hold the cards left
        held = lanes[i]
        if held is not None and sum(1 for m in held if left & m) > nslots - i:
            return  # pat: the naturals left lie in more suits (or ranks) than melds left
        if collect and pts + (min(nat_total - pts, ahead[i]) if capped else ahead[i]) \
                + top_wild < floor[0]:
            return  # cannot reach the best ways already found
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
            if gap and c.run is not None and isinstance(c.key, str) and too_close(
                    plan, chosen, c):
                continue  # no growth of the two runs can open the gap between them
            bound = pts + min(nat_total - pts, ahead[i]) + best_wild
            if not collect and (bound < best[0] or (bound == best[0] and need + c.need >= best[1])):
                continue
            if tight is not None:
                bound = pts + c.points + prefix[min(wilds, cap + c.cap)] + tight[i + 1]
                if bound < best[0] or (bound == best[0] and need + c.need >= best[1]):
                    continue  # even with the best wilds where they fit, it cannot win
            chosen.append(c)
            ranks_used.append(c.key if c.kind == "set" and isinstance(c.key, int) else 0)
            slot(i + 1, j, left - c.foot, need + c.need, cap + c.cap, pts + c.points,
                 rest - room[1][i][j] if room is not None else 0)
            ranks_used.pop()
            chosen.pop()

    slot(0, 0, hand.avail, 0, 0, 0, naturals)
    return leaves


def _count(foot: int) -> int:
    """The naturals in a packed counter (the sum of its fields)."""
    n = 0
    while foot:
        n += foot & FIELD
        foot >>= BITS
    return n


def _pat_room(slot_cands: list[list[Cand]], wilds: int
              ) -> tuple[list[int], list[list[int]]]:
    """For a pat contract without extra melds: ``room[i]``, the most cards (naturals,
    and wilds up to the hand's) the melds of slots ``i`` on can hold together, and the
    naturals of each slot's candidates.

    A pat way melds every natural and every wild, so a branch whose cards left outnumber
    the room left holds no solution; cutting it never changes which solution is found.
    A random player who buys every card meets "3 runs (pat)" with forty-odd cards, and
    without this bound the search tries every three runs before finding none pat.
    """
    counts: dict[int, list[int]] = {}  # slots of one meld type share their list
    for cs in slot_cands:
        if id(cs) not in counts:
            counts[id(cs)] = [_count(c.foot) for c in cs]
    naturals = [counts[id(cs)] for cs in slot_cands]
    most = [max(n + min(c.cap, wilds) for n, c in zip(ns, cs, strict=True))
            for ns, cs in zip(naturals, slot_cands, strict=True)]
    return [sum(most[i:]) for i in range(len(most) + 1)], naturals


def _wild_ahead(slot_cands: list[list[Cand]], prefix: tuple[int, ...], wilds: int
                ) -> list[int] | None:
    """``ahead[i]``: the most points the melds of slots ``i`` on can add, each meld its
    naturals and every wild it can hold counted at the hand's best wild's points.

    A way scores its naturals plus its wilds, the hand's best ones, as many as its melds
    can hold (``prefix[k]``, k at most the hand's wilds and the melds' caps).  Each wild
    past the first ``k`` adds at most the best wild's points, so a branch's melds so far,
    the next candidate with the wilds they all can hold, and ``ahead`` of the slots after
    it bound every way below the branch.  The naturals-only bound cannot see that a
    contract of exact sizes holds a dozen cards of a forty-card hand with seven wilds.
    """
    if wilds and prefix[wilds] < prefix[wilds - 1]:
        return None  # a wild scoring below zero: melding fewer wilds may score more
    top = max(prefix[1] - prefix[0], 0) if wilds else 0
    most = [max(c.points + top * min(c.cap, wilds) for c in cs) for cs in slot_cands]
    return [sum(most[i:]) for i in range(len(most) + 1)]


def _pat_lanes(slot_cands: list[list[Cand]], rd: Reader) -> list[list[int] | None]:
    """For a pat contract: ``lanes[i]``, masks of the packed counter, one per suit (or
    one per rank), when every candidate of slots ``i`` on lies in one of them; else None.

    Each meld still to pick then covers naturals of one suit (or rank), so a branch whose
    naturals left lie in more of them than melds are left holds no pat way.  Three runs
    cannot meld a hand holding all four suits, however few cards it has.  Suits are read
    from the classes' faces, so only when no class merges faces of different suits.
    """
    families: list[list[int]] = [[m << shift for _, shift, m in rd.slices]]
    if not rd.collapse:
        suits: dict[str, int] = {}
        for f, face in enumerate(rd.face_of):
            suit = rd.rules.suit[face]
            if suit is not None:
                suits[suit] = suits.get(suit, 0) | FIELD << (BITS * f)
        families.append(list(suits.values()))
    out: list[list[int] | None] = [None] * (len(slot_cands) + 1)
    for family in families:
        fits: dict[int, bool] = {}  # slots of one meld type share their list
        for cs in slot_cands:
            if id(cs) not in fits:
                fits[id(cs)] = all(any(not c.foot & ~m for m in family) for c in cs)
        ok = [fits[id(cs)] for cs in slot_cands]
        for i in range(len(slot_cands)):
            if all(ok[i:]) and out[i] is None:
                out[i] = family
    return out
