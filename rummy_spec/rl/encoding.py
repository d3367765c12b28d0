"""The action encoding: every action of a variant at a player count as one index into a
fixed range, the same for every state of every game of that variant and table.

Moves made with one card (discards, knocks, calls, gifts, lay-offs, swaps, shifts) and
moves made with none (draws, passes, buys) have an index of their own, fixed by the card,
the table meld and the end they name.  A way of going down and a new meld lay several
cards at once: there are too many to give each an index, so they are indexed by their
rank in the engine's list (the solver's ways, best first), the k-th way down of the
position being ``go_down[k]``; a knock that names the melds it shows is indexed by its
card and its rank among the arrangements the engine lists for that card (at most
``KNOCK_ARRANGEMENTS``).  Every bound is derived from the variant model
(:func:`layout`); ``docs/rl.md`` lists the blocks and says why.

``wait`` is not an engine action: a seat asked whether to act out of turn (a rummy call,
a buy open at any time) before the seat in turn plays says with it that it will not.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.dispatch.moves import GO_DOWN_CANDIDATES
from ..engine.families.knock_melds import KNOCK_ARRANGEMENTS
from ..engine.records.rules import Rules
from ..engine.records.state import Move

# the moves with no card, in index order
NO_CARD = ("draw_stock", "draw_discard", "pass", "buy", "dead_hand", "knock_none",
           "call_none", "wait")
WAIT = NO_CARD.index("wait")
ENDS = (None, "low", "high")


class EncodingError(ValueError):
    """An action the encoding has no index for: a bound derived from the variant model
    was passed, which is a fault of the derivation, reported rather than played round."""


@dataclass(frozen=True, slots=True)
class Block:
    name: str
    start: int
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        out = 1
        for n in self.shape:
            out *= n
        return out


@dataclass(frozen=True)
class Layout:
    """The blocks of one variant's action range, in index order."""

    faces: int  # F: the distinct faces of the pack (duplicates share one)
    players: int  # N
    melds: int  # M: table melds at most (the pack's cards over the smallest meld)
    ways: int  # G: ways down listed at once at most
    new_melds: int  # K: new-meld actions listed at once at most
    wild_targets: int  # W: 1, or M + 1 where a freed wild goes to a table meld
    depths: int  # D: deep takes from the pile (depth 2 up to the pack's cards), or 0
    blocks: tuple[Block, ...]
    cards: tuple[str, ...]  # each face's text, by face code

    @property
    def size(self) -> int:
        last = self.blocks[-1]
        return last.start + last.size

    def block(self, name: str) -> Block:
        for b in self.blocks:
            if b.name == name:
                return b
        raise KeyError(name)

    def describe(self, index: int) -> str:
        """The index in words: ``discard KS``, ``lay_off 5C on meld 2 at the low end``."""
        if not 0 <= index < self.size:
            raise EncodingError(f"action index {index} is outside 0..{self.size - 1}")
        b = next(b for b in self.blocks if b.start <= index < b.start + b.size)
        at = index - b.start
        f, name = self.faces, b.name
        if name == "no_card":
            return NO_CARD[at]
        if name in ("discard", "knock", "call", "give"):
            return f"{name} {self.cards[at]}"
        if name == "discard_at":
            return f"discard {self.cards[at // self.players]} at seat {at % self.players}"
        if name in ("go_down", "meld"):
            return f"{name} number {at + 1} of those listed"
        if name == "take":
            return f"take the {at + 2} top cards of the discard pile"
        if name == "lay_off":
            meld, rest = divmod(at, f * len(ENDS))
            card, end = divmod(rest, len(ENDS))
            where = "" if ENDS[end] is None else f" at the {ENDS[end]} end"
            return f"lay_off {self.cards[card]} on meld {meld}{where}"
        if name == "shift":
            meld, rest = divmod(at, f * len(ENDS))
            card, end = divmod(rest, len(ENDS))
            where = "" if ENDS[end] is None else f", the wild to the {ENDS[end]} end"
            return f"shift {self.cards[card]} into meld {meld}{where}"
        if name == "knock_shown":
            card, number = divmod(at, KNOCK_ARRANGEMENTS)
            return (f"knock {self.cards[card]} showing arrangement number {number + 1} of "
                    "those listed for it")
        meld, rest = divmod(at, f * self.wild_targets)
        card, to = divmod(rest, self.wild_targets)
        freed = f", the wild onto meld {to - 1}" if to else ""
        return f"swap {self.cards[card]} into meld {meld}{freed}"


def _min_meld(rules: Rules) -> int:
    v = rules.variant
    sizes = [r.min for r in (v.set, v.run, v.group) if r is not None]
    for contract in rules.contracts:
        sizes.extend(e.size for e in contract.elements if e.size)
    return max(1, min(sizes, default=3))


def pack_size(rules: Rules, dealt: int) -> int:
    """The cards a deal may hold at once: the pack (``dealt``, counted at a deal), and
    one pack more for each time the rules bring in a new pack when the stock runs out."""
    return dealt * (1 + sum(1 for step in rules.variant.stock.empty if step == "new-pack"))


