"""How far a hand is from its contract: the planner's one measure of progress.

The contract solver answers only "can this hand go down?".  To ask "how close is it?"
the planner gives the hand a few *imaginary wild cards* and asks the solver again, under
a copy of the variant's meld rules in which those wilds have no limits: the fewest
imaginary wilds the best arrangement needs is how many useful cards the hand still
lacks (its *shortfall*), and the cards that arrangement leaves over are the ones the hand
can spare.  Everything comes from the variant's own meld rules and contract; the copy
only adds one wild face and lifts the wild limits.  Same-suit runs are measured as if
they might touch (the gap rule's search over each run's growth costs far more than it
tells here); the moves the planner makes are the engine's legal ones all the same.

The solver melds the most points, so the planning point table counts each natural 1 and
each wild 0: the best arrangement melds the most naturals, and with every contract meld
at its minimum size, the wilds it needs are the shortfall.  A pat contract (every card
melded) is measured with melds as long as they may grow, and its shortfall also counts
the cards that fit nowhere, each of which must be traded for one that does.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any, NamedTuple

from ..engine.melding.melds import MeldRules
from ..engine.records.rules import Rules
from ..engine.solving.plan import SearchTooBig
from ..engine.solving.solver import Solution, solve
from ..lang import model as m
from ..lang.counts import minimum_cards

FEW_WILDS = 4  # imaginary wilds tried first: most hands that matter lack no more
PAT_WILDS = 3  # imaginary wilds for a pat contract
PAT_GAP_WILDS = 1  # and for one measured again under the gap rule between runs
HOPELESS = 99  # the shortfall of a hand the solver cannot place even with every wild


class Reach(NamedTuple):
    """A hand measured against one contract."""

    short: int  # useful cards still lacking (0: the contract could be laid now)
    spare: tuple[int, ...]  # cards of the hand the best arrangement leaves over
    melded: int  # naturals the best arrangement uses


class Planning(NamedTuple):
    rules: MeldRules  # the variant's meld rules with one more, limitless, wild face
    wild: int  # that face
    points: tuple[int, ...]  # 1 per natural, 0 per wild or special card


def planning(rules: Rules) -> Planning | None:
    """The planning copy of a variant's meld rules (None: the pack has no face to use as
    an imaginary wild: no wilds and no joker)."""
    key = "planner-rules"
    if key in rules.cache:
        hit: Planning | None = rules.cache[key]
        return hit
    mr = rules.melds
    face = min(mr.wild) if mr.wild else rules.table.joker
    plan: Planning | None = None
    if face is not None:
        is_wild = tuple(w or i == face for i, w in enumerate(mr.is_wild))
        free = m.WildRules(cards=mr.wilds.cards, all_wild_sets=True)
        copy = dataclasses.replace(
            mr, wild=frozenset(i for i, w in enumerate(is_wild) if w), wilds=free,
            is_wild=is_wild,
            is_natural=tuple(n and not w for n, w in zip(mr.is_natural, is_wild, strict=True)),
            rank=tuple(0 if w else r for r, w in zip(mr.rank, is_wild, strict=True)))
        points = tuple(1 if copy.is_natural[i] else 0 for i in range(len(is_wild)))
        plan = Planning(copy, face, points)
    rules.cache[key] = plan
    return plan


def contract_cards(rules: Rules, contract: m.Contract) -> int:
    """The fewest cards that lay the contract."""
    return minimum_cards(rules.variant, contract)


def contract_room(rules: Rules, contract: m.Contract) -> int | None:
    """The most cards the contract's melds can hold (None: no limit)."""
    v = rules.variant
    ranks = rules.table.high_rank - rules.table.low_rank + 1
    room = 0
    for e in contract.elements:
        rule = v.kind_rule(e.kind)
        most = None if rule is None else rule.max
        if e.kind == "run" and rule is not None:  # a run is bounded by the ranks too
            most = min(most or ranks + 1, ranks + 1)
        if most is None:
            return None
        room += e.count * most
    return room


def reach(rules: Rules, hand: Sequence[int], contract: m.Contract) -> Reach:
    """How far ``hand`` is from laying ``contract`` (memoised on the sorted hand)."""
    key = ("reach", contract.number, tuple(sorted(hand)))
    hit: Reach | None = rules.cache.get(key)
    if hit is None:
        hit = rules.cache[key] = _measure(rules, key[2], contract)
    return hit


def _tried(rules: MeldRules, hand: list[int], contract: Sequence[m.Element],
           **how: Any) -> Solution | SearchTooBig | None:
    """The solver's answer, or :class:`SearchTooBig` returned, not raised: a hand grown
    huge by buying, against a contract of many melds, can offer more candidate melds than
    the solver's budget; the planner then counts the hand as far off (as if no
    arrangement were found) instead of stopping the game."""
    try:
        return solve(rules, hand, contract, **how)
    except SearchTooBig as e:
        return e


def _measure(rules: Rules, hand: tuple[int, ...], contract: m.Contract) -> Reach:
    plan = planning(rules)
    if plan is None:
        return Reach(HOPELESS, hand, 0)
    size = contract_cards(rules, contract)
    if contract.pat:
        # a pat contract's melds may grow as long as they like: with many wilds that
        # search explodes, so it is measured with a few; a hand further off is measured
        # as for the contract's melds alone, and ranks behind every nearer hand
        near = _solve(rules, plan, hand, contract, min(size, PAT_WILDS), True)
        if near is not None:
            return near
        far = _best(rules, plan, hand, contract, size, False)
        return far._replace(short=PAT_WILDS + 1 + far.short) if far.short < HOPELESS else far
    return _best(rules, plan, hand, contract, size, False)


