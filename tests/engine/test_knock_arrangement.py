"""The melds a knock lays when several arrangements leave the same deadwood: the rule of
PROTOCOL.md (least deadwood, most cards in sets, runs by suit C D H S starting highest,
then the cards), not the solver's search order."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec import decks
from rummy_spec.engine.families.arrangements import knock_arrangement
from rummy_spec.engine.melding.melds import Meld, validate
from rummy_spec.engine.records.rules import compile_variant
from rummy_spec.lang import load

RULES = compile_variant(load("gin"), 2)
CODE = {f.text: f.code for f in RULES.table.faces}
PACK = sorted(set(decks.full_deck(RULES.variant, 2)))


def laid(text: str) -> list[str]:
    sol = knock_arrangement(RULES, [CODE[t] for t in text.split()])
    return sorted(" ".join(RULES.table.text(c) for c in m.cards) for m in sol.melds)


def test_a_run_of_diamonds_before_a_run_of_hearts() -> None:
    """Every card melds either way; the run goes to the earlier suit (D before H)."""
    assert laid("8D 10D 9C 8S 8C 9D 8H 9H 10H 9S") == ["8C 8H 8S", "8D 9D 10D",
                                                       "9C 9H 9S"]


def test_the_least_deadwood_comes_first() -> None:
    """A set of four leaves 4C 6C; a run and a set of three leave nothing."""
    assert laid("4C 5C 6C 5D 5H 5S") == ["4C 5C 6C", "5D 5H 5S"]
    assert laid("3C 4C 5C 6C 3D 3H") == ["3C 3D 3H", "4C 5C 6C"]


def test_more_cards_in_sets_at_equal_deadwood() -> None:
    """7C 7D 7H + 7S 8S 9S 10S or 7C 7D 7H 7S + 8S 9S 10S: both meld everything; the set
    of four wins."""
    assert laid("7C 7D 7H 7S 8S 9S 10S") == ["7C 7D 7H 7S", "8S 9S 10S"]


def test_two_sets_and_the_run_between_them() -> None:
    """2S..7S with 2C 2D and 7C 7D: both sets take a spade and the run keeps the middle,
    which melds every card."""
    assert laid("2S 3S 4S 5S 6S 7S 2C 2D 7C 7D") == ["2C 2D 2S", "3S 4S 5S 6S",
                                                     "7C 7D 7S"]
    assert laid("9S 10S JS QS 9C 9D") == ["10S JS QS", "9C 9D 9S"]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PACK), min_size=3, max_size=10, unique=True),
       st.randoms(use_true_random=False))
def test_the_laid_arrangement_is_a_best_one_and_does_not_depend_on_order(
        hand: list[int], rnd: random.Random) -> None:
    sol = knock_arrangement(RULES, hand)
    assert sol.rest_points == RULES.arrange(hand).rest_points
    cards = [c for m in sol.melds for c in m.cards]
    assert sorted(cards + list(sol.rest)) == sorted(hand)
    for m in sol.melds:
        assert isinstance(validate(RULES.melds, m.kind, m.cards, ordered=True), Meld)
    shuffled = hand[:]
    rnd.shuffle(shuffled)
    RULES.cache.clear()
    again = knock_arrangement(RULES, shuffled)
    assert sorted(m.cards for m in again.melds) == sorted(m.cards for m in sol.melds)


@pytest.mark.parametrize("name", ["gin", "gin_openspiel", "gin_rlcard"])
def test_every_gin_profile_enumerates(name: str) -> None:
    from rummy_spec.engine.families.arrangements import _enumerable

    rules = compile_variant(load(name), 2)
    assert _enumerable(rules, [CODE["AS"], CODE["2S"]])
