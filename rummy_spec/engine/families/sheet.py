"""Several games scored at once on one sheet (``game { games at once N }``: Hollywood Gin).

A hand's winner enters his score for it in every game still open that he has entered
before, and in the first open game he has not yet entered: his first hand won scores in
game 1, his second in games 1 and 2, his third onward in all three.  A game closes when a
player's points in it reach the target: its bonuses are paid then, as at the end of a
one-game match (shutout, lines, game), counting the hands entered in that game; later
hands score only in the games still open.  A player shut out of a game enters his next
win as the first score of the next open game.  The match ends when every game has closed;
a seat's total is its points summed over the games, bonuses included.
(rummy-games.com, Hollywood Gin; Hoyle's and Scarne's texts agree on the entries.)
"""

from __future__ import annotations

from ..records.rules import Rules
from ..records.state import SeatRecord, State


def games(rules: Rules) -> int:
    return rules.variant.game.games_at_once


def _ready(rules: Rules, seats: list[SeatRecord]) -> None:
    n = games(rules)
    for s in seats:
        if len(s.sheet) != n:
            s.sheet, s.sheet_wins = [0] * n, [0] * n


def is_open(rules: Rules, seats: list[SeatRecord], game: int) -> bool:
    target = rules.variant.game.target or 0
    return max(s.sheet[game] for s in seats) < target


def all_closed(rules: Rules, state: State) -> bool:
    seats = state.game.seats
    _ready(rules, seats)
    return not any(is_open(rules, seats, g) for g in range(games(rules)))


def place(rules: Rules, state: State) -> None:
    """A position's totals and hands won are those of game 1 (a deal set up mid-match);
    a seat with points there has entered it, having won a hand at least."""
    seats = state.game.seats
    _ready(rules, seats)
    for s in seats:
        s.sheet[0], s.sheet_wins[0] = s.total, max(s.hands_won, 1 if s.total else 0)


def enter(rules: Rules, state: State, winner: int | None, scores: list[int]) -> list[int]:
    """Enter a hand's scores on the sheet; return the games the winner entered them in
    (none for a hand nobody won).  Each seat's total becomes its sheet's sum."""
    seats = state.game.seats
    _ready(rules, seats)
    entered: list[int] = []
    if winner is not None:
        mine = seats[winner]
        opened = False
        for g in range(games(rules)):
            if not is_open(rules, seats, g):
                continue
            if mine.sheet_wins[g] == 0:
                if opened:
                    continue
                opened = True  # the first open game he has not entered yet
            entered.append(g)
        for g in entered:
            for s, pts in zip(seats, scores, strict=True):
                s.sheet[g] += pts
            mine.sheet_wins[g] += 1
        for g in entered:
            if not is_open(rules, seats, g):
                _close(rules, seats, g)
    for s in seats:
        s.total = sum(s.sheet)
    return entered


def _close(rules: Rules, seats: list[SeatRecord], game: int) -> None:
    """A game's bonuses as it closes, as at the end of a one-game match."""
    g = rules.variant.game
    points = [s.sheet[game] for s in seats]
    leader = max(range(len(seats)), key=lambda i: points[i])
    others_won = any(s.sheet_wins[game] for i, s in enumerate(seats) if i != leader)
    scoreless = not any(p for i, p in enumerate(points) if i != leader)
    if g.shutout_doubles and not others_won:
        seats[leader].sheet[game] += points[leader]  # his hands in this game, doubled
    for s in seats:
        s.sheet[game] += g.line_bonus * s.sheet_wins[game]
    flat = g.shutout_game_bonus
    seats[leader].sheet[game] += flat if flat is not None and scoreless else g.game_bonus
