"""Contract Rummy (CR-P, pagat/rummyrulebook): exact contracts (counts and sizes), runs
of one suit apart, ace at both ends, lay-offs from the next turn, pat round seven,
jokers freed into the hand or shifted to an end, May I? buys and their options."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "contract"
PLAYERS = 3
K0 = "5H 5S 5D 9C 9D 9S KS 2C 3C 4C"
K1 = "6H 7H 8H 9H 10S JS QS KD KC 2D"
K2 = "6C 7C 8C 10C JC QC 3S 4S 6S 7S"
UP = "8D"
PASS = ["1 pass", "2 pass"]
DRAW = ["0 draw stock", *PASS]
# Seat 0 goes down on his first turn and out on his second (lay-offs wait a turn).
OUT0 = "5H 5S 5D 5C 9C 9D 9S 9H 7D 7S"
# A round of the table after seat 0's first turn (each upcard has one claimant left).
ROUND = ["1 draw stock", "2 pass", "1 discard 2D", "2 draw stock", "0 pass", "2 discard 3S",
         "0 draw stock", "1 pass"]
OUT = [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard 7S", *ROUND, "0 lay_off 5C on 0",
       "0 lay_off 5C on 0", "0 lay_off 9H on 1", "0 lay_off 9H on 1", "0 discard 7D",
       "? phase totals results"]


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
    d("claims/nearest-claimant-first", "the claimant nearest the player in turn has "
      "priority", "X48 X49", ["0 draw stock", "2 buy -> not-your-priority", "1 pass",
                              "2 buy", "?"]),
    d("claims/buyer-pays-a-penalty-card", "the buyer takes the upcard and one stock card; "
      "the player in turn then draws from the stock", "X50",
      ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"], stock="2H 3H"),
    d("claims/the-buyer-waits-for-his-turn", "the buyer may not play until his own turn",
      "X53", ["0 draw stock", "1 pass", "2 buy", "2 go_down 8D 8C 8D | 6C 7C 8C -> "
              "not-your-turn", "2 discard 3S -> not-your-turn", "0 discard KS", "?"],
      hands=(K0, K1, "6C 7C 8C 10C JC QC 3S 4S 8C 8D")),
    d("options/no-buying", "with no buying, refusing the upcard just draws from the stock",
      "X47", ["0 draw stock", "? phase", "1 buy -> claim-not-open"],
      options=("no_buying",)),
    d("options/multiple-buys", "with multiple buys the next exposed card may be bought "
      "too, never twice in a row by one player", "X53",
      ["0 draw stock", "1 pass", "2 buy", "? claim discard_top", "2 buy -> not-eligible",
       "1 buy", "?"], discard="AD QC", options=("multiple_buys",)),
    d("contract/two-sets-of-exactly-three", "hand one's contract is two sets, each of "
      "exactly three cards", "X33 X35 X36",
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S -> contract-exact-size",
       "0 go_down 5H 5S 5D | 9C 9D 9S", "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("contract/no-extra-melds", "no more melds than the contract names", "X36",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 2C 2H 2S -> contract-exact-count", "?"],
      p0="5H 5S 5D 9C 9D 9S 2C 2H 2S 3C"),
    d("contract/runs-of-one-suit-need-a-gap", "two runs of one suit must not touch: 2-5H "
      "and 6-9H would be one run", "X13",
      [*DRAW, "0 go_down 2H 3H 4H 5H | 6H 7H 8H 9H -> same-suit-runs-join",
       "0 go_down 2H 3H 4H 5H | 7H 8H 9H 10H", "?"], round=3,
      p0="2H 3H 4H 5H 6H 7H 8H 9H 10H KS", hands=("2H 3H 4H 5H 6H 7H 8H 9H 10H KS",
                                                  "6H 7H 8H 9D 10S JS QS KD KC 2D", K2)),
    d("contract/set-and-run-of-four", "hand two's contract is a set of three and a run of "
      "four", "X9 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 2C 3C 4C -> too-short",
       "0 go_down 5H 5S 5D | 2C 3C 4C 5C", "?"], round=2,
      p0="5H 5S 5D 5C 9C 9D KS 2C 3C 4C"),
    d("melds/ace-high-or-low", "the ace may end a run high or low", "X7",
      [*DRAW, "0 go_down QS KS AS 2S | AC 2C 3C 4C -> wrap-around",
       "0 go_down JS QS KS AS | AC 2C 3C 4C", "?"], round=3,
      p0="JS QS KS AS AC 2C 3C 4C 2S 9D"),
    d("wilds/no-limit-on-wilds", "jokers are wild with no limit on their number in a "
      "meld", "X14 X15",
      [*DRAW, "0 go_down 5H JK JK | 9C 9D 9S", "?"], p0="5H JK JK 9C 9D 9S KS 2C 3C 4C"),
    d("layoff/from-the-next-turn", "a player lays off only from the turn after he went "
      "down", "X43",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0 -> layoff-next-turn",
       "0 discard KS", *ROUND, "0 lay_off 5C on 0",
       "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("going-out/out-on-a-later-turn", "a player goes out by laying off and discarding his "
      "last card; the others score their cards: pips, faces 10, aces 15, jokers 25",
      "X54 X56 X59 X60", OUT, p0=OUT0, stock="5C 2H 3H 9H",
      hands=(OUT0, "6H 7H 8H AH 10S JS QS KD KC 2D", "6C 7C 8C 10C JC QC 3S 4S 6S JK")),
    d("going-out/pat-in-hand-seven", "hand seven is pat: going down must meld every card, "
      "with no discard, and ends the hand", "X37 X54",
      [*DRAW, "0 go_down 2H 3H 4H 5H | 2S 3S 4S 5S | 2C 3C 4C 5C -> pat-required",
       "0 go_down 2H 3H 4H 5H | 2S 3S 4S 5S 6S | 2C 3C 4C 5C", "?"], round=7,
      stock="5C", hands=("2H 3H 4H 5H 2S 3S 4S 5S 6S 2C 3C 4C",
                         "6H 7H 8H 9H 10S JS QS KD KC 2D 9S 9D",
                         "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 9C")),
    d("swap/a-freed-joker-goes-to-the-hand", "a down player may free a run's joker with the "
      "natural it stands for; the joker goes into his hand", "X20 X21 X22",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 discard KS", *ROUND, "0 swap 3C on 1",
       "?"], round=2,
      p0="5H 5S 5D 2C JK 4C 5C 3C KS 9D"),
    d("swap/never-from-a-set", "a joker in a set is dead: it is never freed", "X20",
      [*DRAW, "0 go_down 5H 5S JK | 9C 9D 9S", "0 discard KS", *ROUND,
       "0 swap 5D on 0 -> swap-not-allowed", "?"],
      p0="5H 5S JK 5D 9C 9D 9S KS 2C 3C"),
    d("shift/a-joker-moves-to-an-end", "a down player may lay the natural a run's joker "
      "stands for in its place, the joker moving to an end of the run", "X23",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 discard KS", *ROUND, "0 shift 3C on 1",
       "?"], round=2,
      p0="5H 5S 5D 2C JK 4C 5C 3C KS 9D"),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile "
      "below the upcard, shuffled (the order is the engine's own)", "X58", _reshuffle()),
    d("options/deuces-wild", "with deuces wild a two stands in a set, and scores 25",
      "X14 X59", [*DRAW, "0 go_down 5H 5S 2D | 9C 9D 9S", "?"],
      p0="5H 5S 2D 9C 9D 9S KS 2C 3C 4C", options=("deuces_wild",),
      hands=("5H 5S 2D 9C 9D 9S KS 2C 3C 4C", "6H 7H 8H 9H 10S JS QS KD KC 5D", K2)),
    d("options/flat-scores", "score variant: cards 2-10 count 5, jokers 15", "X59",
      OUT, p0=OUT0, stock="5C 2H 3H 9H", options=("flat_scores",),
      hands=(OUT0, "6H 7H 8H AH 10S JS QS KD KC 2D", "6C 7C 8C 10C JC QC 3S 4S 6S JK")),
    d("options/ten-cards-until-hand-three", "DOC schedule: twelve cards from hand four",
      "X29", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 2H 2S 2C", "?"], round=4,
      options=("doc_schedule",),
      hands=("5H 5S 5D 9C 9D 9S 2H 2S 2C KS 3C 4C", "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D",
             "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 10D")),
    d("options/two-jokers-per-deck", "the option of two jokers per deck: four in the pack",
      "X4", [*DRAW, "0 go_down JK JK 5H | JK JK 9S", "?"], options=("more_jokers",),
      p0="JK JK 5H JK JK 9S KS 2C 3C 4C"),
]
