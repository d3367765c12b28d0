"""Taking the whole discard pile, and the frozen pile (Canasta).

With ``turn { take the whole discard pile }`` a draw from the pile takes its top card
first: the player's next play must meld it or lay it off, and that play hands him the
rest of the pile (so only the cards he held before count towards the meld and his
opening; Britannica, "Canasta": the top card is melded with cards from the hand before
the rest of the pile is taken).  Until then the rest is *owed*: it still lies in the pile.

With ``pile frozen by CLASS`` (a wild card in the pile) or ``pile frozen until the side
melds`` the card taken may be used only in a new meld holding two natural cards of its
rank from the hand: a natural pair, never a lay-off.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import State
from ..records.teams import team


def owed(rules: Rules, state: State) -> list[int]:
    """The cards of the pile the player in turn will take when he uses the card taken
    (none unless a whole-pile take waits for its card to be melded)."""
    if not rules.variant.turn.whole_pile or state.hand.must_meld is None:
        return []
    return list(state.hand.discard)


def give_rest(rules: Rules, state: State, player: int) -> None:
    """The card taken is used: the rest of the pile goes to the player's hand."""
    if not rules.variant.turn.whole_pile:
        return
    hand = state.hand
    hand.seats[player].hand.extend(hand.discard)
    hand.discard.clear()
    hand.pile_owner.clear()


def frozen(rules: Rules, state: State, player: int, card: int) -> bool:
    """Is the pile frozen against ``player``, ``card`` the one taken from its top: a card
    of the freezing classes in it (that card included), or his side not yet melded?"""
    t = rules.variant.turn
    if t.frozen_by and (card in rules.freezing
                        or any(c in rules.freezing for c in state.hand.discard)):
        return True
    side = team(rules.variant.game.partners, rules.players, player)
    return t.frozen_until_melded and not any(rules.is_down(state, p) for p in side)


def pair_ok(rules: Rules, card: int, melds: Sequence[Sequence[int]]) -> Verdict:
    """The melds laid with the card taken from a frozen pile: the one holding it must hold
    two natural cards of its rank besides it."""
    rank = rules.table.faces[card].rank
    for cards in melds:
        if card not in cards:
            continue
        rest = list(cards)
        rest.remove(card)
        pair = sum(1 for c in rest if c not in rules.wild and rank is not None
                   and rules.table.faces[c].rank == rank)
        if pair >= 2:
            return OK
    return no("pile-frozen", "the pile is frozen: meld its top card with a natural pair "
              "of its rank from your hand")