def _best(rules: Rules, plan: Planning, hand: tuple[int, ...], contract: m.Contract,
          size: int, pat: bool) -> Reach:
    for lent in sorted({min(size, FEW_WILDS), size}):
        got = _solve(rules, plan, hand, contract, lent, pat)
        if got is not None:
            return got
    return Reach(HOPELESS, hand, 0)


def _solve(rules: Rules, plan: Planning, hand: tuple[int, ...], contract: m.Contract,
           lent: int, pat: bool) -> Reach | None:
    """The hand with ``lent`` imaginary wilds: melds as short as allowed (``pat``: as long
    as they may grow, and every card left over counts as lacking)."""
    c = rules.variant.contracts
    got = _tried(plan.rules, [*hand, *([plan.wild] * lent)], contract.elements,
                 count=c.count if pat else "exact", size="minimum" if pat else "exact",
                 same_suit_runs="touch", distinct_set_ranks=c.distinct_set_ranks,
                 points=plan.points)
    sol = None if isinstance(got, SearchTooBig) else got
    if (sol is not None and pat and c.same_suit_runs == "gap" and _joined(sol, c.run_gap)
            and len(hand) <= contract_cards(rules, contract) + 1):
        sol, lent = _apart(rules, plan, hand, contract, min(lent, PAT_GAP_WILDS))
    if sol is None:
        return None
    spare = list(sol.rest)
    for _ in range(min(lent, spare.count(plan.wild))):  # imaginary wilds left over
        spare.remove(plan.wild)
    used = sum(1 for meld in sol.melds for x in meld.cards if plan.rules.is_wild[x])
    melded = sum(1 for meld in sol.melds for x in meld.cards if not plan.rules.is_wild[x])
    real_wilds = sum(1 for x in hand if rules.melds.is_wild[x])
    short = max(0, used - real_wilds)
    if pat:
        short = max(short, sum(1 for x in spare if not rules.melds.is_wild[x]))
    return Reach(short, tuple(spare), melded)


def _apart(rules: Rules, plan: Planning, hand: tuple[int, ...], contract: m.Contract,
           most: int) -> tuple[Solution | None, int]:
    """A pat hand whose best arrangement joins runs of one suit, which the variant
    forbids, measured again under the gap rule (the solution and the wilds lent).

    Measured as if runs might touch, such a hand would keep those cards for ever, a
    card short of a contract it can never lay.  The gap rule's search grows fast with
    the wilds lent and the cards held, so only a hand of at most one card over the
    contract's least is measured so (a hand grown by buying keeps the first measure),
    the wilds lent one at a time, up to ``most``, and no more once an arrangement places
    every natural or leaves a lent wild unused; a hand that needs more is far off."""
    c = rules.variant.contracts
    found: tuple[Solution | None, int] = (None, 0)
    for lent in range(most + 1):
        sol = _tried(plan.rules, [*hand, *([plan.wild] * lent)], contract.elements,
                     count=c.count, size="minimum", same_suit_runs="gap", run_gap=c.run_gap,
                     distinct_set_ranks=c.distinct_set_ranks, points=plan.points)
        if isinstance(sol, SearchTooBig):
            break  # more lent wilds only make the search bigger
        if sol is None:
            continue
        found = sol, lent
        naturals_left = any(plan.points[x] for x in sol.rest)
        if not naturals_left or sol.wilds_used < lent + sum(
                1 for x in hand if plan.rules.is_wild[x]):
            return sol, lent
    return found


def _joined(sol: Solution, gap: int) -> bool:
    """Does the arrangement lay two runs of one suit closer than the gap rule allows?"""
    runs = [x for x in sol.melds if x.kind == "run" and x.suit is not None]
    return any(a.suit == b.suit and min(b.ranks) <= max(a.ranks) + gap
               and min(a.ranks) <= max(b.ranks) + gap
               for i, a in enumerate(runs) for b in runs[i + 1:])


def within(rules: Rules, hand: Sequence[int], contract: m.Contract, short: int
           ) -> bool | None:
    """Does ``hand`` lack at most ``short`` useful cards for a contract that is not pat
    (None: the question cannot be put this way)?

    A yes-or-no question is cheaper than :func:`reach`'s full measure: the hand is given
    only the wilds that ``short`` allows, and fewer wilds make far fewer candidate melds.
    Every contract meld has its exact size, so the melds hold a fixed number of cards and
    the best arrangement leaves the fewest wild places; the hand lacks at most ``short``
    cards exactly when the solver can lay the contract with its own wilds and ``short``
    lent ones.  A hand holding cards that only the planning copy counts as wild (a joker
    the variant does not make wild) may need fewer lent wilds than none: then None."""
    if contract.pat:
        return None
    plan = planning(rules)
    if plan is None:
        return None
    real = sum(1 for x in hand if rules.melds.is_wild[x])
    free = sum(1 for x in hand if plan.rules.is_wild[x])
    lent = short + real - free
    if lent < 0:
        return None
    key = ("within", contract.number, tuple(sorted(hand)), lent)
    hit: bool | None = rules.cache.get(key)
    if hit is None:
        c = rules.variant.contracts
        got = _tried(
            plan.rules, [*hand, *([plan.wild] * lent)], contract.elements, count="exact",
            size="exact", same_suit_runs="touch", distinct_set_ranks=c.distinct_set_ranks,
            points=plan.points)
        if isinstance(got, SearchTooBig):
            return None  # too big to answer so: the caller measures the hand instead
        hit = rules.cache[key] = got is not None
    return hit
