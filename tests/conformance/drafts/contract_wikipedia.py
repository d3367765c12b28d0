"""Contract Rummy as Wikipedia states it (CR-W): first caller buys, the wild limit only on
contract melds, no discarding a playable card, going out only by melding, lay-offs in the
turn of going down, freed jokers onto any meld, no shifting."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "contract_wikipedia"
PLAYERS = 3
K0 = "5H 5S 5D 9C 9D 9S KS 2C 3C 4C"
K1 = "6H 7H 8H 9H 10S JS QS KD KC 2D"
K2 = "6C 7C 8C 10C JC QC 3S 4S 6S 7S"
UP = "8D"
PASS = ["1 pass", "2 pass"]
DRAW = ["0 draw stock", *PASS]
ROUND = ["1 draw stock", "2 pass", "1 discard 2D", "2 draw stock", "0 pass", "2 discard 3S",
         "0 draw stock", "1 pass"]
OUT0 = "5H 5S 5D 9C 9D 9S 5C 9H KS 2C"


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
                   "0 draw stock", "0 draw stock -> already-drawn", *PASS,
                   "0 draw stock -> already-drawn"]),
    d("turn/take-the-upcard", "the player in turn may take the upcard", "X40",
      ["0 draw upcard", "1 buy -> claim-not-open", "0 discard KS", "?"]),
    d("claims/first-caller-buys", "the first player to call buys the upcard, wherever he "
      "sits", "X49", ["1 buy -> claim-not-open", "0 draw stock", "2 buy", "?"]),
    d("claims/buyer-pays-a-penalty-card", "the buyer takes the upcard and one stock card",
      "X50", ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"],
      stock="2H 3H"),
    d("claims/nobody-buys-his-own-discard", "a player may not buy his own discard", "X52",
      [*DRAW, "0 discard KS", "1 draw stock", "0 buy -> not-eligible", "2 pass", "?"]),
    d("claims/the-buyer-waits-for-his-turn", "the buyer may not play until his own turn",
      "X53", ["0 draw stock", "2 buy", "2 discard 3S -> not-your-turn", "0 discard KS",
              "? turn hands"]),
    d("contract/two-sets-of-exactly-three", "hand one: two sets of exactly three", "X35 X36",
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S -> contract-exact-size",
       "0 go_down 5H 5S 5D | 9C 9D 9S", "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("contract/runs-of-one-suit-need-a-gap", "two runs of one suit must not touch", "X13",
      [*DRAW, "0 go_down 2H 3H 4H 5H | 6H 7H 8H 9H -> same-suit-runs-join",
       "0 go_down 2H 3H 4H 5H | 7H 8H 9H 10H", "?"], round=3,
      hands=("2H 3H 4H 5H 6H 7H 8H 9H 10H KS", "6H 7H 8H 9D 10S JS QS KD KC 2D", K2)),
    d("contract/two-runs-in-hand-three", "hand three's contract is two runs of four",
      "X33 X35 X7", [*DRAW, "0 go_down JS QS KS AS | AC 2C 3C 4C", "?"], round=3,
      p0="JS QS KS AS AC 2C 3C 4C 2S 9D"),
    d("wilds/contract-melds-never-more-wilds-than-naturals", "in the melds of the "
      "contract wilds may not outnumber naturals", "X15",
      [*DRAW, "0 go_down 5H JK JK JK | 9C 9D 9S -> wilds-outnumber-naturals",
       "0 go_down 5H 5S JK | 9C 9D 9S", "?"], p0="5H 5S JK JK JK 9C 9D 9S KS 2C"),
    d("wilds/lay-offs-have-no-wild-limit", "wilds laid off later are not limited", "X15",
      [*DRAW, "0 go_down 5H 5S JK | 9C 9D 9S", "0 lay_off JK on 0", "0 lay_off JK on 0",
       "?"], p0="5H 5S JK JK JK 9C 9D 9S KS 2C"),
    d("layoff/in-the-turn-of-going-down", "a player may lay off in the turn he goes down",
      "X43", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("layoff/only-after-going-down", "only a player who is down lays off", "X44",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 lay_off 9H on 1 -> not-down", "?"]),
    d("discard/no-discarding-a-playable-card", "a card that could be laid on a table meld "
      "may not be discarded", "X41",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard 5C -> playable-discard",
       "0 discard KS", "1 draw stock", "2 pass", "1 discard 9H -> playable-discard",
       "1 discard 2D", "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("discard/a-playable-card-when-every-card-fits", "a playable card may be discarded "
      "when every card in hand fits a meld", "X41",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S",
       "0 discard 5C", "?"], p0="5H 5S 5D 5C 9C 9D 9S 9H 5C 9C", stock="5S"),
    d("going-out/only-by-melding", "a discard never empties the hand; no play may leave a "
      "last card that fits nowhere; the last card goes out on a meld", "X54",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0", "0 lay_off 9H on 1",
       "0 lay_off 5C on 0", "0 discard KS", *ROUND, "0 lay_off 9C on 1 -> must-go-out-by-meld",
       "0 discard 9C -> playable-discard", "0 discard 2C", "1 draw stock", "2 pass",
       "1 discard 2H", "2 draw stock", "0 pass", "2 discard 4S", "0 draw stock", "1 pass",
       "0 lay_off 9C on 1", "0 discard 5S -> must-go-out-by-meld", "0 lay_off 5S on 0",
       "? phase totals results"], p0=OUT0, stock="5C 2H 3H 9C 6D 7D 5S"),
    d("swap/freed-joker-onto-any-meld", "a down player frees a run's joker with its "
      "natural; the joker goes onto a meld at once", "X20 X21 X22",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 swap 3C on 1 -> freed-wild-to-table",
       "0 swap 3C on 1 to 0", "?"], round=2, p0="5H 5S 5D 2C JK 4C 5C 3C KS 9D"),
    d("shift/no-shifting", "a joker is never moved inside its run", "X23",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 shift 3C on 1 -> shift-not-allowed",
       "?"], round=2, p0="5H 5S 5D 2C JK 4C 5C 3C KS 9D"),
    d("going-out/pat-in-hand-seven", "hand seven is pat: every card melded at once",
      "X37", [*DRAW, "0 go_down 2H 3H 4H 5H | 2S 3S 4S 5S | 2C 3C 4C 5C -> pat-required",
              "0 go_down 2H 3H 4H 5H | 2S 3S 4S 5S 6S | 2C 3C 4C 5C", "?"], round=7,
      stock="5C", hands=("2H 3H 4H 5H 2S 3S 4S 5S 6S 2C 3C 4C",
                         "6H 7H 8H 9H 10S JS QS KD KC 2D 9S 9D",
                         "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 9C")),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile below "
      "the upcard, shuffled", "X58", _reshuffle()),
]
