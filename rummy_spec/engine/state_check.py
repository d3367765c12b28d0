"""A saved state read back from JSON, checked before the engine trusts it.

:func:`~rummy_spec.engine.codec.state_from_json` builds a :class:`State` from outside
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

from ..cards import CardTable
from ..lang.limits import MOST_PLAYERS
from .state import PHASES, Seat, State

# (players, extra decks) -> every card of the pack, duplicates included
PackOf = Callable[[int, int], Sequence[int]]


class StateError(ValueError):
    """Raised as the codec's error by the codec (see ``state_from_json``)."""


def _whole(value: object, where: str, low: int | None = None) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise StateError(f"{where}: a whole number is needed, got {type(value).__name__}")
    if low is not None and value < low:
        raise StateError(f"{where}: {value} is below {low}")


def _ints(obj: State | Seat, prefix: str) -> None:
    for f in fields(obj):
        if f.type in ("int", int):
            _whole(getattr(obj, f.name), f"{prefix}{f.name}")
        elif f.type in ("bool", bool) and not isinstance(getattr(obj, f.name), bool):
            raise StateError(f"{prefix}{f.name}: true or false is needed")


def check_state(s: State, table: CardTable, pack_of: PackOf | None = None) -> None:
    """Refuse a state the engine could not play on (see the module's docstring)."""
    _ints(s, "")
    if s.phase not in PHASES:
        raise StateError(f"phase: '{str(s.phase)[:40]}' is not a phase ({', '.join(PHASES)})")
    if not 1 <= s.players <= MOST_PLAYERS:
        raise StateError(f"players: {s.players} is not from 1 to {MOST_PLAYERS}")
    if len(s.seats) != s.players:
        raise StateError(f"seats: {len(s.seats)} seats for {s.players} players")
    for key in ("dealer", "turn"):
        if not 0 <= getattr(s, key) < s.players:
            raise StateError(f"{key}: no seat {getattr(s, key)} with {s.players} players")
    _whole(s.round, "round", 1)
    for i, seat in enumerate(s.seats):
        _ints(seat, f"seats[{i}].")
    for i, m in enumerate(s.table):
        _whole(m.owner, f"table[{i}].owner", 0)
        if m.owner >= s.players:
            raise StateError(f"table[{i}].owner: no seat {m.owner}")
    if pack_of is None:
        return
    _whole(s.extra_decks, "extra_decks", 0)
    if s.extra_decks > 16:
        raise StateError(f"extra_decks: {s.extra_decks} is more than 16")
    held: Counter[int] = Counter(s.stock)
    held.update(s.discard)
    for seat in s.seats:
        held.update(seat.hand)
    for m in s.table:
        held.update(m.meld.cards)
    pack = Counter(pack_of(s.players, s.extra_decks))
    over = held - pack
    if over:
        card, _ = over.most_common(1)[0]
        raise StateError(f"the card {table.text(card)} is held {held[card]} times, but the "
                         f"pack has {pack[card]}")


__all__ = ["PackOf", "StateError", "check_state"]
