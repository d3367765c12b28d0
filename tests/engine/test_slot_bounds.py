"""The slot search's bounds cut only branches that hold no winning way.

Pat contracts: a pat way melds every card, so a branch whose cards left outnumber what
the melds still to pick can hold is cut (and a hand bigger than the whole contract can
hold is answered at once), and so is one whose naturals left lie in more suits than
runs are left to pick.  Best ways: a branch is cut when its melds, each holding every
wild it can at the best wild's points, cannot beat the best way found.  Seeded hands,
built to be pat or drawn big from the pack, are solved with each bound and without it,
in the slot search (the flat loops turned off), and must agree: the same best way, the
same list of ways.
"""

from __future__ import annotations

import random

import pytest

from rummy_spec.decks import card_table, face_points, full_deck
from rummy_spec.engine.melding.melds import compile_rules
from rummy_spec.engine.solving import search
from rummy_spec.engine.solving.search import SearchTooBig
from rummy_spec.engine.solving.shapes import Cand
from rummy_spec.engine.solving.solver import Solution, solutions, solve
from rummy_spec.lang import load

CASES = [("contract", 5, ("more_jokers",)), ("seven_hand", 3, ())]


def _hands(name: str, players: int, options: tuple[str, ...]) -> list[tuple[int, ...]]:
    """Three runs or sets cut from the pack, some cards swapped for wilds, now and then a
    stray card (often pat); and big hands drawn at random (never pat)."""
    v = load(name, options)
    deck = full_deck(v, players)
    faces = card_table(v.deck).faces
    rng = random.Random("pat room " + name)
    jokers = [c for c in deck if faces[c].rank is None]
    ranks = sorted({f.rank for f in faces if f.rank is not None})
    suits = sorted({f.suit for f in faces if f.suit is not None})
    out = []
    for i in range(24):
        if i % 4 == 3:
            out.append(tuple(rng.sample(deck, rng.randrange(22, 34))))
            continue
        pool = list(deck)
        hand: list[int] = []
        for _ in range(3):
            if rng.random() < 0.3:
                rank = rng.choice(ranks)
                meld = rng.sample([c for c in pool if faces[c].rank == rank], 3)
            else:
                suit, low = rng.choice(suits), rng.randrange(1, 8)
                meld = [next((c for c in pool if faces[c].suit == suit
                              and faces[c].rank == r), -1)
                        for r in range(low, min(14, low + rng.randrange(4, 9)))]
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
        if rng.random() < 0.3:
            hand.append(rng.choice(pool))
        out.append(tuple(hand))
    return out


_ROOM = search._pat_room


def _no_room(slot_cands: list[list[Cand]], wilds: int
             ) -> tuple[list[int], list[list[int]]]:
    """A room no hand fills: the bound never cuts."""
    room, naturals = _ROOM(slot_cands, wilds)
    return [1 << 30] * len(room), naturals


def _no_lanes(slot_cands: list[list[Cand]], rd: object) -> list[list[int] | None]:
    """No suits or ranks to count: the lane bound never cuts."""
    return [None] * (len(slot_cands) + 1)


@pytest.mark.patches_engine  # the room is swapped in, which compiled callers never see
@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_the_pat_room_bound_keeps_every_pat_way(
        name: str, players: int, options: tuple[str, ...],
        monkeypatch: pytest.MonkeyPatch) -> None:
    v = load(name, options)
    rules = compile_rules(v)
    points = face_points(v)
    assert v.contracts is not None
    hands = _hands(name, players, options)
    monkeypatch.setattr(search, "QUICK_SLOTS", 0)  # every pat contract in the slot search

    rounds, gap = v.contracts.rounds, v.contracts.same_suit_runs

    def solved() -> tuple[list[Solution | None], list[list[Solution]]]:
        best = [solve(rules, hand, c, pat=True, points=points, same_suit_runs=gap)
                for c in rounds for hand in hands]
        ways = [solutions(rules, hand, c, pat=True, points=points, limit=8,
                          same_suit_runs=gap)
                for c in rounds for hand in hands if len(hand) <= 20]
        return best, ways

    bounded = solved()
    monkeypatch.setattr(search, "_pat_room", _no_room)
    monkeypatch.setattr(search, "_pat_lanes", _no_lanes)
    exhaustive = solved()
    assert bounded == exhaustive
    assert sum(s is not None for s in bounded[0]) >= 10  # enough pat hands to compare
    assert sum(bool(w) for w in bounded[1]) >= 10


