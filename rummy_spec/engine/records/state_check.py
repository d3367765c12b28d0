"""A saved state read back from JSON, checked before the engine trusts it.

:func:`~rummy_spec.engine.records.codec.state_from_json` builds a :class:`State` from outside
text (a test harness's ``load``, a saved game).  The engine assumes what its own moves
keep true: a phase it knows, one seat per player, a dealer and a player in turn who sit
at the table, whole numbers where numbers belong, and no card more often than the pack
holds it.  A state that breaks one of these would fail later, deep inside a move, with an
IndexError; here it is refused at once with a :class:`CodecError` naming the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import fields
from typing import Any

from ...cards import CardTable
from ...lang.limits import MOST_PLAYERS
from .state import PHASES, GameRecord, HandRecord, Seat, SeatRecord, State

# (players, extra decks) -> every card of the pack, duplicates included
PackOf = Callable[[int, int], Sequence[int]]


class StateError(ValueError):
    """Raised as the codec's error by the codec (see ``state_from_json``)."""


def _whole(value: object, where: str, low: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(f"{where}: a whole number is needed, got {type(value).__name__}")
    if low is not None and value < low:
        raise StateError(f"{where}: {value} is below {low}")


def _ints(obj: GameRecord | HandRecord | SeatRecord | Seat, prefix: str) -> None:
    check_numbers(type(obj), {f.name: getattr(obj, f.name) for f in fields(obj)}, prefix)


def check_numbers(cls: type[GameRecord | HandRecord | SeatRecord | Seat],
                  values: dict[str, Any], prefix: str) -> None:
    """Each whole-number field of ``cls`` among ``values`` holds a whole number (not
    true or false), each flag true or false.  The codec asks this of the JSON values
    before it builds a record: a compiled record stores true given for a number as 1."""
    for f in fields(cls):
        if f.name not in values:
            continue
        if f.type in ("int", int):
            _whole(values[f.name], f"{prefix}{f.name}")
        elif f.type in ("bool", bool) and not isinstance(values[f.name], bool):
            raise StateError(f"{prefix}{f.name}: true or false is needed")


def check_state(s: State, table: CardTable, pack_of: PackOf | None = None) -> None:
    """Refuse a state the engine could not play on (see the module's docstring)."""
    g, h = s.game, s.hand
    _ints(g, "")
    _ints(h, "")
    if h.phase not in PHASES:
        raise StateError(f"phase: '{str(h.phase)[:40]}' is not a phase ({', '.join(PHASES)})")
    if not 1 <= g.players <= MOST_PLAYERS:
        raise StateError(f"players: {g.players} is not from 1 to {MOST_PLAYERS}")
    if len(h.seats) != g.players:
        raise StateError(f"seats: {len(h.seats)} seats for {g.players} players")
    for key, value in (("dealer", g.dealer), ("turn", h.turn)):
        if not 0 <= value < g.players:
            raise StateError(f"{key}: no seat {value} with {g.players} players")
    if (h.phase == "claimant") != (h.resume is not None):
        raise StateError("resume: the seat whose turn a claimant interrupted in phase "
                         "claimant, null in every other phase")
    if h.resume is not None:
        _whole(h.resume, "resume", 0)
        if h.resume >= g.players:
            raise StateError(f"resume: no seat {h.resume} with {g.players} players")
    _whole(g.round, "round", 1)
    for i, (record, seat) in enumerate(zip(g.seats, h.seats, strict=True)):
        _ints(record, f"seats[{i}].")
        _ints(seat, f"seats[{i}].")
    for i, m in enumerate(h.table):
        _whole(m.owner, f"table[{i}].owner", 0)
        if m.owner >= g.players:
            raise StateError(f"table[{i}].owner: no seat {m.owner}")
    if pack_of is None:
        return
    _whole(g.extra_decks, "extra_decks", 0)
    if g.extra_decks > 16:
        raise StateError(f"extra_decks: {g.extra_decks} is more than 16")
    held: Counter[int] = Counter(h.stock)
    held.update(h.discard)
    for seat in h.seats:
        held.update(seat.hand)
    for m in h.table:
        held.update(m.meld.cards)
    pack = Counter(pack_of(g.players, g.extra_decks))
    over = held - pack
    if over:
        card, _ = over.most_common(1)[0]
        raise StateError(f"the card {table.text(card)} is held {held[card]} times, but the "
                         f"pack has {pack[card]}")


__all__ = ["PackOf", "StateError", "check_state"]
