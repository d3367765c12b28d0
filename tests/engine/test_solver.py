"""The contract solver and free melding: hand-written cases, then the brute-force oracle."""

from __future__ import annotations

import sys
from collections import Counter
from itertools import combinations, pairwise, permutations
from pathlib import Path
from typing import Literal

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec.engine.melding.melds import Meld, validate
from rummy_spec.engine.solving.solver import Solution, best_melds, solutions, solve
from rummy_spec.lang.model import Contract, Element, MeldKind

sys.path.insert(0, str(Path(__file__).resolve().parent))
import oracle
from oracle import POINTS, POOL_CARDS, RULES, VARIANTS, parse

Exactness = Literal["exact", "minimum"]
SETTINGS = settings(max_examples=200, deadline=None)


def els(*parts: tuple[int, MeldKind, int | None]) -> tuple[Element, ...]:
    return tuple(Element(n, kind, size) for n, kind, size in parts)


def texts(name: str, cards: tuple[int, ...]) -> list[str]:
    return RULES[name].table.texts(cards)


def shown(name: str, s: Solution) -> list[list[str]]:
    return sorted(texts(name, m.cards) for m in s.melds)


def round_of(n: int) -> Contract:
    return VARIANTS["continental"].contracts.rounds[n - 1]


def cont(text: str, contract: Contract | tuple[Element, ...], **kw: object) -> Solution | None:
    return solve(RULES["continental"], parse("continental", text), contract,
                 points=POINTS["continental"], **kw)  # type: ignore[arg-type]


# ----- hand-written cases --------------------------------------------------------------------

def test_continental_two_sets_exact_count() -> None:
    # three sets in hand, but hand 1 asks for exactly two: the third stays in hand
    got = cont("5H 5S 5C 10D 10S 10C KD KS KH 2C 3C 4D", round_of(1))
    assert got is not None
    assert shown("continental", got) == [["10C", "10D", "10S"], ["KD", "KH", "KS"]]
    assert sorted(texts("continental", got.rest)) == ["2C", "3C", "4D", "5C", "5H", "5S"]
    assert got.rest_points == 30


def test_minimum_count_lays_more_melds() -> None:
    got = cont("5H 5S 5C 9D 9S 9C KD KS KH 2C 3C 4D", round_of(1), count="minimum")
    assert got is not None and len(got.melds) == 3 and got.rest_points == 15


def test_wilds_go_where_they_save_most() -> None:
    # the joker (50) is melded (in the set or on the run: equal), 9S and 2C 3C stay
    got = cont("5H 5S 5C 9D 9S JK 2C 3C KD QD JD 10D", round_of(2))
    assert got is not None
    assert sorted(texts("continental", got.rest)) == ["2C", "3C", "9S"]
    assert got.rest_points == 15 and got.wilds_used == 1
    # with only one natural five, the joker must go to the set
    got = cont("5H 5S 9D 9S JK 2C 3C KD QD JD 10D", round_of(2))
    assert got is not None
    assert ["5H", "5S", "JK"] in shown("continental", got) and got.rest_points == 15


def test_no_solution_is_none() -> None:
    assert cont("2C 4C 6C 8C 10C QC 3D 5D 7D 9D JD KD", round_of(1)) is None
    assert cont("2C 3C 4C 5C", els((1, "group", 3))) is None  # Continental has no groups
    assert solutions(RULES["continental"], parse("continental", "2C 4C 6C"), round_of(1),
                     points=POINTS["continental"]) == []


def test_wild_limit_in_contract() -> None:
    # 5H JK JK is no set in Continental: wilds may not outnumber naturals
    assert cont("5H JK JK 9S 9D 9C", round_of(1)) is None
    got = cont("5H 5D JK JK 9S 9D 9C", round_of(1))
    assert got is not None and got.rest_points == 0
    # "limits": the outnumber rule binds contract melds only
    hand = parse("limits", "5H JK JK 9S 9D 9C")
    assert solve(RULES["limits"], hand, els((2, "set", None)), points=POINTS["limits"]) is None
    free = best_melds(RULES["limits"], hand, POINTS["limits"])
    assert free.rest_points == 0


def test_all_wild_trio_is_a_contract_set() -> None:
    got = cont("JK JK JK 9S 9D 9C", round_of(1))
    assert got is not None and got.rest_points == 0
    assert any(m.all_wild for m in got.melds)


