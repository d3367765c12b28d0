"""A meld as data, and why a meld or a move on one is refused.

:class:`Meld` is what lies on the table (each card with the place it holds), a
:class:`Rejection` names the broken rule by a stable code from :data:`REASONS`.  The
checks themselves are in :mod:`.melds`, which exports these names too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...lang.model import MeldKind
from .meldrules import MeldRules

End = Literal["low", "high"]


REASONS: dict[str, str] = {
    "no-such-kind": "this variant has no melds of that kind",
    "special-card": "a special card (such as a Skip) can never be part of a meld",
    "too-short": "the meld has fewer cards than its kind needs",
    "too-long": "the meld has more cards than its kind may hold",
    "needs-natural": "a meld needs at least one natural (non-wild) card",
    "set-suits-repeat": "the natural cards of a set must each be of a different suit",
    "set-rank-left-out": "no set is made of this rank in this variant",
    "rank-left-out": "runs never hold this rank nor pass its place in this variant",
    "mixed-ranks": "the natural cards of a set must all have one rank",
    "mixed-suits": "the natural cards of a run must all have one suit",
    "mixed-colours": "the natural cards of a colour group must all have one colour",
    "duplicate-position": "two cards would stand for the same place in the run",
    "place-taken": "the card's place in the run is already held by another card",
    "not-consecutive": "the cards do not make consecutive ranks, even with wilds in the gaps",
    "ace-position": "the ace may not stand at that end of a run in this variant",
    "ace-both-ends": "a run may not have an ace at both ends in this variant",
    "wrap-around": "a run may not go around the corner (K-A-2) in this variant",
    "wilds-outnumber-naturals": "wild cards may not outnumber the naturals in a meld",
    "wilds-not-fewer": "a meld must hold fewer wild cards than natural cards",
    "too-many-wilds": "the meld holds more wild cards than this variant allows",
    "adjacent-wilds": "two wild cards may not stand next to each other in a run",
    "only-wilds-join": "a meld made of wild cards only accepts wild cards",
    "not-a-natural": "only a natural card can take a wild card's place",
    "no-wild-to-swap": "no wild card in this meld stands for that card",
    "not-a-run": "a wild card can only be shifted inside a run",
}


@dataclass(frozen=True, slots=True)
class Rejection:
    """Why a meld or a move is illegal: a stable code from REASONS and a message."""

    code: str
    message: str


def reject(code: str, detail: str = "") -> Rejection:
    text = REASONS[code]
    return Rejection(code, f"{text}: {detail}" if detail else text)


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld as laid: cards with what each stands for.

    ``cards`` of a run are in position order, low to high; ``ranks`` are the positions
    (ace low 1, ace high 14, past 14 around the corner).  A set's ``ranks`` repeat the
    set's rank (0 for a set of wilds only); a colour group's are each card's own rank,
    0 for a wild.  ``suit`` is the run's suit (None for any-colour runs and for sets) or
    the group's colour code.  ``wild`` flags each card that is wild; the functions of this
    module read wildness from the rules, so a meld rebuilt without flags still works
    there, but its wild properties raise.
    """

    kind: MeldKind
    cards: tuple[int, ...]
    ranks: tuple[int, ...]
    suit: str | None
    wild: tuple[bool, ...] = ()

    def _flags(self) -> tuple[bool, ...]:
        if len(self.wild) != len(self.cards):
            raise ValueError("this meld was built without its wild flags")
        return self.wild

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def wild_positions(self) -> tuple[int, ...]:
        return tuple(i for i, w in enumerate(self._flags()) if w)

    @property
    def wild_count(self) -> int:
        return sum(self._flags())

    @property
    def naturals(self) -> int:
        return len(self.cards) - sum(self._flags())

    @property
    def all_wild(self) -> bool:
        return all(self._flags())

    @property
    def rank(self) -> int:
        """A set's rank (0 if all wild); a run's lowest position; 0 for a group."""
        if self.kind == "group":
            return 0
        return self.ranks[0]


def wild_meaning(rules: MeldRules, meld: Meld, index: int) -> tuple[int | None, str | None]:
    """(rank, suit) that the card at ``index`` stands for; None where nothing is fixed."""
    if meld.kind == "run":
        assert rules.space is not None
        return rules.space.rank_at(meld.ranks[index]), meld.suit
    if meld.kind == "set":
        return (meld.ranks[index] or None), None
    return None, meld.suit
