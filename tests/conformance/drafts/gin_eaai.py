"""Gin Rummy as the EAAI-2021 Gin Rummy challenge plays it (``gin_eaai``): the first upcard
offer, the knock at 10 with the knocker's melds his to name, no big gin, lay-offs made by
the game, gin and undercut bonuses of 25, the dead hand at two stock cards, the game to
100 with no other bonus.

Not testable with an explicit deal: `first dealer random` (a case names its dealer) and
`passes only after a scored hand` (a case ends with its hand; the engine's scenarios
play the next deal).
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "gin_eaai"
PLAYERS = 2
# Seat 1 deals; seat 0 (the non-dealer) is offered the first upcard.
G0 = "2C 3C 4C 5H 5S 5D 9S 10S JS KH"  # 2-3-4C, 5-5-5, 9-10-JS; KH loose
G1 = "AD 2D 3D 7C 7H 8H 9H QC QD KD"  # A-2-3D, 7-8-9H; 7C QC QD KD loose (37)
LAYS = "AD 2D 3D 5C 7H 8H 9H QC QD KD"  # 5C fits the knocker's 5-5-5
UP = "6C"
PASS = ["0 pass", "1 pass"]
END = "? phase totals results"
# Eights and nines with 8D 9D 10H; the upcard 10D makes two arrangements of deadwood 10
# (a run of diamonds, or of hearts); the other player's JH fits the run of hearts only.
TIED = ("8C 8H 8S 9C 9H 9S 8D 9D 10H 2C", "KS KC KD 3S 4S 5S JH QC 2D 6C")
HEARTS = "8C 8D 8S | 9C 9D 9S | 8H 9H 10H"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (G0, G1),
      discard: str = UP, **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _dead_hand() -> list[str]:
    stock = complete_setup(VARIANT, (), 2, [G0, G1], UP)["stock"]
    script = list(PASS)
    for i, card in enumerate(stock[:29]):
        script += [f"{i % 2} draw stock", f"{i % 2} discard {card}"]
    return script


DRAFTS = [
    d("offer/non-dealer-takes-the-first-upcard", "the first face-up card is offered to the "
      "starting player, who may take it", "X30",
      ["? phase offer turn", "0 draw upcard", "?", "0 discard KH", "?"]),
    d("offer/dealer-offered-when-non-dealer-passes", "if the starting player declines, the "
      "other may take the first face-up card; play then goes on from him", "X30 X31",
      ["0 pass", "? phase offer", "1 draw upcard", "?", "1 discard KD", "?"]),
    d("offer/both-pass-non-dealer-draws-from-stock", "if both decline, the starting player "
      "draws from the stock", "X30",
      [*PASS, "? phase turn", "0 draw upcard -> upcard-refused", "0 draw stock", "?"]),
    d("offer/take-or-pass-only", "while the face-up card is offered only the player offered "
      "it may act, by taking it or declining", "X30",
      ["0 draw stock -> no-offer", "1 pass -> no-offer", "1 draw upcard -> no-offer",
       "0 discard KH -> no-offer", "0 pass", "0 pass -> no-offer", "?"]),
    d("turn/must-draw-first", "after the offer the turn starts with a draw", "X46b",
      [*PASS, "0 discard KH -> must-draw-first", "0 knock KH -> must-draw-first",
       "1 draw stock -> not-your-turn", "0 draw stock", "?"]),
    d("turn/no-melding-before-the-knock", "melds are shown only at the knock: no meld or "
      "lay-off on the table during play", "X39 X43",
      [*PASS, "0 draw stock", "0 meld 2C 3C 4C -> no-table-play",
       "0 lay_off 6C on 0 -> no-table-play", "0 discard KH", "?"]),
    d("discard/upcard-taken-is-kept-this-turn", "the face-up card drawn may not be "
      "discarded in the same turn", "X41",
      [*PASS, "0 draw stock", "0 discard 8D", "1 draw upcard", "1 discard 8D -> keep-taken-card",
       "1 discard KD", "?"], stock="8D"),
    d("knock/knock-with-ten-or-less", "a player whose deadwood is 10 or less after his "
      "discard may knock; the hand is scored at once", "X54 X56 X60",
      [*PASS, "0 draw stock", "0 knock KH", END], stock="8D"),
    d("knock/deadwood-above-ten-refused", "no knock with more than 10 deadwood", "X54",
      [*PASS, "0 draw stock", "0 knock 9S -> deadwood-too-high", "0 knock KH", END],
      stock="8D"),
    d("knock/ace-is-low-in-deadwood", "the ace is low: Q-K-A is no run, so it counts as "
      "deadwood", "X7 X59",
      [*PASS, "0 draw stock", "0 knock 8D -> deadwood-too-high", "0 discard 8D", "?"],
      hands=("QS KS AS 2C 3C 4C 5H 5S 5D 8D", G1), stock="6H"),
    d("knock/lay-offs-are-made-by-the-game", "the other player's deadwood that fits the "
      "knocker's melds is laid off by the game (5C onto 5-5-5), with no turn of his",
      "X43 X45 X60",
      [*PASS, "0 draw stock", "0 knock KH", END],
      hands=(G0, LAYS), stock="8D"),
    d("knock/no-lay-off-against-gin", "against gin nothing is laid off: 5C stays deadwood",
      "X43 X56 X61",
      [*PASS, "0 draw stock", "0 knock KH", END], hands=(G0, LAYS), stock="QS"),
    d("knock/undercut", "an opponent with less deadwood than the knocker wins the "
      "difference plus the undercut bonus 25", "X61",
      [*PASS, "0 draw stock", "0 knock KH", END],
      hands=(G0, "AD 2D 3D 7H 8H 9H QC QD QS 4S"), stock="8D"),
    d("knock/undercut-on-equal-deadwood", "equal deadwood is an undercut too", "X61",
      [*PASS, "0 draw stock", "0 knock KH", END],
      hands=(G0, "AD 2D 3D 7H 8H 9H QC QD QS 8C"), stock="8D"),
    d("knock/gin-scores-bonus", "gin (no deadwood) scores the opponent's deadwood plus 25",
      "X56 X61",
      [*PASS, "0 draw stock", "0 knock KH", END], stock="QS"),
    d("knock/no-big-gin", "a knock always discards: eleven cards melded are no knock "
      "without a discard, and gin with one", "X54 X61",
      [*PASS, "0 draw stock", "0 knock -> no-big-gin", "0 knock 9S", END],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), stock="KS"),
    d("knock/knock-card-must-be-held", "the knock discard must be a card in hand", "X54",
      [*PASS, "0 draw stock", "0 knock QH -> not-in-hand", "0 knock KH", END], stock="8D"),
    d("knock/the-knocker-shows-the-melds-he-names", "the knocker names the melds he shows: "
      "of two arrangements with the same deadwood he may show the run of hearts, onto "
      "which the game lays off the other player's JH", "X43 X45",
      ["0 draw upcard", f"0 knock 2C melds {HEARTS}", END], hands=TIED, discard="10D"),
    d("knock/without-melds-the-best-arrangement-is-shown", "a knock that names no melds "
      "shows the best arrangement (the run of diamonds, where JH does not go)", "X43 X45",
      ["0 draw upcard", "0 knock 2C", END], hands=TIED, discard="10D"),
    d("knock/a-named-arrangement-is-checked", "the melds a knock names are checked: legal "
      "melds of cards held, none named twice, the deadwood left at most 10", "X54",
      ["0 draw upcard", "0 knock 2C melds 8C 8D 8S | 9C 9D 9S | 8H 9H JH -> not-in-hand",
       "0 knock 2C melds 8C 8D 8S | 8S 9S 10S -> not-in-hand",
       "0 knock 2C melds 8C 8D 8S | 9C 9D 9H -> deadwood-too-high",
       "0 knock 2C melds 8C 8D 8S | 9C 9D 9S | 8H 9H -> too-short",
       "0 knock 2C melds 8C 9D 10H | 9C 9H 9S -> mixed-ranks",
       f"0 knock 2C melds {HEARTS}", END], hands=TIED, discard="10D"),
    d("stock/dead-hand-at-two-cards", "when the stock is down to two cards and nobody has "
      "knocked the hand is cancelled: nobody scores", "X56 X58",
      [*_dead_hand(), END]),
    d("game/game-to-100-without-bonuses", "the game ends when a player reaches 100 points; "
      "no game, line or shutout bonus is added", "X62 X63",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results winners"],
      stock="QS", totals=(90, 0)),
]
