"""A seat's view (:mod:`rummy_spec.engine.seats.view`) as a fixed-shape array of float32.

Rows of F entries, one per face of the pack, counting cards (a pack of several decks may
hold a face more than once); other seats in the order they sit after the observer
(row 1 is the next seat to play after it).  ``docs/rl.md`` lists the rows; the view's
public history is not in the array (the information-state tensor adds a summary of it,
:func:`recall_rows`), its string form being the exact view.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..engine.records.rules import Rules
from ..engine.records.state import PHASES, State
from ..engine.seats.knowledge import Knowledge

Array = npt.NDArray[np.float32]


@dataclass(frozen=True)
class ObservationLayout:
    faces: int
    players: int
    melds: int
    # total scale: the points at which a total reads 1.0 (the pack's points)
    scale: float

    @property
    def card_rows(self) -> int:
        # hand, known in each other seat, pile, upcard, stock known, shown now, shown at
        # the end of the last round (own row and others'), each table meld
        return 1 + (self.players - 1) + 5 + self.melds

    @property
    def scalars(self) -> int:
        # phase, seat in turn (relative), each seat's hand size, buys, total, down, meld
        # owners (relative, one row of N per meld slot), stock size, round
        return len(PHASES) + self.players * 5 + self.melds * self.players + 2

    @property
    def size(self) -> int:
        return self.card_rows * self.faces + self.scalars

    @property
    def recall_size(self) -> int:
        # per seat: the cards it discarded, the cards it laid on the table
        return 2 * self.players * self.faces


def observation_layout(rules: Rules, melds: int, pack: int) -> ObservationLayout:
    points = sum(rules.points) or 1
    return ObservationLayout(len(rules.table.faces), rules.players, melds,
                             float(max(points, pack)))


class Observer:
    """Fills arrays from views of one variant at one player count."""

    def __init__(self, rules: Rules, lay: ObservationLayout) -> None:
        self.layout = lay
        self.code = {f.text: f.code for f in rules.table.faces}
        self._phase = {p: i for i, p in enumerate(PHASES)}

    def _count(self, out: Array, row: int, cards: Iterable[str | None]) -> None:
        base = row * self.layout.faces
        code = self.code
        for c in cards:
            if c is not None:
                out[base + code[c]] += 1.0

    def observation(self, view: dict[str, Any]) -> Array:
        lay = self.layout
        n, f = lay.players, lay.faces
        out = np.zeros(lay.size, dtype=np.float32)
        seat = view["seat"]
        order = [(seat + i) % n for i in range(n)]  # observer first
        seats = view["seats"]
        self._count(out, 0, view["hand"])
        for row, other in enumerate(order[1:], start=1):
            self._count(out, row, seats[other]["known"])
        row = n
        pile = view["pile"]
        self._count(out, row, pile)
        if pile and pile[-1] is not None:
            self._count(out, row + 1, pile[-1:])
        self._count(out, row + 2, view["stock"]["known"])
        for cards in view["revealed"].values():
            self._count(out, row + 3, cards)
        last = view["last_round"]
        if last is not None:
            self._count(out, row + 4, last["hands"][seat])
            for other in order[1:]:
                self._count(out, row + 5, last["hands"][other])
        # row + 5 is the last of the fixed rows: melds start after it
        owners = []
        for i, meld in enumerate(view["table"][:lay.melds]):
            self._count(out, row + 6 + i, meld["cards"])
            owners.append((i, meld["owner"]))
        s = lay.card_rows * f
        out[s + self._phase[view["phase"]]] = 1.0
        s += len(PHASES)
        out[s + (view["turn"] - seat) % n] = 1.0
        s += n
        for i, who in enumerate(order):
            record = seats[who]
            out[s + i] = record["hand_size"] / f
            out[s + n + i] = record["buys"]
            out[s + 2 * n + i] = record["total"] / lay.scale
            out[s + 3 * n + i] = 1.0 if record["down"] else 0.0
        s += 4 * n
        for i, owner in owners:
            out[s + i * n + (owner - seat) % n] = 1.0
        s += lay.melds * n
        out[s] = view["stock"]["size"] / f
        out[s + 1] = view["round"] / 10.0
        return out

    def observation_of(self, state: State, know: Knowledge, seat: int) -> Array:
        """The same array as :meth:`observation` of ``seat``'s view, read straight from
        the record the view is made from (the state and what each seat was shown), without
        writing the view out as JSON first: the environment's fast path.  A test checks
        that both give the same array at every step of random games."""
        lay = self.layout
        n, f = lay.players, lay.faces
        h, g = state.hand, state.game
        order = [(seat + i) % n for i in range(n)]
        idx = h.seats[seat].hand[:]  # the card rows' entries, one per card, counted below
        mine = know.known[seat]
        for row, other in enumerate(order[1:], start=1):
            base = row * f
            idx += [base + c for c in mine[other].elements()]
        base = n * f
        pile = h.discard
        idx += [base + c for c in pile[know.pile_hidden:]]
        if pile and len(pile) > know.pile_hidden:
            idx.append(base + f + pile[-1])
        idx += [base + 2 * f + c for c in h.stock[:len(h.stock) - know.stock_hidden]]
        if h.phase == "layoff" and h.knocker is not None:
            idx += [base + 3 * f + c for c in h.seats[h.knocker].hand]
        if know.shown_hands is not None:
            idx += [base + 4 * f + c for c in know.shown_hands[seat]]
            for other in order[1:]:
                idx += [base + 5 * f + c for c in know.shown_hands[other]]
        for i, t in enumerate(h.table[:lay.melds]):
            row = base + (6 + i) * f
            idx += [row + c for c in t.meld.cards]
        out = np.bincount(idx, minlength=lay.size).astype(np.float32)
        s = lay.card_rows * f
        owners = s + len(PHASES) + 5 * n
        for i, t in enumerate(h.table[:lay.melds]):
            out[owners + i * n + (t.owner - seat) % n] = 1.0
        out[s + self._phase[h.phase]] = 1.0
        s += len(PHASES)
        out[s + (h.turn - seat) % n] = 1.0
        s += n
        seats = h.seats
        records = g.seats
        out[s:s + n] = [len(seats[who].hand) / f for who in order]
        out[s + n:s + 2 * n] = [seats[who].buys for who in order]
        out[s + 2 * n:s + 3 * n] = [records[who].total / lay.scale for who in order]
        out[s + 3 * n:s + 4 * n] = [1.0 if seats[who].down else 0.0 for who in order]
        s += 4 * n + lay.melds * n
        out[s] = len(h.stock) / f
        out[s + 1] = g.round / 10.0
        return out

    def recall(self, view: dict[str, Any]) -> Array:
        """A fixed-size summary of the view's history, for the information-state tensor:
        the cards each seat discarded (observer first), and the cards each seat laid on
        the table (melds and lay-offs), over the whole game."""
        n = self.layout.players
        out = np.zeros(self.layout.recall_size, dtype=np.float32)
        seat = view["seat"]
        for a in view["history"]:
            rel = (a["player"] - seat) % n
            card = a.get("card")
            if a["type"] in ("discard", "knock") and card is not None:
                self._count(out, rel, [card])
            elif a["type"] == "lay_off" and card is not None:
                self._count(out, n + rel, [card])
            for meld in a.get("melds") or ():
                self._count(out, n + rel, meld)
        return out
