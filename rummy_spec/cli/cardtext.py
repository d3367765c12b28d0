"""Cards, melds and contracts as text, for the commands that read or show cards.

Cards on a command line are read with the variant's own card table (``10S``, ``TS``,
``qh``, ``JK``; custom decks ``7R``, ``W``) and checked against the pack that is dealt:
a card the pack does not hold, or more copies of it than the pack holds, is a usage
error naming the card, never a traceback.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .. import decks
from ..cards import CardError, CardTable
from ..engine.melding.melds import Meld, MeldRules, wild_meaning
from ..lang import model as m
from .base import UsageError

SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def read_card(table: CardTable, text: str) -> int:
    """One card's face code; a usage error naming the text when it is no card."""
    try:
        return table.parse(text)
    except CardError:
        example = "7R, 12B" if table.custom else "10S, QH, AC, JK"
        raise UsageError(f"card '{text}': not a card of this deck (cards look like "
                         f"{example})") from None


def read_cards(variant: m.Variant, players: int, texts: Sequence[str]) -> list[int]:
    """Cards from their texts, each one the pack for ``players`` holds often enough."""
    table = decks.card_table(variant.deck)
    cards = [read_card(table, t) for t in texts]
    pack = Counter(decks.full_deck(variant, players))
    wanted = Counter(cards)
    for text, card in zip(texts, cards, strict=True):
        held = pack[card]
        if held == 0:
            raise UsageError(f"card '{text}': the pack of {variant.name} for {players} "
                             f"players holds no {table.text(card)}")
        if wanted[card] > held:
            times = "once" if held == 1 else f"{held} times"
            raise UsageError(f"card '{text}': given {wanted[card]} times, but the pack of "
                             f"{variant.name} for {players} players holds it {times}")
    return cards


def cards_text(table: CardTable, cards: Iterable[int]) -> str:
    return " ".join(table.texts(cards))


def sorted_hand(table: CardTable, wild: frozenset[int], cards: Iterable[int]) -> list[int]:
    """A hand as a player sorts it: by suit, then rank; wilds and specials at the end."""
    suits = {s: i for i, s in enumerate(table.suits)}

    def key(c: int) -> tuple[int, int, int, int]:
        f = table.faces[c]
        if c in wild or f.rank is None:
            return (1, 0 if c in wild else 1, f.rank or 0, c)
        return (0, suits.get(f.suit or "", len(suits)), f.rank, c)

    return sorted(cards, key=key)


def suit_name(table: CardTable, suit: str | None) -> str:
    """A suit code in words: ``hearts``; a custom deck's colour name (``red``)."""
    if suit is None:
        return "any suit"
    if not table.custom and suit in SUIT_NAMES:
        return SUIT_NAMES[suit]
    for f in table.faces:
        if f.suit == suit and f.colour:
            return f.colour
    return suit


def wild_text(rules: MeldRules, meld: Meld, index: int) -> str:
    """What the wild at ``index`` stands for, in words: ``7H``, ``a 5``, ``a red card``."""
    table = rules.table
    rank, suit = wild_meaning(rules, meld, index)
    name = table.rank_name(rank) if rank is not None else None
    if meld.kind == "run":
        if name is None:
            return "any card"
        if suit is None:
            return f"{a_rank(name)} of any {'colour' if table.custom else 'suit'}"
        return f"{name}{suit}"
    if meld.kind == "set":
        return a_rank(name) if name is not None else "any rank (a set of wilds)"
    if suit is None:
        return "any card"
    colour = suit_name(table, suit)
    return f"a {colour} card" if table.custom else f"a card of {colour}"


def a_rank(name: str) -> str:
    """``a 5``, ``an 8``, ``an ace``, ``an 11``: a rank with its article, as it is said."""
    if name == "A":
        return "an ace"
    spoken_vowel = name.startswith("8") or name in ("11", "18")
    return f"{'an' if spoken_vowel else 'a'} {name}"


def wild_meanings(rules: MeldRules, meld: Meld) -> list[str]:
    """``JK as 7H`` for each wild of a meld, in the meld's order."""
    return [f"{rules.table.text(c)} as {wild_text(rules, meld, i)}"
            for i, c in enumerate(meld.cards) if c in rules.wild]


def meld_text(rules: MeldRules, meld: Meld) -> str:
    """``run: 5H 6H JK 8H (JK as 7H)``: the kind, the cards in order, each wild's meaning."""
    text = f"{meld.kind}: {cards_text(rules.table, meld.cards)}"
    wilds = wild_meanings(rules, meld)
    return text + (f"  ({'; '.join(wilds)})" if wilds else "")


def element_text(e: m.Element) -> str:
    word = e.kind if e.count == 1 else e.kind + "s"
    return (f"{e.count} " + ("pure " if e.pure else "") + word
            + (f" of {e.size}" if e.size is not None else ""))


def contract_text(contract: m.Contract) -> str:
    """``1 set + 1 run``; ``(pat)`` when the whole hand must be melded."""
    text = " + ".join(element_text(e) for e in contract.elements)
    return text + (" (pat: the whole hand)" if contract.pat else "")


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")
