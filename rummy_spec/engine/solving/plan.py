"""What the contract solver searches for, what it finds, and how far it may look.

Shared by the slot search (:mod:`.search`) and the flat loops (:mod:`.quick`): the
compiled contract (:class:`Plan`), one solution as found (:class:`Leaf`), and the budget
past which a search gives up (:class:`SearchTooBig`).
"""

from __future__ import annotations

from typing import Final

from ..melding.melds import MeldRules
from .shapes import Cand, MeldType

BIG_POINTS: Final = 1 << 40


class Plan:
    """What to search for: a contract with its options, compiled once.

    A plain class, not a tuple: compiled code reads its fields as direct loads."""

    __slots__ = (
        "collapse",
        "distinct",
        "extras",
        "gap",
        "min_cards",
        "min_naturals",
        "pat",
        "rules",
        "same",
        "slots",
    )

    def __init__(self, rules: MeldRules, slots: tuple[tuple[MeldType, int], ...],
                 extras: tuple[MeldType, ...], min_cards: int, min_naturals: int,
                 collapse: bool, gap: int, distinct: bool, pat: bool,
                 same: tuple[bool, ...] = ()) -> None:
        self.rules = rules
        self.slots = slots  # each required meld type and how many
        self.extras = extras  # types that may be laid any number of times
        self.min_cards = min_cards
        self.min_naturals = min_naturals
        self.collapse = collapse
        self.gap = gap  # the ranks two runs of one suit leave between them (0: may touch)
        self.distinct = distinct
        self.pat = pat
        self.same = same  # per contract meld: the same type as the one before it


class Leaf:
    """One solution as the search found it: candidates and the wilds melded."""

    __slots__ = ("ends", "melds", "score", "wilds")

    def __init__(self, score: int, wilds: int, melds: tuple[Cand, ...],
                 ends: dict[int, tuple[int, int]] | None) -> None:
        self.score = score  # points melded
        self.wilds = wilds
        self.melds = melds
        self.ends = ends  # fixed (below, above) growth of some runs


# The search's budget: a hand of a whole pack (52 cards and more) offers thousands of
# candidate melds, and trying their combinations would not end in any useful time.  Past
# the budget the search stops with SearchTooBig ("too many cards to search").  Real hands
# (up to twenty-odd cards) stay far below it.
QUICK_BUDGET: Final = 20_000_000  # third melds the pruned loops of the flat search try
NODE_BUDGET: Final = 3_000_000  # calls of the slot search


class SearchTooBig(Exception):
    """The hand offers too many candidate melds to search within the budget."""

    def __init__(self) -> None:
        super().__init__("too many cards to search (the hand offers too many candidate "
                         "melds)")
