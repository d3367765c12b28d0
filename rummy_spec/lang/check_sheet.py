"""Checks of several games scored at once (``game { games at once N }``): each game of the
sheet closes at the points target, the highest score wins it, and a hand's score belongs
to its winner alone (it is entered in the winner's games), so the scoring must give the
hand's points to its winner only."""

from __future__ import annotations

from . import model as m
from .check_err import Err


def check_sheet(v: m.Variant, err: Err) -> None:
    g, s = v.game, v.score
    n = g.games_at_once
    if n < 1:
        err("E021", f"{n} games at once", g.span, "one game is 'games at once 1', the default")
    if n <= 1:
        return
    if g.ends != "target":
        err("E033", "games scored at once each close at a points target: state "
            "'ends at N points'", g.span)
    if g.winner != "highest":
        err("E032", "games scored at once are won by the highest score ('winner highest')",
            g.span)
    if s.method not in ("deadwood", "collect") or s.zero_sum:
        err("E032", "games scored at once enter a hand's score in its winner's games, so the "
            "hand's points must go to its winner alone ('method deadwood' or 'method "
            "collect', not zero-sum)", g.span)
