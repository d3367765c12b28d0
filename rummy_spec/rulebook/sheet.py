"""The rulebook's words for several games scored at once (``game { games at once N }``,
Hollywood scoring): the shape of the match, how a hand won is entered, when a game
closes and the match ends."""

from __future__ import annotations

from ..lang import model as m

_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}
_ORDINALS = ("first", "second", "third", "fourth", "fifth")


def _ordinal(k: int) -> str:
    return _ORDINALS[k] if k < len(_ORDINALS) else f"{k + 1}th"


def number(n: int) -> str:
    return _WORDS.get(n, str(n))


def at_once(g: m.GameEnd) -> bool:
    return g.games_at_once > 1


def target_words(g: m.GameEnd) -> str:
    """``100 points`` or ``three games at once, each to 100 points``."""
    if not at_once(g):
        return f"{g.target} points"
    return f"{number(g.games_at_once)} games at once, each to {g.target} points"


def entries(g: m.GameEnd) -> list[str]:
    """How a hand won goes onto the sheet, and when a game closes."""
    n = g.games_at_once
    first = [("your first hand won scores" if k == 0 else f"your {_ordinal(k)}")
             + " in " + ("game 1" if k == 0 else "games 1 and 2" if k == 1
                         else f"games 1 to {k + 1}")
             for k in range(n - 1)]
    later = f"every later one in all {number(n)}"
    return [
        f"{number(n).capitalize()} games are scored at once on one sheet, each to "
        f"{g.target} points (Hollywood scoring): {', '.join(first)}, and {later}. Only the "
        "winner of a hand enters its score.",
        "A game closes as soon as a player's points in it reach "
        f"{g.target}; its bonuses (below) are paid then, counting the hands entered in that "
        "game. Later hands score only in the games still open.",
        "A player who has not yet entered a game that closes (shut out of it) enters his next "
        "win as the first score of the next open game.",
    ]


def ends(g: m.GameEnd) -> str:
    return (f"The match ends when all {number(g.games_at_once)} games have closed; a "
            "player's total is his points in all of them, bonuses included.")
