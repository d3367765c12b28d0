"""Shared phrasing: the player counts a page covers, numbers by count and round, lists.

A :class:`Scope` fixes what one page describes: the variant, and the player counts it is
written for (every allowed count, up to the checker's limit for open ranges; or one).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..lang import model as m
from ..lang.counts import OPEN_PLAYER_LIMIT, player_counts, round_numbers
from ..lang.expr import Expr, Num, evaluate_int, render, uses_round
from .doc import code


@dataclass(frozen=True)
class Scope:
    variant: m.Variant
    players: tuple[int, ...]  # the counts this page is written for

    @staticmethod
    def of(variant: m.Variant, players: int | None = None) -> Scope:
        counts = tuple(player_counts(variant)) if players is None else (players,)
        return Scope(variant, counts)

    @property
    def rounds(self) -> tuple[int, ...]:
        return tuple(round_numbers(self.variant))

    @property
    def open_ended(self) -> bool:
        return self.variant.players.max is None

    @property
    def one_count(self) -> bool:
        return len(self.players) == 1


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def join(parts: Sequence[str], last: str = "and") -> str:
    parts = [p for p in parts if p]
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def span_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


def grouped(keys: Sequence[int], values: Sequence[object]) -> list[tuple[str, object]]:
    """Neighbouring keys with equal values joined: [(\"1-4\", 10), (\"5-7\", 12)]."""
    out: list[tuple[str, object]] = []
    start = 0
    for i in range(1, len(keys) + 1):
        if i == len(keys) or values[i] != values[start]:
            out.append((span_text(keys[start], keys[i - 1]), values[start]))
            start = i
    return out


def by_round(scope: Scope, value: Callable[[int], object]) -> str:
    """A per-round value: "10" when the same every round, else "10 (rounds 1-4), 12 (5-7)"."""
    rounds = scope.rounds
    values = [value(r) for r in rounds]
    parts = grouped(rounds, values)
    if len(parts) == 1:
        return _show(parts[0][1])
    words = [f"{_show(v)} (round{'s' * ('-' in k)} {k})" for k, v in parts]
    return ", ".join(words)


def _show(value: object) -> str:
    return "unlimited" if value is None else str(value)


def formula(expr: Expr) -> str:
    """A formula as the author wrote it, as code; a plain number as itself."""
    if isinstance(expr, Num):
        return str(expr.value)
    return code(render(expr))


def value_text(scope: Scope, expr: Expr, unit: str = "", brief: bool = False) -> str:
    """A formula's value for the page's counts, never the formula itself: a reader wants
    the number for the table in front of them.

    ``12``; ``10 (rounds 1-4), 12 (rounds 5-7)``; or "2 for 4 players; 3 for 5-6 players".
    A value that depends on both the player count and the round, or any value that varies
    when ``brief`` asks for no list, points to the table of values instead.
    """
    tail = f" {unit}" if unit else ""
    if isinstance(expr, Num):
        return f"{expr.value}{tail}"
    rounds = scope.rounds
    table = [tuple(evaluate_int(expr, p, r) for r in rounds) for p in scope.players]
    if len(set(table)) == 1:
        values = table[0]
        parts = grouped(rounds, values)
        if len(parts) == 1:
            return f"{_show(values[0])}{tail}"
        return by_round(scope, lambda r: values[r - 1]) + tail
    if not uses_round(expr) and not brief:
        parts = grouped(scope.players, [row[0] for row in table])
        listed = "; ".join(f"{_show(v)}{tail} for {k} players" for k, v in parts)
        return listed
    return f"as many{tail} as the table of players and decks gives"


def players_text(variant: m.Variant) -> str:
    p = variant.players
    if p.max is None:
        return f"{p.min} or more players"
    if p.min == p.max:
        return f"exactly {plural(p.min, 'player')}"
    return f"{p.min} to {p.max} players"


OPEN_LIMIT = OPEN_PLAYER_LIMIT


def game_hands(g: m.GameEnd) -> str:
    """How many hands a game ending after a number of hands lasts: ``3 hands``, or, with
    ``ends after N deals by each player``, ``one deal by each player``."""
    if g.hands_each:
        times = "one deal" if g.hands == 1 else f"{g.hands} deals"
        return f"{times} by each player"
    return plural(g.hands or 0, "hand")
