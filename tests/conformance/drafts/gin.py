"""Gin Rummy (GIN): the first upcard offer, knocking, gin and big gin, undercuts, the
defender's lay-offs, the dead hand at two stock cards, the game to 100 with bonuses."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "gin"
PLAYERS = 2
# Seat 1 deals; seat 0 (the non-dealer) is offered the first upcard.
G0 = "2C 3C 4C 5H 5S 5D 9S 10S JS KH"  # 2-3-4C, 5-5-5, 9-10-JS; KH loose
G1 = "AD 2D 3D 7C 7H 8H 9H QC QD KD"  # A-2-3D, 7-8-9H; 7C QC QD KD loose
UP = "6C"
PASS = ["0 pass", "1 pass"]
# Eights and nines with the eight and nine of diamonds and of hearts and the ten of hearts;
# the upcard 10D makes two arrangements of deadwood 10 (a run of diamonds, or of hearts).
TIED = ("8C 8H 8S 9C 9H 9S 8D 9D 10H 2C", "KS KC KD 3S 4S 5S JH QC 2D 6C")
HEARTS = "8C 8D 8S | 9C 9D 9S | 8H 9H 10H"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (G0, G1),
      discard: str = UP, **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def dead_hand(variant: str = VARIANT, upcard: str = UP) -> list[str]:
    """Passes, then draws and discards down to two stock cards (the pack as ``variant``
    deals it from these hands and this upcard)."""
    stock = complete_setup(variant, (), 2, [G0, G1], upcard)["stock"]
    script = list(PASS)
    for i, card in enumerate(stock[:29]):
        script += [f"{i % 2} draw stock", f"{i % 2} discard {card}"]
    return script


# the play of a gin hand, shared by the specs that score it otherwise (gin_hollywood)
PLAY = [
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
      ["0 draw stock -> no-offer", "1 pass -> no-offer", "1 draw upcard -> no-offer",
       "0 discard KH -> no-offer", "0 pass", "0 pass -> no-offer", "?"]),
    d("turn/must-draw-first", "after the offer the turn starts with a draw", "X46b",
      [*PASS, "0 discard KH -> must-draw-first", "0 knock KH -> must-draw-first",
       "1 draw stock -> not-your-turn", "0 draw stock", "?"]),
    d("turn/no-melding-before-the-knock", "melds are shown only at the knock: no meld or "
      "lay-off on the table during play", "X39 X43",
      [*PASS, "0 draw stock", "0 meld 2C 3C 4C -> no-table-play",
       "0 lay_off 6C on 0 -> no-table-play", "0 discard KH", "?"]),
    d("discard/upcard-taken-is-kept-this-turn", "the card taken from the pile may not be "
      "discarded, nor knocked with, in the same turn", "X41",
      [*PASS, "0 draw stock", "0 discard 8D", "1 draw upcard", "1 discard 8D -> keep-taken-card",
       "1 discard KD", "?"], stock="8D"),
    d("knock/knock-with-ten-or-less", "a player whose deadwood is 10 or less after his "
      "discard may knock; the defender then lays off", "X54 X56",
      [*PASS, "0 draw stock", "0 knock KH", "?", "1 pass", "? phase totals results"],
      stock="8D"),
    d("knock/deadwood-above-ten-refused", "no knock with more than 10 deadwood", "X54",
      [*PASS, "0 draw stock", "0 knock 9S -> deadwood-too-high", "0 knock KH", "?"],
      stock="8D"),
    d("knock/ace-is-low-in-deadwood", "the ace is low: Q-K-A is no run, so it counts as "
      "deadwood", "X7 X59",
      [*PASS, "0 draw stock", "0 knock 8D -> deadwood-too-high", "0 discard 8D", "?"],
      hands=("QS KS AS 2C 3C 4C 5H 5S 5D 8D", G1), stock="6H"),
    d("knock/defender-lays-off-on-the-knockers-melds", "the defender may lay off on the "
      "knocker's melds before the hands are scored", "X43 X45 X60",
      [*PASS, "0 draw stock", "0 knock KH", "1 lay_off 5C on 0", "?", "1 pass",
       "? phase totals results"],
      hands=(G0, "AD 2D 3D 5C 7H 8H 9H QC QD KD"), stock="8D"),
    d("knock/only-the-defender-lays-off", "after a knock only the defender acts: he lays "
      "off, then passes", "X43",
      [*PASS, "0 draw stock", "0 knock KH", "0 lay_off 5C on 0 -> not-defender",
       "1 discard QC -> not-defender", "1 lay_off QC on 0 -> mixed-ranks", "1 pass",
       "? phase results"],
      hands=(G0, "AD 2D 3D 5C 7H 8H 9H QC QD KD"), stock="8D"),
    d("knock/undercut", "a defender with less deadwood than the knocker wins the "
      "difference plus the undercut bonus 25", "X61",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass", "? phase totals results"],
      hands=(G0, "AD 2D 3D 7H 8H 9H QC QD QS 4S"), stock="8D"),
    d("knock/undercut-on-equal-deadwood", "equal deadwood is an undercut too", "X61",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass", "? phase totals results"],
      hands=(G0, "AD 2D 3D 7H 8H 9H QC QD QS 8C"), stock="8D"),
    d("knock/gin-scores-bonus-and-allows-no-lay-off", "gin (no deadwood) scores the "
      "defender's deadwood plus 25, with no lay-offs", "X56 X61",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results"], stock="QS"),
    d("knock/big-gin-scores-31", "big gin: all eleven cards melded, no discard, scores the "
      "defender's deadwood plus 31", "X54 X61",
      [*PASS, "0 draw stock", "0 knock", "? phase totals results"],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), stock="KS"),
    d("knock/big-gin-needs-every-card-melded", "a knock without a discard is big gin only "
      "with every card melded", "X54",
      [*PASS, "0 draw stock", "0 knock -> no-big-gin", "0 knock KH", "?"], stock="8D"),
    d("knock/knock-card-must-be-held", "the knock discard must be a card in hand", "X54",
      [*PASS, "0 draw stock", "0 knock QH -> not-in-hand", "0 knock KH", "?"], stock="8D"),
    d("knock/the-knocker-shows-the-melds-he-names", "the knocker shows the melds he "
      "names: of two arrangements with the same deadwood (a run of hearts or of diamonds "
      "beside the eights and nines) he may show the one that lets the defender lay off his "
      "jack of hearts", "X43 X45",
      ["0 draw upcard", f"0 knock 2C melds {HEARTS}", "?", "1 lay_off JH on 2", "1 pass",
       "? phase totals results"], hands=TIED, discard="10D"),
    d("knock/a-named-arrangement-is-checked", "the melds a knock names are checked: legal "
      "melds of cards held, none named twice, the deadwood left within the limit; without "
      "melds the best arrangement is laid (the run of diamonds, where the jack of hearts "
      "does not go)", "X43 X45 X54",
      ["0 draw upcard", "0 knock 2C melds 8C 8D 8S | 9C 9D 9S | 8H 9H JH -> not-in-hand",
       "0 knock 2C melds 8C 8D 8S | 8S 9S 10S -> not-in-hand",
       "0 knock 2C melds 8C 8D 8S | 9C 9D 9H -> deadwood-too-high",
       "0 knock 2C melds 8C 8D 8S | 9C 9D 9S | 8H 9H -> too-short",
       "0 knock 2C", "?", "1 lay_off JH on 2 -> mixed-suits", "1 pass",
       "? phase totals results"], hands=TIED, discard="10D"),
    d("knock/the-defender-shows-the-melds-he-names", "the defender's closing pass may name "
      "his melds; his deadwood is what they leave (here the run of hearts left out: 24 more)",
      "X60",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass melds 7C 8H 9H -> mixed-ranks",
       "1 pass melds AD 2D 3D | 7H 8H 9H | 7H 8H 9H -> not-in-hand",
       "1 pass melds AD 2D 3D", "? phase totals results"], stock="8D"),
]

DRAFTS = [
    *PLAY,
    d("options/classic-no-big-gin-gin-20", "classic rules: no big gin, gin bonus 20", "X61",
      [*PASS, "0 draw stock", "0 knock -> no-big-gin", "0 knock 9S",
       "? phase totals results"], options=("classic",),
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), stock="KS"),
    d("options/strict-undercut-equal-deadwood-is-no-undercut", "with strict undercuts, "
      "equal deadwood leaves the knocker the winner of 0 points", "X61",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass", "? phase totals results"],
      hands=(G0, "AD 2D 3D 7H 8H 9H QC QD QS 8C"), stock="8D",
      options=("strict_undercut",)),
    d("stock/dead-hand-at-two-cards", "when the stock is down to two cards and nobody has "
      "knocked the hand is dead: nobody scores", "X56 X58",
      [*dead_hand(), "? phase totals results"]),
    d("game/game-to-100-with-bonuses", "the game ends at 100: game bonus 100, 25 a hand "
      "won, a shutout doubles the points of the hands played (not a setup's totals, which "
      "bring no hands won)", "X61 X62 X63",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results winners"],
      stock="QS", totals=(90, 0)),
]
