"""Candidate melds for the contract solver: every meld a hand's naturals could anchor.

The solver sees a hand as *classes* of interchangeable naturals and a count of wild
cards, which are interchangeable in melds.  A class is named by a representative face:
the face itself, or, when no meld kind in play cares about suits, the lowest face of the
same rank and point value.  A hand's naturals are a packed counter, five bits per class
with the top bit a guard, so "does this meld fit in what is left" is one subtraction and
one mask: ``(left + GUARD - foot) & GUARD == GUARD``.

Candidates depend only on the cards of one rank (sets), of one suit lane (runs, groups)
and on the wild count, so they are cached per :class:`Reader` on exactly that key: a
bot's millionth hand mostly costs dictionary look-ups.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..melding.melds import MeldRules
from .shapes import BIG, BITS, FIELD, Cand, MeldType, count_table, lane_candidates

_CACHE_LIMIT: Final = 50_000  # entries per meld type; a bot meets a few thousand

# a set or group type's figures for one wild count: (need, cap) by naturals, the fewest
# naturals, the adder that flags ranks holding that many, the all-wild candidate if any
Setup = tuple[tuple[tuple[int, int] | None, ...], int, int, Cand | None]


class Hand:
    """A hand as the solver reads it.  A plain class, not a tuple: compiled code reads its
    fields as direct loads."""

    __slots__ = (
        "avail",
        "cards",
        "lanes",
        "natural_points",
        "naturals",
        "others",
        "prefix",
        "ranks",
        "total",
        "wilds",
    )

    def __init__(self, cards: tuple[int, ...], wilds: tuple[int, ...], prefix: tuple[int, ...],
                 avail: int, naturals: int, natural_points: int, others: tuple[int, ...],
                 total: int, lanes: int, ranks: int) -> None:
        self.cards = cards
        self.wilds = wilds  # wild faces, most points first
        self.prefix = prefix  # prefix[k]: points of the first k wilds
        self.avail = avail  # packed counts of the naturals, one field per class, rank by rank
        self.naturals = naturals
        self.natural_points = natural_points
        self.others = others  # cards that never meld (special cards)
        self.total = total  # points of the whole hand
        self.lanes = lanes  # cards held at each run position, 4 bits each, a lane per suit
        self.ranks = ranks  # naturals held of each rank, 6 bits per rank


class Reader:
    """Per-face tables and candidate caches for one variant's rules and point table.

    Classes get packed fields rank by rank, so the naturals of one rank are one slice
    of the packed counter, and a rank's set candidates are cached on that slice.
    """

    def __init__(self, rules: MeldRules, points: Sequence[int | None], collapse: bool) -> None:
        faces = rules.table.faces
        n_faces = len(faces)
        self.rules = rules
        self.points = tuple(points)
        # sets of different suits: one natural per face, so faces are never merged
        self.one_per_face = rules.set is not None and rules.set.different_suits
        # ``set { without RANK }``: no set of that rank, but one of the cards kept to go
        # out with, all natural (Canasta's black threes): those are never merged with
        # the rank's other faces
        self.left_out = frozenset(rules.set.without) if rules.set is not None else frozenset()
        collapse = collapse and not self.one_per_face
        self.collapse = collapse
        self.pts = [p or 0 for p in points] + [0] * (n_faces - len(points))
        natural = sorted((rules.rank[c], c) for c in range(n_faces) if rules.is_natural[c])
        self.field = [-1] * n_faces  # natural face -> field of its class
        self.face_of: list[int] = []  # field -> a face of its class
        self.ranks: dict[int, tuple[int, int]] = {}  # rank -> (first field, fields)
        seen: dict[tuple[int, int, bool] | tuple[int, int], int] = {}
        for r, c in natural:
            key = ((r, self.pts[c], c in rules.last_only) if r in self.left_out
                   else (r, self.pts[c])) if collapse else (r, -1 - c, False)
            if key not in seen:
                seen[key] = len(self.face_of)
                self.face_of.append(c)
                first, n = self.ranks.get(r, (seen[key], 0))
                self.ranks[r] = (first, n + 1)
            self.field[c] = seen[key]
        self.slices = [(r, BITS * first, (1 << (BITS * n)) - 1)
                       for r, (first, n) in self.ranks.items()]
        self.rank_index = {r: i for i, (r, _, _) in enumerate(self.slices)}
        # 6 bits per rank: how many naturals of that rank; bit 5 flags "at least k" sums
        self.rank_flags = sum(32 << (6 * i) for i in range(len(self.slices)))
        self.is_wild = rules.is_wild
        self.guard = sum(16 << (BITS * f) for f in range(len(self.face_of)))
        self.field_points = [self.pts[c] for c in self.face_of]
        self.capped = all(p >= 0 for p in self.field_points)  # melds never beat the naturals
        # the fewest points a natural scores: a way leaving one out scores at least that
        # much less than one melding every natural (0: some natural scores nothing)
        self.least_point = max(0, min(self.field_points, default=0))
        space = rules.space
        self.one_suit = space is not None and rules.run is not None and not rules.run.any_colour
        self.suits = rules.table.suits
        # run lanes: a 4-bit count per position, one lane of `width` positions per suit
        self.width = 0
        if space is not None and self.one_suit:
            self.width = space.pmax + 1 if not space.wrap else space.low + space.period
        # One sum over a hand's per-face codes reads everything at once.  Low to high:
        # the class fields, the lanes, then counts of naturals, wilds and other cards,
        # the naturals' points and the hand's points.
        self.lane_shift = BITS * len(self.face_of)
        self.rank_shift = self.lane_shift + 4 * self.width * len(self.suits)
        self.count_shift = self.rank_shift + 6 * len(self.slices)
        self.points_shift = self.count_shift + 24
        self.total_shift = self.points_shift + 32
        self.exact = all(0 <= p < (1 << 20) for p in self.pts)  # else points summed apart
        self.field_mask = (1 << self.lane_shift) - 1
        self.lane_mask = (1 << (self.rank_shift - self.lane_shift)) - 1
        self.rank_mask = (1 << (self.count_shift - self.rank_shift)) - 1
        self.code: list[int] = []
        for c in range(n_faces):
            f = self.field[c]
            code = 0
            if f >= 0:
                code = (1 << (BITS * f)) | (1 << self.count_shift)
                code |= 1 << (self.rank_shift + 6 * self.rank_index[rules.rank[c]])
                suit = rules.suit[c]
                if self.width and suit is not None and space is not None:
                    lane = self.lane_shift + 4 * self.width * self.suits.index(suit)
                    for p in space.positions(rules.rank[c]):
                        code += 1 << (lane + 4 * p)
            elif rules.is_wild[c]:
                code = 1 << (self.count_shift + 8)
            else:
                code = 1 << (self.count_shift + 16)
            if self.exact:
                code += (self.pts[c] << self.total_shift) + (
                    (self.pts[c] << self.points_shift) if f >= 0 else 0)
            self.code.append(code)
        self.low_bits = sum(1 << (4 * p) for p in range(self.width))
        self.order = [(1 << 40) - (p << 16) + c for c, p in enumerate(self.pts)]
        # per meld type: candidates cached by the cards they depend on, and the type's
        # figures per wild count
        self.kinds: dict[MeldType, tuple[dict[object, list[Cand]], dict[int, Setup]]] = {}
        self.tables: dict[MeldType, tuple[tuple[int, int] | None, ...]] = {}
        self.least: dict[tuple[MeldType, int], int] = {}

    def read(self, cards: Sequence[int]) -> Hand:
        """Split a hand into wilds, packed naturals and cards that never meld."""
        hand: tuple[int, ...] = cards if type(cards) is tuple else tuple(cards)
        pts = self.pts
        code = self.code
        mix = 0
        for c in hand:  # one sum reads every count at once (see __init__)
            mix += code[c]
        counts = mix >> self.count_shift
        naturals = counts & 0xFF
        wilds: tuple[int, ...] = ()
        prefix: tuple[int, ...] = (0,)
        others: tuple[int, ...] = ()
        if counts & 0xFFFF00:
            is_wild = self.is_wild
            if counts & 0xFFFF00 == 0x100:  # one wild: no sorting
                for c in hand:
                    if is_wild[c]:
                        wilds = (c,)
                        prefix = (0, pts[c])
                        break
            else:
                ws = sorted([c for c in hand if is_wild[c]], key=self.order.__getitem__)
                wilds = tuple(ws)
                acc = [0]
                for c in ws:
                    acc.append(acc[-1] + pts[c])
                prefix = tuple(acc)
            if counts & 0xFF0000:
                field = self.field
                others = tuple(sorted(c for c in hand if field[c] < 0 and not is_wild[c]))
        if self.exact:
            total = mix >> self.total_shift
            nat_points = (mix >> self.points_shift) & 0xFFFFFFFF
        else:
            total = sum(map(pts.__getitem__, hand))
            nat_points = total - prefix[-1] - sum(pts[c] for c in others)
        return Hand(hand, wilds, prefix, mix & self.field_mask, naturals, nat_points, others,
                    total, (mix >> self.lane_shift) & self.lane_mask,
                    (mix >> self.rank_shift) & self.rank_mask)

    def _table(self, t: MeldType) -> tuple[tuple[int, int] | None, ...]:
        table = self.tables.get(t)
        if table is None:
            table = self.tables[t] = count_table(self.rules, t)
        return table

    def candidates(self, t: MeldType, hand: Hand, wilds: int) -> list[Cand]:
        """Every candidate meld of type ``t`` in this hand with at most ``wilds`` wilds."""
        kind = self.kinds.get(t)
        if kind is None:
            kind = self.kinds[t] = ({}, {})
        cache, setups = kind
        if len(cache) > _CACHE_LIMIT:
            cache.clear()
        if t.kind == "run":
            return self._runs(t, cache, hand, wilds)
        setup = setups.get(wilds)
        if setup is None:
            setup = setups[wilds] = self._setup(t, wilds)
        table, least, add, all_wild = setup
        out: list[Cand] = []
        if t.kind == "set":
            avail = hand.avail
            if least > 31:
                return out
            slices = self.slices
            # ranks holding at least `least` naturals: add 32 - least to each 6-bit count
            # and keep the carries into bit 5 (a hand holds fewer than 32 of one rank)
            flags = self.rank_flags
            hits = (hand.ranks + add) & flags if hand.naturals < 32 else flags
            while hits:
                bit = hits & -hits
                hits ^= bit
                r, first, mask = slices[(bit.bit_length() - 1) // 6]
                k = (avail >> first) & mask
                if not k:
                    continue
                key = (k << 16) | (wilds << 8) | r
                got = cache.get(key)
                if got is None:
                    got = cache[key] = self._counted(t, table, wilds, r, first // BITS, k)
                if got:
                    out += got
        else:
            by_suit: dict[str | None, list[int]] = {}
            for f, c in enumerate(self.face_of):
                k = (hand.avail >> (BITS * f)) & FIELD
                if k:
                    by_suit.setdefault(self.rules.suit[c], []).extend([f] * k)
            for suit, fields in by_suit.items():
                ckey = (suit, tuple(fields), wilds)
                got = cache.get(ckey)
                if got is None:
                    got = cache[ckey] = self._grouped(t, table, wilds, suit, fields)
                out += got
        if all_wild is not None:
            out.append(all_wild)
        return out

    def _setup(self, t: MeldType, wilds: int) -> Setup:
        table = self._table(t)
        least = self._least(t, table, wilds)
        add = 0
        if least <= 31:
            add = self.rank_flags - sum(least << (6 * i) for i in range(len(self.slices)))
        empty = table[0]
        all_wild = None
        if empty is not None and empty[0] <= wilds:
            all_wild = Cand(0, 0, empty[0], empty[1], "set", 0, None)
        return table, least, add, all_wild

    def _least(self, t: MeldType, table: tuple[tuple[int, int] | None, ...], wilds: int) -> int:
        """The fewest naturals a candidate of type ``t`` can have with ``wilds`` wilds."""
        least = self.least.get((t, wilds))
        if least is None:
            least = BIG
            for n in range(1, len(table)):
                e = table[n]
                if e is not None and e[0] <= wilds:
                    least = n
                    break
            self.least[(t, wilds)] = least
        return least

    def _counted(self, t: MeldType, table: tuple[tuple[int, int] | None, ...], wilds: int,
                 rank: int, first: int, k: int) -> list[Cand]:
        """Set candidates from one rank's slice ``k`` of the packed counter."""
        fields = []
        f = first
        while k:
            fields += [f] * (k & FIELD)
            k >>= BITS
            f += 1
        if rank in self.left_out:  # only the cards kept to go out with, and no wild
            last = self.rules.last_only
            fields = [f for f in fields if self.face_of[f] in last]
            return [Cand(c.foot, c.points, 0, 0, c.kind, c.key, None)
                    for c in self._grouped(t, table, 0, rank, fields) if c.need == 0]
        return self._grouped(t, table, wilds, rank, fields)

    def _grouped(self, t: MeldType, table: tuple[tuple[int, int] | None, ...], wilds: int,
                 key: int | str | None, fields: list[int]) -> list[Cand]:
        """Candidates from every sub-multiset of some classes (one rank, or one colour)."""
        counts: dict[int, int] = {}
        for f in fields:
            counts[f] = counts.get(f, 0) + 1
        combos = [(0, 0, 0)]
        for f, k in counts.items():
            if self.one_per_face and t.kind == "set":
                k = min(k, 1)
            unit, p = 1 << (BITS * f), self.field_points[f]
            combos = [(x + i * unit, q + i * p, n + i) for x, q, n in combos for i in range(k + 1)]
        out = []
        for foot, q, n in combos:
            nc = table[n] if 0 < n < len(table) else None
            if nc is not None and nc[0] <= wilds:
                out.append(Cand(foot, q, nc[0], nc[1], t.kind, key, None))
        out.sort(key=lambda c: -c.points)
        return out

    def _runs(self, t: MeldType, cache: dict[object, list[Cand]], hand: Hand, wilds: int
              ) -> list[Cand]:
        rules = self.rules
        space = rules.space
        assert space is not None
        out: list[Cand] = []
        if self.one_suit:
            lanes = hand.lanes
            width = 4 * self.width
            full = (1 << width) - 1
            low = self.low_bits
            si = 0
            while lanes:
                counts = lanes & full
                lanes >>= width
                if counts:
                    present = (counts | (counts >> 1) | (counts >> 2) | (counts >> 3)) & low
                    if present.bit_count() + wilds >= t.size:
                        # present flags bit 0 of each position's 4 bits: the suit fits
                        # in bits 1-3, and the key stays a machine-sized int
                        key: object = (((present | (si << 1)) << 8) | wilds
                                       if si < 8 and wilds < 256 else (present, si, wilds))
                        got = cache.get(key)
                        if got is None:
                            suit = self.suits[si]
                            lane = {p: [self.field[rules.table.face(space.rank_at(p), suit)]]
                                    for p in range(self.width) if present >> (4 * p) & 1}
                            got = cache[key] = lane_candidates(rules, t, lane, wilds, suit,
                                                              self.field_points)
                        if got:
                            out += got
                si += 1
            return out
        held: list[tuple[int, tuple[int, ...]]] = []
        for r, (first, n) in self.ranks.items():
            k = (hand.avail >> (BITS * first)) & ((1 << (BITS * n)) - 1)
            if k:
                held.append((r, tuple(first + i for i in range(n) if (k >> (BITS * i)) & FIELD)))
        if len(held) + wilds < t.size:
            return out
        ckey = (tuple(held), wilds)
        got = cache.get(ckey)
        if got is None:
            spots: dict[int, list[int]] = {}
            for r, classes in held:
                for p in space.positions(r):
                    spots[p] = list(classes)
            got = cache[ckey] = lane_candidates(rules, t, spots, wilds, None, self.field_points)
        return got


_READERS: dict[tuple[int, bool], Reader] = {}


def reader(rules: MeldRules, points: Sequence[int | None], collapse: bool) -> Reader:
    """The reader for these rules and points (built once, then reused)."""
    r = _READERS.get((id(rules), collapse))
    if r is not None and r.rules is rules and (r.points is points or r.points == tuple(points)):
        return r
    if len(_READERS) > 64:
        _READERS.clear()
    r = _READERS[(id(rules), collapse)] = Reader(rules, points, collapse)
    return r
