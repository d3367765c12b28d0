"""The meld validator and table moves: hand-written cases, then the brute-force oracle."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec.engine.melding.melds import (
    REASONS,
    Meld,
    Rejection,
    add_card,
    compile_rules,
    fits,
    shift_wild,
    swap_wild,
    validate,
    wild_meaning,
)
from rummy_spec.lang.model import MeldKind

sys.path.insert(0, str(Path(__file__).resolve().parent))
import oracle
from oracle import POOL_CARDS, RULES, parse

NAMES = [*sorted(POOL_CARDS), "p10"]  # p10 twice: the only colour groups
SETTINGS = settings(max_examples=250, deadline=None)


def texts(name: str, cards: tuple[int, ...]) -> list[str]:
    return RULES[name].table.texts(cards)


def check(name: str, kind: MeldKind | None, text: str, *, ordered: bool = False,
          contract: bool = False) -> Meld | Rejection:
    return validate(RULES[name], kind, parse(name, text), ordered=ordered, contract=contract)


def code(got: object) -> str:
    return got.code if isinstance(got, Rejection) else "ok"


# ----- hand-written cases --------------------------------------------------------------------

@pytest.mark.parametrize(("name", "kind", "text", "expected"), [
    ("low", "run", "AH 2H 3H 4H", "ok"),  # ace low
    ("low", "run", "QH KH AH", "ace-position"),  # ace low only
    ("high", "run", "QH KH AH", "ok"),
    ("high", "run", "AH JK 3H", "ace-position"),  # ace high only: A-W-3 illegal
    ("continental", "run", "QS KS AS 2S", "wrap-around"),
    ("continental", "run", "JS QS KS AS", "ok"),
    ("continental", "run", "AS 2S 3S 4S", "ok"),
    ("wrap", "run", "QH KH AH 2H", "ok"),
    ("continental", "set", "JK JK 5H", "wilds-outnumber-naturals"),
    ("continental", "set", "JK JK 5H 5S", "ok"),  # equal numbers allowed
    ("continental", "set", "JK JK JK", "ok"),  # a trio of wilds (Continental)
    ("continental", "set", "JK AH AD", "ok"),  # red aces are wild
    ("low", "set", "JK JK JK", "needs-natural"),  # A49
    ("low", "set", "5H 5S 5C 5D 5H", "too-long"),
    ("low", "set", "5H 5S", "too-short"),
    ("low", "set", "5H 5S 6S", "mixed-ranks"),
    ("low", "set", "5H 5H 5S", "ok"),  # duplicate cards in a set (A50)
    ("low", "run", "5H 6H 7S", "mixed-suits"),
    ("low", "run", "5H 6H 6H", "duplicate-position"),
    ("low", "run", "5H 6H 9H", "not-consecutive"),
    ("low", "run", "5H 6H JK 9H", "not-consecutive"),
    ("low", "run", "5H JK 7H", "ok"),
    ("adjacent", "run", "5H JK JK 8H", "adjacent-wilds"),
    ("adjacent", "run", "5H JK 7H JK", "ok"),
    ("adjacent", "set", "5H JK JK", "ok"),  # sets unrestricted (12S)
    ("both", "run", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "ok"),
    ("continental", "run", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "ace-both-ends"),
    ("limits", "set", "5H 5S JK JK", "too-many-wilds"),
    ("limits", "run", "5H JK JK JK", "too-many-wilds"),
    ("p10", "run", "1R 2B 3R W", "ok"),  # any colour
    ("p10", "group", "1R 5R 12R W", "ok"),
    ("p10", "group", "1R 5B 12R", "mixed-colours"),
    ("p10", "set", "5R SK", "special-card"),
    ("p10", "run", "10R 11B 12R W", "ok"),  # W stands for 9 (no 13)
    ("p10", "run", "W W W W", "needs-natural"),
    ("gin", "set", "5H 5S 5D 5C", "ok"),
])
def test_examples(name: str, kind: MeldKind, text: str, expected: str) -> None:
    assert code(check(name, kind, text)) == expected


def test_codes_are_published() -> None:
    for key in REASONS:
        assert key == key.lower() and " " not in key
    assert check("low", "set", "5H 5S").code in REASONS  # type: ignore[union-attr]


def test_wilds_fill_gaps_then_high_then_low() -> None:
    got = check("low", "run", "5H JK 7H JK")
    assert isinstance(got, Meld)
    assert texts("low", got.cards) == ["5H", "JK", "7H", "JK"]
    assert got.ranks == (5, 6, 7, 8)
    got = check("low", "run", "QH KH JK")  # no room above the king: the wild goes low
    assert isinstance(got, Meld) and got.ranks == (11, 12, 13)
    got = check("continental", "run", "JK 2S 3S 4S")
    assert isinstance(got, Meld) and got.ranks == (2, 3, 4, 5)


def test_wild_is_wild_at_its_own_place() -> None:
    # A48: the red ace in A-2-3-4 of hearts is wild, so it stands for the five
    got = check("continental", "run", "AH 2H 3H 4H")
    assert isinstance(got, Meld)
    assert got.ranks == (2, 3, 4, 5) and got.wild_positions == (3,)


def test_ordered_runs_take_positions_as_given() -> None:
    got = check("continental", "run", "JK 2S 3S 4S", ordered=True)
    assert isinstance(got, Meld) and got.ranks == (1, 2, 3, 4)
    assert wild_meaning(RULES["continental"], got, 0) == (1, "S")
    assert code(check("low", "run", "JK AH 2H 3H", ordered=True)) == "wrap-around"
    assert code(check("adjacent", "run", "5H JK 7H JK", ordered=True)) == "ok"
    assert code(check("adjacent", "run", "5H JK JK 8H", ordered=True)) == "adjacent-wilds"
    got = check("wrap", "run", "QH KH AH 2H", ordered=True)
    assert isinstance(got, Meld) and got.ranks == (12, 13, 14, 15)
    assert wild_meaning(RULES["wrap"], got, 3) == (2, "H")


def test_contract_scoped_limit() -> None:
    assert code(check("limits", "run", "5H JK JK")) == "ok"
    assert code(check("limits", "run", "5H JK JK", contract=True)) == "wilds-outnumber-naturals"


def test_kind_none_tries_each_kind() -> None:
    assert isinstance(got := check("low", None, "5H 5S 5C"), Meld) and got.kind == "set"
    assert isinstance(got := check("low", None, "5H 6H 7H"), Meld) and got.kind == "run"
    assert code(check("low", None, "5H 6H 8H")) == "not-consecutive"
    assert code(check("gin", "group", "5H 6H 7H")) == "no-such-kind"


def test_meld_properties() -> None:
    got = check("continental", "set", "5H 5S JK JK")
    assert isinstance(got, Meld)
    assert (got.size, got.naturals, got.wild_count, got.all_wild) == (4, 2, 2, False)
    assert got.rank == 5 and got.wild_positions == (2, 3)
    bare = Meld("set", got.cards, got.ranks, None)
    with pytest.raises(ValueError, match="wild flags"):
        _ = bare.wild_positions


def test_compile_rules_is_cached() -> None:
    v = oracle.VARIANTS["low"]
    assert compile_rules(v) is compile_rules(v)


# ----- lay-offs, swaps, shifts ---------------------------------------------------------------

def meld(name: str, kind: MeldKind, text: str, ordered: bool = True) -> Meld:
    got = check(name, kind, text, ordered=ordered)
    assert isinstance(got, Meld), got
    return got


def test_lay_off_examples() -> None:
    r = RULES["continental"]
    run = meld("continental", "run", "5S 6S 7S 8S")
    got = add_card(r, run, parse("continental", "9S")[0])
    assert isinstance(got, Meld) and got.ranks == (5, 6, 7, 8, 9)
    got = add_card(r, run, parse("continental", "4S")[0])
    assert isinstance(got, Meld) and texts("continental", got.cards)[0] == "4S"
    got = add_card(r, run, parse("continental", "JK")[0], end="low")
    assert isinstance(got, Meld) and got.ranks[0] == 4 and got.wild_positions == (0,)
    assert code(add_card(r, run, parse("continental", "9H")[0])) == "mixed-suits"
    assert not fits(r, run, parse("continental", "JS")[0])
    trio = meld("continental", "set", "JK JK JK", ordered=False)
    assert code(add_card(r, trio, parse("continental", "5S")[0])) == "only-wilds-join"
    assert fits(r, trio, parse("continental", "JK")[0])
    pair = meld("continental", "set", "5S 5H JK", ordered=False)
    assert fits(r, pair, parse("continental", "5D")[0])
    even = add_card(r, pair, parse("continental", "JK")[0])  # two and two: allowed
    assert isinstance(even, Meld) and even.wild_count == 2
    assert code(add_card(r, even, parse("continental", "JK")[0])) == "wilds-outnumber-naturals"
    r = RULES["limits"]
    assert isinstance(add_card(r, meld("limits", "run", "5H 6H 7H"),
                               parse("limits", "JK")[0]), Meld)


def test_swap_examples() -> None:
    r = RULES["continental"]
    run = meld("continental", "run", "5S JK 7S 8S")
    got = swap_wild(r, run, parse("continental", "6S")[0])
    assert isinstance(got, tuple)
    new, freed = got
    assert texts("continental", new.cards) == ["5S", "6S", "7S", "8S"]
    assert texts("continental", (freed,)) == ["JK"] and new.wild_count == 0
    assert code(swap_wild(r, run, parse("continental", "6H")[0])) == "no-wild-to-swap"
    assert code(swap_wild(r, run, parse("continental", "JK")[0])) == "not-a-natural"
    group = meld("continental", "set", "5S 5H JK", ordered=False)
    got = swap_wild(r, group, parse("continental", "5D")[0])
    assert isinstance(got, tuple) and got[0].wild_count == 0
    assert code(swap_wild(r, group, parse("continental", "6D")[0])) == "mixed-ranks"


def test_shift_examples() -> None:
    r = RULES["high"]
    run = meld("high", "run", "4H JK 6H 7H")  # Ten Step: 4-JK-6-7 plus 5
    got = shift_wild(r, run, parse("high", "5H")[0])
    assert isinstance(got, Meld)
    assert texts("high", got.cards) == ["4H", "5H", "6H", "7H", "JK"]
    got = shift_wild(r, run, parse("high", "5H")[0], end="low")
    assert isinstance(got, Meld) and got.ranks[0] == 3
    top = meld("high", "run", "JH QH JK AH")  # the joker may not go above the ace
    got = shift_wild(r, top, parse("high", "KH")[0])
    assert isinstance(got, Meld) and got.ranks == (10, 11, 12, 13, 14)
    assert code(shift_wild(r, meld("high", "set", "5H 5S JK", False),
                           parse("high", "5D")[0])) == "not-a-run"


# ----- against the oracle ----------------------------------------------------------------------

Case = tuple[str, MeldKind, tuple[int, ...]]


@st.composite
def random_cards(draw: st.DrawFn, size: int = 6) -> Case:
    name = draw(st.sampled_from(NAMES))
    cards = draw(st.lists(st.sampled_from(POOL_CARDS[name]), min_size=1, max_size=size))
    return name, draw(st.sampled_from(RULES[name].kinds)), tuple(cards)


@st.composite
def near_meld(draw: st.DrawFn, shuffle: bool = True) -> Case:
    """A set, run or colour group with wilds mixed in, sometimes spoilt by one card."""
    name = draw(st.sampled_from(NAMES))
    rules = RULES[name]
    t = rules.table
    period = t.high_rank - t.low_rank + 1
    shape: MeldKind = draw(st.sampled_from(rules.kinds))
    n = draw(st.integers(1, 5))
    suit = draw(st.sampled_from(t.suits))
    if shape == "set":
        rank = draw(st.integers(t.low_rank, t.high_rank))
        cards = [t.face(rank, draw(st.sampled_from(t.suits))) for _ in range(n)]
    elif shape == "run":
        start = draw(st.integers(t.low_rank - 1, t.high_rank + 1))
        cards = [t.face(t.low_rank + (start + i - t.low_rank) % period,
                        draw(st.sampled_from(t.suits)) if name == "p10" else suit)
                 for i in range(n)]
        holes = draw(st.lists(st.integers(0, n - 1), max_size=2, unique=True))
        wild = sorted(rules.wild)
        for i in holes:
            if wild:
                cards[i] = draw(st.sampled_from(wild))
    else:
        cards = [t.face(draw(st.integers(t.low_rank, t.high_rank)), suit) for _ in range(n)]
    cards += draw(st.lists(st.sampled_from(sorted(rules.wild) or [cards[0]]), max_size=3))
    if draw(st.booleans()) and draw(st.booleans()):
        cards[draw(st.integers(0, len(cards) - 1))] = draw(st.sampled_from(POOL_CARDS[name]))
    if shuffle:
        cards = draw(st.permutations(cards))
    return name, shape, tuple(cards)


def cases(size: int = 6, shuffle: bool = True) -> st.SearchStrategy[Case]:
    return st.one_of(random_cards(size), near_meld(shuffle))


def below(m: Meld) -> int:
    return next(i for i, w in enumerate(m.wild) if not w)


@SETTINGS
@given(cases(), st.booleans())
def test_validate_matches_oracle(case: Case, contract: bool) -> None:
    name, kind, cards = case
    rules = RULES[name]
    got = validate(rules, kind, cards, contract=contract)
    want = oracle.legal(rules, kind, cards, contract)
    assert isinstance(got, Meld) == want, (name, texts(name, cards), got)
    if isinstance(got, Rejection):
        assert got.code in REASONS
        return
    assert sorted(got.cards) == sorted(cards) and got.kind == kind
    assert got.wild == tuple(c in rules.wild for c in got.cards)
    if kind == "run":
        again = validate(rules, "run", got.cards, contract=contract, ordered=True)
        assert isinstance(again, Meld) and again.ranks == got.ranks
        places = oracle.run_placements(rules, cards, contract)
        assert (got.ranks[0], frozenset(got.wild_positions)) in places
        # the preferred layout: fewest wilds below the lowest natural
        assert below(got) == min(min(set(range(len(cards))) - spots) for _, spots in places)


@SETTINGS
@given(cases())
def test_kind_none_matches_oracle(case: Case) -> None:
    name, _, cards = case
    rules = RULES[name]
    got = validate(rules, None, cards)
    want = [k for k in rules.kinds if oracle.legal(rules, k, cards, False)]
    assert (got.kind if isinstance(got, Meld) else None) == (want[0] if want else None)


@SETTINGS
@given(cases(shuffle=False), st.booleans())
def test_ordered_matches_oracle(case: Case, contract: bool) -> None:
    name, _, cards = case
    rules = RULES[name]
    got = validate(rules, "run", cards, contract=contract, ordered=True)
    assert isinstance(got, Meld) == oracle.ordered_ok(rules, cards, contract)
    if isinstance(got, Meld):
        assert got.cards == cards
        assert all(got.ranks[i + 1] == got.ranks[i] + 1 for i in range(len(cards) - 1))


BASES = {
    "set": ["5H 5S 5D", "5H JK 5S", "JK JK JK", "5H 5S 2D", "5R 5B", "5R W"],
    "run": ["3S 4S 5S 6S", "3S JK 5S 6S", "JK 2S 3S 4S", "JS QS KS JK", "QH KH AH JK",
            "2R 3B 4R 5B", "2R W 4R 5B", "9B 10R W 12B"],
    "group": ["1R 3R 5R", "1R W 5R 12R"],
}


def base_melds(name: str) -> list[Meld]:
    rules = RULES[name]
    out = []
    for kind in rules.kinds:
        for text in BASES[kind]:
            try:
                cards = parse(name, text)
            except ValueError:
                continue
            m = validate(rules, kind, cards, ordered=kind == "run")
            if isinstance(m, Meld):
                out.append(m)
    return out


@st.composite
def meld_and_card(draw: st.DrawFn) -> tuple[str, Meld, int]:
    name, kind, cards = draw(cases(5))
    rules = RULES[name]
    m = validate(rules, kind, cards)
    if not isinstance(m, Meld):
        m = draw(st.sampled_from(base_melds(name)))
    return name, m, draw(st.sampled_from(POOL_CARDS[name]))


@SETTINGS
@given(meld_and_card())
def test_add_card_matches_oracle(case: tuple[str, Meld, int]) -> None:
    name, m, card = case
    rules = RULES[name]
    if m.kind == "run":
        for end in ("high", "low"):
            seq = (*m.cards, card) if end == "high" else (card, *m.cards)
            got = add_card(rules, m, card, end=end)
            assert isinstance(got, Meld) == oracle.ordered_ok(rules, seq, False), (end, got)
            if isinstance(got, Meld):
                assert got.cards == seq
                keep = range(1, len(seq)) if end == "low" else range(len(m.cards))
                # what the wilds stand for never changes
                assert [wild_meaning(rules, got, i) for i in keep] == [
                    wild_meaning(rules, m, i) for i in range(len(m.cards))]
    else:
        want = oracle.legal(rules, m.kind, (*m.cards, card), False) and not (
            m.all_wild and card not in rules.wild)
        assert isinstance(add_card(rules, m, card), Meld) == want
    assert fits(rules, m, card) == isinstance(add_card(rules, m, card), Meld)


@SETTINGS
@given(meld_and_card())
def test_swap_and_shift_match_oracle(case: tuple[str, Meld, int]) -> None:
    name, m, card = case
    rules = RULES[name]
    natural = card not in rules.wild and rules.table.faces[card].rank is not None
    spots = [i for i in m.wild_positions if natural and (
        (m.kind == "group" and rules.table.faces[card].suit == m.suit)
        or (m.kind == "set" and not m.all_wild and rules.table.faces[card].rank == m.ranks[0])
        or (m.kind == "run" and wild_meaning(rules, m, i) in (
            (rules.table.faces[card].rank, rules.table.faces[card].suit),
            (rules.table.faces[card].rank, None))))]
    got = swap_wild(rules, m, card)
    assert isinstance(got, tuple) == bool(spots)
    if isinstance(got, tuple):
        new, freed = got
        i = spots[0]
        assert freed == m.cards[i] and freed in rules.wild
        assert sorted(new.cards) == sorted((*m.cards[:i], card, *m.cards[i + 1:]))
        if m.kind == "run":
            assert new.ranks == m.ranks and oracle.ordered_ok(rules, new.cards, False)
    shifted = shift_wild(rules, m, card)
    if m.kind != "run" or not spots:
        assert isinstance(shifted, Rejection)
        return
    i = spots[0]
    seq = (*m.cards[:i], card, *m.cards[i + 1:])
    high, low = (*seq, m.cards[i]), (m.cards[i], *seq)
    assert isinstance(shifted, Meld) == (oracle.ordered_ok(rules, high, False)
                                         or oracle.ordered_ok(rules, low, False))
    if isinstance(shifted, Meld):
        assert shifted.cards in (high, low)
