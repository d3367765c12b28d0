"""The quick search's bounded loops pick the solution its plain loops pick.

Big hands go through bounded loops (``_quick_pruned``), which promise the very winner of
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
from rummy_spec.engine import search
from rummy_spec.engine.melds import compile_rules
from rummy_spec.engine.solver import Solution, solve
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
    monkeypatch.setattr(search, "PRUNE_FROM", 10 ** 12)
    plain = _all(name, players, hands)
    monkeypatch.setattr(search, "PRUNE_FROM", -1)
    bounded = _all(name, players, hands)
    assert bounded == plain
    assert sum(s is not None for s in plain) >= 5  # enough solutions to compare
