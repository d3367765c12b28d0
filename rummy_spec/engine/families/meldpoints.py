"""What the cards of a table meld count, by position: a card's score, except an ace laid
low in a run where the score section says what that counts (``score { ace in a low run:
N }``; 500 Rum, after Bicycle: an ace counts 15, "except in the sequence 3, 2, A, when it
counts as 1")."""

from __future__ import annotations

from ..melding.melds import Meld
from ..records.rules import Rules


def low_ace_at(rules: Rules, meld: Meld, index: int) -> bool:
    """Does position ``index`` of the meld hold (or, for a wild, stand for) an ace laid
    low in a run, where such an ace has a value of its own?"""
    return (rules.variant.score.low_ace is not None and meld.kind == "run"
            and not rules.table.custom and meld.ranks[index] == 1)


def laid_points(rules: Rules, meld: Meld) -> list[int]:
    """Each card's points on the table, as ``method melds`` scores them: its score (a wild
    its own), a natural ace laid low in a run the value stated for it."""
    low = rules.variant.score.low_ace
    out = [rules.points[c] for c in meld.cards]
    if low is None:
        return out
    for i, c in enumerate(meld.cards):
        if c not in rules.wild and low_ace_at(rules, meld, i):
            out[i] = low
    return out


def long_meld_bonus(rules: Rules, cards: tuple[int, ...]) -> int:
    """The bonus a meld of these cards scores its owner (``score { meld of N bonus X or Y
    with wilds }``; Canasta: a canasta of seven, 500 natural, 300 mixed): X at N cards or
    more with no wild card, Y with one; 0 below N or where no such bonus is stated."""
    bonus = rules.variant.score.long_meld_bonus
    if bonus is None or len(cards) < bonus[0]:
        return 0
    return bonus[2] if any(c in rules.wild for c in cards) else bonus[1]
