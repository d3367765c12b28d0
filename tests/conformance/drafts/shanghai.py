"""Shanghai Rummy (SH): twos and jokers wild, never outnumbering naturals nor adjacent in
runs, three buys a hand, jokers freed from runs and sets by a player who then goes down,
going out only by a discard."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "shanghai"
PLAYERS = 3
S0 = "5H 5S 5D 9C 9D 9S KS 3C 4C 7D 8D"
S1 = "6H 7H 8H 9H 10S JS QS KD KC 3D 4D"
S2 = "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S"
UP = "10D"
DRAW = ["0 draw stock", "1 pass", "2 pass"]
# After seat 0's first discard each upcard has one claimant left.
ROUND = ["1 draw stock", "2 pass", "1 discard KD", "2 draw stock", "0 pass", "2 discard 8S",
         "0 draw stock", "1 pass"]


def d(name: str, rule: str, axes: str, script: list[str], p0: str = S0,
      discard: str = UP, **kw: Any) -> Draft:
    hands = kw.pop("hands", (p0, S1, S2))
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _reshuffle() -> list[str]:
    setup = complete_setup(VARIANT, (), 3, [S0, S1, S2], UP)
    return drain_script(VARIANT, 3, setup, len(setup["stock"]), refill=True)


DRAFTS = [
    d("turn/order-of-the-turn", "only the player in turn acts and he starts with a draw",
      "X31 X46b", ["1 draw stock -> not-your-turn", "0 discard KS -> must-draw-first",
                   "0 draw upcard", "0 discard KS", "? turn phase discard_top"]),
    d("claims/next-player-has-first-call", "between turns the next player has first call "
      "on the upcard, then the others in turn", "X48 X49",
      ["0 draw stock", "? claim", "2 buy -> not-your-priority", "1 pass", "2 buy", "?"]),
    d("claims/buyer-pays-a-penalty-card", "a buy costs one stock card; the buyer discards "
      "nothing", "X50", ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"],
      stock="2H 3H"),
    d("claims/three-buys-a-hand", "a player may buy three times in a hand, no more", "X51",
      ["0 draw stock", "1 pass", "2 buy", "0 discard KS", "1 draw stock", "2 buy",
       "1 discard KD", "2 draw stock", "0 pass", "2 discard 8S", "0 draw stock", "1 pass",
       "0 discard 8D", "1 draw stock", "2 buy", "1 draw stock", "1 discard KC",
       "2 draw stock", "0 pass",
       "2 discard 7S", "0 draw stock", "1 pass", "0 discard 7D", "1 draw stock",
       "? claim buys", "2 buy -> buy-limit"]),
    d("claims/after-a-buy-the-next-player-draws", "between turns a buy comes before the "
      "next player's draw: he then draws as usual, and the card the buy exposed may be his "
      "draw (the pile stays open)", "X48 X53",
      ["0 draw stock", "1 pass", "2 buy", "? phase turn discard_top", "0 draw upcard",
       "0 discard KS", "?"], discard="QH 10D"),
    d("claims/nobody-buys-his-own-discard", "a player may not buy his own discard", "X52",
      [*DRAW, "0 discard KS", "1 draw stock", "0 buy -> not-eligible", "2 pass", "?"]),
    d("contract/two-sets-of-three", "hand one: two sets of three", "X33 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "?"]),
    d("contract/no-extra-melds", "no more melds than the contract names", "X36",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 3C 3H 3S -> contract-exact-count", "?"],
      p0="5H 5S 5D 9C 9D 9S 3C 3H 3S 7D 8D"),
    d("contract/melds-may-be-longer", "a contract meld may hold more than its minimum",
      "X36", [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D"),
    d("contract/set-of-three-and-run-of-seven", "hand five: a set of three and a run of "
      "seven", "X9 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 3C 4C 5C 6C 7C 8C -> contract-not-met",
       "0 go_down 5H 5S 5D | 3C 4C 5C 6C 7C 8C 9C", "?"], round=5,
      p0="5H 5S 5D 3C 4C 5C 6C 7C 8C 9C KS",
      hands=("5H 5S 5D 3C 4C 5C 6C 7C 8C 9C KS", S1, "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S"
             .replace("6C 7C 8C", "6D 7D 8D"))),
    d("wilds/twos-and-jokers-are-wild", "twos and jokers are wild", "X14",
      [*DRAW, "0 go_down 5H 5S 2C | 9C 9D JK", "?"], p0="5H 5S 2C 9C 9D JK KS 3C 4C 7D 8D"),
    d("wilds/wilds-never-outnumber-naturals", "8-8-W-W is a set, 8-W-W-W is not", "X15",
      [*DRAW, "0 go_down 5H JK JK 2C | 9C 9D 9S -> wilds-outnumber-naturals",
       "0 go_down 5H 5S JK 2C | 9C 9D 9S", "?"], p0="5H 5S JK JK 2C 9C 9D 9S KS 3C 7D"),
    d("wilds/no-two-wilds-side-by-side-in-a-run", "two wilds may not stand next to each "
      "other in a run", "X16",
      [*DRAW, "0 go_down 5H 5S 5D | 3C JK 2H 6C -> adjacent-wilds",
       "0 go_down 5H 5S 5D | 3C JK 5C 2H", "?"], round=2,
      p0="5H 5S 5D 3C JK 2H 5C 6C KS 9D 8D"),
    d("layoff/in-the-turn-of-going-down", "a player may lay off in the turn he goes down",
      "X43", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D"),
    d("layoff/only-after-going-down", "only a player who is down lays off", "X44",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 lay_off 9H on 1 -> not-down", "?"]),
    d("swap/a-joker-taken-before-going-down-means-going-down", "a player not yet down may "
      "free a joker only if he then goes down in the same turn", "X21 X22",
      [*DRAW, "0 go_down 5H 5S 5D | 3C JK 5C 6C", "0 discard KS", "1 draw stock", "2 pass",
       "1 swap 4C on 1", "1 discard KD -> must-go-down", "1 go_down 9H 9D 9S | 6H 7H 8H JK",
       "1 discard KD", "?"], round=2, p0="5H 5S 5D 3C JK 5C 6C KS 9C 7D 8D",
      hands=("5H 5S 5D 3C JK 5C 6C KS 9C 7D 8D", "4C 9H 9D 9S 6H 7H 8H KD KC 3D 4D", S2)),
    d("swap/from-a-set-into-the-hand", "a joker in a set may be freed too; it goes into "
      "the hand", "X20 X22",
      [*DRAW, "0 go_down 5H 5S JK | 9C 9D 9S", "0 swap 5D on 0", "?"],
      p0="5H 5S JK 5D 9C 9D 9S KS 3C 4C 7D"),
    d("going-out/only-by-a-discard", "the last card must be discarded: a play may not "
      "empty the hand; the others score twos and jokers 20", "X54 X59 X60",
      [*DRAW, "0 go_down 5H 5S 5D 5C 5C 5D | 9C 9D 9S 9H 9H 9C -> must-keep-discard",
       "0 go_down 5H 5S 5D 5C 5C | 9C 9D 9S 9H 9H 9C", "0 lay_off 5D on 0 -> "
       "must-keep-discard", "0 discard 5D", "? phase totals results"],
      p0="5H 5S 5D 5C 5C 9C 9D 9S 9H 9H 9C", stock="5D",
      hands=("5H 5S 5D 5C 5C 9C 9D 9S 9H 9H 9C", "6H 7H 8H 10H 10S JS QS KD KC 3D 4D",
             "6C 7C 8C 10C JC QC 3S 4S 6S JK 2S")),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile below "
      "the upcard, shuffled", "X58", _reshuffle()),
    d("options/csg-sets-of-different-ranks", "CSG house rule: the sets of a contract are of "
      "different ranks", "X13", [*DRAW, "0 go_down 5H 5S 5D | 5C 5C JK -> set-ranks-repeat",
                                 "0 go_down 5H 5S 5D | 9C 9D 9S", "?"],
      p0="5H 5S 5D 5C 5C JK 9C 9D 9S KS 3C", options=("csg_house",)),
    d("turn/take-the-upcard", "the player in turn may take the upcard; nobody may buy it "
      "then", "X40", ["0 draw upcard", "1 buy -> claim-not-open", "0 discard KS", "?"]),
    d("contract/hand-six-two-sets-and-a-run-of-five", "hand six: two sets of three and a "
      "run of five", "X9 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 3C 4C 5C 6C -> contract-not-met",
       "0 go_down 5H 5S 5D | 9C 9D 9S | 3C 4C 5C 6C 7C", "?"], round=6,
      p0="5H 5S 5D 9C 9D 9S 3C 4C 5C 6C KS", stock="7C"),
]
