"""Checks of the stake rules (Tonk's branch): a hand settled in stakes, a hand that wins as
dealt, the drop.  Each of these is played only where the hand is settled in stakes, so
each is refused without ``score { method stakes }`` rather than accepted and ignored."""

from __future__ import annotations

from . import model as m
from .check_err import Err

_STAKES = "state 'score { method stakes }'"


def counts_unread(v: m.Variant) -> bool:
    """Does no rule read what a card counts?  A hand settled in stakes reads the counts
    only where the stock's end, a drop or a dealt total names a winner, or an opening
    counts points; elsewhere (Conquian: out by melding eleven, a drawn hand) the cards
    need no score."""
    return (v.score.method == "stakes" and "end-round" not in v.stock.empty
            and not v.turn.drop and v.deal.total_wins is None
            and v.turn.opening_points is None and not v.turn.opening_by_total)


def check_stakes(v: m.Variant, err: Err) -> None:
    s, stakes = v.score, v.score.method == "stakes"
    if stakes and v.knock is not None:
        err("E032", "a knock (Gin) is scored by deadwood, not in stakes: 'method stakes' "
            "and a 'knock' section cannot both hold", s.span)
    if v.turn.drop and not stakes:
        err("E033", f"'drop before drawing' is settled in stakes: {_STAKES}", v.turn.span)
    won = v.deal.total_wins
    if won is not None:
        if won[0] > won[1]:
            err("E031", f"a dealt total of {won[0]}..{won[1]}: the low end is above the "
                "high end", v.deal.span)
        if not stakes:
            err("E033", f"a hand that wins as dealt is settled in stakes: {_STAKES}",
                v.deal.span)
    for stated, what in ((s.bare_out_doubles, "out without discard doubles"),
                         (s.dealt_win_doubles, "dealt win doubles"),
                         (s.drawn_add_stake, "drawn hands add a stake"),
                         (s.caught_pays != 2, f"caught drop pays {s.caught_pays}")):
        if stated and not stakes:
            err("E033", f"'{what}' is a rule of stakes: {_STAKES}", s.span)
    if s.dealt_win_doubles and won is None:
        err("E033", "'dealt win doubles' needs a hand that wins as dealt: state "
            "'deal { hand of N..M points wins }'", s.span)
    if s.caught_pays < 1:
        err("E021", f"a caught drop pays {s.caught_pays} stakes: it must be at least 1",
            s.span)
    if s.cap is not None and s.cap < 1:
        err("E021", f"a hand counting at most {s.cap} points: it must be at least 1", s.span)
    if s.cap is not None and s.method not in ("penalty", "collect"):
        err("E032", f"'hand counts at most {s.cap}' caps the points of the cards a player "
            f"holds, which 'method {s.method.replace('-', ' ')}' does not score", s.span)
    if stakes and (s.rummy_doubles or s.winner_bonus or s.zero_sum):
        err("E032", "stakes are paid one from each loser to the winner: 'rummy doubles', "
            "'winner bonus' and 'zero sum' belong to other methods", s.span)