def test_same_suit_runs_touch_or_gap() -> None:
    hand = "2S 3S 4S 5S 6S 7S 8S 9S"
    got = cont(hand, round_of(3))
    assert got is not None and got.rest_points == 0
    assert shown("continental", got) == [["2S", "3S", "4S", "5S"], ["6S", "7S", "8S", "9S"]]
    assert cont(hand, round_of(3), same_suit_runs="gap") is None
    got = cont("2S 3S 4S 5S 7S 8S 9S JK", round_of(3), same_suit_runs="gap")
    assert got is not None and got.rest_points == 0
    runs = sorted(got.melds, key=lambda m: m.ranks[0])
    assert runs[0].ranks[-1] + 1 < runs[1].ranks[0]  # a rank between them
    assert runs[1].ranks == (7, 8, 9, 10)  # the joker went above the nine


def test_gap_rule_with_three_runs_of_one_suit() -> None:
    # a one-suit hand whose runs all overlap or touch has no way under the gap rule (the
    # search cuts such runs as soon as it picks them); one with room for the gaps has
    hand = "2S 3S 4S 5S 6S 7S 8S 9S 9S 10S 10S JS QS JK"
    assert cont(hand, round_of(7)) is not None
    assert cont(hand, round_of(7), same_suit_runs="gap") is None
    got = cont("AS 2S 3S 4S 6S 7S 8S 9S 9S 10S JS QS KS JK", round_of(7),
               same_suit_runs="gap")
    assert got is not None and len(got.melds) == 3
    spans = sorted((m.ranks[0], m.ranks[-1]) for m in got.melds)
    assert all(a[1] + 1 < b[0] for a, b in pairwise(spans))


def test_distinct_set_ranks() -> None:
    hand = "5H 5S 5C 5D 5H 5S 2C"
    got = cont(hand, round_of(1))
    assert got is not None and got.rest_points == 5
    assert cont(hand, round_of(1), distinct_set_ranks=True) is None


def test_pat_needs_every_card() -> None:
    contract = els((1, "set", None), (1, "run", None))
    assert cont("5H 5S 5C 6D 7D 8D 9D", contract, pat=True) is not None
    assert cont("5H 5S 5C 6D 7D 8D 9D 2C", contract, pat=True) is None
    pat = Contract(7, contract, pat=True)
    assert cont("5H 5S 5C 6D 7D 8D 9D 2C", pat) is None


def test_exact_sizes() -> None:
    hand = "5H 5S 5C 5D 6D 7D 8D 9D"
    contract = els((1, "set", 3), (1, "run", 4))
    got = cont(hand, contract, size="exact")
    assert got is not None and sorted(len(m.cards) for m in got.melds) == [3, 4]
    assert got.rest_points == 5  # one five stays: no meld may take a fifth card
    got = cont(hand, contract)
    assert got is not None and got.rest_points == 0


def test_solutions_are_distinct_and_best_first() -> None:
    hand = parse("continental", "5H 5S 5C 5D 9S 9D JK 2C")
    found = solutions(RULES["continental"], hand, round_of(1), points=POINTS["continental"])
    assert len(found) > 3
    keys = [tuple(sorted((m.kind, m.cards) for m in s.melds)) for s in found]
    assert len(set(keys)) == len(keys)
    ranked = [(s.rest_points, s.wilds_used) for s in found]
    assert ranked == sorted(ranked)
    best = solve(RULES["continental"], hand, round_of(1), points=POINTS["continental"])
    assert best is not None and ranked[0] == (best.rest_points, best.wilds_used)
    assert len(solutions(RULES["continental"], hand, round_of(1),
                         points=POINTS["continental"], limit=2)) == 2


def test_gin_deadwood() -> None:
    hand = parse("gin", "AH 2H 3H 4H 4S 4D 5S 6S 7S 9D")
    got = best_melds(RULES["gin"], hand, POINTS["gin"])
    # A-2-3-4H, 4S-5S-6S-7S... the 4S is wanted twice: best is A-3H + 4s + 5-7S? no:
    # A-2-3-4H (10) and 4S-5S-6S-7S (22) leave 4D 9D = 13; A-2-3H + 4H 4S 4D + 5-7S = 9D
    assert got.rest_points == 9
    assert texts("gin", got.rest) == ["9D"]


