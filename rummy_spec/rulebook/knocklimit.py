"""The rulebook's words for the knock limit (a fixed count, gin only, or the first
upcard's count) and for a hand scored several times over by its first upcard's suit."""

from __future__ import annotations

from ..lang import model as m
from .words import join

_RANKS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king")
_SUITS = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}
_TIMES = {2: "twice", 3: "three times"}


def _rank(r: int) -> str:
    return _RANKS[r - 1] if 1 <= r <= len(_RANKS) else str(r)


def gin_only(k: m.Knock) -> bool:
    """Only gin ends the hand: a knock may leave no deadwood at all."""
    return not k.deadwood_by_upcard and k.deadwood == 0


def short(k: m.Knock) -> str:
    """A table cell or a diagram label: ``knock at 10 or less``."""
    if gin_only(k):
        return "gin only"
    if k.deadwood_by_upcard:
        return "knock at the first upcard's count or less"
    return f"knock at {k.deadwood} or less"


def limit_items(k: m.Knock) -> list[str]:
    """The first sentences of Going out: when you may knock."""
    if gin_only(k):
        return ["You may knock only when every card left in your hand after your discard "
                "is melded (gin): no deadwood at all. You show your melds."]
    out = []
    if k.deadwood_by_upcard:
        ranks = [f"when it is {'an' if r == 1 else 'a'} {_rank(r)}, " + (
            "only gin (no deadwood at all)" if d == 0 else f"at most {d} points")
            for r, d in k.upcard_deadwood]
        out.append("The first upcard of the hand sets the knock limit, whoever took it: you "
                   "may knock when your unmelded cards (deadwood) count no more than that "
                   "card counts (see the card values)"
                   + (f"; {join(ranks, 'or')}" if ranks else "")
                   + ". You show your melds and your deadwood.")
        return out
    out.append(f"You may knock when your unmelded cards (deadwood) count {k.deadwood} "
               "points or fewer after your discard. You show your melds and your deadwood.")
    return out


def discard_words(k: m.Knock) -> str:
    """The knock's half of the turn's discard step."""
    if gin_only(k):
        return (" Instead, if every card left after your discard is melded, you knock: gin "
                "(see Going out).")
    limit = ("no more than the knock limit the first upcard sets" if k.deadwood_by_upcard
             else f"{k.deadwood} points or fewer")
    return (f" Instead, if your unmelded cards count {limit} after your discard, you may "
            "knock (see Going out).")


def times_item(s: m.Score) -> str | None:
    """The scoring item of ``score { upcard spades doubles }``."""
    if not s.upcard_times:
        return None
    parts = [f"{_TIMES.get(t, f'{t} times')} over when it is a {_SUITS.get(suit, suit)}"
             for suit, t in s.upcard_times]
    return (f"The hand scores by its first upcard: {join(parts, 'or')} (the gin and "
            "undercut bonuses with it; the line and game bonuses are not multiplied).")
