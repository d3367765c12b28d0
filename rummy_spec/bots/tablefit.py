"""How a card meets the table's melds, for the planner: whether it can be laid off now
(:func:`playable`), whether a player who is down should take it (:func:`goes_on`), and
how near it is to being laid off (:func:`near_table`).  :func:`may_fit` is the cheap look
before the melds module's exact ``fits``."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.melding.melds import Meld, add_card, fits
from ..engine.records.rules import Rules
from ..engine.records.state import State


def playable(rules: Rules, state: State, card: int) -> bool:
    return any(may_fit(rules, t.meld, card) and fits(rules.melds, t.meld, card)
               for t in state.hand.table)


def goes_on(rules: Rules, state: State, hand: Sequence[int], card: int) -> bool:
    """Is a playable upcard worth taking as the draw, for a player who is down?

    Where a discard may end the hand, or more than one card is held, it is: the card is
    laid off and a card of the hand thrown.  But where the last card must be melded or
    laid off (going out "by meld") and one card is held, the upcard helps only if both can
    then be laid off; else laying it off would leave one card that may not be thrown, and
    the card taken is thrown back, for the next player to take in turn, round after round.
    The stock brings new cards instead."""
    if rules.variant.going_out.by != "meld" or len(hand) != 1:
        return True
    held = hand[0]
    for i, t in enumerate(state.hand.table):
        if not (may_fit(rules, t.meld, card) and fits(rules.melds, t.meld, card)):
            continue
        grown = add_card(rules.melds, t.meld, card)
        if not isinstance(grown, Meld):
            continue
        melds = [grown if j == i else u.meld for j, u in enumerate(state.hand.table)]
        if any(may_fit(rules, m, held) and fits(rules.melds, m, held) for m in melds):
            return True
    return False


def may_fit(rules: Rules, meld: Meld, card: int) -> bool:
    """A cheap first look before :func:`fits`: a natural joins a set only of its rank, a
    suited run only of its suit (anything else is left to ``fits``)."""
    mr = rules.melds
    if not mr.is_natural[card] or mr.is_wild[card]:
        return True
    if meld.kind == "set":
        return not meld.ranks or meld.ranks[0] in (0, mr.rank[card])
    if meld.kind == "run" and meld.suit is not None:
        return rules.table.faces[card].suit == meld.suit
    return True


def near_table(rules: Rules, state: State, card: int) -> int:
    """How close a card is to being laid off: 2 playable, 1 one rank from a run's end or
    the rank of a set on the table, 0 otherwise."""
    if playable(rules, state, card):
        return 2
    f = rules.table.faces[card]
    if f.rank is None:
        return 0
    for t in state.hand.table:
        meld = t.meld
        if meld.kind == "set" and meld.ranks and meld.ranks[0] == f.rank:
            return 1
        if meld.kind == "run" and (meld.suit is None or meld.suit == f.suit) and (
                f.rank in (meld.ranks[0] - 2, meld.ranks[-1] + 2)):
            return 1
    return 0
