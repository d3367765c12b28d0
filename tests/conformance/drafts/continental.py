"""Continental Rummy (CONT): May I? buys, red aces and jokers wild, exact contracts,
all-wild trios, freeing run jokers onto the table, the stock turned over once."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "continental"
PLAYERS = 4
C0 = "5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D 8D"
C1 = "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D"
C2 = "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 10D"
C3 = "AS 2S 3H 4H 10H JH QH KH JD QD 9H 6D"
UP = "8C"
PASS = ["1 pass", "2 pass", "3 pass"]
DRAW = ["0 draw stock", *PASS]  # seat 0 refuses the upcard, nobody buys


def d(name: str, rule: str, axes: str, script: list[str], p0: str = C0,
      discard: str = UP, **kw: Any) -> Draft:
    hands = kw.pop("hands", (p0, C1, C2, C3))
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _exhaust() -> list[str]:
    setup = complete_setup(VARIANT, (), 4, [C0, C1, C2, C3], UP)
    return drain_script(VARIANT, 4, setup, 200)


DRAFTS = [
    d("turn/refusing-the-upcard-opens-the-may-i", "drawing from the stock refuses the "
      "upcard: the others may then claim it", "X40 X48",
      ["0 draw stock", "? phase claim turn", *PASS, "?"]),
    d("turn/order-of-the-turn", "only the player in turn acts and he starts with a draw",
      "X31 X46b", ["1 draw stock -> not-your-turn", "0 discard 7D -> must-draw-first",
                   "0 draw upcard", "0 draw stock -> already-drawn", "0 discard 7D",
                   "? turn phase discard_top"]),
    d("turn/taking-the-upcard-opens-no-claim", "a player who takes the upcard leaves "
      "nothing to claim", "X40 X48",
      ["0 draw upcard", "1 buy -> claim-not-open", "?"]),
    d("claims/no-claim-before-the-refusal", "nobody may claim before the player in turn "
      "has refused the upcard", "X48",
      ["1 buy -> claim-not-open", "0 draw stock", "1 buy", "? hands claim phase"]),
    d("claims/nearest-claimant-first", "the claimant nearest the player in turn has "
      "priority: the others wait for him", "X49",
      ["0 draw stock", "3 buy -> not-your-priority", "2 buy -> not-your-priority",
       "1 pass", "3 buy -> not-your-priority", "2 buy", "?"]),
    d("claims/buyer-takes-a-penalty-card", "the buyer takes the upcard and the stock's top "
      "card, and discards nothing; the player in turn then draws", "X50 X53",
      ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"], stock="2H 3H"),
    d("claims/the-pile-is-dead-after-a-buy", "after a buy the rest of the pile is dead "
      "until the next discard", "X53",
      ["0 draw stock", "1 pass", "2 buy", "3 buy -> claim-not-open", "0 discard 7D",
       "1 draw upcard", "?"], discard="QD 8C"),
    d("claims/the-buyer-waits-for-his-turn", "the buyer may not meld, lay off or discard "
      "until his own turn", "X53",
      ["0 draw stock", "1 pass", "2 pass", "3 buy", "3 discard 6D -> not-your-turn",
       "3 go_down JH QH KH JD | QD QH 8C -> not-your-turn", "0 discard 7D", "?"]),
    d("claims/nobody-buys-his-own-discard", "a player may not buy back his own discard",
      "X52", [*DRAW, "0 discard KS", "1 draw stock", "? claim",
              "0 buy -> not-eligible", "2 pass", "3 pass", "?"]),
    d("claims/buys-are-unlimited", "a player may buy any number of times in a hand",
      "X51", [*DRAW, "0 discard KS", "1 draw stock", "2 buy", "1 discard KC",
              "2 draw stock", "3 pass", "0 pass", "1 discard 9H -> not-your-turn",
              "2 discard 10D", "3 draw stock", "0 pass", "1 pass", "3 discard 6D",
              "0 draw stock", "1 pass", "2 buy", "? buys hands"]),
    d("contract/two-sets-in-hand-one", "hand one's contract is two sets", "X33 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "?"]),
    d("contract/a-run-is-not-a-set", "hand one needs two sets: a run does not do", "X35",
      [*DRAW, "0 go_down 2C 3C 4C 5C | 9C 9D 9S -> contract-not-met", "?"],
      p0="5H 5S 5C 9C 9D 9S KS 2C 3C 4C 7D 8D"),
    d("contract/no-extra-melds", "the contract is exact: three sets are refused in hand one",
      "X36", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 2C 2H 2S -> contract-exact-count",
              "0 go_down 5H 5S 5D | 9C 9D 9S", "?"],
      p0="5H 5S 5D 9C 9D 9S 2C 2H 2S 3C 7D 8D"),
    d("contract/melds-may-be-longer", "contract melds are minimums: a set may hold more "
      "than three cards", "X36",
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C 7D 8D"),
    d("contract/hand-two-set-and-run-of-four", "hand two's contract is a set and a run of "
      "at least four", "X9 X33 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 2C 3C 4C -> too-short",
       "0 go_down 5H 5S 5D | 2C 3C 4C 5C", "?"], round=2,
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C 4C 8D"),
    d("contract/same-suit-runs-may-touch", "two runs of one suit may touch: 5-8S and 9-QS "
      "are two runs", "X13 X35",
      [*DRAW, "0 go_down 5S 6S 7S 8S | 9S 10S JS QS", "?"], round=3,
      p0="5S 6S 7S 8S 9S 10S JS QS 2C 7D 8D 9D",
      hands=("5S 6S 7S 8S 9S 10S JS QS 2C 7D 8D 9D", C1, "6C 7C 8C 10C JC QC 3S 4S 6S 7S "
             "8S 10D", "AS 2S 3H 4H 10H JH QH KH JD QD 9H 6D")),
    d("melds/ace-high-or-low-never-around", "the ace is high or low in a run, never both "
      "and never around the corner", "X7",
      [*DRAW, "0 go_down QS KS AS 2S | AC 2C 3C 4C -> wrap-around",
       "0 go_down JS QS KS AS | AC 2C 3C 4C", "?"], round=3,
      p0="JS QS KS AS AC 2C 3C 4C 2S 8D 9D 5H",
      hands=("JS QS KS AS AC 2C 3C 4C 2S 8D 9D 5H", C1, C2,
             "AS 3S 3H 4H 10H JH QH KH JD QD 9H 6D")),
    d("melds/wilds-leading-a-run-stand-as-written", "a run is read as written: three wilds "
      "before a two stand for the ranks below it, around the corner, so the run is refused "
      "where runs may not go round", "X7 X16",
      [*DRAW, "0 go_down JK JK JK 2C 3C 4C | 5S 6S 7S 8S -> wrap-around", "?"], round=3,
      p0="JK JK JK 2C 3C 4C 5S 6S 7S 8S 9D 5H",
      hands=("JK JK JK 2C 3C 4C 5S 6S 7S 8S 9D 5H", C1, C2, C3)),
    d("wilds/wilds-never-outnumber-naturals", "wilds may equal the naturals in a meld but "
      "never outnumber them", "X15",
      [*DRAW, "0 go_down 5H JK JK JK | 9C 9D 9S -> wilds-outnumber-naturals",
       "0 go_down 5H 5S JK JK | 9C 9D 9S", "?"],
      p0="5H 5S JK JK JK 9C 9D 9S KS 2C 3C 7D"),
    d("wilds/red-aces-are-wild", "red aces are wild like jokers; black aces are not", "X14",
      [*DRAW, "0 go_down 5H 5S AD | 9C 9D AS -> mixed-ranks", "0 go_down 5H 5S AD | 9C 9D 9S",
       "?"], p0="5H 5S AD 9C 9D 9S AS 2C 3C 4C 7D 8D",
      hands=("5H 5S AD 9C 9D 9S AS 2C 3C 4C 7D 8D", C1, C2,
             "AC 2S 3H 4H 10H JH QH KH JD QD 9H 6D")),
    d("wilds/a-trio-of-wilds-takes-only-wilds", "three wilds make a set, and only wilds may "
      "join it", "X17 X45",
      [*DRAW, "0 go_down JK JK AH | 9C 9D 9S", "0 lay_off KS on 0 -> only-wilds-join",
       "0 lay_off AD on 0", "?"], p0="JK JK AH AD 9C 9D 9S KS 2C 3C 7D 8D"),
    d("layoff/lay-off-in-the-turn-of-going-down", "a player may lay off in the turn he goes "
      "down", "X43",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C 7D 8D"),
    d("layoff/only-after-going-down", "only a player who is down may lay off", "X44",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "3 pass", "1 lay_off 9H on 1 -> not-down", "?"]),
    d("layoff/no-new-melds-after-going-down", "after going down a player only lays off; he "
      "starts no new meld", "X39",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 meld 2C 3C 4C 5C -> no-new-melds", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C 4C 8D"),
    d("swap/free-a-run-joker-onto-the-table", "a down player may put the natural a run's "
      "joker stands for in its place; the joker must go onto the table at once",
      "X20 X21 X22",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 swap 3C on 1 -> freed-wild-to-table",
       "0 swap 3C on 1 to 0", "?"], round=2,
      p0="5H 5S 5D 2C JK 4C 5C 3C 7D 8D KS 9S"),
    d("swap/never-from-a-set", "a wild in a set is never freed", "X20",
      [*DRAW, "0 go_down 5H 5S JK | 9C 9D 9S", "0 swap 5D on 0 to 1 -> swap-not-allowed",
       "?"], p0="5H 5S JK 5D 9C 9D 9S KS 2C 3C 7D 8D"),
    d("swap/only-a-down-player-frees-a-joker", "a player who is not down may not free a "
      "joker", "X21",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 discard KS", "1 draw stock", "2 pass",
       "3 pass", "1 swap 3C on 1 to 0 -> not-down", "?"], round=2,
      p0="5H 5S 5D 2C JK 4C 5C 9S 7D 8D KS 9D",
      hands=("5H 5S 5D 2C JK 4C 5C 9S 7D 8D KS 9D", "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 3C",
             C2, C3)),
    d("going-out/out-with-the-last-discard", "a player goes out when his last card is "
      "discarded; every other hand scores against him", "X54 X56 X59 X60",
      [*DRAW, "0 go_down 5H 5S 5D 5C 5C | 9C 9D 9S 9H 9H", "0 lay_off 9C on 1",
       "0 lay_off 5D on 0", "0 discard 7D", "? phase totals results"],
      p0="5H 5S 5D 5C 5C 9C 9D 9S 9H 9H 9C 7D", stock="5D",
      hands=("5H 5S 5D 5C 5C 9C 9D 9S 9H 9H 9C 7D", "6H 7H 8H 2H 10S JS QS KD KC 2D 3D 4D",
             C2, "AS 2S 3H 4H 10H JH QH KH JD QD JK 6D")),
    d("stock/turned-over-once-then-the-hand-ends", "an empty stock is replaced once by the "
      "pile turned over; the second time the hand ends and every hand scores",
      "X58 X60", [*_exhaust(), "? phase totals results"]),
    d("options/eleven-cards", "the older text deals eleven cards", "X29",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "?"], options=("eleven_cards",),
      hands=("5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D", "6H 7H 8H 9H 10S JS QS KD KC 2D 3D",
             "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S", "AS 2S 3H 4H 10H JH QH KH JD QD 9H")),
]
