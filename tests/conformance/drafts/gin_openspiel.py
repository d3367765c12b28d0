"""Gin Rummy as OpenSpiel 2.0.2 plays it (``gin_openspiel``): each rule where it differs
from ``gin`` -- the card taken may be thrown back, no big gin, undercuts only on strictly
less deadwood, zero-sum scores of a one-hand game, at most two lay-offs per run end, and
the wall at two stock cards (knock with the upcard, or pass: a dead hand).

Not testable with an explicit deal: `first dealer last seat` (a case names its dealer).
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.author import Draft, complete_setup

VARIANT = "gin_openspiel"
PLAYERS = 2
# Seat 1 deals; seat 0 (the non-dealer) is offered the first upcard.
G0 = "2C 3C 4C 5H 5S 5D 9S 10S JS KH"  # 2-3-4C, 5-5-5, 9-10-JS; KH loose
G1 = "AD 2D 3D 7C 7H 8H 9H QC QD KD"  # A-2-3D, 7-8-9H; 7C QC QD KD loose (37)
LOW = "AD 2D 3D 7H 8H 9H QC QD QS 4S"  # A-2-3D, 7-8-9H, Q-Q-Q; 4S loose
UP = "6C"
PASS = ["0 pass", "1 pass"]
END = "? phase totals results winners"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (G0, G1),
      discard: str = UP, **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _to_the_wall(hands: tuple[str, str]) -> list[str]:
    """Both pass the offer; then 29 turns of drawing from the stock and throwing the card
    drawn: a discard leaves two stock cards and seat 1 is at the wall."""
    stock = complete_setup(VARIANT, (), 2, list(hands), UP)["stock"]
    script = list(PASS)
    for i, card in enumerate(stock[:29]):
        script += [f"{i % 2} draw stock", f"{i % 2} discard {card}"]
    return script


DRAFTS = [
    d("discard/the-card-taken-may-be-thrown-back", "the upcard just taken may be discarded "
      "at once (gin forbids it)", "X41",
      ["0 draw upcard", "0 discard 6C", "?"]),
    d("knock/no-big-gin", "no big gin: eleven melded cards knock with a discard, as gin",
      "X54 X61",
      [*PASS, "0 draw stock", "0 knock -> no-big-gin", "0 knock 9S", END],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), stock="KS"),
    d("knock/a-knock-scores-zero-sum-and-ends-the-game", "a knock's points are won from the "
      "defender (zero-sum) and the one hand is the whole game", "X60 X62",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass", END], stock="8D"),
    d("knock/equal-deadwood-is-no-undercut", "equal deadwood is no undercut: the knocker "
      "wins 0 points", "X61",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass", END],
      hands=(G0, "AD 2D 3D 7H 8H 9H QC QD QS 8C"), stock="8D"),
    d("knock/undercut-on-less-deadwood", "less deadwood undercuts: the difference plus 25, "
      "won from the knocker", "X61",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass", END], hands=(G0, LOW), stock="8D"),
    d("knock/two-lay-offs-per-run-end", "the defender extends each end of a knocker's run "
      "by at most two cards", "X43 X45",
      [*PASS, "0 draw stock", "0 knock KH", "1 lay_off 5C on 1", "1 lay_off 6C on 1",
       "1 lay_off 7C on 1 -> layoff-limit", "1 lay_off AC on 1", "1 pass", END],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS KH", "5C 6C 7C AC 7H 8H 9H QD KD 2H"),
      discard="8S", stock="8D"),
    d("stock/the-wall-pass-ends-the-hand-dead", "at the wall (two stock cards) the stock "
      "is closed; the upcard may be taken only to knock; a pass ends the hand: no score",
      "X56 X58",
      [*_to_the_wall((G0, G1)), "? phase turn stock_size",
       "1 draw stock -> wall", "1 draw upcard -> wall-knock-only",
       "0 pass -> not-your-turn", "1 pass", END]),
    d("stock/the-wall-knock-with-the-upcard", "at the wall a player takes the upcard only "
      "to knock with it", "X56 X58",
      [*_to_the_wall((G0, LOW)), "1 draw upcard", "1 discard 4S -> wall-knock-only",
       "1 knock 4S", "0 pass", END], hands=(G0, LOW)),
]
