"""Cards: faces, canonical text, and the table of faces a deck is built from.

A card in play is an ``int``: the index of its face in the variant's :class:`CardTable`.
Multi-deck games hold several cards with the same face; conservation is checked on the
multiset of faces.  Canonical text: rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` then suit
``C D H S`` (``10S``, ``QH``, ``AC``); a joker is ``JK``.  Input may also use ``T`` for
ten, lower case, and the suit symbols.  Custom decks (Phase 10) use their own number
ranks, colour codes and special cards (``7R``, ``12B``, ``W``, ``SK``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

STANDARD_RANKS: tuple[str, ...] = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
STANDARD_SUITS: tuple[str, ...] = ("C", "D", "H", "S")
SUIT_SYMBOLS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S"}
RED_SUITS = frozenset({"D", "H"})
JOKER_TEXT = "JK"


class CardError(ValueError):
    """A card's text names no card of this deck."""


@dataclass(frozen=True, slots=True)
class Face:
    """One kind of card.  ``rank`` is 1..13 for French cards (ace = 1) or the number."""

    code: int
    text: str
    rank: int | None
    suit: str | None
    colour: str | None
    joker: bool = False
    special: str | None = None

    @property
    def natural_rank(self) -> bool:
        return self.rank is not None


@dataclass(frozen=True)
class CardTable:
    """Every face a variant's deck can hold, with text look-up both ways."""

    faces: tuple[Face, ...]
    rank_names: tuple[str, ...]
    suits: tuple[str, ...]
    low_rank: int
    high_rank: int
    custom: bool
    # the printed rank of each rank number where French ranks were left out of the pack
    # (a 40-card Spanish-style pack: A..7 then J Q K numbered 1..10, so runs go 6 7 J);
    # empty: every rank is its own printed rank
    printed: tuple[int, ...] = ()

    @staticmethod
    def standard() -> CardTable:
        return CardTable.french_without(())

    @staticmethod
    def french_without(removed: Iterable[int]) -> CardTable:
        """French cards with the ranks ``removed`` (1..13, ace 1) left out of the pack.  The
        ranks kept are numbered 1, 2, ... in their order, so a run passes over the gap a
        removed rank leaves (without 8s, 9s and 10s, 6 7 J is a run)."""
        gone = set(removed)
        kept = [r for r in range(1, 14) if r not in gone]
        names = tuple(STANDARD_RANKS[r - 1] for r in kept)
        faces: list[Face] = []
        for suit in STANDARD_SUITS:
            colour = "red" if suit in RED_SUITS else "black"
            for i, name in enumerate(names):
                faces.append(Face(len(faces), name + suit, i + 1, suit, colour))
        faces.append(Face(len(faces), JOKER_TEXT, None, None, None, joker=True))
        return CardTable(tuple(faces), names, STANDARD_SUITS, 1, len(kept), False,
                         tuple(kept) if gone else ())  # nothing left out: printed as numbered

    def printed_rank(self, rank: int) -> int:
        """The rank printed on a card of this rank number (ace 1, king 13, in French cards;
        the number itself in a custom deck)."""
        return self.printed[rank - 1] if self.printed else rank

    @staticmethod
    def custom_deck(
        low: int, high: int, colours: Sequence[tuple[str, str]], specials: Sequence[str]
    ) -> CardTable:
        faces: list[Face] = []
        for code, name in colours:
            for rank in range(low, high + 1):
                faces.append(Face(len(faces), f"{rank}{code}", rank, code, name))
        for special in specials:
            faces.append(Face(len(faces), special, None, None, None, special=special))
        names = tuple(str(r) for r in range(low, high + 1))
        return CardTable(tuple(faces), names, tuple(c for c, _ in colours), low, high, True)

    def __post_init__(self) -> None:
        lookup = {f.text.upper(): f.code for f in self.faces}
        object.__setattr__(self, "_lookup", lookup)

    @property
    def joker(self) -> int | None:
        for f in self.faces:
            if f.joker:
                return f.code
        return None

    def special(self, name: str) -> int | None:
        for f in self.faces:
            if f.special == name:
                return f.code
        return None

    def rank_name(self, rank: int) -> str:
        return self.rank_names[rank - self.low_rank]

    def rank_of_name(self, name: str) -> int | None:
        key = name.upper()
        if not self.custom and key == "T":
            key = "10"
        for i, n in enumerate(self.rank_names):
            if n == key:
                return i + self.low_rank
        return None

    def face(self, rank: int, suit: str) -> int:
        """The face code of a natural card."""
        index = self.suits.index(suit) * (self.high_rank - self.low_rank + 1)
        return index + rank - self.low_rank

    def parse(self, text: str) -> int:
        """The face code for a card's text, in canonical or relaxed form."""
        raw = text.strip()
        key = "".join(SUIT_SYMBOLS.get(ch, ch) for ch in raw).upper()
        if not self.custom and key.startswith("T"):
            key = "10" + key[1:]
        lookup: dict[str, int] = self._lookup  # type: ignore[attr-defined]
        if key in lookup:
            return lookup[key]
        raise CardError(f"'{text}' is not a card of this deck")

    def text(self, code: int) -> str:
        return self.faces[code].text

    def texts(self, codes: Iterable[int]) -> list[str]:
        return [self.faces[c].text for c in codes]

    def sort_key(self, code: int) -> tuple[int, int, int]:
        f = self.faces[code]
        if f.rank is None:
            return (1, 0, code)
        return (0, f.rank, code)
