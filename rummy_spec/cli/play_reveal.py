"""The end of a hand at the terminal: every hand shown, with how its score was counted.

The engine deals the next hand as soon as one ends, so the hands are rebuilt from the
state before the last move and the cards that move took out of the mover's hand.
"""

from __future__ import annotations

from ..engine.records.rules import Rules
from ..engine.records.state import Move, RoundResult, State, TableMeld
from .play_story import Story
from .play_words import Words

ENDINGS = {
    "out": "went out", "knock": "a knock", "gin": "gin", "big-gin": "big gin",
    "undercut": "an undercut", "stock": "the stock ran out", "dead": "a dead hand",
    "abandoned": "abandoned", "replay": "no one could go out: dealt again with another deck",
    "drop": "a drop, won by the dropper", "caught": "a drop, caught",
    "dealt": "a hand won as dealt",
}


def end_hands(before: State, a: Move) -> list[list[int]]:
    """Each seat's cards when the hand ended by ``a``."""
    hands = [list(s.hand) for s in before.hand.seats]
    mine = hands[a.player]
    gone = [c for m in a.melds or () for c in m]
    if a.card is not None and a.type in ("discard", "knock", "call", "lay_off", "meld"):
        gone.append(a.card)
    for c in gone:
        if c in mine:
            mine.remove(c)
    return hands


def _sum(story: Story, cards: list[int] | tuple[int, ...]) -> str:
    points = story.rules.points
    if not cards:
        return "0"
    parts = [f"{story.card(c)} {points[c]}" for c in cards]
    total = sum(points[c] for c in cards)
    return " + ".join(parts) + (f" = {total}" if len(parts) > 1 else "")


def hand_line(story: Story, rules: Rules, hand: list[int]) -> str:
    """``run 5H 6H 7H; deadwood KD 10 + 2C 2 = 12`` or ``KD 10 + JK 50 = 60``."""
    from .cardtext import sorted_hand

    if not hand:
        return "no cards left"
    if rules.knocking or rules.variant.score.method in ("deadwood", "minus-deadwood"):
        sol = rules.arrange(hand)
        melds = "; ".join(f"{m.kind} {story.cards(m.cards)}" for m in sol.melds)
        rest = sorted_hand(rules.table, rules.wild, sol.rest)
        dead = f"deadwood {_sum(story, rest)}" if rest else "no deadwood"
        return f"{melds}; {dead}" if melds else dead
    return f"{_sum(story, sorted_hand(rules.table, rules.wild, hand))} in hand"


def reveal_lines(story: Story, words: Words, result: RoundResult,
                 hands: list[list[int]] | None, table: list[TableMeld] | None = None
                 ) -> list[str]:
    """The hand's end: how it ended, each seat's cards and score, the totals."""
    s = story.style
    ending = ENDINGS.get(result.ending, result.ending)
    who = words.name(result.winner) if result.winner is not None else None
    if result.ending == "out" and who is not None:
        head = f"round {result.round} over: {who} went out"
    else:
        head = f"round {result.round} over: {ending}" + (f"; {who} won it" if who else "")
    out = [s.paint("head", head)]
    width = max(len(n) for n in words.names)
    for seat, score in enumerate(result.scores):
        name = words.name(seat).ljust(width)
        shown = hand_line(story, story.rules, hands[seat]) if hands is not None else ""
        laid = [t.meld for t in table or () if t.owner == seat]
        if laid and story.rules.knocking:  # the knocker's melds, laid before the count
            shown = ("laid " + "; ".join(f"{m.kind} {story.cards(m.cards)}" for m in laid)
                     + f"; {shown}")
        sign = f"{score:+d}" if story.rules.variant.score.method == "minus-deadwood" else str(
            score)
        out.append(f"  {name}  {sign:>5} points   {shown}".rstrip())
    return out
