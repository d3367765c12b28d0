"""The memoised table reads answer what the meld functions answer, asked once or again.

``legal_actions`` asks the same table melds about the same cards turn after turn, so the
lay-off, fit, swap and shift answers and the readings of a card list as melds are kept on
the variant's rules; a kept answer must be the one the function gives, refusal and
message included, for every card of the pack against melds of each kind.
"""

from __future__ import annotations

import pytest

from rummy_spec.decks import full_deck
from rummy_spec.engine.dispatch.moves import _naturals_near
from rummy_spec.engine.families import tableplay
from rummy_spec.engine.melding.melds import Meld, add_card, fits, shift_wild, swap_wild
from rummy_spec.engine.records.rules import Rules, compile_variant
from rummy_spec.lang import load


def _table(rules: Rules, texts: list[list[str]]) -> list[Meld]:
    out = []
    for cards in texts:
        got = tableplay.meld_options(rules, [rules.table.parse(c) for c in cards],
                                       contract=False)
        assert isinstance(got, list), got
        out.append(got[0])
    return out


@pytest.mark.parametrize(("name", "melds"), [
    ("continental", [["4H", "JK", "6H", "7H"], ["9S", "9C", "JK"], ["2D", "3D", "4D", "5D"]]),
    ("rummy", [["JC", "QC", "KC"], ["5D", "5S", "5H"]]),
])
def test_memoised_answers_are_the_functions(name: str, melds: list[list[str]]) -> None:
    v = load(name)
    rules = compile_variant(v, v.players.min)
    rules.cache.clear()
    faces = sorted(set(full_deck(v, v.players.min)))
    for meld in _table(rules, melds):
        for _ in range(2):  # the first answer is worked out, the second remembered
            for c in faces:
                for end in (None, "low", "high"):
                    assert tableplay.onto(rules, meld, c, end) == add_card(
                        rules.melds, meld, c, end=end, contract=False)
                assert tableplay.fits_on(rules, meld, c) == fits(rules.melds, meld, c)
                assert tableplay.freeing(rules, meld, c) == swap_wild(rules.melds, meld, c)
                assert tableplay.shifting(rules, meld, c) == shift_wild(rules.melds, meld, c)
        near = _naturals_near(rules, meld)
        assert all(c not in rules.wild for c in near)
        # every natural that can be laid off is among the candidates listed
        assert {c for c in faces if c not in rules.wild
                and isinstance(add_card(rules.melds, meld, c), Meld)} <= near


def test_meld_readings_are_copies() -> None:
    v = load("continental")
    rules = compile_variant(v, 4)
    cards = [rules.table.parse(c) for c in ("9S", "9C", "JK")]
    first = tableplay.meld_options(rules, cards, contract=True, prefer={"set"})
    assert isinstance(first, list)
    first.clear()  # a caller's list is its own: the memo keeps its answer
    again = tableplay.meld_options(rules, cards, contract=True, prefer={"set"})
    assert again == tableplay._meld_options(rules, cards, True, {"set"}) and again
