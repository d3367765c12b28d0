"""From a variant's deck rules to cards: the face table, the pack, wilds and card values.

Part of the language: the checker needs the pack (is it big enough to deal, does every
card score), and this needs only the model and ``rummy_spec.cards``, so nothing here
imports back into the language from outside it.
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import CardTable, Face
from . import model as m
from .expr import evaluate_int

_last: tuple[m.Deck, CardTable] | None = None  # the deck asked for last, and its table


def card_table(deck: m.Deck) -> CardTable:
    """The faces of a deck.  The checks and the engine ask for one deck's table many
    times running: the deck asked for last is known by identity, and the others by
    value (a deck's hash walks all its rules)."""
    global _last
    last = _last
    if last is not None and last[0] is deck:
        return last[1]
    table = _table_of(deck)
    _last = (deck, table)
    return table


def forget_tables() -> None:
    """Drop every table made (a benchmark's fresh start)."""
    global _last
    _last = None
    _table_of.cache_clear()


@lru_cache(maxsize=64)
def _table_of(deck: m.Deck) -> CardTable:
    if deck.numbers is None:
        return CardTable.french_without(deck.without) if deck.without else CardTable.standard()
    low, high = deck.numbers
    return CardTable.custom_deck(low, high, deck.colours, [s.code for s in deck.specials])


def deck_counts(variant: m.Variant, players: int, extra_decks: int = 0) -> tuple[int, int]:
    """(decks, jokers) for a player count; ``extra_decks`` for a replay with another deck."""
    decks = (evaluate_int(variant.deck.decks, players) or 0) + extra_decks
    jokers = evaluate_int(variant.deck.jokers, players) or 0
    if variant.deck.jokers_per_deck:
        jokers *= decks
    return decks, jokers


def full_deck(variant: m.Variant, players: int, extra_decks: int = 0) -> list[int]:
    """Every card of the pack, in a fixed order, duplicates included."""
    table = card_table(variant.deck)
    decks, jokers = deck_counts(variant, players, extra_decks)
    cards: list[int] = []
    copies = variant.deck.copies
    specials = {s.code: s for s in variant.deck.specials}
    for _ in range(decks):
        for f in table.faces:
            if f.joker:
                continue
            if f.special is not None:
                cards.extend([f.code] * specials[f.special].per_deck)
            else:
                cards.extend([f.code] * copies)
    joker = table.joker
    if joker is not None:
        cards.extend([joker] * jokers)
    return cards


def faces_in_pack(variant: m.Variant, players: int) -> set[int]:
    """The faces the pack holds at least once: ``set(full_deck(...))`` without building
    the pack card by card."""
    table = card_table(variant.deck)
    decks, jokers = deck_counts(variant, players)
    out: set[int] = set()
    if decks > 0:
        per_deck = {s.code: s.per_deck for s in variant.deck.specials}
        for f in table.faces:
            if f.joker:
                continue
            if (per_deck[f.special] if f.special is not None else variant.deck.copies) > 0:
                out.add(f.code)
    if table.joker is not None and jokers > 0:
        out.add(table.joker)
    return out


def deck_size(variant: m.Variant, players: int, extra_decks: int = 0) -> int:
    """How many cards the pack holds, without building it."""
    decks, jokers = deck_counts(variant, players, extra_decks)
    d = variant.deck
    if d.numbers is None:
        per_deck = 4 * (13 - len(set(d.without)))
    else:
        low, high = d.numbers
        per_deck = max(0, high - low + 1) * len(d.colours) * d.copies
        per_deck += sum(s.per_deck for s in d.specials)
    return decks * per_deck + jokers


def matches(cls: m.CardClass, face: Face) -> bool:
    if cls.joker:
        return face.joker
    if cls.special is not None:
        return face.special == cls.special
    if face.rank is None or face.rank != cls.rank:
        return False
    return cls.colour is None or cls.colour == face.colour


def wild_faces(variant: m.Variant) -> frozenset[int]:
    table = card_table(variant.deck)
    return frozenset(
        f.code for f in table.faces if any(matches(c, f) for c in variant.wilds.cards)
    )


def cut_rank(table: CardTable, card: int) -> int:
    """The rank a card turned for ``wilds { cut joker }`` makes wild: its own, or the
    lowest rank (the aces) for a joker or any card without a rank."""
    rank = table.faces[card].rank
    return table.low_rank if rank is None else rank


def cut_wilds(table: CardTable, card: int | None) -> frozenset[int]:
    """The faces a turned card makes wild for its deal (none where no card is turned)."""
    if card is None:
        return frozenset()
    rank = cut_rank(table, card)
    return frozenset(f.code for f in table.faces if f.rank == rank)


def face_points(variant: m.Variant) -> tuple[int | None, ...]:
    """Points of each face when left in hand (or as deadwood); None: no score entry.

    Precedence: a joker or special entry; then ``wild`` for a card wild in this variant;
    then a coloured rank, a single rank, a range; a later-stated entry beats an earlier
    one of the same kind.  ``pip`` (points None in the entry) is the rank's number, with
    ace = 1 and 10, J, Q, K = 10 in French decks (its printed rank, where ranks were
    left out of the pack).
    """
    table = card_table(variant.deck)
    wild = wild_faces(variant)
    out: list[int | None] = []
    entries = variant.score.entries
    # the entries that can apply to any face at all, tried first; the rank entries
    # (most of them) are met only by faces of a rank inside them
    special = [e for e in entries if e.kind in ("joker", "special", "wild")]
    ranked = [e for e in entries if e.kind not in ("joker", "special", "wild")
              and e.low is not None and e.high is not None]
    for f in table.faces:
        is_wild = f.code in wild
        best: m.ScoreEntry | None = None
        best_rank = 0
        for e in special:
            rank = _specificity(e, f, is_wild)
            if rank is not None and rank >= best_rank:
                best, best_rank = e, rank
        if f.rank is not None and best_rank < 4:  # a rank entry ranks 1 to 3, below these
            face_rank = f.rank
            for e in ranked:
                if not e.low <= face_rank <= e.high:  # type: ignore[operator]
                    continue
                if e.colour is not None:
                    if f.colour != e.colour:
                        continue
                    rank = 3
                else:
                    rank = 2 if e.kind == "rank" else 1
                if rank >= best_rank:
                    best, best_rank = e, rank
        if best is None:
            out.append(None)
            continue
        e = best
        if e.points is not None:
            out.append(e.points)
        elif f.rank is not None:
            out.append(f.rank if table.custom else min(table.printed_rank(f.rank), 10))
        else:
            out.append(0)
    return tuple(out)


def _specificity(e: m.ScoreEntry, f: Face, is_wild: bool) -> int | None:
    if e.kind == "joker":
        return 5 if f.joker else None
    if e.kind == "special":
        return 5 if f.special == e.special else None
    if e.kind == "wild":
        return 4 if is_wild else None
    if f.rank is None or e.low is None or e.high is None:
        return None
    if not e.low <= f.rank <= e.high:
        return None
    if e.colour is not None:
        return 3 if f.colour == e.colour else None
    return 2 if e.kind == "rank" else 1
