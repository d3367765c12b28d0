"""The planner's knock: the discard that leaves the least deadwood, and the melds shown
that leave the defender the fewest cards to lay off."""

from __future__ import annotations

from ..engine.families.arrangements import knock_arrangement
from ..engine.families.knock_melds import lays_off, named_arrangement
from ..engine.records.rules import Rules
from ..engine.records.state import Move
from ..engine.solving.solver import Solution


def knock_key(rules: Rules, hand: list[int], a: Move) -> tuple[int, int]:
    """The least deadwood, then the highest card thrown."""
    if a.card is None:
        return (-1, 0)  # no discard at all: big gin
    rest = list(hand)
    rest.remove(a.card)
    return (rules.arrange(rest).rest_points, -rules.points[a.card])


def open_to(rules: Rules, hand: list[int], a: Move) -> int:
    """How many cards the defender could lay off onto the melds the knock shows (the
    planner shows, of the arrangements listed, the one leaving the fewest)."""
    rest = list(hand)
    if a.card is not None:
        rest.remove(a.card)
    if a.melds is not None:
        shown = named_arrangement(rules, rest, a.melds)
        melds = shown.melds if isinstance(shown, Solution) else ()
    else:
        melds = knock_arrangement(rules, rest).melds
    return len(lays_off(rules, hand, melds))
