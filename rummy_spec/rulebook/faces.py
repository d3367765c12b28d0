"""Card faces as a player sees them: ``7H`` as 7♥, with words for a screen reader.

The rulebook writes card lists as ``{cards:7C 7D 7H}`` (see :mod:`.doc`); the HTML
writers show them with suit glyphs (hearts and diamonds red), each list carrying its
cards in words ("7 of clubs, 7 of diamonds, ...") as its accessible name and the codes
as its tooltip.  A code that is not a French card (a custom deck's) is shown as written.
"""

from __future__ import annotations

import re
from html import escape

SUITS = {"C": ("♣", "clubs", False), "D": ("♦", "diamonds", True),
         "H": ("♥", "hearts", True), "S": ("♠", "spades", False)}
RANKS = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
_FRENCH = re.compile(r"^(A|[2-9]|10|J|Q|K)([CDHS])$")


def spoken(code: str) -> str:
    """``QH`` -> "queen of hearts"; ``JK`` -> "joker"; anything else as written."""
    if code == "JK":
        return "joker"
    found = _FRENCH.match(code)
    if found is None:
        return code
    rank, suit = found.groups()
    return f"{RANKS.get(rank, rank)} of {SUITS[suit][1]}"


def face_html(code: str) -> str:
    found = _FRENCH.match(code)
    if found is None:
        return escape(code)
    rank, suit = found.groups()
    glyph, _, red = SUITS[suit]
    colour = ' style="color:#c0262d"' if red else ""
    return f"<span{colour}>{escape(rank)}{glyph}</span>"


def cards_html(text: str) -> str:
    """A list of card codes as one labelled span of faces."""
    codes = text.split()
    label = ", ".join(spoken(c) for c in codes)
    faces = " ".join(face_html(c) for c in codes)
    return (f'<span class="cards" role="img" aria-label="{escape(label)}" '
            f'title="{escape(text)}">{faces}</span>')
