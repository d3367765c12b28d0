"""The greedy bot's usefulness from counts gives the pairwise figures, card for card.

The greedy bot is kept as first written (the conformance cases come from its games), so
its discard choice reads the same figure from counts made once per hand as the
pairwise loop gives, and its test of an upcard (is its figure 3 or more?) stops counting
once it gets there with the same answer: every card of the pack against seeded hands of
every size, in variants with wild ranks, jokers, special cards and two or more packs.
"""

from __future__ import annotations

import random

import pytest

from rummy_spec.bots.simple import _useful_enough, _usefulness, _usefulness_in
from rummy_spec.decks import full_deck
from rummy_spec.engine.records.rules import compile_variant
from rummy_spec.lang import load


@pytest.mark.parametrize(("name", "options"), [
    ("continental", ()), ("contract", ("deuces_wild",)), ("phase10", ()), ("gin", ()),
    ("seven_hand", ()), ("rummy", ("jokers_wild",))])
def test_counted_usefulness_is_the_pairwise_one(name: str, options: tuple[str, ...]) -> None:
    v = load(name, options)
    rules = compile_variant(v, v.players.min)
    deck = full_deck(v, v.players.min)
    faces = sorted(set(deck))
    rng = random.Random(name)
    for size in range(0, 24):
        hand = rng.sample(deck, min(size, len(deck)))
        useful = _usefulness_in(rules, hand)
        assert [useful(c) for c in faces] == [_usefulness(rules, hand, c) for c in faces]
        naturals = [c for c in faces if c not in rules.wild]
        assert [_useful_enough(rules, hand, c) for c in naturals] == [
            _usefulness(rules, hand, c)[0] >= 3 for c in naturals]
