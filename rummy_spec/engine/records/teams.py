"""Partnerships (``game { partners across }`` or ``partners alternate``): which seats play
together.  A team's hand scores are added up, its melds are the team's (a player may lay
off on his partner's melds once his partner has melded), and the game is won by a team:
every seat of the team with the best total is a winner.  Without partners each seat is a
team of one, so the functions here answer for every variant."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

Partners = Literal["none", "across", "alternate"]


def team_count(partners: Partners, players: int) -> int:
    """How many teams there are: half the seats across, two alternating, else one a seat."""
    if partners == "across":
        return players // 2
    if partners == "alternate":
        return 2
    return players


def team_of(partners: Partners, players: int, seat: int) -> int:
    """The team of a seat, numbered from 0 in the order of its first seat."""
    return seat % team_count(partners, players)


def team(partners: Partners, players: int, seat: int) -> tuple[int, ...]:
    """The seats of ``seat``'s team (itself included), lowest first."""
    mine = team_of(partners, players, seat)
    return tuple(i for i in range(players) if team_of(partners, players, i) == mine)


def teams(partners: Partners, players: int) -> tuple[tuple[int, ...], ...]:
    """Every team, in the order of its first seat."""
    return tuple(team(partners, players, t) for t in range(team_count(partners, players)))


def team_totals(partners: Partners, seat_totals: Sequence[int]) -> list[int]:
    """Each seat's team total (the sum over its team), one entry a seat, so the team
    totals are read like seat totals: the same for partners, a seat's own without
    partners."""
    n = len(seat_totals)
    return [sum(seat_totals[i] for i in team(partners, n, s)) for s in range(n)]
