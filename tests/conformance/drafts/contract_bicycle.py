"""Contract Rummy as Bicycle states it (CR-B): CR-P's rules with one joker for three or
four players and aces, jokers and any wild scoring 15."""

from __future__ import annotations

from typing import Any

from drafts.contract import DRAW, K0, K1, K2, OUT, OUT0, ROUND, UP
from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "contract_bicycle"
PLAYERS = 3


def d(name: str, rule: str, axes: str, script: list[str], p0: str = K0,
      discard: str = UP, **kw: Any) -> Draft:
    hands = kw.pop("hands", (p0, K1, K2))
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _reshuffle() -> list[str]:
    setup = complete_setup(VARIANT, (), 3, [K0, K1, K2], UP)
    return drain_script(VARIANT, 3, setup, len(setup["stock"]), refill=True)


DRAFTS = [
    d("turn/order-of-the-turn", "only the player in turn acts and he starts with a draw",
      "X31 X46b", ["1 draw stock -> not-your-turn", "0 discard KS -> must-draw-first",
                   "0 draw upcard", "0 discard KS", "? turn phase discard_top"]),
    d("turn/refusing-the-upcard-opens-the-may-i", "drawing from the stock refuses the "
      "upcard; the others may claim it", "X40 X48", ["0 draw stock", "? phase claim",
                                                      "1 pass", "2 pass", "?"]),
    d("claims/nearest-claimant-first", "the claimant nearest the player in turn has "
      "priority", "X49", ["0 draw stock", "2 buy -> not-your-priority", "1 pass", "2 buy",
                          "?"]),
    d("claims/buyer-pays-a-penalty-card", "the buyer takes the upcard and one stock card",
      "X50", ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"],
      stock="2H 3H"),
    d("claims/nobody-buys-his-own-discard", "a player may not buy his own discard", "X52",
      [*DRAW, "0 discard KS", "1 draw stock", "0 buy -> not-eligible", "2 pass", "?"]),
    d("claims/the-buyer-waits-for-his-turn", "the buyer may not play until his own turn",
      "X53", ["0 draw stock", "1 buy", "1 discard KC -> not-your-turn", "0 discard KS",
              "? turn hands"]),
    d("contract/two-sets-of-exactly-three", "hand one: two sets of exactly three", "X35 X36",
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S -> contract-exact-size",
       "0 go_down 5H 5S 5D | 9C 9D 9S", "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("contract/no-extra-melds", "no more melds than the contract names", "X36",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 2C 2H 2S -> contract-exact-count", "?"],
      p0="5H 5S 5D 9C 9D 9S 2C 2H 2S 3C"),
    d("contract/runs-of-one-suit-need-a-gap", "two runs of one suit must not touch", "X13",
      [*DRAW, "0 go_down 2H 3H 4H 5H | 6H 7H 8H 9H -> same-suit-runs-join",
       "0 go_down 2H 3H 4H 5H | 7H 8H 9H 10H", "?"], round=3,
      hands=("2H 3H 4H 5H 6H 7H 8H 9H 10H KS", "6H 7H 8H 9D 10S JS QS KD KC 2D", K2)),
    d("contract/set-and-run-of-four", "hand two: a set of three and a run of four",
      "X9 X35", [*DRAW, "0 go_down 5H 5S 5D | 2C 3C 4C -> too-short",
                 "0 go_down 5H 5S 5D | 2C 3C 4C 5C", "?"], round=2,
      p0="5H 5S 5D 5C 9C 9D KS 2C 3C 4C"),
    d("contract/twelve-cards-from-hand-five", "hands five to seven deal twelve cards; hand "
      "five is two sets and a run", "X29 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 2C 3C 4C 5C", "?"], round=5,
      hands=("5H 5S 5D 9C 9D 9S 2C 3C 4C 5C KS 7D", "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D",
             "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 10D")),
    d("melds/ace-high-or-low", "the ace may end a run high or low, never around the corner",
      "X7", [*DRAW, "0 go_down QS KS AS 2S | AC 2C 3C 4C -> wrap-around",
             "0 go_down JS QS KS AS | AC 2C 3C 4C", "?"], round=3,
      p0="JS QS KS AS AC 2C 3C 4C 2S 9D"),
    d("wilds/one-joker-for-three-players", "three or four players play with one joker; it "
      "is wild", "X4 X14", [*DRAW, "0 go_down 5H 5S JK | 9C 9D 9S", "?"],
      p0="5H 5S JK 9C 9D 9S KS 2C 3C 4C"),
    d("layoff/from-the-next-turn", "a player lays off only from the turn after he went "
      "down", "X43",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0 -> layoff-next-turn",
       "0 discard KS", *ROUND, "0 lay_off 5C on 0", "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("layoff/only-after-going-down", "only a player who is down lays off", "X44",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 lay_off 9H on 1 -> not-down", "?"]),
    d("going-out/out-on-a-later-turn", "a player goes out with his last discard; aces and "
      "the joker count 15 against the others", "X54 X59 X60", OUT, p0=OUT0,
      stock="5C 2H 3H 9H",
      hands=(OUT0, "6H 7H 8H AH 10S JS QS KD KC 2D", "6C 7C 8C 10C JC QC 3S 4S 6S JK")),
    d("going-out/pat-in-hand-seven", "hand seven is pat: every card melded at once",
      "X37", [*DRAW, "0 go_down 2H 3H 4H 5H | 2S 3S 4S 5S | 2C 3C 4C 5C -> pat-required",
              "0 go_down 2H 3H 4H 5H | 2S 3S 4S 5S 6S | 2C 3C 4C 5C", "?"], round=7,
      stock="5C", hands=("2H 3H 4H 5H 2S 3S 4S 5S 6S 2C 3C 4C",
                         "6H 7H 8H 9H 10S JS QS KD KC 2D 9S 9D",
                         "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 9C")),
    d("swap/a-freed-joker-goes-to-the-hand", "a down player frees a run's joker into his "
      "hand", "X20 X21 X22",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 discard KS", *ROUND, "0 swap 3C on 1",
       "?"], round=2, p0="5H 5S 5D 2C JK 4C 5C 3C KS 9D"),
    d("swap/never-from-a-set", "a joker in a set is never freed", "X20",
      [*DRAW, "0 go_down 5H 5S JK | 9C 9D 9S", "0 discard KS", *ROUND,
       "0 swap 5D on 0 -> swap-not-allowed", "?"], p0="5H 5S JK 5D 9C 9D 9S KS 2C 3C"),
    d("shift/a-joker-moves-to-an-end", "the joker may be moved to an end of its run to lay "
      "the natural in its place", "X23",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 discard KS", *ROUND, "0 shift 3C on 1",
       "?"], round=2, p0="5H 5S 5D 2C JK 4C 5C 3C KS 9D"),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile below "
      "the upcard, shuffled", "X58", _reshuffle()),
]
