"""Remi 51 (``remi51``): two packs and four jokers, fourteen cards and fifteen to the first
player, who starts by discarding (no upcard); the first lay-down of at least 51 points
(10, J, Q, K and aces 10, the other cards their number, a joker as the card it stands
for); sets of three or four of different suits, runs of one suit up to A-2-...-K-A; the
discard taken only to be used at once; lay-offs once opened; going out by a discard;
penalty points (a joker in hand 20); one deal by each player.

Two players; seat 1 deals, seat 0 plays first with fifteen cards.
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "remi51"
PLAYERS = 2
# A-A-A (30), 5-6-7-8H, Q-Q-Q, K-K-K, and 9D, 4S
R0 = "AH AS AC 5H 6H 7H 8H QH QS QD KH KS KD 9D 4S"
R1 = "2D 3D 8C 9C JH JS 10D 4H 6C 7D 8S 3S 5C JK"  # 105 points in hand
# the stock's top cards, drawn and thrown in the first two rounds of turns
PAD = "2S 2C 3S"
# seat 0 discards 4S; each player draws and throws a card of PAD; nobody melds in the
# first two rounds of turns; seat 0 draws the next stock card on his third turn
THIRD = ["0 discard 4S", "1 draw stock", "1 discard 2S", "0 draw stock", "0 discard 2C",
         "1 draw stock", "1 discard 3S", "0 draw stock"]
OPEN = "0 meld AH AS AC | 6H 7H 8H"  # 51 exactly
ALL = "0 meld AH AS AC | 5H 6H 7H 8H 9H | QH QS QD | KH KS KD"  # with the 9H drawn
END = "? phase totals results round"
# A to A in hearts, and a spare
ACES = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 4S"
# Q-K-A and K-A-2 of hearts, with J-J-J and 10-10-10 to make the 51
CORNER = "QH KH AH 2H 3H JS JD JC 10S 10D 10C 9S 9D 9C 4S"
# seat 1 opens with the KC seat 0 throws: K-K-K-K (40) and 5-6-7D (18)
KINGS = "KH KS KD 5D 6D 7D 2C 3C 9S 10H JD 4H 8C 8S"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (R0, R1),
      stock: str = "9H 10S", **kw: Any) -> Draft:
    """A draft whose stock starts with PAD, then ``stock``."""
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), "",
                 stock=f"{PAD} {stock}", **kw)


def _drained() -> list[str]:
    """Seat 0 discards; then each player draws from the stock and throws the card drawn
    until it is empty; the next draw finds a stock made of the discards under the top."""
    stock = complete_setup(VARIANT, (), 2, [R0, R1], "", f"{PAD} 9H 10S")["stock"]
    script = ["0 discard 4S"]
    for i, card in enumerate(stock):
        seat = 1 - i % 2
        script += [f"{seat} draw stock", f"{seat} discard {card}"]
    seat = 1 - len(stock) % 2
    return [*script, "? stock_size discard_top discard_size", f"{seat} draw stock",
            "? stock_size discard_size"]


DRAFTS = [
    d("deal/fifteen-to-the-first-player-no-upcard", "two packs and four jokers; fourteen "
      "cards each and fifteen to the first player; no upcard", "X4 X29 X30 X31",
      ["?"]),
    d("turn/first-turn-is-a-discard", "the first player starts by discarding, without "
      "drawing or melding", "X30 X46b",
      ["0 draw stock -> already-drawn", "0 meld KH KS KD | QH QS QD -> "
       "first-turn-discard-only", "0 discard 4S", "?"]),
    d("turn/next-player-draws-then-discards", "the next player draws, then discards",
      "X46b",
      ["0 discard 4S", "1 discard 2D -> must-draw-first", "0 draw stock -> not-your-turn",
       "1 draw stock", "1 draw stock -> already-drawn", "1 discard 2D", "?"]),
    d("opening/below-51-refused", "a first lay-down below 51 is refused: Q-Q-Q and 5-6-7 "
      "make 48", "X38",
      [*THIRD, "0 meld QH QS QD | 5H 6H 7H -> opening-too-low",
       "0 meld KH KS KD -> opening-too-low", "?"]),
    d("opening/several-melds-make-60", "several melds laid at once make the opening: "
      "Q-Q-Q and K-K-K count 60", "X38",
      [*THIRD, "0 meld QH QS QD | KH KS KD", "?", "0 discard 4H -> not-in-hand",
       "0 discard 9D", "?"]),
    d("opening/aces-count-ten", "an ace counts 10: A-A-A with 6-7-8 is 51 exactly, with "
      "5-6-7 only 48", "X38 X59",
      [*THIRD, "0 meld AH AS AC | 5H 6H 7H -> opening-too-low", OPEN, "?"]),
    d("opening/joker-counts-as-its-card", "a joker counts as the card it stands for: "
      "A-A-joker is 30", "X38 X14",
      [*THIRD, "0 meld AH AS JK | 5H 6H 7H -> opening-too-low", "0 meld AH AS JK | "
       "6H 7H 8H", "?"], stock="JK"),
    d("opening/any-meld-once-opened", "once opened, a player lays melds of any value on "
      "later turns", "X39",
      [*THIRD, OPEN, "0 discard 9D", "1 draw stock", "1 discard 10S", "0 draw stock",
       "0 meld QH QS QD", "?"], stock="9H 10S 2H"),
    d("melds/set-of-different-suits", "a set's cards are of different suits, though the "
      "pack holds each card twice", "X11",
      [*THIRD, "0 meld QH QS QH | KH KS KD -> set-suits-repeat", "?"], stock="QH"),
    d("melds/set-of-three-or-four", "a set holds three or four cards", "X11",
      [*THIRD, "0 meld QH QS QD QC QH | KH KS KD -> too-long",
       "0 meld QH QS QD QC | KH KS KD", "?"],
      hands=(R0.replace("9D", "QC"), R1), stock="QH"),
    d("melds/run-of-one-suit", "a run's cards are of one suit", "X10",
      [*THIRD, "0 meld 6H 7H 8H 9D | KH KS KD -> mixed-suits", "?"], stock="9C"),
    d("melds/run-of-three-at-least", "a run holds three cards at least", "X9",
      [*THIRD, "0 meld 7H 8H | KH KS KD | QH QS QD -> too-short", "?"]),
    d("melds/run-from-ace-to-ace", "a run may hold an ace at each end: A-2-...-K-A, "
      "fourteen cards", "X7 X8",
      [*THIRD, "0 meld AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "?"],
      hands=(ACES, R1), stock="9C"),
    d("melds/queen-king-ace", "the ace is high: Q-K-A is a run", "X7",
      [*THIRD, "0 meld QH KH AH | JS JD JC | 10S 10D 10C", "?"], hands=(CORNER, R1),
      stock="8C"),
    d("melds/ace-two-three", "the ace is low: A-2-3 is a run", "X7",
      [*THIRD, "0 meld AH 2H 3H | JS JD JC | 10S 10D 10C", "?"], hands=(CORNER, R1),
      stock="8C"),
    d("melds/king-ace-two-refused", "no run goes around the corner: K-A-2 is no run",
      "X7",
      [*THIRD, "0 meld KH AH 2H | JS JD JC | 10S 10D 10C -> wrap-around", "?"],
      hands=(CORNER, R1), stock="8C"),
    d("turn/no-melding-in-the-first-two-rounds", "nobody melds in the first two rounds of "
      "turns: seat 0 opens on his third turn, not his second", "X46b X38",
      [*THIRD[:4], "0 meld QH QS QD | KH KS KD -> too-early-to-meld", "0 discard 2C",
       *THIRD[5:], "0 meld QH QS QD | KH KS KD", "?"]),
    d("upcard/not-taken-in-the-first-rounds", "in the first two rounds of turns the discard "
      "cannot be taken, even a card that would open", "X40",
      ["0 discard KC", "1 draw upcard -> taken-card-unusable", "1 draw stock", "?"],
      hands=(R0.replace("KH KS KD", "KC 2D 3D"), KINGS)),
    d("upcard/taken-only-to-use-at-once", "the discard is taken only to be laid down at "
      "once: the 4S opens nothing", "X40",
      ["0 discard 4S", "1 draw upcard -> taken-card-unusable", "1 draw stock", "?"]),
    d("upcard/taken-to-open-with-it", "the discard may be taken to open with it, and must "
      "be melded before the discard", "X40 X38",
      ["0 discard 9D", *THIRD[1:], "0 discard KC", "1 draw upcard",
       "1 discard 2C -> must-meld-taken",
       "1 meld KH KS KC | 5D 6D 7D -> opening-too-low", "1 meld KH KS KD KC | 5D 6D 7D",
       "?", "1 discard 2C", "?"], hands=(R0.replace("KH KS KD", "KC 2D 3D"), KINGS)),
    d("layoff/not-before-opening", "a player lays off only once he has opened", "X44",
      [*THIRD, OPEN, "0 discard 9D", "1 draw stock", "1 lay_off 4H on 1 -> not-down",
       "1 discard 10S", "?"]),
    d("layoff/same-turn-and-any-meld", "an opened player lays off at once, on his own "
      "melds or another's", "X43 X45",
      [*THIRD, OPEN, "0 lay_off 5H on 1", "0 lay_off 9H on 1", "?"]),
    d("out/last-card-is-discarded", "a player goes out by discarding his last card, not "
      "by melding it", "X54",
      [*THIRD, ALL.replace("QH QS QD", "QH QS QD QC") + " -> must-keep-discard", ALL,
       "0 discard QC", END], hands=(R0.replace("9D", "QC"), R1)),
    d("score/penalty-points-in-hand", "the other players score the cards left in hand: "
      "number cards their number, 10 to K and aces 10, a joker 20", "X59 X60",
      [*THIRD, ALL, "0 discard 9D", END]),
    d("game/first-of-two-deals-plays-on", "with two players the first hand does not end "
      "the game: each player deals once", "X62",
      [*THIRD, ALL, "0 discard 9D", "? phase round totals"]),
    d("game/ends-after-one-deal-by-each-player", "with two players the game ends after "
      "the second hand; the lowest total wins", "X62 X63",
      [*THIRD, ALL, "0 discard 9D", "? phase totals winners"], round=2, totals=(40, 30)),
    d("stock/reshuffled-when-empty", "when the stock runs out, the discards but the top "
      "one make a new stock", "X58", _drained()),
]
