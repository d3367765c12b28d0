"""The cheap bound before the contract search never refuses a hand the search accepts.

``ways_down`` asks :func:`_may_make` first and skips the solver where it says no, so a
single hand it wrongly refused would take a legal go-down out of the game.  Against
seeded hands of every built-in variant's every contract (many of them drawn from one
suit and one rank, with wilds, so that contracts are often made): wherever the solver
finds a way down, the bound lets the hand through; and it does refuse hands, so it is
not a bound that lets everything through.
"""

from __future__ import annotations

import random

import pytest

from rummy_spec.decks import full_deck
from rummy_spec.engine.records.rules import BIG_HAND, _may_make, compile_variant, contract_needs
from rummy_spec.engine.solving.solver import solutions
from rummy_spec.lang import load
from rummy_spec.lang.data import builtin_specs

WITH_CONTRACTS = sorted(n for n in builtin_specs() if load(n).contracts.rounds)


def _hand(rng: random.Random, deck: list[int], suit_of: list[str | None],
          rank_of: tuple[int, ...], size: int) -> list[int]:
    """Uniform, or mostly one suit and one rank (with the deck's wilds and specials)."""
    if rng.random() < 0.3:
        return rng.sample(deck, size)
    suit = rng.choice([s for s in suit_of if s is not None])
    rank = rng.choice([r for r in rank_of if r])
    pool = [c for c in deck if suit_of[c] in (suit, None) or rank_of[c] in (rank, 0)]
    return rng.sample(pool, min(size, len(pool)))


@pytest.mark.parametrize("name", WITH_CONTRACTS)
def test_the_bound_lets_every_made_contract_through(name: str) -> None:
    v = load(name)
    players = v.players.min
    rules = compile_variant(v, players)
    c = v.contracts
    deck = full_deck(v, players)
    suit_of = [f.suit for f in rules.table.faces]
    rng = random.Random(name)
    made = refused = 0
    large = False  # a contract needing half the hand or more, which some hands lack
    for contract in rules.contracts:
        size = min(rules.cards_dealt(contract.number) + 1, BIG_HAND)
        large = large or 2 * contract_needs(v, contract)[1] >= size
        for _ in range(60):
            hand = _hand(rng, deck, suit_of, rules.melds.rank, size)
            ways = solutions(rules.melds, hand, contract, count=c.count,
                             size="minimum" if contract.pat else c.size,
                             same_suit_runs=c.same_suit_runs,
                             distinct_set_ranks=c.distinct_set_ranks, pat=contract.pat,
                             points=rules.points, limit=1, run_gap=c.run_gap)
            ok = _may_make(rules, hand, contract)
            assert ok or not ways, (contract.number, rules.table.texts(hand))
            made += bool(ways)
            refused += not ok
    # a contract of few cards (Indian Rummy's two runs of three, in a hand of fourteen)
    # lets nearly every hand through the bound: refusals are asked only of larger ones
    assert made and (refused or not large), (made, refused)