@pytest.mark.patches_engine  # the search's budget is cut down
def test_a_hand_bigger_than_the_pat_contract_is_answered_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Contract's last round, "3 runs (pat)", holds 42 cards at most (three runs of 14)
    v = load("contract", ("more_jokers",))
    rules = compile_rules(v)
    points = face_points(v)
    assert v.contracts is not None
    last = v.contracts.rounds[-1]
    assert last.pat and v.contracts.same_suit_runs == "gap"  # the slot search's path
    hand = tuple(random.Random(7).sample(full_deck(v, 5), 45))
    monkeypatch.setattr(search, "NODE_BUDGET", 2_000)
    assert solve(rules, hand, last, pat=True, points=points, same_suit_runs="gap") is None
    monkeypatch.setattr(search, "_pat_room", _no_room)
    monkeypatch.setattr(search, "_pat_lanes", _no_lanes)
    with pytest.raises(SearchTooBig):  # without the bounds: every three runs tried
        solve(rules, hand, last, pat=True, points=points, same_suit_runs="gap")


@pytest.mark.patches_engine  # the search's budget is cut down
def test_three_runs_cannot_meld_four_suits(monkeypatch: pytest.MonkeyPatch) -> None:
    # 37 cards with five wilds fit the room of three 14-card runs, but not their suits
    v = load("contract_bicycle", ("deuces_wild",))
    rules = compile_rules(v)
    points = face_points(v)
    assert v.contracts is not None
    last = v.contracts.rounds[-1]
    rng = random.Random(8)
    deck = full_deck(v, 5)
    hand: tuple[int, ...] = ()
    while not (len(hand) and sum(rules.is_wild[c] for c in hand) == 5):
        hand = tuple(rng.sample(deck, 37))
    monkeypatch.setattr(search, "NODE_BUDGET", 2_000)
    assert solve(rules, hand, last, pat=True, points=points, same_suit_runs="gap") is None
    monkeypatch.setattr(search, "_pat_lanes", _no_lanes)
    with pytest.raises(SearchTooBig):  # without the suits: the room bound alone
        solve(rules, hand, last, pat=True, points=points, same_suit_runs="gap")


def _big_hands(name: str, players: int, options: tuple[str, ...]) -> list[tuple[int, ...]]:
    """A random player's hands after buying many cards: 16 to 40 from the pack."""
    v = load(name, options)
    deck = full_deck(v, players)
    rng = random.Random("big " + name)
    return [tuple(rng.sample(deck, rng.randrange(16, 41))) for _ in range(12)]


@pytest.mark.patches_engine  # the bound is swapped out, which compiled callers never see
@pytest.mark.parametrize(("name", "players", "options", "cuts"),
                         [("contract_bicycle", 3, ("deuces_wild",), True),
                          ("contract", 5, ("more_jokers",), False)])
def test_the_wild_bound_keeps_the_best_way(
        name: str, players: int, options: tuple[str, ...], cuts: bool,
        monkeypatch: pytest.MonkeyPatch) -> None:
    v = load(name, options)
    rules = compile_rules(v)
    points = face_points(v)
    assert v.contracts is not None
    c = v.contracts
    hands = _big_hands(name, players, options)
    monkeypatch.setattr(search, "QUICK_SLOTS", 0)
    monkeypatch.setattr(search, "NODE_BUDGET", 20_000)  # small: some plain searches stop

    def solved() -> list[Solution | str | None]:
        out: list[Solution | str | None] = []
        for contract in c.rounds:
            for hand in hands:
                try:
                    out.append(solve(rules, hand, contract, count=c.count, size=c.size,
                                     same_suit_runs=c.same_suit_runs, points=points))
                except SearchTooBig:
                    out.append("too big")
        return out

    bounded = solved()
    monkeypatch.setattr(search, "_wild_ahead", lambda *args: None)
    plain = solved()
    both = [(b, p) for b, p in zip(bounded, plain, strict=True) if p != "too big"]
    assert all(b == p for b, p in both)  # the same best way wherever the plain search ends
    assert sum(p is not None for _, p in both) >= 20  # enough ways to compare
    cut = [b for b, p in zip(bounded, plain, strict=True) if p == "too big"]
    assert "too big" not in cut
    if cuts:  # seven wilds of 15 points: the bound ends searches the plain one cannot
        assert cut
