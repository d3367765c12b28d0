"""How the terminal game draws cards: suit glyphs, colour, and the marks on cards.

Marks are letters, not only colour, so they survive a plain terminal, a screen reader and
``NO_COLOR``: a wild card is followed by ``*`` and the card just drawn stands in brackets
(``[7H]``).  With glyphs the suit is drawn (``7♥``); the player still types ``7H`` (the
card reader takes the symbols too).  Colour is plain ANSI escapes: the game needs four
styles, and a library for them would be a dependency the browser playground, which shows
the same text, must also carry.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from ..cards import CardTable

GLYPHS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

_RESET = "\033[0m"
_STYLES = {
    "red": "\033[31m",
    "wild": "\033[1;33m",
    "new": "\033[7m",
    "head": "\033[1m",
    "you": "\033[1;36m",
    "refusal": "\033[1;31m",
    "dim": "\033[2m",
}


@dataclass(frozen=True)
class Style:
    """What the game's text may use: ANSI colour, suit glyphs."""

    colour: bool = False
    glyphs: bool = False

    def paint(self, kind: str, text: str) -> str:
        """``text`` in one of the styles (as it is when colour is off)."""
        if not self.colour or not text:
            return text
        return f"{_STYLES[kind]}{text}{_RESET}"

    def card(self, table: CardTable, card: int, wild: frozenset[int] = frozenset(),
             new: bool = False) -> str:
        face = table.faces[card]
        text = face.text
        red = not table.custom and face.suit in ("D", "H")
        if self.glyphs and not table.custom and face.suit in GLYPHS:
            text = text[:-1] + GLYPHS[face.suit]
        if card in wild:
            text = self.paint("wild", text + "*")
        elif red:
            text = self.paint("red", text)
        return self.paint("new", f"[{text}]") if new else text

    def cards(self, table: CardTable, cards: Iterable[int], wild: frozenset[int] = frozenset(),
              new: Iterable[int] = ()) -> str:
        """Cards apart by spaces; each card of ``new`` (once per copy) marked as just drawn."""
        marks = Counter(new)
        out: list[str] = []
        for c in cards:
            mark = marks[c] > 0
            if mark:
                marks[c] -= 1
            out.append(self.card(table, c, wild, mark))
        return " ".join(out)


PLAIN = Style()


def style_for(out: TextIO, plain: bool) -> Style:
    """Colour and glyphs on a terminal unless ``--plain``; colour off under ``NO_COLOR``
    (https://no-color.org: any non-empty value) or ``TERM=dumb``; nothing when piped."""
    if plain:
        return PLAIN
    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    if not tty:
        return PLAIN
    encoding = (getattr(out, "encoding", None) or "").lower().replace("-", "")
    glyphs = encoding.startswith("utf")
    colour = not os.environ.get("NO_COLOR") and os.environ.get("TERM") != "dumb"
    return Style(colour=colour, glyphs=glyphs)
