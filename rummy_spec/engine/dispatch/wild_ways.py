"""Ways down that lay one meld of wilds only, where ``wilds { all wild ... }`` allows it.

The contract solver places wilds beside naturals; where runs of one suit must leave a gap
between them, it never tries a run of wilds alone, which stands for no suit in the hand
(four jokers and 5-8 of clubs for two runs: a legal going down the solver does not
list).  So when it finds no way down, the legal actions also try each element of the
contract that may be all wild: the fewest wilds of the hand that make that meld, and the
solver's best way to lay the rest of the contract with the cards left.  The engine
checks each candidate before it is listed, as it does every action.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...lang import meldkinds
from ...lang import model as m
from ..records.rules import Rules
from ..solving.plan import SearchTooBig
from ..solving.solver import solve


def all_wild_ways(rules: Rules, hand: Sequence[int], contract: m.Contract
                  ) -> list[tuple[tuple[int, ...], ...]]:
    """Candidate ways down (melds as card tuples), each with one all-wild meld."""
    v = rules.variant
    wilds = sorted(c for c in hand if c in rules.wild)
    out: list[tuple[tuple[int, ...], ...]] = []
    if not wilds or contract.pat:
        return out
    c = v.contracts
    tried: set[tuple[str, int | None]] = set()
    for i, e in enumerate(contract.elements):
        size = meldkinds.least_size(v, e)
        if not v.wilds.all_wild(e.kind) or len(wilds) < size or (e.kind, e.size) in tried:
            continue
        tried.add((e.kind, e.size))
        meld = tuple(wilds[:size])
        rest = list(hand)
        for card in meld:
            rest.remove(card)
        others = [*contract.elements[:i], *contract.elements[i + 1:]]
        if e.count > 1:
            others.insert(i, m.Element(e.count - 1, e.kind, e.size, e.span))
        if not others:
            out.append((meld,))
            continue
        try:
            sol = solve(rules.melds, rest, others, count=c.count, size=c.size,
                        same_suit_runs=c.same_suit_runs, run_gap=c.run_gap,
                        distinct_set_ranks=c.distinct_set_ranks, points=rules.points)
        except SearchTooBig:  # a hand too big to search: this candidate is not listed
            continue
        if sol is not None:
            out.append((meld, *(x.cards for x in sol.melds)))
    return out
