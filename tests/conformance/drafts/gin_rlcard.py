"""Gin Rummy as RLCard 1.2.0 plays it (``gin_rlcard``): each rule where it differs from
``gin`` -- no upcard (the non-dealer holds eleven cards and starts by discarding), forced
gin, no big gin, flat scores (knock 20, gin 100, the other player minus his deadwood: the
payoff x100), no lay-offs, no undercut, the card taken kept except in a knock, and the
low stock: at two cards the player to draw picks up the upcard or declares a dead hand.

Not testable with an explicit deal: `first dealer random` (a case names its dealer).
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.author import Draft, complete_setup

VARIANT = "gin_rlcard"
PLAYERS = 2
# Seat 1 deals; seat 0 (the non-dealer) holds eleven cards and starts.
R0 = "2C 3C 4C 5H 5S 5D 9S 10S JS KH 8D"  # 2-3-4C, 5-5-5, 9-10-JS; KH 8D loose
G1 = "AD 2D 3D 7C 7H 8H 9H QC QD KD"  # A-2-3D, 7-8-9H; 7C QC QD KD loose (37)
LOW = "AD 2D 3D 7H 8H 9H QC QD QS 4S"  # A-2-3D, 7-8-9H, Q-Q-Q; 4S loose
# No meld in either hand, nor one card from gin: the stock can be drained.
D0 = "AC 3C 5D 7H 9S JC KD 2H 6S 10D QH"
D1 = "AS 3S 5C 7D 9H JH KS 2D 6C 10S"
END = "? phase totals results winners"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (R0, G1),
      discard: str = "", **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _to_low_stock() -> list[str]:
    """Seat 0 throws QH; then 29 turns of drawing from the stock and throwing the card
    drawn: two stock cards are left and seat 0 is to draw."""
    stock = complete_setup(VARIANT, (), 2, [D0, D1], "")["stock"]
    script = ["0 discard QH"]
    for i, card in enumerate(stock[:29]):
        seat = (i + 1) % 2
        script += [f"{seat} draw stock", f"{seat} discard {card}"]
    return script


DRAFTS = [
    d("deal/no-upcard-the-first-player-discards", "no upcard: the non-dealer holds eleven "
      "cards and starts by discarding, without drawing", "X29 X30 X31",
      ["? phase turn hands discard_top stock_size", "0 draw stock -> already-drawn",
       "1 draw stock -> not-your-turn", "0 discard KH", "?"]),
    d("knock/knock-scores-twenty-and-the-defender-loses-his-deadwood", "a knock scores 20; "
      "the defender scores minus his deadwood and lays nothing off", "X43 X60 X61 X62",
      ["0 knock KH", END]),
    d("knock/no-undercut", "less deadwood is no undercut: the knock still scores 20",
      "X61", ["0 knock KH", END], hands=(R0, LOW)),
    d("knock/gin-is-forced", "a player who can go gin must: no discard, no other knock",
      "X54 X61",
      ["0 discard KH -> must-go-gin", "0 discard 2C -> must-go-gin",
       "0 knock QS -> must-go-gin", "0 knock KH", END],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS KH", G1)),
    d("knock/no-big-gin", "no big gin: eleven melded cards go gin with a discard", "X54 X61",
      ["0 knock -> no-big-gin", "0 discard 2C -> must-go-gin", "0 knock 9S", END],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS KS", G1)),
    d("discard/the-card-taken-goes-only-in-a-knock", "the upcard taken may not be discarded "
      "this turn, but may be the knock's discard", "X41",
      ["0 discard KH", "1 draw upcard", "1 discard KH -> keep-taken-card", "1 knock KH", END],
      hands=(R0, LOW)),
    d("stock/dead-hand-declared-at-two-cards", "with two stock cards the player to draw may "
      "not draw from the stock: he declares a dead hand, and every player loses his "
      "deadwood", "X56 X58",
      ["0 dead_hand -> no-dead-hand", *_to_low_stock(), "? phase turn stock_size",
       "0 draw stock -> low-stock", "1 dead_hand -> not-your-turn", "0 dead_hand", END],
      hands=(D0, D1)),
    d("stock/pick-up-the-upcard-and-play-on", "with two stock cards the player to draw may "
      "pick up the upcard and play on", "X56 X58",
      [*_to_low_stock(), "0 draw upcard", "0 discard AC", "?",
       "1 draw stock -> low-stock", "1 dead_hand", END], hands=(D0, D1)),
]
