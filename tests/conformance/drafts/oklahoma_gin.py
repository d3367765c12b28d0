"""Oklahoma Gin: Gin Rummy whose knock limit is the count of the hand's first upcard (an
ace: gin only), whose spade upcard doubles the hand's score, played to 150.  Each case of
the limit or the doubling gives another answer where the rule is left out."""

from __future__ import annotations

from drafts.gin import G0, G1, PASS, d, dead_hand

VARIANT = "oklahoma_gin"
PLAYERS = 2
ONE = "2C 3C 4C 5H 5S 5D 9S 10S JS AS"  # the AS loose: 1 point
LOW = "AD 2D 3D 7H 8H 9H QC QD QS 4S"  # the 4S loose: 4 points


def _dead_hand() -> list[str]:
    return dead_hand(VARIANT, "KC")


KNOCK = [*PASS, "0 draw stock"]
SCORED = "? phase totals results"

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
      [*PASS, "0 discard KH -> must-draw-first", "1 draw stock -> not-your-turn",
       "0 draw stock", "?"]),
    d("turn/no-melding-before-the-knock", "melds are shown only at the knock: no meld or "
      "lay-off on the table during play", "X39 X43",
      [*KNOCK, "0 meld 2C 3C 4C -> no-table-play", "0 lay_off 6C on 0 -> no-table-play",
       "0 discard KH", "?"], stock="8D"),
    d("discard/upcard-taken-is-kept-this-turn", "the card taken from the pile may not be "
      "discarded, nor knocked with, in the same turn", "X41",
      [*KNOCK, "0 discard 8D", "1 draw upcard", "1 discard 8D -> keep-taken-card",
       "1 discard KD", "?"], stock="8D"),
    d("limit/a-six-allows-a-knock-with-four", "a six turned up: a knock may leave up to "
      "6 points (here 4)", "X54",
      [*KNOCK, "0 knock KH", "1 pass", SCORED], stock="4H"),
    d("limit/a-six-refuses-a-knock-with-seven", "a six turned up: 7 points of deadwood "
      "may not knock, though Gin's 10 would", "X54",
      [*KNOCK, "0 knock KH -> deadwood-too-high", "0 discard KH", "?"], stock="7D"),
    d("limit/an-eight-allows-seven", "an eight turned up: 7 points may knock", "X54",
      [*KNOCK, "0 knock KH", "1 pass", SCORED], discard="8C", stock="7D"),
    d("limit/a-king-counts-ten", "a court card turned up counts 10: a knock may leave "
      "10 (the KH kept)", "X54 X59",
      [*KNOCK, "0 knock 8D", "1 pass", SCORED],
      discard="KC", stock="8D"),
    d("limit/a-three-refuses-four", "a three turned up: 4 points are too many", "X54",
      [*KNOCK, "0 knock KH -> deadwood-too-high", "0 discard KH", "?"], discard="3H",
      stock="4H"),
    d("limit/an-ace-allows-gin-only", "an ace turned up: no knock with deadwood, not even "
      "1 point (the ace's count)", "X54",
      [*KNOCK, "0 knock KH -> deadwood-too-high", "0 discard KH", "?"], hands=(ONE, G1),
      discard="AH", stock="KH"),
    d("limit/an-ace-allows-gin", "an ace turned up: gin ends the hand as usual", "X54 X56",
      [*KNOCK, "0 knock KH", SCORED], discard="AH", stock="QS"),
    d("limit/the-limit-stays-when-the-upcard-is-taken", "the first upcard sets the limit "
      "for the whole hand, though a player took it: the six's 6, not the seven's count",
      "X30 X54",
      ["0 draw upcard", "0 discard KH", "1 draw stock", "1 discard 8S", "0 draw stock",
       "0 knock 6C -> deadwood-too-high", "0 knock 7D", "1 pass", SCORED],
      stock="8S 7D"),
    d("score/a-spade-doubles-a-knock", "a spade turned up doubles the hand: the knock's "
      "deadwood difference twice over", "X60 X61",
      [*KNOCK, "0 knock KH", "1 pass", SCORED], discard="8S", stock="4H"),
    d("score/a-spade-doubles-gin", "a spade turned up doubles the hand: the defender's "
      "deadwood and the gin bonus twice over", "X60 X61",
      [*KNOCK, "0 knock KH", SCORED], discard="6S", stock="QS"),
    d("score/a-spade-doubles-an-undercut", "a spade turned up doubles an undercut too: "
      "the difference and the undercut bonus twice over", "X60 X61",
      [*KNOCK, "0 knock KH", "1 pass", SCORED], hands=(G0, LOW), discard="KS", stock="8D"),
    d("score/another-suit-scores-once", "a heart turned up: the gin scores once", "X61",
      [*KNOCK, "0 knock KH", SCORED], discard="6H", stock="QS"),
    d("knock/defender-lays-off", "the defender may lay off on the knocker's melds before "
      "the hands are scored", "X43 X45 X60",
      [*KNOCK, "0 knock KH", "0 lay_off 5C on 1 -> not-defender", "1 lay_off 5C on 1", "?",
       "1 pass", SCORED],
      hands=(G0, "AD 2D 3D 5C 7H 8H 9H QC QD KD"), discard="KC", stock="8D"),
    d("knock/big-gin-doubled", "big gin with a spade turned up: the defender's deadwood "
      "plus 31, twice over", "X54 X61",
      [*KNOCK, "0 knock", SCORED],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), discard="6S", stock="KS"),
    d("knock/knock-card-must-be-held", "the knock discard must be a card in hand", "X54",
      [*KNOCK, "0 knock QH -> not-in-hand", "0 knock -> no-big-gin", "0 knock KH", "?"],
      stock="QS"),
    d("stock/dead-hand-at-two-cards", "when the stock is down to two cards and nobody has "
      "knocked the hand is dead: nobody scores", "X56 X58",
      [*_dead_hand(), SCORED], discard="KC"),
    d("game/not-over-at-100", "the game is played to 150: 100 points do not end it",
      "X62", [*KNOCK, "0 knock KH", "? phase totals winners"], discard="6H", stock="QS",
      totals=(60, 0)),
    d("game/game-to-150-with-bonuses", "the game ends at 150: game bonus 100, 25 a hand "
      "won, a shutout doubles the points of the hands played", "X61 X62 X63",
      [*KNOCK, "0 knock KH", "? phase totals results winners"], discard="6H", stock="QS",
      totals=(90, 0)),
]
