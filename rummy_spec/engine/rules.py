"""A variant compiled for play at one player count: everything the engine asks often.

Nothing here names a variant; every answer comes from the :class:`Variant` model.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Literal

from .. import decks
from ..cards import CardTable
from ..lang import model as m
from ..lang.expr import evaluate_int
from .melds import MeldRules, compile_rules
from .solver import Solution, best_melds, solutions, solve

TURN_CAP = 400  # default: turns in one round before it is abandoned
DEAL_CAP = 150  # default: deals in one game before it is abandoned
BIG_HAND = 20  # above this many cards, legal_actions offers one way down (the best)


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

    def deadwood_floor(self, hand: list[int]) -> int:
        """A cheap lower bound on the points left unmelded: the cards that fit in no meld
        shape with the rest of the hand (0 when wilds or colour-blind runs or colour
        groups make a cheap bound unsafe)."""
        v = self.variant
        if self.wild or v.group is not None or (v.run is not None and v.run.any_colour):
            return 0
        faces = self.table.faces
        by_rank: dict[int, int] = {}
        by_suit: dict[str | None, set[int]] = {}
        ace_high = v.run is not None and v.run.ace != "low"
        for c in hand:
            f = faces[c]
            if f.rank is None:
                continue
            by_rank[f.rank] = by_rank.get(f.rank, 0) + 1
            ranks = by_suit.setdefault(f.suit, set())
            ranks.add(f.rank)
            if f.rank == 1 and ace_high:
                ranks.add(14)
        set_min = v.set.min if v.set is not None else 99
        run_min = v.run.min if v.run is not None else 99
        floor = 0
        points = self.points
        for c in hand:
            f = faces[c]
            if f.rank is None or (by_rank[f.rank] < set_min and not _in_window(
                    by_suit[f.suit], f.rank, run_min, ace_high)):
                floor += points[c]
        return floor

    def ways_down(self, hand: list[int], contract: m.Contract, limit: int) -> list[Solution]:
        """Distinct ways to lay ``contract`` from ``hand`` (solver), memoised."""
        key = ("down", contract.number, limit, tuple(sorted(hand)))
        hit = self.cache.get(key)
        if hit is None:
            c = self.variant.contracts
            if len(self.cache) > 200_000:
                self.cache.clear()
            size: Literal["exact", "minimum"] = "minimum" if contract.pat else c.size
            if len(hand) > BIG_HAND:  # listing every way grows fast: the best way only
                best = solve(self.melds, hand, contract, count=c.count, size=size,
                             same_suit_runs=c.same_suit_runs,
                             distinct_set_ranks=c.distinct_set_ranks, pat=contract.pat,
                             points=self.points)
                hit = self.cache[key] = [] if best is None else [best]
            else:
                hit = self.cache[key] = solutions(
                    self.melds, hand, contract, count=c.count, size=size,
                    same_suit_runs=c.same_suit_runs, distinct_set_ranks=c.distinct_set_ranks,
                    pat=contract.pat, points=self.points, limit=limit)
        return hit

    def special_of(self, card: int) -> m.SpecialCard | None:
        return self.special_faces[card]

    @property
    def special_faces(self) -> tuple[m.SpecialCard | None, ...]:
        hit = self.cache.get("special-faces")
        if hit is None:
            hit = self.cache["special-faces"] = tuple(
                None if f.special is None else self.specials.get(f.special)
                for f in self.table.faces)
        return hit


def _in_window(ranks: set[int], rank: int, length: int, ace_high: bool) -> bool:
    """Is ``rank`` inside some run of ``length`` consecutive ranks all held?"""
    for r in (rank, 14) if (rank == 1 and ace_high) else (rank,):
        low = r
        while low - 1 in ranks and r - low + 1 < length:
            low -= 1
        high = r
        while high + 1 in ranks and high - low + 1 < length:
            high += 1
        if high - low + 1 >= length:
            return True
    return False


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
