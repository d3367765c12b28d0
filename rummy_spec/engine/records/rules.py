"""A variant compiled for play at one player count: everything the engine asks often.

Nothing here names a variant; every answer comes from the :class:`Variant` model.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import combinations
from typing import Any, Literal

from ... import decks
from ...cards import CardTable
from ...lang import model as m
from ...lang.expr import evaluate_int
from ...lang.meldkinds import least_size
from ..melding.melds import MeldRules, compile_rules
from ..solving.plan import SearchTooBig
from ..solving.solver import Solution, best_melds, solutions, solve
from .state import DEAL_CAP as DEAL_CAP  # the caps are the game record's (state.py),
from .state import TURN_CAP as TURN_CAP  # named here too for the importers of old
from .state import State

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
    special_faces: tuple[m.SpecialCard | None, ...] = field(
        init=False, compare=False, hash=False, repr=False)
    kept_faces: frozenset[int] = field(init=False, compare=False, hash=False, repr=False)
    untakable: frozenset[int] = field(init=False, compare=False, hash=False, repr=False)
    freezing: frozenset[int] = field(init=False, compare=False, hash=False, repr=False)
    covered: frozenset[int] = field(init=False, compare=False, hash=False, repr=False)
    swappable: frozenset[int] | None = field(init=False, compare=False, hash=False, repr=False)
    max_points: int = field(init=False, compare=False, hash=False, repr=False)
    last_floor: list[Any] = field(init=False, compare=False, hash=False, repr=False)
    # ``wilds { cut joker }``: the rank a deal's turned card made wild in these rules
    # (None: the game's own rules), the game's own rules, and theirs for each rank
    cut_rank: int | None = field(default=None, compare=False, hash=False, repr=False)
    base: Rules | None = field(default=None, compare=False, hash=False, repr=False)
    by_cut: dict[int, Rules] = field(default_factory=dict, compare=False, hash=False,
                                     repr=False)

    def __post_init__(self) -> None:
        # Each face's special rule (Skip...), or None: asked for every card discarded.
        object.__setattr__(self, "special_faces", tuple(
            None if f.special is None else self.specials.get(f.special)
            for f in self.table.faces))
        object.__setattr__(self, "max_points", max(self.points, default=0))  # one card
        faces = self._faces_of
        # Faces kept in hand by ``turn { no discarding CARDS }``, left on the pile by ``turn {
        # no taking CARDS from the pile }``, freezing it by ``turn { pile frozen by CARDS }``,
        # covered by the next card by ``deal { upcard covered when CARDS }``.
        object.__setattr__(self, "kept_faces", faces(self.variant.turn.no_discard))
        object.__setattr__(self, "untakable", faces(self.variant.turn.no_take))
        object.__setattr__(self, "freezing", faces(self.variant.turn.frozen_by))
        object.__setattr__(self, "covered", faces(self.variant.deal.upcard_covered))
        # Wilds that ``swap { only CLASS }`` lets a player free (None: every wild).
        only = self.variant.swap.wilds
        object.__setattr__(self, "swappable", faces(only) if only else None)
        object.__setattr__(self, "last_floor", [((), 0)])  # [(hand, deadwood_floor)]

    def _faces_of(self, classes: Sequence[m.CardClass]) -> frozenset[int]:
        """The codes of the faces any of ``classes`` matches."""
        return frozenset(f.code for f in self.table.faces
                         if any(decks.matches(c, f) for c in classes))

    def dealt(self, state: State) -> Rules:
        """The rules of the deal ``state`` is in: these, unless a card turned for
        ``wilds { cut joker }`` made a rank wild, then the rules with that rank wild too
        (compiled once per rank, so each call is one look-up)."""
        card = state.hand.cut_card
        if card is None:
            return self if self.base is None else self.base
        rank = decks.cut_rank(self.table, card)
        if rank == self.cut_rank:
            return self
        base = self if self.base is None else self.base
        hit = base.by_cut.get(rank)
        if hit is None:
            hit = base.by_cut[rank] = _with_wild_rank(base, rank)
        return hit

    @property
    def has_contracts(self) -> bool:
        return bool(self.contracts)

    def is_down(self, state: State, player: int) -> bool:
        """Down = has laid the contract this hand; where there are no contracts, has laid
        a meld (melds stay on the table for the hand, so the table tells)."""
        hand = state.hand
        if hand.seats[player].down:
            return True
        return not self.has_contracts and any(t.owner == player for t in hand.table)

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
            hit = self.cache[key] = self._best_melds(hand)
        return hit

    def _best_melds(self, hand: list[int] | tuple[int, ...]) -> Solution:
        """The best arrangement; for a hand too big for the solver (a whole discard pile
        taken: thirty cards and wilds in long sets), the best of its natural cards alone
        with every wild left over, else no meld at all: an arrangement that is legal,
        though not always the best."""
        try:
            return best_melds(self.melds, hand, self.points)
        except SearchTooBig:
            pass
        wilds = [c for c in hand if c in self.wild]
        try:
            part = best_melds(self.melds, [c for c in hand if c not in self.wild],
                              self.points)
        except SearchTooBig:
            return Solution((), tuple(hand), self.hand_points(list(hand)))
        return Solution(part.melds, (*part.rest, *wilds),
                        part.rest_points + self.hand_points(wilds))

    def deadwood_floor(self, hand: list[int]) -> int:
        """A cheap lower bound on the points left unmelded: the cards that fit in no meld
        shape with the rest of the hand (0 when wilds, wrap-around or colour-blind runs or
        colour groups make a cheap bound unsafe).  Packs without duplicate cards take a
        bit-parallel path (one 16-bit lane per suit); others count ranks and suits."""
        layout = self.floor_layout
        if layout is None:
            return 0
        bits, cover = layout
        if cover is None:
            return _floor_by_counts(self, hand)
        key = tuple(hand)
        last = self.last_floor  # the same hand is often asked about several times in a row
        seen = last[0]  # (hand, floor): one object, replaced whole, so never half-written
        if seen[0] == key:
            known: int = seen[1]
            return known
        mask = 0
        for c in hand:
            mask |= bits[c]
        covered = cover(mask)
        floor = 0
        points = self.points
        for c in hand:
            if not bits[c] & covered:
                floor += points[c]
        last[0] = (key, floor)
        return floor

    @property
    def floor_layout(self) -> FloorLayout | None:
        """Each face's bits (an ace that may be high also has bit 14 of its lane) and the
        cover function of a hand's bit mask (None: the pack may hold a card twice, count
        instead); None: no cheap bound."""
        key = "floor-layout"
        if key in self.cache:
            hit: FloorLayout | None = self.cache[key]
            return hit
        v = self.variant
        run = v.run
        layout: FloorLayout | None = None
        if not (self.wild or v.group is not None or self.table.custom or (
                run is not None and (run.any_colour or run.wrap))):
            lane = {s: i for i, s in enumerate(self.table.suits)}
            ace_high = run is not None and run.ace != "low"
            bits = []
            for f in self.table.faces:
                if f.rank is None or f.suit is None:
                    bits.append(0)
                    continue
                b = 1 << (16 * lane[f.suit] + f.rank)
                bits.append(b | b << 13 if f.rank == 1 and ace_high else b)
            pack = decks.full_deck(v, self.players)
            unique = (len(set(pack)) == len(pack) and len(lane) <= 4
                      and "replay-extra-deck" not in v.stock.empty)
            cover = _cover_function(v.set.min if v.set is not None else 0,
                                    run.min if run is not None else 0, len(lane))
            layout = (tuple(bits), cover if unique else None)
        self.cache[key] = layout
        return layout

    def ways_down(self, hand: list[int], contract: m.Contract, limit: int) -> list[Solution]:
        """Distinct ways to lay ``contract`` from ``hand`` (solver), memoised."""
        if not _may_make(self, hand, contract):  # cheap: most hands are far from it
            return []
        key = ("down", contract.number, limit, tuple(sorted(hand)))
        hit = self.cache.get(key)
        if hit is None:
            if len(self.cache) > 200_000:
                self.cache.clear()
            try:
                hit = (self._ways_out(hand, contract, limit)
                       if self.variant.contracts.down_goes_out
                       else self._ways(hand, contract, limit))
            except SearchTooBig:
                # a hand the solver cannot search within its budget (grown huge by buying
                # or by taking a pile, against a contract of many melds): no way down is
                # listed, as for a hand that has none; the game goes on
                hit = []
            self.cache[key] = hit
        return hit

    def _ways(self, hand: list[int], contract: m.Contract, limit: int) -> list[Solution]:
        c = self.variant.contracts
        size: Literal["exact", "minimum"] = "minimum" if contract.pat else c.size
        if len(hand) > BIG_HAND:  # listing every way grows fast: the best way only
            best = solve(self.melds, hand, contract, count=c.count, size=size,
                         same_suit_runs=c.same_suit_runs, run_gap=c.run_gap,
                         distinct_set_ranks=c.distinct_set_ranks, pat=contract.pat,
                         points=self.points)
            return [] if best is None else [best]
        return solutions(self.melds, hand, contract, count=c.count, size=size,
                         same_suit_runs=c.same_suit_runs,
                         distinct_set_ranks=c.distinct_set_ranks, pat=contract.pat,
                         points=self.points, limit=limit, run_gap=c.run_gap)

    def _ways_out(self, hand: list[int], contract: m.Contract, limit: int) -> list[Solution]:
        """``going down goes out``: the ways to meld every card but one (kept to discard),
        for each card that can be kept, the highest kept first, at most ``limit``."""
        c = self.variant.contracts
        # one search first: where the hand's best arrangement leaves more points than any
        # one card is worth, no way leaves a single card
        best = solve(self.melds, hand, contract, count=c.count, size="minimum",
                     same_suit_runs=c.same_suit_runs, run_gap=c.run_gap,
                     distinct_set_ranks=c.distinct_set_ranks, points=self.points)
        if best is None or best.rest_points > self.max_points:
            return []
        out: list[Solution] = []
        for card in sorted(set(hand), key=lambda x: (-self.points[x], x)):
            rest = list(hand)
            rest.remove(card)
            if len(rest) > BIG_HAND:
                one = solve(self.melds, rest, contract, count=c.count, size="minimum",
                             same_suit_runs=c.same_suit_runs, run_gap=c.run_gap,
                             distinct_set_ranks=c.distinct_set_ranks, pat=True,
                             points=self.points)
                found = [] if one is None else [one]
            else:
                found = solutions(self.melds, rest, contract, count=c.count, size="minimum",
                                  same_suit_runs=c.same_suit_runs,
                                  distinct_set_ranks=c.distinct_set_ranks, pat=True,
                                  points=self.points, limit=limit - len(out),
                                  run_gap=c.run_gap)
            out += [Solution(s.melds, (card,), self.points[card]) for s in found]
            if len(out) >= limit:
                break
        return out

    def special_of(self, card: int) -> m.SpecialCard | None:
        return self.special_faces[card]


FloorLayout = tuple[tuple[int, ...], Callable[[int], int] | None]
_LANE = 0x7FFE  # ranks 1..14 of one lane


def _cover_function(set_min: int, run_min: int, lanes: int) -> Callable[[int], int]:
    """The bits of a hand's mask that lie in some run of ``run_min`` consecutive bits of
    one lane, or whose rank is held in ``set_min`` lanes (0: no such meld).  Bits 0 and
    15 of every lane are never set, so no run crosses lanes.  The function is written out
    for these three numbers (straight-line bit operations, no loops) and compiled once."""
    lines = ["def cover(m):", "    out = 0"]
    if run_min:
        lines.append("    s = " + " & ".join(["m"] + [f"(m >> {i})" for i in range(1, run_min)]))
        lines.append("    out = " + " | ".join(["s"] + [f"(s << {i})" for i in range(1, run_min)]))
    if 0 < set_min <= lanes:
        for i in range(lanes):
            lines.append(f"    l{i} = (m >> {16 * i}) & {_LANE}")
        terms = [" & ".join(f"l{i}" for i in combo)
                 for combo in combinations(range(lanes), set_min)]
        spread = sum(1 << (16 * i) for i in range(lanes))  # a lane copied to every lane
        lines.append(f"    out |= (({') | ('.join(terms)})) * {spread}")
    lines.append("    return out & m")
    namespace: dict[str, Any] = {}
    exec(compile("\n".join(lines), "<deadwood-floor>", "exec"), namespace)  # ints only
    fn: Callable[[int], int] = namespace["cover"]
    return fn


def _floor_by_counts(rules: Rules, hand: list[int]) -> int:
    """``deadwood_floor`` for hands that may hold a card twice: by rank and suit counts."""
    v = rules.variant
    faces = rules.table.faces
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
    points = rules.points
    for c in hand:
        f = faces[c]
        if f.rank is None or (by_rank[f.rank] < set_min and not _in_window(
                by_suit[f.suit], f.rank, run_min, ace_high)):
            floor += points[c]
    return floor


def _may_make(rules: Rules, hand: list[int], contract: m.Contract) -> bool:
    """Could ``hand`` hold ``contract`` at all?  False only where no way down exists.

    A bound, never a verdict: each meld the contract asks for, taken alone, needs its
    least size from the natural cards of one rank (a set), of one suit or of any where
    runs mix colours (a run: its cards are all of one suit and each takes its own
    place), or of one colour (a group), with every other card of the hand (wilds, and
    anything not natural) counted as able to fill it; and all the melds together need
    no more cards than the hand holds.  Wild limits, run windows and the gaps between
    runs only refuse more, so a hand this refuses the solver refuses too, and a turn of
    a long contract (Twelve-Step's "1 run of 13") that is nowhere near it skips the
    solver's search."""
    needs = rules.cache.get(("needs", contract.number))
    if needs is None:
        needs = rules.cache[("needs", contract.number)] = contract_needs(rules.variant, contract)
    melds, needed = needs
    if needed > len(hand):
        return False
    natural = rules.melds.is_natural
    naturals = [c for c in hand if natural[c]]
    fill = len(hand) - len(naturals)
    mixed = rules.variant.run is not None and rules.variant.run.any_colour
    most: dict[str, int] = {}
    for kind, size in melds:
        if kind not in most:
            if kind == "run" and mixed:
                most[kind] = len(naturals)
            else:
                by: tuple[object, ...] = (
                    rules.melds.rank if kind == "set" else rules.melds.suit if kind == "run"
                    else _colours(rules))
                most[kind] = max(Counter(map(by.__getitem__, naturals)).values(), default=0)
        if most[kind] + fill < size:
            return False
    return True


def _colours(rules: Rules) -> tuple[str | None, ...]:
    """Each card's colour, by code (kept: the bound asks for it on every turn)."""
    hit: tuple[str | None, ...] | None = rules.cache.get(("colours",))
    if hit is None:
        hit = rules.cache[("colours",)] = tuple(f.colour for f in rules.table.faces)
    return hit


def contract_needs(v: m.Variant, contract: m.Contract) -> tuple[tuple[tuple[str, int], ...], int]:
    """The contract's melds as (kind, least size), the longest first, and their cards."""
    melds: list[tuple[str, int]] = []
    for e in contract.elements:
        melds += [(e.kind, least_size(v, e))] * e.count
    melds.sort(key=lambda meld: -meld[1])
    return tuple(melds), sum(size for _, size in melds)


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


def _with_wild_rank(base: Rules, rank: int) -> Rules:
    """``base``'s rules with every card of ``rank`` wild as well."""
    v = base.variant
    name = base.table.rank_name(rank)
    wilds = replace(v.wilds, cards=(*v.wilds.cards, m.CardClass(rank=rank, text=name)))
    rules = compile_variant(replace(v, wilds=wilds), base.players)
    return replace(rules, cache={}, cut_rank=rank, base=base, by_cut={})


@lru_cache(maxsize=128)
def compile_variant(variant: m.Variant, players: int) -> Rules:
    table = decks.card_table(variant.deck)
    # a card without a score is one the rules never count (a hand settled in stakes with
    # no count read, Conquian's): it weighs 1, so a hand's best arrangement is still the
    # one leaving the fewest cards unmelded
    points = tuple(p if p is not None else 1 for p in decks.face_points(variant))
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
