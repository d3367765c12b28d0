"""Kalooki 40 (``kalooki``): two packs and four jokers, thirteen cards, the first lay-down
of at least 40 points (ace 11, royals 10, a joker as the card it stands for), sets of
different suits, lay-offs once opened, going out by a discard, penalty points, the game
ended when a total passes 150.

Two players, thirteen cards each; seat 1 deals, seat 0 plays first.
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "kalooki"
PLAYERS = 2
# Q-Q-Q (30) with J-Q-K of clubs (30); 5-6-7H (18); A-A-A (33)
K0 = "QH QS QD JC QC KC 5H 6H 7H AH AS AD 4C"
K1 = "2C 3C 4D 5D 6S 8C 9H 10H KH KS 3D 3S 7C"
UP = "9C"
OPEN = "0 meld QH QS QD | JC QC KC"
# goes out at once: Q-Q-Q-Q (40) with 5-6-7H, 2-3-4C and 9-9-9, then discards 8H
OUT = "QH QS QD 5H 6H 7H 8H 2C 3C 4C 9S 9D 9H"
LOSER = "AC JK KH 10H 9C 3D 7C 2S 4S 6D 8D JD KD"  # 105 points
ALL = "0 meld QH QS QD QC | 5H 6H 7H | 2C 3C 4C | 9S 9D 9H"
END = "? phase totals results"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (K0, K1),
      discard: str = UP, **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _drained() -> list[str]:
    """Both players draw from the stock and throw the card drawn until it is empty; then
    the next draw finds a stock made of the discards under the top one."""
    stock = complete_setup(VARIANT, (), 2, [K0, K1], UP, "8D")["stock"]
    script = []
    for i, card in enumerate(stock):
        script += [f"{i % 2} draw stock", f"{i % 2} discard {card}"]
    seat = len(stock) % 2
    return [*script, "? stock_size discard_top discard_size", f"{seat} draw stock",
            "? stock_size discard_size"]


DRAFTS = [
    d("opening/first-lay-down-below-40-refused", "a player's first melds must count at "
      "least 40 points: queens alone count 30", "X38",
      ["0 draw stock", "0 meld QH QS QD -> opening-too-low", "0 meld 5H 6H 7H -> "
       "opening-too-low", "?"], stock="8D"),
    d("opening/several-melds-at-once-make-40", "the first melds may be laid together to "
      "make the 40", "X38",
      ["0 draw stock", OPEN, "?", "0 discard 4C", "?"], stock="8D"),
    d("opening/one-meld-of-40", "one meld of 40 points opens alone", "X38 X11",
      ["0 draw stock", "0 meld QH QS QD QC", "?"], stock="8D"),
    d("opening/ace-counts-eleven", "an ace counts 11 toward the opening: three aces (33) "
      "and 5-6-7 (18) make 51", "X38 X59",
      ["0 draw stock", "0 meld AH AS AD -> opening-too-low", "0 meld AH AS AD | 5H 6H 7H",
       "?"], stock="8D"),
    d("opening/joker-counts-as-its-card", "a joker counts as the card it stands for: "
      "Q-Q-joker counts 30", "X38 X12",
      ["0 draw stock", "0 meld QH QS JK -> opening-too-low", "0 meld QH QS JK | JC QC KC",
       "?"], stock="JK"),
    d("opening/any-meld-after-opening", "once opened, a player lays melds of any value",
      "X38 X39",
      ["0 draw stock", OPEN, "0 discard 4C", "1 draw stock", "1 discard 8H", "0 draw stock",
       "0 meld 5H 6H 7H", "?"], stock="8D 8H 2D"),
    d("layoff/not-before-opening", "a player lays off only once he has opened", "X43",
      ["0 draw stock", OPEN, "0 discard 4C", "1 draw stock", "1 lay_off KD on 0 -> not-down",
       "1 lay_off 10C on 1 -> not-down", "1 discard KD", "?"], stock="8D KD"),
    d("layoff/after-opening", "an opened player lays off on any meld", "X43",
      ["0 draw stock", OPEN, "0 lay_off 10C on 1", "?", "0 discard 4C", "?"], stock="10C"),
    d("melds/set-of-different-suits", "a set's cards are of different suits, though the "
      "pack holds each card twice", "X11 X50",
      ["0 draw stock", "0 meld QH QS QH -> set-suits-repeat", "0 meld QH QS QD QC", "?"],
      stock="QH"),
    d("melds/set-of-at-most-four", "a set holds three or four cards", "X11",
      ["0 draw stock", "0 meld QH QS QD QC QH -> too-long", "0 meld QH QS -> too-short",
       "?"], stock="QH"),
    d("melds/run-ace-high", "the ace is high: Q-K-A is a run", "X7",
      ["0 draw stock", "0 meld 10C JC QC KC AC", "?"], stock="AC",
      hands=(K0.replace("QH", "10C"), K1)),
    d("melds/run-ace-low", "the ace is low: A-2-3 is a run", "X7 X9",
      ["0 draw stock", "0 meld AD 2D 3D | QH QS QD", "?"], stock="2D",
      hands=(K0.replace("4C", "3D"), K1.replace("3D", "4C"))),
    d("melds/run-around-the-corner-refused", "no run goes around the corner", "X7",
      ["0 draw stock", "0 meld QD KD AD 2D -> wrap-around", "?"], stock="KD",
      hands=(K0.replace("4C", "2D"), K1)),
    d("melds/run-of-one-suit", "a run's cards are of one suit", "X10",
      ["0 draw stock", "0 meld JC QC KD -> mixed-suits", "?"], stock="KD"),
    d("melds/joker-stands-in-a-run", "a joker stands for any card of a run", "X12 X14",
      ["0 draw stock", "0 meld JC QC JK AC | QH QS QD", "?"], stock="JK",
      hands=(K0.replace("KC", "AC"), K1)),
    d("turn/must-draw-first", "a turn starts with a draw", "X46b",
      ["0 discard 4C -> must-draw-first", "1 draw stock -> not-your-turn", "0 draw stock",
       "0 draw stock -> already-drawn", "?"], stock="8D"),
    d("upcard/taken-only-to-meld-at-once", "the discard is taken only to be melded in the "
      "same turn: 9C melds with nothing", "X40",
      ["0 draw upcard -> taken-card-unusable", "0 draw stock", "?"], stock="8D"),
    d("upcard/taken-to-open-with-it", "the discard may be taken to open with it at once, "
      "and must then be melded first", "X40 X38",
      ["0 draw upcard", "0 discard 4C -> must-meld-taken",
       "0 meld 5H 6H 7H -> must-meld-taken", "0 meld QH QS QD QC", "?", "0 discard 4C",
       "?"], discard="9C QC"),
    d("turn/no-freeing-of-jokers", "a joker on the table stays where it is", "X16",
      ["0 draw stock", "0 meld QH QS JK | JC QC KC", "0 discard 4C", "1 draw stock",
       "1 swap QD on 0 -> swap-not-allowed", "?"], stock="JK QD"),
    d("out/going-out-by-discarding", "a player goes out by discarding his last card, not "
      "by melding it", "X45 X46",
      ["0 draw stock", ALL.replace("7H", "7H 8H") + " -> must-keep-discard", ALL,
       "0 discard 8H", END], hands=(OUT, LOSER), stock="QC"),
    d("score/penalty-points-in-hand", "the other players score the cards left in their "
      "hands: ace 11, royals and tens 10, a joker 15, others their number", "X59 X60",
      ["0 draw stock", ALL, "0 discard 8H", END], hands=(OUT, LOSER), stock="QC"),
    d("game/ends-past-150", "the game ends when a total passes 150; the lowest total wins",
      "X62 X63",
      ["0 draw stock", ALL, "0 discard 8H", "? phase totals winners"], hands=(OUT, LOSER),
      stock="QC", totals=(100, 50)),
    d("game/at-150-play-goes-on", "at 150 or less the next hand is dealt", "X62",
      ["0 draw stock", ALL, "0 discard 8H", "? phase totals round"], hands=(OUT, LOSER),
      stock="QC", totals=(100, 10)),
    d("stock/reshuffled-when-empty", "when the stock runs out the discards but the top one "
      "are shuffled into a new stock", "X44", _drained(), stock="8D"),
]
