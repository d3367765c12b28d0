"""Checks of a declaration played as a contract (Indian Rummy's branch): going down that
goes out, more melds of any kind, and the losers' hands laid out.  Each is played only
with contracts, so each is refused without them rather than accepted and ignored."""

from __future__ import annotations

from . import model as m
from .check_err import Err


def check_declare(v: m.Variant, err: Err) -> None:
    c, s = v.contracts, v.score
    if c.down_goes_out:
        if not c.rounds:
            err("E033", "'going down goes out' needs contracts to go down with", c.span)
        if v.going_out.by == "meld":
            err("E032", "'going down goes out' keeps one card to discard, but 'going out "
                "{ by meld }' forbids going out by a discard", c.span)
        pats = [str(r.number) for r in c.rounds if r.pat]
        if pats:
            err("E032", "'going down goes out' keeps one card to discard; a pat contract "
                f"(round {', '.join(pats)}) melds every card", c.span)
    if s.losers_meld:
        if not c.rounds:
            err("E033", "'losers lay out their hands' lays them out as the contract asks: "
                "state contracts", s.span)
        if s.method not in ("penalty", "collect"):
            err("E032", "'losers lay out their hands' changes what a hand counts, which "
                f"'method {s.method.replace('-', ' ')}' does not score", s.span)
