"""Checks of the rules read off a hand's first upcard: the knock limit it sets (``knock {
deadwood by upcard, upcard A deadwood 0 }``) and the factor its suit multiplies the hand's
score by (``score { upcard spades doubles }``).  Each needs an upcard turned at the deal;
a rank's limit needs the limit by upcard; a factor of 0 would wipe the hand out."""

from __future__ import annotations

from . import model as m
from .check_err import Err


def check_upcard_rules(v: m.Variant, err: Err) -> None:
    k, s = v.knock, v.score
    if k is not None and k.deadwood_by_upcard and not v.deal.upcard:
        err("E033", "'deadwood by upcard' reads the first upcard, but the deal turns none "
            "('no upcard')", k.span)
    if k is not None and k.upcard_deadwood and not k.deadwood_by_upcard:
        ranks = ", ".join(str(r) for r, _ in k.upcard_deadwood)
        err("E033", f"a knock limit for an upcard rank ({ranks}) needs 'deadwood by upcard': "
            "with a fixed 'deadwood N' it would never be read", k.span)
    if s.upcard_times and not v.deal.upcard:
        err("E033", "'upcard ... doubles' reads the first upcard's suit, but the deal turns "
            "none ('no upcard')", s.span)
    if s.upcard_times and v.deck.numbers is not None:
        err("E033", "'upcard ... doubles' names a suit, but this deck's cards have colours, "
            "not suits", s.span)
    for suit, times in s.upcard_times:
        if times < 1:
            err("E021", f"an upcard of suit {suit} multiplying the hand's score by {times}",
                s.span, "the factor is 1 or more ('upcard spades doubles' is 2)")
