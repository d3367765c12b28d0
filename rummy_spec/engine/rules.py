"""A variant compiled for play at one player count: everything the engine asks often.

Nothing here names a variant; every answer comes from the :class:`Variant` model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from .. import decks
from ..cards import CardTable
from ..lang import model as m
from ..lang.expr import evaluate_int
from .melds import MeldRules, compile_rules
from .solver import Solution, best_melds, solutions

TURN_CAP = 400  # default: turns in one round before it is abandoned
DEAL_CAP = 150  # default: deals in one game before it is abandoned


@dataclass(frozen=True)
class Rules:
    variant: m.Variant
    players: int
    table: CardTable
    melds: MeldRules
    wild: frozenset[int]
    points: tuple[int, ...]
    contracts: tuple[m.Contract, ...]
    specials: dict[str, m.SpecialCard]
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def has_contracts(self) -> bool:
        return bool(self.contracts)

    @property
    def knocking(self) -> bool:
        return self.variant.knock is not None

    @property
    def individual(self) -> bool:
        return self.variant.contracts.progression != "together"

    def cards_dealt(self, round_: int) -> int:
        return evaluate_int(self.variant.deal.cards, self.players, round_) or 0

    def buy_limit_one(self, round_: int) -> int | None:
        """Buys allowed in one round before any carry-over; None: unlimited."""
        claim = self.variant.claim
        if claim is None or claim.limit is None:
            return None
        return evaluate_int(claim.limit, self.players, round_)

    def hand_points(self, hand: list[int]) -> int:
        pts = self.points
        return sum(pts[c] for c in hand)

    def arrange(self, hand: list[int] | tuple[int, ...]) -> Solution:
        """The hand's best free arrangement (deadwood), memoised on the hand."""
        key = ("free", tuple(sorted(hand)))
        hit = self.cache.get(key)
        if hit is None:
            if len(self.cache) > 200_000:
                self.cache.clear()
            hit = self.cache[key] = best_melds(self.melds, hand, self.points)
        return hit

    def ways_down(self, hand: list[int], contract: m.Contract, limit: int) -> list[Solution]:
        """Distinct ways to lay ``contract`` from ``hand`` (solver), memoised."""
        key = ("down", contract.number, limit, tuple(sorted(hand)))
        hit = self.cache.get(key)
        if hit is None:
            c = self.variant.contracts
            if len(self.cache) > 200_000:
                self.cache.clear()
            hit = self.cache[key] = solutions(
                self.melds, hand, contract, count=c.count,
                size="minimum" if contract.pat else c.size, same_suit_runs=c.same_suit_runs,
                distinct_set_ranks=c.distinct_set_ranks, pat=contract.pat, points=self.points,
                limit=limit)
        return hit

    def special_of(self, card: int) -> m.SpecialCard | None:
        code = self.table.faces[card].special
        return None if code is None else self.specials.get(code)


@lru_cache(maxsize=128)
def compile_variant(variant: m.Variant, players: int) -> Rules:
    table = decks.card_table(variant.deck)
    points = tuple(p if p is not None else 0 for p in decks.face_points(variant))
    return Rules(
        variant=variant,
        players=players,
        table=table,
        melds=compile_rules(variant),
        wild=decks.wild_faces(variant),
        points=points,
        contracts=variant.contracts.rounds,
        specials={s.code: s for s in variant.deck.specials},
    )