def test_phase_ten_group_and_any_colour_run() -> None:
    name = "p10"
    hand = parse(name, "1R 5R 9R 12R W 3B 4B 6B 7R SK")
    got = solve(RULES[name], hand, els((1, "group", 4)), points=POINTS[name])
    assert got is not None and got.melds[0].kind == "group"
    assert texts(name, got.rest) == ["3B", "4B", "6B", "SK"]  # every red card and W melded
    got = solve(RULES[name], hand, els((1, "run", 6)), points=POINTS[name])
    # the Wild fills the 8 so that the 9 joins too
    assert got is not None and texts(name, got.melds[0].cards) == [
        "3B", "4B", "5R", "6B", "7R", "W", "9R"]


# ----- against the oracle ----------------------------------------------------------------------

Case = tuple[str, tuple[int, ...], tuple[tuple[int, MeldKind, int | None], ...],
             Exactness, Exactness, bool, bool, bool]


@st.composite
def chunk(draw: st.DrawFn, name: str, kind: MeldKind, size: int) -> list[int]:
    """Cards that nearly make a meld of ``kind``: a wild here, a wrong card there."""
    rules = RULES[name]
    t = rules.table
    period = t.high_rank - t.low_rank + 1
    n = draw(st.integers(max(1, size - 1), size + 1))
    suit = t.suits[0] if draw(st.booleans()) else draw(st.sampled_from(t.suits[:2]))
    if kind == "set":
        rank = draw(st.sampled_from([1, 2, 3, 5, 12, 13]))
        cards = [t.face(rank, draw(st.sampled_from(t.suits[:2]))) for _ in range(n)]
    elif kind == "run":
        start = draw(st.integers(t.low_rank - 1, t.high_rank))
        cards = [t.face(t.low_rank + (start + i - t.low_rank) % period,
                        draw(st.sampled_from(t.suits[:2])) if name == "p10" else suit)
                 for i in range(n)]
    else:
        cards = [t.face(draw(st.integers(t.low_rank, t.high_rank)), suit) for _ in range(n)]
    wild = sorted(rules.wild)
    if draw(st.booleans()) and wild:
        cards[draw(st.integers(0, n - 1))] = draw(st.sampled_from(wild))
    return cards


@st.composite
def contract_cases(draw: st.DrawFn) -> Case:
    name = draw(st.sampled_from(sorted(POOL_CARDS)))
    rules = RULES[name]
    parts: list[tuple[int, MeldKind, int | None]] = []
    for _ in range(draw(st.integers(1, 2))):
        kind = draw(st.sampled_from(rules.kinds))
        least = {"set": rules.set, "run": rules.run, "group": rules.group}[kind]
        assert least is not None
        size = draw(st.sampled_from([None, least.min, least.min + 1]))
        parts.append((draw(st.integers(1, 2)), kind, size))
    if sum(n for n, _, _ in parts) > 3:
        parts = parts[:1]
    hand: list[int] = []
    for n, kind, size in parts:
        least = {"set": rules.set, "run": rules.run, "group": rules.group}[kind]
        assert least is not None
        for _ in range(n):
            if draw(st.integers(0, 4)):
                hand += draw(chunk(name, kind, size or least.min))
    hand += draw(st.lists(st.sampled_from(POOL_CARDS[name]), max_size=3))
    hand = draw(st.permutations(hand))[:10] or [POOL_CARDS[name][0]]
    return (name, tuple(hand), tuple(parts), draw(st.sampled_from(["exact", "minimum"])),
            draw(st.sampled_from(["exact", "minimum"])), draw(st.booleans()),
            draw(st.booleans()), draw(st.integers(0, 4)) == 0)


def least(name: str, kind: MeldKind) -> int:
    rules = RULES[name]
    rule = {"set": rules.set, "run": rules.run, "group": rules.group}[kind]
    assert rule is not None
    return rule.min


def slot_types(name: str, parts: tuple[tuple[int, MeldKind, int | None], ...],
               count: Exactness, size: Exactness
               ) -> tuple[list[tuple[MeldKind, int, bool]], list[tuple[MeldKind, int, bool]]]:
    rules = RULES[name]
    slots: list[tuple[MeldKind, int, bool]] = []
    smallest: dict[MeldKind, int] = {}
    for n, kind, sz in parts:
        rule = {"set": rules.set, "run": rules.run, "group": rules.group}[kind]
        assert rule is not None
        m = max(sz, rule.min) if sz is not None else rule.min
        slots += [(kind, m, size == "exact")] * n
        smallest[kind] = min(smallest.get(kind, m), m)
    extras = [(k, m, size == "exact") for k, m in smallest.items()] if count == "minimum" else []
    return slots, extras


