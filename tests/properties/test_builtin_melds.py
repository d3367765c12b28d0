"""The meld validator and the contract solver against the brute-force oracle, with the
meld rules and contracts of every built-in variant (and of each option that changes
them), on small random hands."""

from __future__ import annotations

from collections import Counter
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec.engine.melding.melds import Meld, validate
from rummy_spec.engine.solving.solver import best_melds, solve
from rummy_spec.lang import load
from rummy_spec.lang import model as m
from rummy_spec.lang.data import builtin_specs

from .builtin import BUILTIN, COVERED, Compiled, Slot, least, oracle, pure_of, signature, slots_of

NAMES = sorted(BUILTIN)
MOST_CARDS = 9  # contracts needing more cards than this are left to the scenario tests


SMALL = [(name, c) for name in NAMES for c in BUILTIN[name].variant.contracts.rounds
         if sum(s for _, s, _ in slots_of(BUILTIN[name], c)[0]) <= MOST_CARDS]


@st.composite
def near_meld(draw: st.DrawFn, c: Compiled, kind: m.MeldKind, size: int) -> list[int]:
    """Cards that nearly make a meld: a wild here, a wrong card there."""
    t = c.rules.table
    period = t.high_rank - t.low_rank + 1
    n = draw(st.integers(max(1, size - 1), size + 1))
    suits = t.suits[:2]
    if kind == "set":
        rank = draw(st.sampled_from([t.low_rank, t.low_rank + 1, t.high_rank]))
        cards = [t.face(rank, draw(st.sampled_from(suits))) for _ in range(n)]
    elif kind == "run":
        start = draw(st.integers(t.low_rank - 1, t.high_rank))
        suit = draw(st.sampled_from(suits))
        cards = [t.face(t.low_rank + (start + i - t.low_rank) % period,
                        suit if draw(st.integers(0, 5)) else draw(st.sampled_from(suits)))
                 for i in range(n)]
    else:
        suit = draw(st.sampled_from(suits))
        cards = [t.face(draw(st.integers(t.low_rank, t.high_rank)), suit) for _ in range(n)]
    wild = sorted(c.rules.wild)
    for _ in range(draw(st.integers(0, 2))):
        if wild:
            cards[draw(st.integers(0, n - 1))] = draw(st.sampled_from(wild))
    return cards


@st.composite
def contract_hands(draw: st.DrawFn) -> tuple[Compiled, m.Contract, tuple[int, ...]]:
    name, contract = draw(st.sampled_from(SMALL))
    c = BUILTIN[name]
    slots, _ = slots_of(c, contract)
    hand: list[int] = []
    for kind, size, _ in slots:
        if draw(st.integers(0, 5)):
            hand += draw(near_meld(c, kind, size))
    hand += draw(st.lists(st.sampled_from(c.pool), max_size=2))
    hand = draw(st.permutations(hand))[:MOST_CARDS + 1] or [c.pool[0]]
    return c, contract, tuple(hand)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(NAMES).flatmap(lambda name: st.tuples(
    st.just(name), st.sampled_from(BUILTIN[name].variant.meld_kinds()),
    st.lists(st.sampled_from(BUILTIN[name].pool), min_size=1, max_size=6), st.booleans())))
def test_validator_matches_oracle(case: tuple[str, m.MeldKind, list[int], bool]) -> None:
    name, kind, cards, contract = case
    c = BUILTIN[name]
    got = validate(c.rules, kind, cards, contract=contract)
    want = oracle.legal(c.rules, kind, tuple(cards), contract)
    assert isinstance(got, Meld) == want, (name, kind, c.rules.table.texts(cards), got)


def matches(melds: list[Meld], slots: list[Slot], extras: list[Slot],
            pure: list[bool]) -> bool:
    def fits(x: Meld, s: Slot, clean: bool = False) -> bool:
        return x.kind == s[0] and (x.size == s[1] if s[2] else x.size >= s[1]) and not (
            clean and any(x.wild))

    return any(all(fits(melds[i], s, p) for i, s, p in zip(order, slots, pure, strict=True))
               and all(any(fits(melds[i], s) for s in extras)
                       for i in range(len(melds)) if i not in order)
               for order in permutations(range(len(melds)), len(slots)))


@settings(max_examples=250, deadline=None)
@given(contract_hands())
def test_solver_is_sound_and_complete(case: tuple[Compiled, m.Contract, tuple[int, ...]]
                                      ) -> None:
    c, contract, hand = case
    rules = c.variant.contracts
    slots, extras = slots_of(c, contract)
    got = solve(c.rules, hand, contract, count=rules.count,
                size="minimum" if contract.pat else rules.size,
                same_suit_runs=rules.same_suit_runs, distinct_set_ranks=rules.distinct_set_ranks,
                pat=contract.pat, points=c.points)
    want = oracle.best(c.rules, hand, slots, extras=extras, any_number=rules.count == "minimum",
                       gap=rules.same_suit_runs == "gap", distinct=rules.distinct_set_ranks,
                       pat=contract.pat, points=c.points, pure=pure_of(contract))
    shown = c.rules.table.texts(hand)
    # complete: a solution exists exactly when the oracle finds one, and it is as good
    assert (got is None) == (want is None), (c.name, contract.number, shown, want)
    if got is None:
        return
    assert (got.rest_points, got.wilds_used) == want, (c.name, contract.number, shown)
    # sound: legal melds, cut from the hand, making the contract
    laid = Counter(card for x in got.melds for card in x.cards)
    assert laid + Counter(got.rest) == Counter(hand)
    for x in got.melds:
        assert oracle.legal(c.rules, x.kind, x.cards, True), (c.name, x)
    assert matches(list(got.melds), slots, extras, pure_of(contract)), (
        c.name, contract.number, got.melds)
    if rules.distinct_set_ranks:
        ranks = [x.ranks[0] for x in got.melds if x.kind == "set" and x.ranks[0]]
        assert len(ranks) == len(set(ranks))
    if contract.pat:
        assert not got.rest


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(NAMES).flatmap(lambda name: st.tuples(st.just(name), st.lists(
    st.sampled_from(BUILTIN[name].pool), min_size=1, max_size=8))))
def test_free_melding_matches_oracle(case: tuple[str, list[int]]) -> None:
    name, cards = case
    c = BUILTIN[name]
    got = best_melds(c.rules, cards, c.points)
    extras = [(k, least(c, k), False) for k in c.variant.meld_kinds()]
    want = oracle.best(c.rules, tuple(cards), [], extras=extras, any_number=True,
                       contract=False, points=c.points)
    assert (got.rest_points, got.wilds_used) == want, (name, c.rules.table.texts(cards))
    for x in got.melds:
        assert oracle.legal(c.rules, x.kind, x.cards, False)


def test_every_builtin_variant_is_covered() -> None:
    """Every built-in has an entry with its very rules: its own, or that of an earlier
    built-in with the same deck, melds, contracts, score and knock."""
    assert set(COVERED) == set(builtin_specs())
    for name, key in COVERED.items():
        assert signature(load(name)) == signature(BUILTIN[key].variant), (name, key)
    assert len({name for name, _ in SMALL}) >= 10
