"""The rulebook's index: every variant side by side on the main axes of variation.

One row per variant, one column per axis a player asks about first (players, decks,
cards dealt, wild cards, contracts, buying, going out, scoring, the game's end), each
cell a short value read from the resolved model, so the table says what the pages say.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import decks
from ..lang import Library
from ..lang import model as m
from ..lang.counts import player_counts, round_numbers
from ..lang.expr import evaluate_int
from . import knocklimit, sheet
from .book import resolve
from .doc import Table
from .words import game_hands, join

AXES: tuple[str, ...] = ("Variant", "Players", "Decks", "Dealt", "Wild cards", "Contracts",
                         "Buying", "Going out", "Scoring", "The game")


def comparison(lib: Library, names: Sequence[str]) -> Table:
    """The comparison table of ``names`` (each a variant of ``lib``), as written.  The
    penalty for a buy is one card unless the cell says otherwise."""
    rows = tuple(_row(name, resolve(lib, name)) for name in names)
    return Table(AXES, rows)


def _span(values: Sequence[int | None]) -> str:
    known = [v for v in values if v is not None]
    if not known:
        return "-"
    low, high = min(known), max(known)
    return str(low) if low == high else f"{low}-{high}"


def _row(name: str, v: m.Variant) -> tuple[str, ...]:
    counts = list(player_counts(v))
    rounds = list(round_numbers(v)) or [1]
    deck_counts = [decks.deck_counts(v, p)[0] for p in counts]
    dealt = [evaluate_int(v.deal.cards, p, r) for p in counts for r in rounds]
    titles = {s.code: s.title for s in v.deck.specials}
    wild = join([titles.get(c.special, c.text) if c.special else c.text
                 for c in v.wilds.cards]) or "none"
    return (
        f"{{variant:{name}}}",
        _players(v),
        _span(deck_counts) + (" + jokers" if any(decks.deck_counts(v, p)[1]
                                                 for p in counts) else ""),
        _span(dealt),
        wild,
        _contracts(v),
        _buying(v),
        _going_out(v),
        {"penalty": "cards held count", "collect": "winner collects",
         "deadwood": "deadwood difference", "minus-deadwood": "minus deadwood",
         "melds": "melds for their maker", "stakes": "stakes"}
        [v.score.method],
        _end(v),
    )


def _players(v: m.Variant) -> str:
    p = v.players
    if p.max is None:
        return f"{p.min}+"
    return str(p.min) if p.min == p.max else f"{p.min}-{p.max}"


def _contracts(v: m.Variant) -> str:
    c = v.contracts
    if not c.rounds:
        return "none"
    how = {"together": "one a round", "individual": "each their own, in order",
           "any-order": "in any order"}[c.progression]
    return f"{len(c.rounds)}, {how}"


def _buying(v: m.Variant) -> str:
    c = v.claim
    if c is None:
        return "no"
    if c.limit is None:
        limit = "no limit"
    else:
        values = {evaluate_int(c.limit, p, r) for p in player_counts(v)
                  for r in round_numbers(v) or [1]}
        limit = ("no limit" if values == {None} else
                 "varies" if len(values) > 1 else f"{values.pop()} a hand")
    price = "" if c.penalty == 1 else f", {c.penalty} penalty cards"
    return f"“{c.title}”{price}, {limit}"


def _going_out(v: m.Variant) -> str:
    if v.knock is not None:
        return knocklimit.short(v.knock)
    return {"either": "by discard or meld", "discard": "by a discard",
            "meld": "by melding, no discard"}[v.going_out.by]


def _end(v: m.Variant) -> str:
    g = v.game
    ends = {"rounds": f"{v.rounds} rounds", "last-contract": "last contract made",
            "target": sheet.target_words(g), "hands": game_hands(g)}[g.ends]
    return f"{ends}; {g.winner} wins"
