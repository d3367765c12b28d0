"""What the checks count with: the player counts a variant is checked at, its rounds, the
cards the deal takes, the fewest cards a contract takes, the buys a player may make.

Below the checker (:mod:`.check`) and the rule checks it runs (:mod:`.check_rules`),
which both count with these; the exported summary and the rulebook read them too.
"""

from __future__ import annotations

from . import model as m
from .expr import evaluate_int
from .meldkinds import least_size

OPEN_PLAYER_LIMIT = 12


def player_counts(v: m.Variant) -> range:
    high = v.players.max if v.players.max is not None else max(OPEN_PLAYER_LIMIT, v.players.min)
    return range(v.players.min, high + 1)


def round_numbers(v: m.Variant) -> range:
    return range(1, max(1, v.rounds) + 1)


def cards_out(v: m.Variant, players: int, dealt: int) -> int:
    """Cards the deal takes from the pack: the hands, the upcard, the first player's extra."""
    return players * dealt + int(v.deal.upcard) + int(v.deal.first_turn_discard)


def minimum_cards(v: m.Variant, contract: m.Contract) -> int:
    return sum(e.count * least_size(v, e) for e in contract.elements)


def dealt_text(v: m.Variant, players: int) -> str:
    counts = sorted({evaluate_int(v.deal.cards, players, c.number) or 0
                     for c in v.contracts.rounds})
    return " or ".join(str(c) for c in counts) + " cards"


def buy_allowance(v: m.Variant, players: int, rnd: int) -> int | None:
    """Most buys a player may make in a round; with carry-over, the unused ones add up."""
    assert v.claim is not None and v.claim.limit is not None
    if not v.claim.carry_over:
        return evaluate_int(v.claim.limit, players, rnd)
    total = 0
    for r in range(1, rnd + 1):
        value = evaluate_int(v.claim.limit, players, r)
        if value is None:
            return None
        total += value
    return total
