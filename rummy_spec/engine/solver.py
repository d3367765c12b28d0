"""The contract solver: which melds a hand can lay to meet a contract, and the best ones.

The hot path for bots and simulation.  A hand is read once into classes of
interchangeable naturals and a pile of interchangeable wilds (:mod:`.candidates`); the
candidate melds of each kind the contract names are generated per rank and per suit
lane; a depth-first search picks disjoint candidates slot by slot (one packed-counter
subtraction per try), pruned by the wild budget and an upper bound on the points it
can still meld.  Wilds are settled per solution by two sums: each meld needs some and
can hold more, and the wilds melded are the hand's highest scoring ones.

Preference: the fewest points left in hand; among equals the fewest wilds used; among
equals the first found (candidates are tried in a fixed order, most points first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Literal, NamedTuple

from ..lang.model import Contract, Element, MeldKind
from .candidates import (
    BITS,
    FIELD,
    GUARD,
    Cand,
    Hand,
    MeldType,
    count_table,
    counted,
    read_hand,
    runs,
    wild_cap,
)
from .melds import Meld, MeldRules

Exactness = Literal["exact", "minimum"]


@dataclass(frozen=True, slots=True)
class Solution:
    """Melds to lay, the cards left in hand, and the points those are worth."""

    melds: tuple[Meld, ...]
    rest: tuple[int, ...]
    rest_points: int

    @property
    def wilds_used(self) -> int:
        return sum(m.wild_count for m in self.melds)


class _Plan(NamedTuple):
    rules: MeldRules
    slots: tuple[tuple[MeldType, int], ...]  # each required meld type and how many
    extras: tuple[MeldType, ...]  # types that may be laid any number of times
    tables: dict[MeldType, tuple[tuple[int, int] | None, ...]]
    min_cards: int
    min_naturals: int
    collapse: bool
    gap: bool
    distinct: bool
    pat: bool


def _least_naturals(rules: MeldRules, t: MeldType) -> int:
    n = 0 if t.kind == "set" and rules.wilds.all_wild_sets else 1
    while n < t.size and wild_cap(rules, t.kind, n, t.contract) < t.size - n:
        n += 1
    return n


@lru_cache(maxsize=512)
def _plan(rules: MeldRules, elements: tuple[tuple[int, MeldKind, int | None], ...],
          count: Exactness, size: Exactness, gap: bool, distinct: bool, pat: bool,
          free: bool, by_face: bool = False) -> _Plan:
    def least(kind: MeldKind) -> int:
        rule = rules.set if kind == "set" else rules.run if kind == "run" else rules.group
        return rule.min if rule is not None else 1

    need: dict[MeldType, int] = {}
    smallest: dict[MeldKind, int] = {}
    for n, kind, sz in elements:
        m = max(sz, least(kind)) if sz is not None else least(kind)  # still a legal meld
        t = MeldType(kind, m, size == "exact", True)
        need[t] = need.get(t, 0) + n
        smallest[kind] = min(smallest.get(kind, m), m)
    if free:
        extras = tuple(MeldType(k, least(k), False, False) for k in rules.kinds)
    elif count == "minimum":
        extras = tuple(MeldType(k, m, size == "exact", True) for k, m in smallest.items())
    else:
        extras = ()
    types = set(need) | set(extras)
    suits_matter = any(t.kind == "group" or (t.kind == "run" and rules.run is not None
                                              and not rules.run.any_colour) for t in types)
    tables = {t: count_table(rules, t) for t in types if t.kind != "run"}
    slots = tuple(need.items())
    return _Plan(rules, slots, extras, tables,
                 sum(t.size * n for t, n in slots),
                 sum(_least_naturals(rules, t) * n for t, n in slots),
                 not suits_matter and not by_face, gap, distinct, pat)


_KEYS: dict[int, tuple[object, tuple[tuple[int, MeldKind, int | None], ...], bool]] = {}


def _elements(contract: Contract | Sequence[Element]
              ) -> tuple[tuple[tuple[int, MeldKind, int | None], ...], bool]:
    hit = _KEYS.get(id(contract))
    if hit is not None and hit[0] is contract:
        return hit[1], hit[2]
    elements = contract.elements if isinstance(contract, Contract) else tuple(contract)
    key = tuple((e.count, e.kind, e.size) for e in elements)
    pat = isinstance(contract, Contract) and contract.pat
    if len(_KEYS) > 1024:
        _KEYS.clear()
    _KEYS[id(contract)] = (contract, key, pat)
    return key, pat


class _Leaf(NamedTuple):
    score: int  # points melded
    wilds: int
    melds: tuple[Cand, ...]
    ends: dict[int, tuple[int, int]] | None  # fixed (below, above) growth of some runs


def _candidates(plan: _Plan, hand: Hand, t: MeldType, wilds: int) -> list[Cand]:
    if t.kind == "run":
        found = runs(plan.rules, hand, t, wilds)
    else:
        found = counted(hand, t, plan.tables[t], wilds, t.kind == "group")
    found.sort(key=lambda c: -c.points)
    return found


def _search(plan: _Plan, hand: Hand, collect: bool) -> list[_Leaf]:
    """Every solution (collect) or the best one, as leaves of the slot search."""
    wilds = len(hand.wilds)
    naturals = hand.naturals
    if naturals < plan.min_naturals or naturals + wilds < plan.min_cards:
        return []
    lists: list[tuple[list[Cand], int]] = []
    for t, n in plan.slots:
        found = _candidates(plan, hand, t, wilds)
        if len(found) == 0:
            return []
        lists.append((found, n))
    lists.sort(key=lambda x: len(x[0]))
    slot_cands: list[list[Cand]] = []
    slot_same: list[bool] = []
    for found, n in lists:
        for i in range(n):
            slot_cands.append(found)
            slot_same.append(i > 0)
    extras: list[Cand] = []
    for t in plan.extras:
        extras.extend(_candidates(plan, hand, t, wilds))
    nslots = len(slot_cands)
    top = [max(c.points for c in cs) for cs in slot_cands]
    ahead = [sum(top[i:]) for i in range(nslots + 1)]
    if extras:
        ahead = [BIG_POINTS] * (nslots + 1)
    prefix = hand.prefix
    nat_total = hand.natural_points
    best_wild = prefix[wilds]
    pat, gap, distinct = plan.pat, plan.gap, plan.distinct
    others = bool(hand.others)
    chosen: list[Cand] = []
    ranks_used: list[int] = []
    leaves: list[_Leaf] = []
    best: list[int] = [-1, 0]  # score, wilds

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
            leaves.append(_Leaf(score, k, tuple(chosen), ends))
        elif score > best[0] or (score == best[0] and k < best[1]):
            best[0], best[1] = score, k
            leaves[:] = [_Leaf(score, k, tuple(chosen), ends)]

    def hopeless(bound: int, need: int) -> bool:
        return not collect and (bound < best[0] or (bound == best[0] and need >= best[1]))

    def more(j0: int, left: int, need: int, cap: int, pts: int) -> None:
        for j in range(j0, len(extras)):
            c = extras[j]
            if need + c.need > wilds or (left + GUARD - c.foot) & GUARD != GUARD:
                continue
            if distinct and c.kind == "set" and c.key and c.key in ranks_used:
                continue
            if hopeless(nat_total + best_wild, need + c.need):
                return
            chosen.append(c)
            ranks_used.append(c.key if c.kind == "set" and isinstance(c.key, int) else 0)
            leaf(left - c.foot, need + c.need, cap + c.cap, pts + c.points)
            more(j, left - c.foot, need + c.need, cap + c.cap, pts + c.points)
            ranks_used.pop()
            chosen.pop()

    def slot(i: int, j0: int, left: int, need: int, cap: int, pts: int) -> None:
        if i == nslots:
            leaf(left, need, cap, pts)
            if extras:
                more(0, left, need, cap, pts)
            return
        cands = slot_cands[i]
        for j in range(j0 if slot_same[i] else 0, len(cands)):
            c = cands[j]
            if need + c.need > wilds or (left + GUARD - c.foot) & GUARD != GUARD:
                continue
            if distinct and c.kind == "set" and c.key and c.key in ranks_used:
                continue
            bound = pts + min(nat_total - pts, ahead[i]) + best_wild
            if hopeless(bound, need + c.need):
                return
            chosen.append(c)
            ranks_used.append(c.key if c.kind == "set" and isinstance(c.key, int) else 0)
            slot(i + 1, j, left - c.foot, need + c.need, cap + c.cap, pts + c.points)
            ranks_used.pop()
            chosen.pop()

    slot(0, 0, hand.avail, 0, 0, 0)
    return leaves


BIG_POINTS = 1 << 40


def _shared_suits(chosen: list[Cand]) -> bool:
    seen: set[str] = set()
    for c in chosen:
        if c.kind == "run" and isinstance(c.key, str):
            if c.key in seen:
                return True
            seen.add(c.key)
    return False


def _fix_ends(plan: _Plan, chosen: list[Cand], need: int, cap: int, wilds: int,
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


def _separate(plan: _Plan, chosen: list[Cand], fixed: list[int],
              combo: tuple[tuple[int, int, int], ...]) -> bool:
    """Do same-suit runs keep at least one rank between them?"""
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
                near = {(p + d) % space.period for p in one for d in (-1, 0, 1)}
                if any(near & other for other in taken[x + 1:]):
                    return False
        else:
            windows.sort()
            if any(windows[x][1] + 1 >= windows[x + 1][0] for x in range(len(windows) - 1)):
                return False
    return True


# ----- from leaves to melds ----------------------------------------------------------------

def _build(plan: _Plan, hand: Hand, leaf: _Leaf, points: Sequence[int | None]) -> Solution:
    rules = plan.rules
    pool = [list(c[3]) for c in hand.classes]
    spare = list(hand.wilds[:leaf.wilds])
    ends = leaf.ends or {}
    extra = leaf.wilds - sum(ends[i][0] + ends[i][1] + c.run.gaps if i in ends and c.run
                             else c.need for i, c in enumerate(leaf.melds))
    melds: list[Meld] = []
    for i, c in enumerate(leaf.melds):
        if i in ends:
            below, above = ends[i]
        else:
            more = min(extra, c.cap - c.need)
            extra -= more
            j = c.need + more
        if c.run is not None:
            run = c.run
            if i not in ends:
                grow = j - run.gaps
                above = min(grow, run.above)
                below = grow - above
            start = run.positions[0] - below
            length = run.positions[-1] + above - start + 1
            slots: list[int | None] = [None] * length
            for p, cid in zip(run.positions, run.classes, strict=True):
                slots[p - start] = pool[cid].pop(0)
            n_wild = length - len(run.positions)
            mine = sorted(spare[:n_wild])
            del spare[:n_wild]
            it = iter(mine)
            cards = tuple(x if x is not None else next(it) for x in slots)
            assert rules.space is not None
            s = rules.space.normalise(start)
            melds.append(Meld("run", cards, tuple(range(s, s + length)),
                              c.key if isinstance(c.key, str) else None,
                              tuple(x is None for x in slots)))
            continue
        naturals: list[int] = []
        for cid in range(len(pool)):
            k = (c.foot >> (BITS * cid)) & FIELD
            if k:
                naturals.extend(pool[cid][:k])
                del pool[cid][:k]
        mine = sorted(spare[:j])
        del spare[:j]
        if c.kind == "set":
            naturals.sort()
            rank = c.key if isinstance(c.key, int) else 0
            melds.append(Meld("set", tuple(naturals + mine), (rank,) * (len(naturals) + j),
                              None, (False,) * len(naturals) + (True,) * j))
        else:
            naturals.sort(key=lambda x: (rules.rank[x], x))
            melds.append(Meld("group", tuple(naturals + mine),
                              tuple(rules.rank[x] for x in naturals) + (0,) * j,
                              c.key if isinstance(c.key, str) else None,
                              (False,) * len(naturals) + (True,) * j))
    assert not spare
    rest = sorted([x for faces in pool for x in faces] + list(hand.wilds[leaf.wilds:])
                  + list(hand.others))
    return Solution(tuple(melds), tuple(rest), sum(points[x] or 0 for x in rest))


def _key(s: Solution) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...], str], ...]:
    return tuple(sorted((m.kind, m.cards, m.ranks, m.suit or "") for m in s.melds))


# ----- the public API ------------------------------------------------------------------------

def _prepare(rules: MeldRules, hand: Sequence[int], contract: Contract | Sequence[Element],
             count: Exactness, size: Exactness, same_suit_runs: Literal["touch", "gap"],
             distinct_set_ranks: bool, pat: bool, points: Sequence[int | None],
             by_face: bool = False) -> tuple[_Plan, Hand]:
    elements, contract_pat = _elements(contract)
    plan = _plan(rules, elements, count, size, same_suit_runs == "gap", distinct_set_ranks,
                 pat or contract_pat, False, by_face)
    return plan, read_hand(rules, hand, points, plan.collapse)


def solve(
    rules: MeldRules,
    hand: Sequence[int],
    contract: Contract | Sequence[Element],
    *,
    count: Exactness = "exact",
    size: Exactness = "minimum",
    same_suit_runs: Literal["touch", "gap"] = "touch",
    distinct_set_ranks: bool = False,
    pat: bool = False,
    points: Sequence[int | None],
) -> Solution | None:
    """The best way to lay ``contract`` from ``hand``, or None if there is none.

    Each element asks for ``count`` melds of its kind, each of at least ``size`` cards
    (the kind's minimum when unset); ``size='exact'``: exactly that many.
    ``count='minimum'``: more melds of the contract's kinds may be laid, each as large as
    the smallest element of its kind.  ``pat`` (or a pat contract): every card is melded.
    ``same_suit_runs='gap'``: two runs of one suit keep a rank between them.
    ``distinct_set_ranks``: the contract's sets differ in rank.  Limits scoped to contract
    melds apply.  ``points`` gives each face's value in hand (None counts 0).
    """
    plan, info = _prepare(rules, hand, contract, count, size, same_suit_runs,
                          distinct_set_ranks, pat, points)
    leaves = _search(plan, info, collect=False)
    return _build(plan, info, leaves[0], points) if leaves else None


def solutions(
    rules: MeldRules,
    hand: Sequence[int],
    contract: Contract | Sequence[Element],
    *,
    count: Exactness = "exact",
    size: Exactness = "minimum",
    same_suit_runs: Literal["touch", "gap"] = "touch",
    distinct_set_ranks: bool = False,
    pat: bool = False,
    points: Sequence[int | None],
    limit: int = 64,
) -> list[Solution]:
    """Distinct ways to lay ``contract`` (as multisets of melds), best first, at most
    ``limit``.  Each choice of which cards form which meld gives one solution, its wilds
    placed as :func:`solve` would place them (each meld's wilds are the hand's highest
    scoring ones, a run's spare wilds at its high end first)."""
    plan, info = _prepare(rules, hand, contract, count, size, same_suit_runs,
                          distinct_set_ranks, pat, points, by_face=True)
    leaves = _search(plan, info, collect=True)
    order = sorted(range(len(leaves)), key=lambda i: (-leaves[i].score, leaves[i].wilds, i))
    out: list[Solution] = []
    seen: set[tuple[tuple[str, tuple[int, ...], tuple[int, ...], str], ...]] = set()
    for i in order:
        s = _build(plan, info, leaves[i], points)
        key = _key(s)
        if key not in seen:
            seen.add(key)
            out.append(s)
            if len(out) >= limit:
                break
    return out


def best_melds(rules: MeldRules, hand: Sequence[int], points: Sequence[int | None]
               ) -> Solution:
    """Free melding (Gin deadwood, plain Rummy): any melds of any kind the variant has,
    leaving the fewest points unmelded.  Contract-scoped wild limits do not apply."""
    plan = _plan(rules, (), "minimum", "minimum", False, False, False, True)
    info = read_hand(rules, hand, points, plan.collapse)
    leaves = _search(plan, info, collect=False)
    return _build(plan, info, leaves[0], points)
