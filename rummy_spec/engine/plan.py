"""What the contract solver searches for, what it finds, and how far it may look.

Shared by the slot search (:mod:`.search`) and the flat loops (:mod:`.quick`): the
compiled contract (:class:`Plan`), one solution as found (:class:`Leaf`), and the budget
past which a search gives up (:class:`SearchTooBig`).
"""

from __future__ import annotations

from typing import NamedTuple

from .melds import MeldRules
from .shapes import Cand, MeldType

BIG_POINTS = 1 << 40


class Plan(NamedTuple):
    """What to search for: a contract with its options, compiled once."""

    rules: MeldRules
    slots: tuple[tuple[MeldType, int], ...]  # each required meld type and how many
    extras: tuple[MeldType, ...]  # types that may be laid any number of times
    min_cards: int
    min_naturals: int
    collapse: bool
    gap: int  # the ranks two runs of one suit leave between them (0: they may touch)
    distinct: bool
    pat: bool
    same: tuple[bool, ...] = ()  # per contract meld: the same type as the one before it


class Leaf(NamedTuple):
    """One solution as the search found it: candidates and the wilds melded."""

    score: int  # points melded
    wilds: int
    melds: tuple[Cand, ...]
    ends: dict[int, tuple[int, int]] | None  # fixed (below, above) growth of some runs


# The search's budget: a hand of a whole pack (52 cards and more) offers thousands of
# candidate melds, and trying their combinations would not end in any useful time.  Past
# the budget the search stops with SearchTooBig ("too many cards to search").  Real hands
# (up to twenty-odd cards) stay far below it.
QUICK_BUDGET = 20_000_000  # third melds the pruned loops of the flat search try
NODE_BUDGET = 3_000_000  # calls of the slot search


class SearchTooBig(Exception):
    """The hand offers too many candidate melds to search within the budget."""

    def __init__(self) -> None:
        super().__init__("too many cards to search (the hand offers too many candidate "
                         "melds)")
