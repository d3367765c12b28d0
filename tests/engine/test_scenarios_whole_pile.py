"""Scenarios: taking the whole discard pile and the frozen pile (``turn { take the whole
discard pile, pile frozen by CLASS, pile frozen until the side melds }``), lay-offs on
one's own side only, sets without a rank, and the bonus of a long meld, as Canasta states
them (spec/canasta.rummy; Wikipedia's "Canasta", rules for classic Canasta: the top card
is melded with cards from the hand, then the rest of the pile is taken; a frozen pile is
taken only with a natural pair of the top card's rank)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import hand, last_result, ok, pile, refused, table

from rummy_spec.engine.game import Game

SPEC = Path(__file__).resolve().parents[2] / "spec" / "canasta.rummy"
TEXT = SPEC.read_text(encoding="utf-8")
# seat 0 holds a pair of kings, a deuce, and aces with a joker (90 points)
HANDS = ["KH KS QH 2C AS AD JK 5C 6D 7H 8S", "4C 4D 5S 6S 7C 8C 9C 10C JC QC KC",
         "4H 5H 6H 7D 8D 9D 10D JD QD 9H 10H", "4S 5D 6C 7S 8H 9S 10S JS QS KC 10S"]
OPENING = ["AS", "AD", "JK"]  # 90 points: enough for any opening below 3000


def game(discard: str, hands: list[str] | None = None, text: str = TEXT) -> Game:
    v = variant_from_text(text, "canasta")
    return scenario(v, 4, hands=hands or HANDS, stock="9D 9C 9S 9H 8D 8C 8H",
                    discard=discard)


def pass_round(g: Game, *cards: str) -> None:
    """Seats 1, 2 and 3 draw from the stock and discard these cards in turn."""
    for seat, card in zip((1, 2, 3), cards, strict=True):
        ok(g, "draw", seat, source="stock")
        ok(g, "discard", seat, card=card)


def test_the_top_card_is_melded_from_the_hand_then_the_rest_of_the_pile_comes() -> None:
    g = game("6C 4H KD")
    ok(g, "draw", 0, source="discard")
    assert pile(g) == ["6C", "4H"]  # the rest waits until the king is melded
    assert refused(g, "discard", 0, card="8S") == "must-meld-taken"
    ok(g, "meld", 0, melds=[["KD", "KH", "KS"], OPENING])
    assert pile(g) == []
    assert hand(g, 0)["6C"] == 1 and hand(g, 0)["4H"] == 1
    assert len(g.state.hand.seats[0].hand) == 11 + 1 - 6 + 2


def test_a_pile_whose_top_card_cannot_be_melded_is_not_taken() -> None:
    assert refused(game("6C 4H 9D"), "draw", 0, source="discard") == "taken-card-unusable"


def test_the_cards_under_the_top_card_do_not_count_for_the_opening() -> None:
    """Two kings and the king on top count 30: short of 50, though the pile holds an
    ace pair that would make it up once in hand."""
    hands = ["KH KS QH 9C 4S 4C 4D 5C 6D 7H 8S", *HANDS[1:]]
    assert refused(game("AH AC KD", hands=hands), "draw", 0, source="discard") \
        == "taken-card-unusable"


def test_frozen_for_a_side_that_has_not_melded_a_natural_pair_is_needed() -> None:
    """Before his side melds, a queen and a joker do not take the pile topped by a queen;
    a natural pair does."""
    hands = ["QH 2D 7S 4D JK AS AD AC 8S 9C 10C", *HANDS[1:]]
    assert refused(game("5S QD", hands=hands), "draw", 0, source="discard") \
        == "taken-card-unusable"
    hands_pair = ["QH QS 2C 4D JK AS AD 7H 8S 9C 10C", *HANDS[1:]]
    g = game("5S QD", hands=hands_pair)
    ok(g, "draw", 0, source="discard")
    assert refused(g, "meld", 0, melds=[["QD", "QH", "2C"], OPENING]) == "pile-frozen"
    ok(g, "meld", 0, melds=[["QD", "QH", "QS"], OPENING])
    assert hand(g, 0)["5S"] == 1 and pile(g) == []


def test_once_melded_an_unfrozen_top_card_goes_onto_the_sides_meld() -> None:
    hands = ["KH KS KC AS AD JK 5C 6D 7H 8S 9C", *HANDS[1:]]
    g = game("4D", hands=hands)
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["KH", "KS", "KC"], OPENING])
    ok(g, "discard", 0, card="9D")
    pass_round(g, "4C", "4H", "KC")  # seat 3 throws a king onto the pile
    ok(g, "draw", 0, source="discard")
    ok(g, "lay_off", 0, card="KC", meld=0)
    assert len(table(g)[0]) == 4 and pile(g) == []
    assert hand(g, 0)["9D"] == 1  # the card under the king came too


def test_a_wild_card_in_the_pile_freezes_it_even_for_a_side_that_has_melded() -> None:
    """The same, with a deuce under the king: the king may no longer go onto the side's
    meld, and seat 0 holds no pair of kings, so the pile stays."""
    hands = ["KH KS KC AS AD JK 5C 6D 7H 8S 2S", *HANDS[1:]]
    g = game("4D", hands=hands)
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["KH", "KS", "KC"], OPENING])
    ok(g, "discard", 0, card="2S")  # a deuce discarded freezes the pile
    pass_round(g, "4C", "4H", "KC")
    assert refused(g, "draw", 0, source="discard") == "taken-card-unusable"


def test_a_lay_off_goes_on_ones_own_sides_melds_only() -> None:
    hands = ["KH KS KC AS AD JK 5C 6D 7H 8S 9C", HANDS[1],
             "QC QD QS AH AC 2H 4H 5H 6H 7D KD", HANDS[3]]
    g = game("4D", hands=hands)
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["KH", "KS", "KC"], OPENING])
    ok(g, "discard", 0, card="9D")
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="4C")
    ok(g, "draw", 2, source="stock")
    ok(g, "lay_off", 2, card="KD", meld=0)  # his partner's kings: his side's meld
    ok(g, "discard", 2, card="4H")
    ok(g, "draw", 3, source="stock")
    ok(g, "discard", 3, card="4S")
    ok(g, "draw", 0, source="stock")
    ok(g, "discard", 0, card="5C")
    ok(g, "draw", 1, source="stock")
    assert refused(g, "lay_off", 1, card="KC", meld=0) in ("not-down", "own-melds-only")


def test_the_other_sides_melds_are_closed_to_a_player_who_has_melded() -> None:
    hands = ["KH KS KC AS AD JK 5C 6D 7H 8S 9C", "QC QD QS AH AC 2H 4C 5S 6S 7C KD",
             HANDS[2], HANDS[3]]
    g = game("4D", hands=hands)
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["KH", "KS", "KC"], OPENING])
    ok(g, "discard", 0, card="9D")
    ok(g, "draw", 1, source="stock")
    ok(g, "meld", 1, melds=[["QC", "QD", "QS"], ["AH", "AC", "2H"]])
    assert refused(g, "lay_off", 1, card="KD", meld=0) == "own-melds-only"


def test_no_set_of_threes() -> None:
    hands = ["3H 3D 3C AS AD JK 5C 6D 7H 8S 9C", *HANDS[1:]]
    g = game("4D", hands=hands)
    ok(g, "draw", 0, source="stock")
    assert refused(g, "meld", 0, melds=[["3H", "3D", "3C"], OPENING]) \
        == "set-rank-left-out"


def test_a_canasta_scores_its_bonus_and_going_out_its_own() -> None:
    """Seat 0 goes out on a natural canasta of kings (70 + 500) and three aces with a
    joker (90), discarding his last card, all in his first turn: 200 more for going out
    concealed.  Seat 2, his partner, loses what he holds."""
    g = game("6H", hands=["KH KS KC KD KH KS KC AD AC JK", *HANDS[1:]])
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["KH", "KS", "KC", "KD", "KH", "KS", "KC"], ["AD", "AC", "JK"]])
    ok(g, "discard", 0, card="9D")
    r = last_result(g)
    assert r.winner == 0 and r.ending == "out"
    assert r.scores[0] == 70 + 500 + 90 + 200
    assert r.scores[2] == -(4 * 5 + 7 * 10)  # 4H 5H 6H 7D: 5 each; the rest 10 each


def test_a_mixed_canasta_scores_the_lower_bonus() -> None:
    g = game("6H", hands=["KH KS KC KD KH 2S JK AD AC AH", *HANDS[1:]])
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["KH", "KS", "KC", "KD", "KH", "2S", "JK"], ["AD", "AC", "AH"]])
    ok(g, "discard", 0, card="9D")
    r = last_result(g)
    assert r.scores[0] == 50 + 20 + 50 + 300 + 60 + 200


def test_a_lay_off_on_the_partners_meld_is_not_concealed() -> None:
    """Seat 2 lays his first cards this turn, one of them on his partner's meld: going out
    scores 100, not 200 (Parlett: no lay-off on the partner's melds when concealed)."""
    hands = ["KH KS KC AS AD JK 5C 6D 7H 8S 9C", HANDS[1],
             "QH QS QC QD QH QS QC KD 10H 10D 10C", HANDS[3]]
    g = game("4D", hands=hands)
    ok(g, "draw", 0, source="stock")  # 9D
    ok(g, "meld", 0, melds=[["KH", "KS", "KC"], OPENING])
    ok(g, "discard", 0, card="9D")
    ok(g, "draw", 1, source="stock")  # 9C
    ok(g, "discard", 1, card="9C")
    ok(g, "draw", 2, source="stock")  # 9S
    ok(g, "meld", 2, melds=[["QH", "QS", "QC", "QD", "QH", "QS", "QC"]])
    ok(g, "lay_off", 2, card="KD", meld=0)
    ok(g, "meld", 2, melds=[["10H", "10D", "10C"]])
    ok(g, "discard", 2, card="9S")
    r = last_result(g)
    assert r.winner == 2 and r.scores[2] == 70 + 500 + 10 + 30 + 100


@pytest.mark.patches_engine
def test_a_hand_too_big_for_the_solver_is_arranged_from_its_naturals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole pile taken can leave a hand of thirty cards and many wilds, more than the
    solver searches: the hand is then arranged from its natural cards, every wild left
    over, rather than failing (a game of Canasta stopped on such a hand)."""
    from rummy_spec.engine.records import rules as rules_module
    from rummy_spec.engine.solving.plan import SearchTooBig
    from rummy_spec.engine.solving.solver import best_melds as real

    g = game("4D")

    def too_big_with_wilds(melds, hand, points):  # type: ignore[no-untyped-def]
        if any(c in g.rules.wild for c in hand):
            raise SearchTooBig()
        return real(melds, hand, points)

    monkeypatch.setattr(rules_module, "best_melds", too_big_with_wilds)
    text = {f.text: f.code for f in g.rules.table.faces}
    hand = [text[c] for c in ["KH", "KS", "KC", "QH", "QS", "QD", "2C", "JK", "5C"]]
    got = g.rules.arrange(hand)
    assert sorted(len(m.cards) for m in got.melds) == [3, 3]
    assert sorted(got.rest) == sorted(text[c] for c in ("2C", "JK", "5C"))
    assert got.rest_points == 20 + 50 + 5