def assert_valid(name: str, hand: tuple[int, ...], s: Solution,
                 slots: list[tuple[MeldKind, int, bool]],
                 extras: list[tuple[MeldKind, int, bool]], *, any_number: bool, gap: bool,
                 distinct: bool, pat: bool, contract: bool) -> None:
    rules = RULES[name]
    laid = [c for m in s.melds for c in m.cards]
    assert Counter(hand) == Counter(laid) + Counter(s.rest) and len(hand) == len(laid) + len(
        s.rest)
    assert s.rest_points == sum(POINTS[name][c] or 0 for c in s.rest)
    assert list(s.rest) == sorted(s.rest)
    for m in s.melds:
        again = validate(rules, m.kind, m.cards, contract=contract, ordered=True)
        assert isinstance(again, Meld), (texts(name, m.cards), again)
        assert m.wild == tuple(c in rules.wild for c in m.cards)
        if m.kind == "run":
            assert again.ranks == m.ranks and again.suit == m.suit
    assert len(s.melds) >= len(slots) and (any_number or len(s.melds) == len(slots))

    def fits(m: Meld, t: tuple[MeldKind, int, bool]) -> bool:
        return m.kind == t[0] and (len(m.cards) == t[1] if t[2] else len(m.cards) >= t[1])

    assert any(
        all(fits(s.melds[i], t) for i, t in zip(order, slots, strict=True))
        and all(any(fits(s.melds[i], t) for t in extras)
                for i in range(len(s.melds)) if i not in order)
        for order in permutations(range(len(s.melds)), len(slots)))
    if distinct:
        ranks = [m.ranks[0] for m in s.melds if m.kind == "set" and m.ranks[0]]
        assert len(ranks) == len(set(ranks))
    if gap:
        for a, b in combinations([m for m in s.melds if m.kind == "run" and m.suit], 2):
            if a.suit == b.suit:
                assert not oracle._touch(rules, (a.ranks[0], a.size), (b.ranks[0], b.size))
    if pat:
        assert not s.rest


@SETTINGS
@given(contract_cases())
def test_solve_matches_oracle(case: Case) -> None:
    name, hand, parts, count, size, gap, distinct, pat = case
    rules = RULES[name]
    slots, extras = slot_types(name, parts, count, size)
    got = solve(rules, hand, els(*parts), count=count, size=size,
                same_suit_runs="gap" if gap else "touch", distinct_set_ranks=distinct,
                pat=pat, points=POINTS[name])
    want = oracle.best(rules, hand, slots, extras=extras, any_number=count == "minimum",
                       gap=gap, distinct=distinct, pat=pat, points=POINTS[name])
    assert (None if got is None else (got.rest_points, got.wilds_used)) == want, (
        texts(name, hand), got and [texts(name, m.cards) for m in got.melds])
    if got is not None:
        assert_valid(name, hand, got, slots, extras, any_number=count == "minimum", gap=gap,
                     distinct=distinct, pat=pat, contract=True)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["continental", "both", "wrap", "adjacent", "high"]).flatmap(
    lambda name: st.tuples(st.just(name), st.lists(st.sampled_from(
        [c for c in POOL_CARDS[name] if RULES[name].table.faces[c].suit in ("S", None)]
        + parse(name, "4S 6S 7S 8S 9S")), min_size=6, max_size=8))))
def test_gap_mode_matches_oracle(case: tuple[str, list[int]]) -> None:
    name, cards = case
    rules = RULES[name]
    hand = tuple(cards)
    got = solve(rules, hand, els((2, "run", 3)), same_suit_runs="gap", points=POINTS[name])
    slots: list[tuple[MeldKind, int, bool]] = [("run", 3, False)] * 2
    want = oracle.best(rules, hand, slots, gap=True, points=POINTS[name])
    assert (None if got is None else (got.rest_points, got.wilds_used)) == want
    if got is not None:
        assert_valid(name, hand, got, slots, [], any_number=False, gap=True, distinct=False,
                     pat=False, contract=True)


