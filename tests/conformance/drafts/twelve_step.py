"""12-Step Rummy (12S): individual progression through twelve contracts, twos and jokers
wild but never side by side in a run, only other players' wilds freed and laid on the
table at once, going out by a discard, the game ending with the twelfth contract."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "twelve_step"
PLAYERS = 3
W0 = "5H 5S 5D 9C 9D 9S KS 3C 4C 7D 8D 6H 10C"
W1 = "6S 7H 8H 9H 10S JS QS KD KC 3D 4D 6D 10H"
W2 = "6C 7C 8C JC QC 3S 4S 7S 8S JD QD 10D 4H"
UP = "KH"
DRAW = ["0 draw stock", "1 pass", "2 pass"]
ROUND = ["1 draw stock", "2 pass", "1 discard KD", "2 draw stock", "0 pass", "2 discard QD",
         "0 draw stock", "1 pass"]
OUT0 = "5H 5S 5D 5C 5H 5S 9C 9D 9S 9H 9C 9D KS"
OUT = [*DRAW, "0 go_down 5H 5S 5D 5C 5H 5S 5D | 9C 9D 9S 9H 9C 9D", "0 discard KS",
       "? phase contracts totals results"]


def d(name: str, rule: str, axes: str, script: list[str], p0: str = W0,
      discard: str = UP, **kw: Any) -> Draft:
    hands = kw.pop("hands", (p0, W1, W2))
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _reshuffle() -> list[str]:
    setup = complete_setup(VARIANT, (), 3, [W0, W1, W2], UP)
    return drain_script(VARIANT, 3, setup, len(setup["stock"]), refill=True)


DRAFTS = [
    d("turn/order-of-the-turn", "only the player in turn acts and he starts with a draw",
      "X31 X46b", ["1 draw stock -> not-your-turn", "0 discard KS -> must-draw-first",
                   "0 draw upcard", "0 discard KS", "? turn phase discard_top"]),
    d("turn/thirteen-cards", "thirteen cards are dealt", "X29",
      ["? hands stock_size discard_top"]),
    d("claims/nearest-claimant-first", "the claimant nearest the player in turn has "
      "priority", "X48 X49", ["0 draw stock", "2 buy -> not-your-priority", "1 pass",
                              "2 buy", "?"]),
    d("claims/buyer-pays-a-penalty-card", "a buy costs one stock card", "X50",
      ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"], stock="2H 3H"),
    d("claims/the-buyer-waits-for-his-turn", "the buyer may not play until his turn",
      "X53", ["0 draw stock", "1 buy", "1 discard KC -> not-your-turn", "0 discard KS",
              "? turn hands"]),
    d("contract/each-player-on-his-own-contract", "each player works on his own contract: "
      "seat 1 is on contract three while the others are on one", "X33",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "? contracts down table"],
      contracts=(1, 3, 1)),
    d("contract/the-contract-is-the-players-own", "a player on contract three needs two "
      "runs; two sets do not do", "X33 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S -> contract-not-met", "? contracts down"],
      contracts=(3, 1, 1)),
    d("contract/a-made-contract-advances", "a player who made his contract goes on to the "
      "next; the others repeat theirs", "X33 X54 X59 X60", OUT, p0=OUT0, stock="5D",
      hands=(OUT0, W1, "6C 7C 8C JC QC 3S 4S 7S 8S JD QD JK 2S")),
    d("contract/no-extra-melds", "no more melds than the contract names", "X36",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 3C 3H 3S -> contract-exact-count", "?"],
      p0="5H 5S 5D 9C 9D 9S 3C 3H 3S KS 7D 8D 6H"),
    d("contract/melds-may-be-longer", "contract melds may exceed their minimum", "X36",
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D 8D 6H"),
    d("game/the-twelfth-contract-ends-the-game", "contract twelve is a run of thirteen; "
      "the first to make his last contract ends the game", "X35 X62 X63",
      [*DRAW, "0 go_down AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "0 discard KS",
       "? phase contracts totals results winners"], contracts=(12, 1, 1), stock="KH",
      discard="QC", p0="AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KS"),
    d("wilds/no-two-wilds-side-by-side-in-a-run", "two wilds may not stand next to each "
      "other in a run", "X14 X16",
      [*DRAW, "0 go_down 5H 5S 5D | 3C JK 2H 6C -> adjacent-wilds",
       "0 go_down 5H 5S 5D | 3C JK 5C 2H", "?"], contracts=(2, 1, 1),
      p0="5H 5S 5D 3C JK 2H 5C 6C KS 9D 8D 6H 10C"),
    d("wilds/sets-may-hold-wilds-side-by-side", "a set may hold wilds side by side, even "
      "more wilds than naturals", "X15 X16",
      [*DRAW, "0 go_down 5H JK 2C | 9C 9D 9S", "?"],
      p0="5H JK 2C 9C 9D 9S KS 3C 4C 7D 8D 6H 10C"),
    d("swap/only-other-players-wilds", "a down player frees wilds from other players' "
      "melds only, never his own", "X21",
      [*DRAW, "0 go_down 5H 5S 5D | 3C JK 5C 6C", "0 swap 4C on 1 to 0 -> swap-own-wild",
       "?"], contracts=(2, 2, 1), p0="5H 5S 5D 3C JK 5C 6C 4C KS 9D 8D 6H 10C"),
    d("swap/the-freed-wild-goes-onto-the-table", "a freed wild is laid on the table in "
      "the same turn", "X20 X22",
      [*DRAW, "0 go_down 5H 5S 5D | 3C JK 5C 6C", "0 discard KS", "1 draw stock", "2 pass",
       "1 go_down 6S 6H 6D | 7H 8H 9H 10H", "1 swap 4C on 1 -> freed-wild-to-table",
       "1 swap 4C on 1 to 3", "?"], contracts=(2, 2, 1),
      p0="5H 5S 5D 3C JK 5C 6C 7C KS 9D 8D 6H 10C",
      hands=("5H 5S 5D 3C JK 5C 6C 7C KS 9D 8D 6H 10C", "6S 6H 6D 7H 8H 9H 10H 4C KD KC 3D "
             "4D JS", "6C 7C 8C JC QC 3S 4S 7S 8S JD QD 10D 4H")),
    d("swap/from-a-set-too", "wilds may be freed from sets as well as runs", "X20",
      [*DRAW, "0 go_down 5H 5S JK | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 go_down 6S 6H 6D | 10S 10H 10D", "1 swap 5D on 0 to 2", "?"],
      p0="5H 5S JK 9C 9D 9S KS 3C 4C 7D 8D 6H 10C",
      hands=("5H 5S JK 9C 9D 9S KS 3C 4C 7D 8D 6H 10C", "6S 6H 6D 10S 10H 10D 5D KD KC 3D "
             "4D JS 7H", W2)),
    d("going-out/only-by-a-discard", "the last card must be discarded: no play may empty "
      "the hand", "X54",
      [*DRAW, "0 go_down 5H 5S 5D 5C 5H 5S 5D | 9C 9D 9S 9H 9C 9D 9S -> must-keep-discard",
       "0 go_down 5H 5S 5D 5C 5H 5S 5D | 9C 9D 9S 9H 9C 9D", "0 discard 9S", "?"],
      p0="5H 5S 5D 5C 5H 5S 9C 9D 9S 9H 9C 9D 9S", stock="5D",
      hands=("5H 5S 5D 5C 5H 5S 9C 9D 9S 9H 9C 9D 9S", "6S 7H 8H 9H 10S JS QS KD KC 3D 4D "
             "6D 10H", W2)),
    d("layoff/in-the-turn-of-going-down", "a player may lay off in the turn he goes down",
      "X43", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D 8D 6H"),
    d("layoff/only-after-going-down", "only a player who is down lays off", "X44",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 lay_off 9H on 1 -> not-down", "?"]),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile below "
      "the upcard, shuffled", "X58", _reshuffle()),
    d("turn/take-the-upcard", "the player in turn may take the upcard", "X40",
      ["0 draw upcard", "1 buy -> claim-not-open", "0 discard KS", "?"]),
]
