"""Game.view and Game.sample: what a seat is shown, the JSON against its schema, and
sampled worlds (the same view; uniform over the hidden places)."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import jsonschema
import pytest

from rummy_spec.api import Action, Game

SCHEMA = json.loads((Path(__file__).resolve().parents[2] / "schema" / "view.schema.json")
                    .read_text(encoding="utf-8"))
# a small gin deal: seat 0 sees its ten cards and the upcard
HANDS = ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
STOCK = " ".join(f"{r}{s}" for s in "CD" for r in RANKS)
UPCARD = "JS"


def small() -> Game:
    stock = STOCK + " QS KS JH QH KH"
    return Game.dealt("gin", hands=HANDS, stock=stock, discard=UPCARD, dealer=1)


def test_a_view_shows_own_hand_and_sizes_not_other_cards() -> None:
    g = small()
    v = g.view(0)
    assert v.hand == tuple(HANDS[0].split())
    assert v.seats[1].hand_size == 10 and v.seats[1].known == ()
    assert v.upcard == UPCARD and v.stock_size == 31 and v.stock_hidden == 31
    text = v.dumps()
    assert not any(f'"{c}"' in text for c in HANDS[1].split())  # no card of seat 1's
    assert "QS" not in text  # nor the stock's top
    jsonschema.validate(v.to_json(), SCHEMA)


def test_a_card_taken_from_the_pile_is_known_until_played() -> None:
    g = small()
    g.apply(Action.take_upcard(0))  # seat 0 takes the first upcard (the offer)
    assert g.view(1).seats[0].known == ("JS",)
    g.apply(Action.discard(0, "AS"))
    g.apply(Action.take_upcard(1))  # seat 1 takes AS
    assert g.view(0).seats[1].known == ("AS",)
    g.apply(Action.discard(1, "2H"))
    g.apply(Action.draw(0))  # from the stock: seat 1 does not see it
    assert g.view(1).seats[0].known == ("JS",)
    g.apply(Action.discard(0, "JS"))  # played: no longer known
    assert g.view(1).seats[0].known == ()
    assert [a["type"] for a in g.view(0).history][:3] == ["draw", "discard", "draw"]
    jsonschema.validate(g.view(1).to_json(), SCHEMA)


def test_a_card_discarded_after_taking_is_no_longer_known() -> None:
    g = small()
    g.apply(Action.decline(0))
    g.apply(Action.take_upcard(1))
    assert g.view(0).seats[1].known == ("JS",)
    g.apply(Action.discard(1, "AH"))
    g.apply(Action.take_upcard(0))  # AH
    g.apply(Action.discard(0, "AS"))
    assert g.view(1).seats[0].known == ("AH",)
    assert g.view(0).seats[1].known == ("JS",)


def test_seat_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 2"):
        small().view(2)


def test_a_sample_has_the_same_view_and_keeps_known_cards() -> None:
    g = Game("gin", seed=11)
    rng = random.Random(4)
    for _ in range(25):
        g.apply(rng.choice(g.legal_actions()))
    for seat in (0, 1):
        for k in range(5):
            world = g.sample(seat, random.Random(k))
            assert world.view(seat) == g.view(seat)
            other = 1 - seat
            assert not Counter(g.view(seat).seats[other].known) - Counter(world.hand(other))
            assert world.hand(seat) == g.hand(seat)
    worlds = {tuple(g.sample(0, random.Random(k)).hand(1)) for k in range(5)}
    assert len(worlds) > 1  # the hidden cards are dealt anew


# Uniformity: seat 0 of the small deal cannot tell where the 41 cards hidden from it
# are (seat 1's ten and the stock's 31); each should be the stock's top card in 1/41 of
# the worlds.  4,100 samples, 100 expected per card; chi-square with 40 degrees of
# freedom, refused above 73.4 (p = 0.001).  The draw is seeded, so the test is fixed.
CHI2_LIMIT = 73.4


def test_samples_are_uniform_over_the_hidden_places() -> None:
    g = small()
    rng = random.Random(2024)
    tops: Counter[str] = Counter()
    in_hand: Counter[str] = Counter()
    n = 4100
    for _ in range(n):
        world = g.sample(0, rng)
        tops[world.engine.card_text(world.engine.state.hand.stock[-1:])[0]] += 1
        in_hand.update(world.hand(1))
    assert len(tops) == 41
    chi2 = sum((c - n / 41) ** 2 / (n / 41) for c in tops.values())
    assert chi2 < CHI2_LIMIT, chi2
    # each hidden card is in seat 1's hand in 10/41 of the worlds: within five standard
    # deviations of the binomial (mean 1000, sd 27.5)
    p = 10 / 41
    sd = (n * p * (1 - p)) ** 0.5
    assert all(abs(in_hand[c] - n * p) < 5 * sd for c in tops), in_hand
    assert not set(in_hand) & {*HANDS[0].split(), UPCARD}


def test_a_sampler_that_is_not_uniform_fails_the_chi_square() -> None:
    """The threshold bites: a sampler that keeps the stock's top card in place would."""
    counts = Counter({"QS": 4100 - 40 * 60, **{f"c{i}": 60 for i in range(40)}})
    chi2 = sum((c - 100) ** 2 / 100 for c in counts.values())
    assert chi2 > CHI2_LIMIT
