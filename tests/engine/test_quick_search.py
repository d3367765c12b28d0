"""The quick search's bounded loops pick the solution its plain loops pick.

Big hands go through bounded loops (``bounded.bounded``), which promise the very winner of
the plain nested loops (score, wilds, and the first in order among equals).  Seeded hands
of 8 to 26 cards,
drawn from the whole pack and from packs narrowed to a few ranks or one suit (so that
many meet their contracts), are solved with the bounds forced and with the plain loops
forced, pat and not, and must agree.
"""

from __future__ import annotations

import random

import pytest

from rummy_spec.decks import card_table, face_points, full_deck
from rummy_spec.engine.melding.melds import compile_rules
from rummy_spec.engine.solving import bounded as bounded_loops
from rummy_spec.engine.solving import quick, search
from rummy_spec.engine.solving.solver import Solution, solutions, solve
from rummy_spec.lang import load

CASES = [("liverpool", 4), ("contract", 3)]


def _hands(name: str, players: int, count: int) -> list[tuple[int, ...]]:
    v = load(name)
    deck = full_deck(v, players)
    faces = card_table(v.deck).faces
    rng = random.Random(name)
    ranks = sorted({f.rank for f in faces if f.rank is not None})
    suits = sorted({f.suit for f in faces if f.suit})
    out = []
    for i in range(count):
        if i % 3 == 1:
            keep = set(rng.sample(ranks, 3))
            pool = [c for c in deck if faces[c].rank is None or faces[c].rank in keep]
        elif i % 3 == 2:
            suit, low = rng.choice(suits), rng.randrange(1, 6)
            pool = [c for c in deck if faces[c].rank is None
                    or (faces[c].suit == suit and low <= (faces[c].rank or 0) <= low + 9)]
        else:
            pool = deck
        out.append(tuple(rng.sample(pool, min(len(pool), rng.randrange(8, 27)))))
    return out


