"""Gin Rummy as RLCard 1.2.0 plays it (``gin_rlcard``): each rule where it differs from
``gin`` -- no upcard (the non-dealer holds eleven cards and starts by discarding), forced
gin, no big gin, flat scores (knock 20, gin 100, the other player minus his deadwood: the
payoff x100), no lay-offs, no undercut, the card taken kept except in a knock, and the
low stock: at two cards the player to draw picks up the upcard or declares a dead hand.

Not testable with an explicit deal: `first dealer random` (a case names its dealer).
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

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
    # ----- as in gin ---------------------------------------------------------------------
    d("turn/must-draw-first", "after the first discard each turn starts with a draw",
      "X46b",
      ["0 discard KH", "1 discard QC -> must-draw-first", "1 knock QC -> must-draw-first",
       "0 draw stock -> not-your-turn", "1 draw stock", "?"]),
    d("turn/no-melding-before-the-knock", "melds are shown only at the knock: no meld or "
      "lay-off on the table during play", "X39 X43",
      ["0 meld 2C 3C 4C -> no-table-play", "0 lay_off 6C on 0 -> no-table-play",
       "0 discard KH", "?"]),
    d("turn/the-upcard-or-the-stock", "the player to draw takes the upcard or the top "
      "stock card, and keeps the upcard this turn", "X40 X41",
      ["0 discard KH", "1 draw upcard", "1 discard KH -> keep-taken-card", "1 discard KD",
       "0 draw stock", "0 discard QH", "?"], stock="QH"),
    d("turn/nothing-to-offer", "there is no first upcard to take or pass", "X30",
      ["0 pass -> claim-not-open", "0 draw upcard -> already-drawn", "0 discard KH",
       "1 pass -> claim-not-open", "1 draw upcard", "?"]),
    d("discard/the-card-must-be-held", "a discard is a card in hand", "X41",
      ["0 discard QH -> not-in-hand", "1 discard QC -> not-your-turn", "0 discard KH",
       "?"]),
    d("knock/deadwood-above-ten-refused", "no knock with more than 10 deadwood", "X54",
      ["0 knock 9S -> deadwood-too-high", "0 knock 2C -> deadwood-too-high", "0 knock KH",
       END]),
    d("knock/ace-is-low-in-deadwood", "the ace is low: Q-K-A is no run, so it counts as "
      "deadwood", "X7 X59",
      ["0 knock 8D -> deadwood-too-high", "0 discard 8D", "?"],
      hands=("QS KS AS 2C 3C 4C 5H 5S 5D 8D 6H", G1)),
    d("knock/knock-card-must-be-held", "the knock discard must be a card in hand", "X54",
      ["0 knock QH -> not-in-hand", "0 knock KH", END]),
    d("knock/knock-after-a-draw", "the second player knocks after drawing from the stock",
      "X54 X56",
      ["0 discard KH", "1 draw stock", "1 knock KD -> deadwood-too-high", "1 discard KD",
       "0 draw stock", "0 knock 8D", END], hands=(R0, G1)),
    d("knock/no-lay-off-after-a-knock", "nothing is laid off: the knock ends the game at "
      "once, and a card that fits the knocker's run still counts (5C: -35)", "X43 X45",
      ["0 knock KH", END],
      hands=(R0, "AD 2D 3D 5C 7H 8H 9H QC QD KD")),
    d("knock/gin-after-a-draw", "gin drawn from the stock is forced too and scores 100",
      "X54 X61",
      ["0 discard KH", "1 draw stock", "1 discard 6C", "0 draw stock",
       "0 discard 8D -> must-go-gin", "0 knock 8D", END], stock="6C AC"),
    d("game/the-one-hand-is-the-game", "the game is one hand: the highest score wins",
      "X62 X63", ["0 knock KH", END], hands=(R0, LOW)),
    # ----- where RLCard differs from gin -------------------------------------------------
    d("deal/no-upcard-the-first-player-discards", "no upcard: the non-dealer holds eleven "
      "cards and starts by discarding, without drawing", "X29 X30 X31",
      ["? phase turn hands discard_top stock_size", "0 draw stock -> already-drawn",
       "1 draw stock -> not-your-turn", "0 discard KH", "?"]),
    d("knock/knock-scores-twenty-and-the-defender-loses-his-deadwood", "a knock scores 20; "
      "the defender scores minus his deadwood and lays nothing off", "X43 X60 X61 X62 X63",
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
