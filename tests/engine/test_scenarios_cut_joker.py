"""Scenarios: ``wilds { cut joker }`` (AXES.md X10): a card turned face up under the stock
after each deal makes every card of its rank wild for that deal (Indian Rummy: "a card
is picked from the stock pile and placed face up under the stock pile ... All the cards
of that rank regardless of the suit can be utilized as additional jokers", rummyon.com's
FAQ); a joker turned makes the aces wild (rummyculture.com's "Common Terminologies")."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import ok, refused

from rummy_spec.engine.game import Game
from rummy_spec.engine.records import codec
from rummy_spec.lang.model import Variant

_SPEC = """
variant cut_on "Cut on" extends rummy {{
    deck {{ decks 1, jokers 2 }}
    wilds {{ cards jokers{cut} }}
    score {{ joker: 0, wild: 0 }}
}}
"""
HAND = "5S 6S 7C 9D 9H KC KD QH 2C 3H"
OTHER = "4D 4H 8C 8D JC JH 10C 10H AD AH"


def _variant(cut: bool) -> Variant:
    return variant_from_text(_SPEC.format(cut=", cut joker" if cut else ""), "cut_on")


def _game(cut: bool, bottom: str = "7H") -> Game:
    """Seat 0 holds 5S 6S 7C; the stock's last card (its bottom) is ``bottom``."""
    return scenario(_variant(cut), 2, hands=[HAND, OTHER], stock=f"2D 3D 4C {bottom}",
                    discard="QC")


def test_the_turned_cards_rank_is_wild_for_the_deal() -> None:
    g = _game(cut=True)
    assert g.card_text([g.state.hand.cut_card or 0]) == ["7H"]
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["5S", "6S", "7C"]])  # 7C stands in a spade run: wild
    assert g.state.hand.table[0].meld.wild == (False, False, True)


def test_without_cut_joker_the_same_meld_is_refused() -> None:
    g = _game(cut=False)
    assert g.state.hand.cut_card is None
    ok(g, "draw", 0, source="stock")
    assert refused(g, "meld", 0, melds=[["5S", "6S", "7C"]]) != "ok"


def test_another_turned_rank_leaves_sevens_natural() -> None:
    g = _game(cut=True, bottom="9C")
    ok(g, "draw", 0, source="stock")
    assert refused(g, "meld", 0, melds=[["5S", "6S", "7C"]]) != "ok"
    ok(g, "meld", 0, melds=[["5S", "6S", "9D"]])  # a nine is wild now


def test_a_turned_joker_makes_the_aces_wild() -> None:
    g = _game(cut=True, bottom="JK")
    wild = {t for t in g.card_text(sorted(g.rules.wild))}
    assert wild == {"AC", "AD", "AH", "AS", "JK"}


def test_every_seat_sees_the_turned_card() -> None:
    g = _game(cut=True)
    for seat in (0, 1):
        view = g.view_json(seat)
        assert view["cut_card"] == "7H"
        assert view["stock"]["known"] == ["7H"] and view["stock"]["hidden"] == 3
    ok(g, "draw", 0, source="stock")  # a draw off the top leaves the bottom card known
    assert g.view_json(1)["stock"]["known"] == ["7H"]


def test_the_turned_card_and_its_wilds_survive_a_save() -> None:
    g = _game(cut=True)
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["5S", "6S", "7C"]])
    data = g.state_json()
    assert data["cut_card"] == "7H" and data["table"][0]["wilds"]
    loaded = codec.state_from_json(g.rules.table, data, g.base_rules.wild)
    assert loaded.hand.cut_card == g.state.hand.cut_card
    assert loaded.hand.table == g.state.hand.table


def test_a_shuffled_deal_turns_a_card_and_each_deal_its_own() -> None:
    """The seeded deal turns the stock's next card under it; the wilds follow it."""
    ranks = set()
    for seed in range(12):
        g = Game(_variant(cut=True), 2, seed=seed)
        h = g.state.hand
        assert h.cut_card is not None and h.stock[0] == h.cut_card
        face = g.rules.table.faces[h.cut_card]
        want = {f.code for f in g.rules.table.faces
                if f.joker or f.rank == (1 if face.rank is None else face.rank)}
        assert set(g.rules.wild) == want
        ranks.add(face.rank)
    assert len(ranks) > 3  # the rank changes from deal to deal
    plain = Game(_variant(cut=False), 2, seed=0)
    assert plain.state.hand.cut_card is None
    assert {plain.rules.table.faces[c].text for c in plain.rules.wild} == {"JK"}
