"""The contract solver: which melds a hand can lay to meet a contract, and the best ones.

The hot path for bots and simulation.  A hand is read once into classes of
interchangeable naturals and a pile of interchangeable wilds (:mod:`.candidates`); the
candidate melds of each kind the contract names come per rank and per suit lane, cached
(:mod:`.shapes`); a search picks disjoint candidates, one per contract meld
(:mod:`.search`).  Wilds are settled per solution by two sums: each meld needs some and
can hold more, and the wilds melded are the hand's highest scoring ones.  This module
compiles a contract into a search plan and turns the winner into melds of actual cards.

Preference: the fewest points left in hand; among equals the fewest wilds used; among
equals the first found (candidates are tried in a fixed order, most points first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from ...lang.model import Contract, Element, MeldKind
from ..melding.melds import Meld, MeldRules
from .candidates import Hand, Reader, reader
from .search import Leaf, Plan, search
from .shapes import BIG, BITS, FIELD, Cand, MeldType, wild_cap

Exactness = Literal["exact", "minimum"]
# ``any``: beyond the contract's melds, further melds of any kind (``more melds of any kind``)
Count = Literal["exact", "minimum", "any"]
Elements = tuple[tuple[int, MeldKind, int | None, bool], ...]  # (count, kind, size, pure)


@dataclass(frozen=True, slots=True)
class Solution:
    """Melds to lay, the cards left in hand, and the points those are worth."""

    melds: tuple[Meld, ...]
    rest: tuple[int, ...]
    rest_points: int

    @property
    def wilds_used(self) -> int:
        return sum(m.wild_count for m in self.melds)


def _least_naturals(rules: MeldRules, t: MeldType) -> int:
    w = rules.wilds
    scoped = rules.in_scope(w.need_natural, t.contract)
    n = 0 if w.all_wild(t.kind) and not scoped else (w.naturals if scoped else 1)
    while n < t.size and wild_cap(rules, t.kind, n, t.contract, t.pure) < t.size - n:
        n += 1
    return n


# The meld kinds the search builds candidates for (``candidates``, ``shapes``).  A kind
# declared beyond them (rummy_spec.lang.meldkinds) is checked and played when a player
# lays it, but the solver finds no way to lay a contract that asks for one.
SEARCHED = frozenset({"set", "run", "group"})


@lru_cache(maxsize=512)
def _plan(rules: MeldRules, elements: Elements,
          count: Count, size: Exactness, gap: int, distinct: bool, pat: bool,
          free: bool, by_face: bool = False) -> Plan:
    def least(kind: MeldKind) -> int:
        rule = rules.rule(kind)
        return rule.min if rule is not None else 1

    need: dict[MeldType, int] = {}
    smallest: dict[MeldKind, int] = {}
    for n, kind, sz, pure in elements:
        m = max(sz, least(kind)) if sz is not None else least(kind)  # still a legal meld
        t = MeldType(kind, m, size == "exact", True, pure)
        need[t] = need.get(t, 0) + n
        smallest[kind] = min(smallest.get(kind, m), m)
    if free:
        extras = tuple(MeldType(k, least(k), False, False) for k in rules.kinds
                       if k in SEARCHED)
    elif count == "any":  # further melds of every kind, laid as part of the contract
        extras = tuple(MeldType(k, least(k), False, True) for k in rules.kinds
                       if k in SEARCHED)
    elif count == "minimum":
        extras = tuple(MeldType(k, m, size == "exact", True) for k, m in smallest.items())
    else:
        extras = ()
    types = set(need) | set(extras)
    suits_matter = any(t.kind == "group" or (t.kind == "run" and rules.run is not None
                                              and not rules.run.any_colour) for t in types)
    # runs first: fewer candidates, so the search fails or narrows sooner
    slots = tuple(sorted(need.items(), key=lambda x: x[0].kind != "run"))
    extras = tuple(t for t in extras if t.kind in rules.kinds and t.kind in SEARCHED)
    # a kind this variant lacks, or one the search has no shapes for: no way it finds
    if any(t.kind not in rules.kinds or t.kind not in SEARCHED for t in need):
        return Plan(rules, (), (), BIG, BIG, False, gap, distinct, pat)
    return Plan(rules, slots, extras,
                sum(t.size * n for t, n in slots),
                sum(_least_naturals(rules, t) * n for t, n in slots),
                not suits_matter and not by_face, gap, distinct, pat,
                tuple(i > 0 for _, n in slots for i in range(n)))


_KEYS: dict[int, tuple[object, Elements, bool]] = {}


def _elements(contract: Contract | Sequence[Element]) -> tuple[Elements, bool]:
    hit = _KEYS.get(id(contract))
    if hit is not None and hit[0] is contract:
        return hit[1], hit[2]
    elements = contract.elements if isinstance(contract, Contract) else tuple(contract)
    key = tuple((e.count, e.kind, e.size, e.pure) for e in elements)
    pat = isinstance(contract, Contract) and contract.pat
    if len(_KEYS) > 1024:
        _KEYS.clear()
    _KEYS[id(contract)] = (contract, key, pat)
    return key, pat


# ----- from leaves to melds ----------------------------------------------------------------

def _build(plan: Plan, rd: Reader, hand: Hand, leaf: Leaf) -> Solution:
    """Turn a leaf (candidates and a wild count) into melds of actual cards."""
    rules = plan.rules
    field = rd.field
    pool: dict[int, list[int]] = {}  # each class's cards, lowest first
    for x in hand.cards:
        f = field[x]
        if f >= 0:
            if f in pool:
                pool[f].append(x)
            else:
                pool[f] = [x]
    for faces in pool.values():
        if len(faces) > 1:
            faces.sort()
    spare = list(hand.wilds[:leaf.wilds])
    ends = leaf.ends
    extra = leaf.wilds
    for i, c in enumerate(leaf.melds):
        if ends is not None and i in ends and c.run is not None:
            extra -= ends[i][0] + ends[i][1] + c.run.gaps
        else:
            extra -= c.need
    melds: list[Meld] = []
    for i, c in enumerate(leaf.melds):
        j = c.need
        fixed = ends.get(i) if ends is not None else None
        if fixed is None:
            more = min(extra, c.cap - c.need)
            extra -= more
            j += more
        if c.run is not None:
            melds.append(_run_meld(rules, c, fixed, j, pool, spare))
            continue
        naturals: list[int] = []
        foot = c.foot
        while foot:
            f = ((foot & -foot).bit_length() - 1) // BITS
            k = (foot >> (BITS * f)) & FIELD
            foot -= k << (BITS * f)
            faces = pool[f]
            naturals += faces[:k]
            del faces[:k]
        mine = sorted(spare[:j])
        del spare[:j]
        n = len(naturals)
        if c.kind == "set":
            naturals.sort()
            rank = c.key if isinstance(c.key, int) else 0
            melds.append(Meld("set", (*naturals, *mine), (rank,) * (n + j), None,
                              (False,) * n + (True,) * j))
        else:
            rank_of = rules.rank  # no lambda: it would cost compiled code an object a call
            naturals = [x for _, x in sorted([(rank_of[x], x) for x in naturals])]
            melds.append(Meld("group", (*naturals, *mine),
                              tuple(rules.rank[x] for x in naturals) + (0,) * j,
                              c.key if isinstance(c.key, str) else None,
                              (False,) * n + (True,) * j))
    rest = [x for faces in pool.values() for x in faces]
    rest += hand.wilds[leaf.wilds:]
    rest += hand.others
    rest.sort()
    return Solution(tuple(melds), tuple(rest), hand.total - leaf.score)


def _run_meld(rules: MeldRules, c: Cand, fixed: tuple[int, int] | None, j: int,
              pool: dict[int, list[int]], spare: list[int]) -> Meld:
    """A run candidate with ``j`` wilds: gaps first, then the high end, then the low."""
    run = c.run
    space = rules.space
    assert run is not None and space is not None
    if fixed is None:
        grow = j - run.gaps
        above = min(grow, run.above)
        below = grow - above
    else:
        below, above = fixed
    start = run.positions[0] - below
    length = run.positions[-1] + above - start + 1
    slots: list[int | None] = [None] * length
    for p, cid in zip(run.positions, run.classes, strict=True):
        slots[p - start] = pool[cid].pop(0)
    n_wild = length - len(run.positions)
    it = iter(sorted(spare[:n_wild]))
    del spare[:n_wild]
    cards = tuple(x if x is not None else next(it) for x in slots)
    s = space.normalise(start)
    return Meld("run", cards, tuple(range(s, s + length)),
                c.key if isinstance(c.key, str) else None, tuple(x is None for x in slots))


def _key(s: Solution) -> tuple[tuple[str, tuple[int, ...], tuple[int, ...], str], ...]:
    return tuple(sorted((m.kind, m.cards, m.ranks, m.suit or "") for m in s.melds))


# ----- the public API ------------------------------------------------------------------------

def _prepare(rules: MeldRules, hand: Sequence[int], contract: Contract | Sequence[Element],
             count: Count, size: Exactness, same_suit_runs: Literal["touch", "gap"],
             distinct_set_ranks: bool, pat: bool, points: Sequence[int | None],
             by_face: bool = False, run_gap: int = 1) -> tuple[Plan, Reader, Hand]:
    gap = run_gap if same_suit_runs == "gap" else 0
    key = (id(rules), id(contract), id(points), count, size, gap,
           distinct_set_ranks, pat, by_face)
    hit = _SETUPS.get(key)
    if hit is None or hit[2] is not rules or hit[3] is not contract or hit[4] is not points:
        elements, contract_pat = _elements(contract)
        plan = _plan(rules, elements, count, size, gap,
                     distinct_set_ranks, pat or contract_pat, False, by_face)
        if len(_SETUPS) > 1024:
            _SETUPS.clear()
        hit = _SETUPS[key] = (plan, reader(rules, points, plan.collapse), rules, contract,
                              points)
    return hit[0], hit[1], hit[1].read(hand)


# (rules, contract, points, options) -> (plan, reader, and the objects keyed by identity)
_SETUPS: dict[tuple[object, ...], tuple[Plan, Reader, object, object, object]] = {}


def solve(
    rules: MeldRules,
    hand: Sequence[int],
    contract: Contract | Sequence[Element],
    *,
    count: Count = "exact",
    size: Exactness = "minimum",
    same_suit_runs: Literal["touch", "gap"] = "touch",
    distinct_set_ranks: bool = False,
    pat: bool = False,
    points: Sequence[int | None],
    run_gap: int = 1,
) -> Solution | None:
    """The best way to lay ``contract`` from ``hand``, or None if there is none.

    Each element asks for ``count`` melds of its kind, each of at least ``size`` cards
    (the kind's minimum when unset); ``size='exact'``: exactly that many.
    ``count='minimum'``: more melds of the contract's kinds may be laid, each as large as
    the smallest element of its kind.  ``pat`` (or a pat contract): every card is melded.
    ``same_suit_runs='gap'``: two runs of one suit keep ``run_gap`` ranks between them.
    ``distinct_set_ranks``: the contract's sets differ in rank.  Limits scoped to contract
    melds apply.  ``points`` gives each face's value in hand (None counts 0).
    """
    last = _LAST[0] if _LAST else None
    if (last is not None and last.rules is rules and last.contract is contract
            and last.points is points and last.count == count and last.size == size
            and last.pat == pat and last.same_suit_runs == same_suit_runs
            and last.run_gap == run_gap and last.distinct == distinct_set_ranks):
        plan, rd = last.plan, last.reader  # a bot asks about one contract many times
        info = rd.read(hand)
    else:
        plan, rd, info = _prepare(rules, hand, contract, count, size, same_suit_runs,
                                  distinct_set_ranks, pat, points, run_gap=run_gap)
        _LAST[:] = [_Last(rules, contract, points, count, size, same_suit_runs, run_gap,
                          distinct_set_ranks, pat, plan, rd)]
    leaves = search(plan, rd, info, collect=False)
    return _build(plan, rd, info, leaves[0]) if leaves else None


class _Last:
    """The last call of :func:`solve` and its setup: a bot asks about the same contract
    for hand after hand, and matching the objects by identity costs less than building a
    key for :data:`_SETUPS`."""

    __slots__ = (
        "contract",
        "count",
        "distinct",
        "pat",
        "plan",
        "points",
        "reader",
        "rules",
        "run_gap",
        "same_suit_runs",
        "size",
    )

    def __init__(self, rules: MeldRules, contract: object, points: object, count: str,
                 size: str, same_suit_runs: str, run_gap: int, distinct: bool, pat: bool,
                 plan: Plan, rd: Reader) -> None:
        self.rules, self.contract, self.points = rules, contract, points
        self.count, self.size, self.same_suit_runs = count, size, same_suit_runs
        self.run_gap, self.distinct, self.pat = run_gap, distinct, pat
        self.plan, self.reader = plan, rd


_LAST: list[_Last] = []  # at most one


def solutions(
    rules: MeldRules,
    hand: Sequence[int],
    contract: Contract | Sequence[Element],
    *,
    count: Count = "exact",
    size: Exactness = "minimum",
    same_suit_runs: Literal["touch", "gap"] = "touch",
    distinct_set_ranks: bool = False,
    pat: bool = False,
    points: Sequence[int | None],
    limit: int = 64,
    run_gap: int = 1,
) -> list[Solution]:
    """Distinct ways to lay ``contract`` (as multisets of melds), best first, at most
    ``limit``.  Each choice of which cards form which meld gives one solution, its wilds
    placed as :func:`solve` would place them (each meld's wilds are the hand's highest
    scoring ones, a run's spare wilds at its high end first)."""
    plan, rd, info = _prepare(rules, hand, contract, count, size, same_suit_runs,
                              distinct_set_ranks, pat, points, by_face=True, run_gap=run_gap)
    leaves = search(plan, rd, info, collect=True, limit=limit,
                    key=lambda leaf: _key(_build(plan, rd, info, leaf)))
    order = sorted(range(len(leaves)), key=lambda i: (-leaves[i].score, leaves[i].wilds, i))
    out: list[Solution] = []
    seen: set[tuple[tuple[str, tuple[int, ...], tuple[int, ...], str], ...]] = set()
    for i in order:
        s = _build(plan, rd, info, leaves[i])
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
    rd = reader(rules, points, plan.collapse)
    info = rd.read(hand)
    leaves = search(plan, rd, info, collect=False)
    return _build(plan, rd, info, leaves[0])