def _all(name: str, players: int, hands: list[tuple[int, ...]]) -> list[Solution | None]:
    v = load(name)
    rules = compile_rules(v)
    points = face_points(v)
    assert v.contracts is not None
    return [solve(rules, hand, contract, pat=pat, points=points)
            for contract in v.contracts.rounds for hand in hands for pat in (False, True)]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_the_bounded_loops_find_the_plain_loops_winner(
        name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    hands = _hands(name, players, 8)
    monkeypatch.setattr(quick, "PRUNE_FROM", 10 ** 12)
    plain = _all(name, players, hands)
    monkeypatch.setattr(quick, "PRUNE_FROM", -1)
    bounded = _all(name, players, hands)
    assert bounded == plain
    assert sum(s is not None for s in plain) >= 5  # enough solutions to compare


def _pat_hands(name: str, players: int, count: int) -> list[tuple[int, ...]]:
    """Hands that are often pat: two to four sets or runs cut from the pack, some of
    their cards swapped for wilds, now and then a stray card; and some random hands."""
    v = load(name)
    deck = full_deck(v, players)
    faces = card_table(v.deck).faces
    rng = random.Random("pat " + name)
    jokers = [c for c in deck if faces[c].rank is None]
    ranks = sorted({f.rank for f in faces if f.rank is not None})
    suits = sorted({f.suit for f in faces if f.suit is not None})
    out = []
    for i in range(count):
        if i % 4 == 3:
            out.append(tuple(rng.sample(deck, rng.randrange(9, 30))))
            continue
        pool = list(deck)
        hand: list[int] = []
        for _ in range(rng.randrange(2, 5)):
            if rng.random() < 0.5:
                rank = rng.choice(ranks)
                cards = [c for c in pool if faces[c].rank == rank]
                meld = rng.sample(cards, min(len(cards), rng.randrange(3, 6)))
            else:
                suit, low = rng.choice(suits), rng.randrange(1, 10)
                meld = [next((c for c in pool if faces[c].suit == suit
                              and faces[c].rank == r), -1)
                        for r in range(low, min(14, low + rng.randrange(3, 8)))]
                meld = [c for c in meld if c >= 0]
            for c in meld:
                pool.remove(c)
            hand += meld
        for j in range(len(hand)):
            spare = [c for c in jokers if c in pool]
            if spare and rng.random() < 0.2:
                pool.append(hand[j])
                hand[j] = spare[0]
                pool.remove(spare[0])
        if rng.random() < 0.2:
            hand.append(rng.choice(pool))
        out.append(tuple(hand))
    return out


@pytest.mark.parametrize(("name", "players"), [("seven_hand", 3), ("contract", 3)])
def test_the_pat_look_up_finds_the_slot_searchs_solution(
        name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # the slot search tries every candidate in every slot in the loops' order, pat or not
    v = load(name)
    rules = compile_rules(v)
    points = face_points(v)
    assert v.contracts is not None
    hands = _pat_hands(name, players, 40)

    def solved() -> list[Solution | None]:
        return [solve(rules, hand, contract, pat=True, points=points)
                for contract in v.contracts.rounds for hand in hands]

    flat = solved()
    monkeypatch.setattr(search, "QUICK_SLOTS", 0)
    slots = solved()
    assert flat == slots
    assert sum(s is not None for s in flat) >= 10  # enough pat hands to compare


@pytest.mark.parametrize(("name", "players", "options"),
                         [("contract", 5, ("more_jokers",)), ("seven_hand", 3, ())])
def test_ways_down_kept_against_a_limit_are_the_first_of_all_ways(
        name: str, players: int, options: tuple[str, ...],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # ranked every few leaves, so the floor drops leaves and branches on these hands
    monkeypatch.setattr(search, "RANK_FROM", 8)
    v = load(name, options)
    rules = compile_rules(v)
    points = face_points(v)
    assert v.contracts is not None
    pruned = 0
    for hand in (h[:12] for h in _hands(name, players, 9)):
        for contract in v.contracts.rounds:
            every = solutions(rules, hand, contract, points=points, limit=10 ** 9)
            for limit in (1, 3, 10):
                assert solutions(rules, hand, contract, points=points, limit=limit) \
                    == every[:limit]
            pruned += len(every) > 10
    assert pruned >= 5  # enough hands with more ways than the limits to compare


@pytest.mark.patches_engine  # the loops' threshold and look-up are swapped in and counted
@pytest.mark.parametrize(("name", "players"), [("contract", 3), ("liverpool", 4)])
def test_the_cover_look_up_finds_the_plain_loops_winner(
        name: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # every natural 1 point and every wild 0, as the planner measures hands: once the
    # best so far melds every natural, the bounded loops look the last melds up
    v = load(name)
    rules = compile_rules(v)
    assert v.contracts is not None
    points = [1 if rules.is_natural[c] else 0 for c in range(len(rules.is_natural))]
    wild = min(rules.wild)
    hands = [(*h, *([wild] * extra)) for h in _pat_hands(name, players, 24)
             for extra in (0, 2)]
    looked_up = [0]
    covers = bounded_loops.Covers

    def counted(*args: object) -> object:
        looked_up[0] += 1
        return covers(*args)  # type: ignore[arg-type]

    def solved() -> list[Solution | None]:
        return [solve(rules, hand, contract.elements, size=size, points=points)
                for contract in v.contracts.rounds for hand in hands
                for size in ("exact", "minimum")]

    monkeypatch.setattr(quick, "PRUNE_FROM", 10 ** 12)
    plain = solved()
    monkeypatch.setattr(quick, "PRUNE_FROM", -1)
    monkeypatch.setattr(bounded_loops, "Covers", counted)
    bounded = solved()
    assert bounded == plain
    assert looked_up[0] >= 20  # the look-up was taken, often
    assert sum(s is not None and not s.rest for s in plain) >= 5  # some melding everything
