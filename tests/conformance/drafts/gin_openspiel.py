"""Gin Rummy as OpenSpiel 2.0.2 plays it (``gin_openspiel``): each rule where it differs
from ``gin`` -- the card taken may be thrown back, no big gin, undercuts only on strictly
less deadwood, zero-sum scores of a one-hand game, at most two lay-offs per run end, and
the wall at two stock cards (knock with the upcard, or pass: a dead hand).

Not testable with an explicit deal: `first dealer last seat` (a case names its dealer).
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "gin_openspiel"
PLAYERS = 2
# Seat 1 deals; seat 0 (the non-dealer) is offered the first upcard.
G0 = "2C 3C 4C 5H 5S 5D 9S 10S JS KH"  # 2-3-4C, 5-5-5, 9-10-JS; KH loose
G1 = "AD 2D 3D 7C 7H 8H 9H QC QD KD"  # A-2-3D, 7-8-9H; 7C QC QD KD loose (37)
LOW = "AD 2D 3D 7H 8H 9H QC QD QS 4S"  # A-2-3D, 7-8-9H, Q-Q-Q; 4S loose
UP = "6C"
PASS = ["0 pass", "1 pass"]
END = "? phase totals results winners"
# Eights and nines with 8D 9D 10H; the upcard 10D makes two arrangements of deadwood 10
# (a run of diamonds, or of hearts); the other player's JH fits the run of hearts only.
TIED = ("8C 8H 8S 9C 9H 9S 8D 9D 10H 2C", "KS KC KD 3S 4S 5S JH QC 2D 6C")
HEARTS = "8C 8D 8S | 9C 9D 9S | 8H 9H 10H"


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
    # ----- as in gin ---------------------------------------------------------------------
    d("offer/non-dealer-takes-the-first-upcard", "the first upcard is offered to the "
      "non-dealer (player 0), who may take it", "X30",
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
    d("knock/deadwood-above-ten-refused", "no knock with more than 10 deadwood", "X54",
      [*PASS, "0 draw stock", "0 knock 9S -> deadwood-too-high", "0 knock KH", "?"],
      stock="8D"),
    d("knock/ace-is-low-in-deadwood", "the ace is low: Q-K-A is no run, so it counts as "
      "deadwood", "X7 X59",
      [*PASS, "0 draw stock", "0 knock 8D -> deadwood-too-high", "0 discard 8D", "?"],
      hands=("QS KS AS 2C 3C 4C 5H 5S 5D 8D", G1), stock="6H"),
    d("knock/defender-lays-off-on-the-knockers-melds", "the defender may lay off on the "
      "knocker's melds before the hand is scored", "X43 X45 X60",
      [*PASS, "0 draw stock", "0 knock KH", "1 lay_off 5C on 1", "?", "1 pass", END],
      hands=(G0, "AD 2D 3D 5C 7H 8H 9H QC QD KD"), stock="8D"),
    d("knock/the-knocker-shows-the-melds-he-names", "the knocker names the melds he shows "
      "(OpenSpiel's meld actions after the knock): of two arrangements with the same "
      "deadwood he may show the run of hearts, onto which the defender lays off his JH",
      "X43 X45",
      ["0 draw upcard", f"0 knock 2C melds {HEARTS}", "?", "1 lay_off JH on 2", "1 pass",
       END], hands=TIED, discard="10D"),
    d("knock/the-defender-shows-the-melds-he-names", "the defender's closing pass may "
      "name his melds (OpenSpiel's meld actions after his lay-offs); his deadwood is what "
      "they leave (here the run of hearts left out: 24 more)", "X60",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass melds 7C 8H 9H -> mixed-ranks",
       "1 pass melds AD 2D 3D", END], stock="8D"),
    d("knock/a-named-arrangement-is-checked", "the melds a knock names must be melds of "
      "cards held, none named twice, leaving at most 10 deadwood; without melds the best "
      "arrangement is shown (the run of diamonds, where JH does not go)", "X43 X54",
      ["0 draw upcard", "0 knock 2C melds 8C 8D 8S | 9C 9D 9S | 8H 9H JH -> not-in-hand",
       "0 knock 2C melds 8C 8D 8S | 9C 9D 9H -> deadwood-too-high",
       "0 knock 2C melds 8C 8D 8S | 9C 9D 9S | 8H 9H -> too-short",
       "0 knock 2C", "1 lay_off JH on 2 -> mixed-suits", "1 pass", END],
      hands=TIED, discard="10D"),
    d("knock/only-the-defender-lays-off", "after a knock only the defender acts: he lays "
      "off, then passes", "X43",
      [*PASS, "0 draw stock", "0 knock KH", "0 lay_off 5C on 1 -> not-defender",
       "1 discard QC -> not-defender", "1 lay_off QC on 0 -> mixed-ranks", "1 pass",
       "? phase results"],
      hands=(G0, "AD 2D 3D 5C 7H 8H 9H QC QD KD"), stock="8D"),
    d("knock/gin-scores-bonus-and-allows-no-lay-off", "gin (no deadwood) scores the "
      "defender's deadwood plus 25, with no lay-offs", "X56 X61",
      [*PASS, "0 draw stock", "0 knock KH", END], stock="QS"),
    d("knock/knock-card-must-be-held", "the knock discard must be a card in hand", "X54",
      [*PASS, "0 draw stock", "0 knock QH -> not-in-hand", "0 knock KH", "?"], stock="8D"),
    # ----- where OpenSpiel differs from gin --------------------------------------------
    d("discard/the-card-taken-may-be-thrown-back", "the upcard just taken may be discarded "
      "at once (gin forbids it)", "X41",
      ["0 draw upcard", "0 discard 6C", "?"]),
    d("knock/no-big-gin", "no big gin: eleven melded cards knock with a discard, as gin",
      "X54 X61",
      [*PASS, "0 draw stock", "0 knock -> no-big-gin", "0 knock 9S", END],
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), stock="KS"),
    d("knock/a-knock-scores-zero-sum-and-ends-the-game", "a knock's points are won from the "
      "defender (zero-sum) and the one hand is the whole game", "X60 X62 X63",
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