def layout(rules: Rules, dealt: int) -> Layout:
    """The layout for ``rules`` (a variant at a player count) whose pack has ``dealt``
    cards.  Bounds: table melds M = cards // smallest meld; ways down G = contracts
    current at once (every contract where they may be made in any order) times the
    most the engine lists for one (``GO_DOWN_CANDIDATES``, or one per element of the
    contract for the ways with a meld of wilds alone); new melds K = M + 2 (every meld of
    the hand's arrangement, all of them, all but the last); deep takes D = the pack's
    cards less one (depths 2 to the whole pack), where the variant allows them, else 0."""
    f, n = len(rules.table.faces), rules.players
    cards = pack_size(rules, dealt)
    m = max(1, cards // _min_meld(rules))
    elements = max((len(c.elements) for c in rules.contracts), default=1)
    g = max(1, len(rules.contracts)) * max(GO_DOWN_CANDIDATES, elements)
    k = m + 2
    w = m + 1 if rules.variant.swap.freed == "table" else 1
    d = cards - 1 if rules.variant.turn.deep_take else 0
    shapes: list[tuple[str, tuple[int, ...]]] = [
        ("no_card", (len(NO_CARD),)), ("discard", (f,)), ("knock", (f,)), ("call", (f,)),
        ("give", (f,)), ("discard_at", (f, n)), ("lay_off", (m, f, len(ENDS))),
        ("shift", (m, f, len(ENDS))), ("swap", (m, f, w)),
        ("knock_shown", (f, KNOCK_ARRANGEMENTS)), ("go_down", (g,)), ("meld", (k,)),
        ("take", (d,))]
    blocks: list[Block] = []
    start = 0
    for name, shape in shapes:
        b = Block(name, start, shape)
        blocks.append(b)
        start += b.size
    return Layout(f, n, m, g, k, w, d, tuple(blocks),
                  tuple(x.text for x in rules.table.faces))


class Encoder:
    """Indices for the actions of one layout; a meld-laying action's index needs its
    rank among the actions of its kind in the position's list (:meth:`indices`)."""

    def __init__(self, lay: Layout) -> None:
        self.layout = lay
        self._start = {b.name: b.start for b in lay.blocks}
        self._cache: dict[Move, int] = {}

    def index(self, a: Move, rank: int = 0) -> int:
        """The index of ``a``; ``rank``: its place among the position's go-downs (or new
        melds).  Raises :class:`EncodingError` past a bound."""
        if a.melds is None:
            hit = self._cache.get(a)
            if hit is None:
                hit = self._cache[a] = self._card_index(a)
            return hit
        if a.type == "knock":  # a knock naming the melds it shows: by card, then rank
            if a.card is None or rank >= KNOCK_ARRANGEMENTS:
                raise EncodingError(f"a knock showing arrangement number {rank + 1} passes "
                                    f"the engine's bound of {KNOCK_ARRANGEMENTS}")
            return self._start["knock_shown"] + a.card * KNOCK_ARRANGEMENTS + rank
        name, bound = (("go_down", self.layout.ways) if a.type == "go_down"
                       else ("meld", self.layout.new_melds))
        if rank >= bound:
            raise EncodingError(f"{a.type} number {rank + 1} of a position passes the "
                                f"bound of {bound} derived from the variant")
        return self._start[name] + rank

    def indices(self, actions: list[Move]) -> list[int]:
        """The index of each action of one position's list, in its order."""
        out = []
        ways = new = 0
        shown: dict[int | None, int] = {}  # a knock's named arrangements, by its card
        for a in actions:
            if a.melds is None:
                out.append(self.index(a))
            elif a.type == "knock":
                out.append(self.index(a, shown.get(a.card, 0)))
                shown[a.card] = shown.get(a.card, 0) + 1
            elif a.type == "go_down":
                out.append(self.index(a, ways))
                ways += 1
            else:
                out.append(self.index(a, new))
                new += 1
        return out

    def _card_index(self, a: Move) -> int:
        lay, s = self.layout, self._start
        f = lay.faces
        c = a.card
        if a.type == "draw" and a.depth is not None and a.depth > 1:
            if a.depth - 2 >= lay.depths:
                raise EncodingError(f"a take of {a.depth} cards from the pile passes the "
                                    f"bound of {lay.depths + 1} derived from the variant")
            return s["take"] + a.depth - 2
        if a.type == "draw":
            return s["no_card"] + (0 if a.source == "stock" else 1)
        if c is None:
            if a.type in ("pass", "buy", "dead_hand"):
                return s["no_card"] + NO_CARD.index(a.type)
            if a.type in ("knock", "call"):
                return s["no_card"] + NO_CARD.index(f"{a.type}_none")
            raise EncodingError(f"{a.type} with no card has no index")
        if a.type == "discard" and a.target is not None:
            return s["discard_at"] + c * lay.players + a.target
        if a.type in ("discard", "knock", "call", "give"):
            return s[a.type] + c
        meld = a.meld if a.meld is not None else 0
        if meld >= lay.melds:
            raise EncodingError(f"table meld {meld} passes the bound of {lay.melds} melds "
                                "derived from the variant")
        if a.type == "lay_off":
            return s["lay_off"] + (meld * f + c) * len(ENDS) + ENDS.index(a.end)
        if a.type == "shift":
            return s["shift"] + (meld * f + c) * len(ENDS) + ENDS.index(a.end)
        if a.type == "swap":
            if a.end is not None:
                raise EncodingError("a swap naming the end of a run has no index")
            to = 0 if a.wild_to is None else a.wild_to + 1
            if to >= lay.wild_targets:
                raise EncodingError(f"swap freeing a wild to meld {a.wild_to} passes the "
                                    "bound derived from the variant")
            return s["swap"] + (meld * f + c) * lay.wild_targets + to
        raise EncodingError(f"no index for action type {a.type}")