@settings(max_examples=100, deadline=None)
@given(contract_cases())
def test_solutions_are_valid_distinct_and_sorted(case: Case) -> None:
    name, hand, parts, count, size, gap, distinct, pat = case
    rules = RULES[name]
    slots, extras = slot_types(name, parts, count, size)
    kw = {"count": count, "size": size, "same_suit_runs": "gap" if gap else "touch",
          "distinct_set_ranks": distinct, "pat": pat, "points": POINTS[name]}
    found = solutions(rules, hand, els(*parts), **kw)  # type: ignore[arg-type]
    best = solve(rules, hand, els(*parts), **kw)  # type: ignore[arg-type]
    assert bool(found) == (best is not None)
    ranked = [(s.rest_points, s.wilds_used) for s in found]
    assert ranked == sorted(ranked)
    if best is not None:
        assert ranked[0] == (best.rest_points, best.wilds_used)
    keys = {tuple(sorted((m.kind, m.cards, m.ranks) for m in s.melds)) for s in found}
    assert len(keys) == len(found)
    for s in found:
        assert_valid(name, hand, s, slots, extras, any_number=count == "minimum", gap=gap,
                     distinct=distinct, pat=pat, contract=True)


@SETTINGS
@given(st.sampled_from(sorted(POOL_CARDS)).flatmap(
    lambda name: st.tuples(st.just(name), st.lists(st.sampled_from(POOL_CARDS[name]),
                                                   min_size=1, max_size=8))))
def test_best_melds_matches_oracle(case: tuple[str, list[int]]) -> None:
    name, cards = case
    hand = tuple(cards)
    rules = RULES[name]
    got = best_melds(rules, hand, POINTS[name])
    extras = [(k, least(name, k), False) for k in rules.kinds]
    want = oracle.best(rules, hand, [], extras=extras, any_number=True, contract=False,
                       points=POINTS[name])
    assert (got.rest_points, got.wilds_used) == want
    assert_valid(name, hand, got, [], extras, any_number=True, gap=False, distinct=False,
                 pat=False, contract=False)


@settings(max_examples=120, deadline=None)
@given(contract_cases(), st.integers(0, 3))
def test_bounded_loops_with_one_point_naturals_match_oracle(case: Case, lent: int) -> None:
    # the planner's measure (each natural 1 point, wilds 0, some wilds added), through the
    # bounded loops whatever the hand's size: their look-up of the melds that hold every
    # natural left is held to the brute force
    from unittest import mock

    from rummy_spec.engine.solving import quick

    name, hand, parts, _count, _size, _gap, distinct, _pat = case
    rules = RULES[name]
    if not rules.wild:
        return
    hand = (*hand, *([min(rules.wild)] * lent))
    points = [1 if rules.is_natural[c] else 0 for c in range(len(rules.is_natural))]
    slots, extras = slot_types(name, parts, "exact", "exact")
    with mock.patch.object(quick, "PRUNE_FROM", -1):
        got = solve(rules, hand, els(*parts), count="exact", size="exact",
                    distinct_set_ranks=distinct, points=points)
    want = oracle.best(rules, hand, slots, extras=extras, any_number=False, gap=False,
                       distinct=distinct, pat=False, points=points)
    assert (None if got is None else (got.rest_points, got.wilds_used)) == want, (
        texts(name, hand), got and [texts(name, m.cards) for m in got.melds])
    if got is not None:
        assert got.rest_points == sum(points[c] for c in got.rest)
        assert Counter(hand) == Counter(c for m in got.melds for c in m.cards) + Counter(got.rest)


def test_a_left_out_rank_is_melded_only_natural_of_the_cards_kept_to_go_out() -> None:
    """Canasta's ``set { without threes, going out with black threes }``: the solver laid
    3C 3C 2H (a wild with black threes), which the validator refuses; it lays black threes
    only all natural, and red threes never (the property test of the built-ins found it)."""
    from rummy_spec.decks import face_points
    from rummy_spec.engine.melding.melds import compile_rules
    from rummy_spec.lang import load

    v = load("canasta")
    rules = compile_rules(v)
    points = face_points(v)
    code = {rules.table.text(f.code): f.code for f in rules.table.faces}
    for text, melded in [("3C 3C 2H", False), ("3C 3C 3S", True), ("3C 3C 3S 2H", True),
                         ("3H 3H 3D", False), ("3C 3S 3H", False), ("3C 3C JK", False)]:
        hand = [code[x] for x in text.split()]
        got = best_melds(rules, hand, points)
        assert bool(got.melds) == melded, (text, got.melds)
        for meld in got.melds:
            assert isinstance(validate(rules, meld.kind, list(meld.cards)), Meld), meld
            assert not any(meld.wild), meld
