"""Straight Gin: Gin Rummy where only gin ends a hand (no knock with deadwood, so no
undercut and no lay-off); the first upcard offer, big gin, the dead hand at two stock
cards and the game to 100 are Gin's."""

from __future__ import annotations

from drafts.gin import G0, G1, PASS, d, dead_hand

VARIANT = "straight_gin"
PLAYERS = 2
ONE = "2C 3C 4C 5H 5S 5D 9S 10S JS AS"  # the AS loose: 1 point


def _dead_hand() -> list[str]:
    return dead_hand(VARIANT)


DRAFTS = [
    d("offer/non-dealer-takes-the-first-upcard", "the first upcard is offered to the "
      "non-dealer, who may take it", "X30",
      ["? phase offer turn", "0 draw upcard", "?", "0 discard KH", "?"]),
    d("offer/dealer-offered-when-non-dealer-passes", "if the non-dealer passes, the dealer "
      "may take the first upcard; play then goes on from him", "X30 X31",
      ["0 pass", "? phase offer", "1 draw upcard", "?", "1 discard KD", "?"]),
    d("offer/both-pass-non-dealer-draws-from-stock", "if both pass, the non-dealer starts "
      "by drawing from the stock", "X30",
      [*PASS, "? phase turn", "0 draw upcard -> upcard-refused", "0 draw stock", "?"]),
    d("offer/take-or-pass-only", "while the upcard is offered only the player offered it "
      "may act, by taking it or passing", "X30",
      ["0 draw stock -> no-offer", "1 pass -> no-offer", "0 knock KH -> no-offer", "0 pass",
       "?"]),
    d("turn/must-draw-first", "after the offer the turn starts with a draw", "X46b",
      [*PASS, "0 discard KH -> must-draw-first", "0 knock KH -> must-draw-first",
       "1 draw stock -> not-your-turn", "0 draw stock", "?"]),
    d("turn/no-melding-before-gin", "melds are shown only when a player goes gin: no meld "
      "or lay-off on the table during play", "X39 X43",
      [*PASS, "0 draw stock", "0 meld 2C 3C 4C -> no-table-play",
       "0 lay_off 6C on 0 -> no-table-play", "0 discard KH", "?"]),
    d("turn/a-turn-is-a-draw-and-a-discard", "a player who cannot go gin draws and "
      "discards, and the turn passes", "X46b",
      [*PASS, "0 draw stock", "0 discard 8D", "? turn phase", "1 draw upcard",
       "1 discard KD", "?"], stock="8D"),
    d("discard/upcard-taken-is-kept-this-turn", "the card taken from the pile may not be "
      "discarded, nor knocked with, in the same turn", "X41",
      [*PASS, "0 draw stock", "0 discard 8D", "1 draw upcard", "1 discard 8D -> keep-taken-card",
       "1 knock 8D -> keep-taken-card", "1 discard KD", "?"], stock="8D"),
    d("knock/no-knock-with-ten-points", "no knock with deadwood: 10 points (Gin's limit) "
      "is refused", "X54",
      [*PASS, "0 draw stock", "0 knock KH -> deadwood-too-high",
       "0 knock 8D -> deadwood-too-high", "0 discard 8D", "?"], stock="8D"),
    d("knock/no-knock-with-one-point", "no knock with deadwood: even the ace's 1 point "
      "is refused; only gin ends the hand", "X54",
      [*PASS, "0 draw stock", "0 knock KH -> deadwood-too-high", "0 discard KH", "?"],
      hands=(ONE, G1), stock="KH"),
    d("knock/gin-ends-the-hand", "gin (every card but the discard melded) ends the hand: "
      "the defender's deadwood plus 25", "X54 X56 X60 X61",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results"], stock="QS"),
    d("knock/no-lay-off-against-gin", "against gin the defender lays nothing off: the "
      "hand is scored at once (his 8S, which would extend the run of spades, counts as "
      "deadwood)", "X43 X45",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results"],
      hands=(G0, "AD 2D 3D 7C 7H 8H 9H 8S QD KD"), stock="QS"),
    d("knock/gin-is-never-undercut", "a defender with no deadwood does not undercut "
      "gin: the gin scores its bonus", "X61",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results"],
      hands=(G0, "AD 2D 3D 4D 7H 8H 9H QC QD QH"), stock="QS"),
    d("knock/big-gin-scores-31", "big gin: all eleven cards melded, no discard, scores "
      "the defender's deadwood plus 31", "X54 X61",
      [*PASS, "0 draw stock", "0 knock", "? phase totals results"],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), stock="KS"),
    d("knock/big-gin-needs-every-card-melded", "a knock without a discard is big gin only "
      "with every card melded", "X54",
      [*PASS, "0 draw stock", "0 knock -> no-big-gin", "0 knock KH", "?"], stock="QS"),
    d("knock/knock-card-must-be-held", "the gin discard must be a card in hand", "X54",
      [*PASS, "0 draw stock", "0 knock QH -> not-in-hand", "0 knock KH", "?"], stock="QS"),
    d("knock/ace-is-low", "the ace is low: Q-K-A is no run, so the ace is deadwood and "
      "there is no gin", "X7 X59",
      [*PASS, "0 draw stock", "0 knock 8D -> deadwood-too-high", "0 discard 8D", "?"],
      hands=("QS KS AS 2C 3C 4C 5H 5S 5D 8D", G1), stock="6H"),
    d("knock/a-named-arrangement-is-checked", "the melds a gin names are checked: legal "
      "melds of cards held, and nothing left over", "X43 X54",
      [*PASS, "0 draw stock", "0 knock KH melds 2C 3C 4C | 5H 5S 5D -> deadwood-too-high",
       "0 knock KH melds 2C 3C 4C | 5H 5S 5D | 9S 10S -> too-short",
       "0 knock KH melds 2C 3C 4C | 5H 5S 5D | 9S 10S JS QH -> not-in-hand",
       "0 knock KH melds 2C 3C 4C | 5H 5S 5D | 9S 10S JS QS", "? phase totals results"],
      stock="QS"),
    d("knock/only-the-player-in-turn-goes-gin", "a player may go gin only on his own turn",
      "X54",
      [*PASS, "1 knock KD -> not-your-turn", "0 draw stock", "1 knock KD -> not-your-turn",
       "0 knock KH", "?"], stock="QS"),
    d("stock/dead-hand-at-two-cards", "when the stock is down to two cards and nobody has "
      "gone gin the hand is dead: nobody scores", "X56 X58",
      [*_dead_hand(), "? phase totals results"]),
    d("game/game-to-100-with-bonuses", "the game ends at 100: game bonus 100, 25 a hand "
      "won, a shutout doubles the points of the hands played", "X61 X62 X63",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results winners"],
      stock="QS", totals=(90, 0)),
    d("options/classic-no-big-gin-gin-20", "classic rules: no big gin, gin bonus 20", "X61",
      [*PASS, "0 draw stock", "0 knock -> no-big-gin", "0 knock 9S",
       "? phase totals results"], options=("classic",),
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), stock="KS"),
]
