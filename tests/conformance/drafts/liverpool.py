"""Liverpool Rummy (LIV): exact meld counts with longer melds allowed, no upcard and no
buying once down, wilds never outnumbering naturals, the all-out seventh hand."""

from __future__ import annotations

from typing import Any

from drafts.contract import DRAW, K0, K1, K2, UP
from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "liverpool"
PLAYERS = 3
# A round of the table after seat 0 went down: nobody who is down buys or is offered a
# claim window for his own draw (he may not take the upcard).
ROUND = ["1 draw stock", "2 pass", "1 discard 2D", "2 draw stock", "2 discard 3S",
         "0 draw stock"]
OUT0 = "5H 5S 5D 5C 9C 9D 9S 9H 7D 7S"
OUT = [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S 9H", "0 discard 7S", *ROUND,
       "0 lay_off 5C on 0", "0 lay_off 9H on 1", "0 discard 7D", "? phase totals results"]


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
      "upcard; the others may claim it", "X40 X48",
      ["1 buy -> claim-not-open", "0 draw stock", "? phase claim", "1 pass", "2 pass", "?"]),
    d("claims/nearest-claimant-first", "the claimant nearest the player in turn has "
      "priority", "X49", ["0 draw stock", "2 buy -> not-your-priority", "1 pass", "2 buy",
                          "?"]),
    d("claims/buyer-pays-a-penalty-card", "the buyer takes the upcard and one stock card",
      "X50", ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"],
      stock="2H 3H"),
    d("claims/no-buying-once-down", "a player who is down may no longer buy", "X52",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "? claim",
       "0 buy -> not-eligible", "2 pass", "1 discard 2D", "2 draw stock", "? claim phase",
       "0 buy -> claim-not-open", "?"]),
    d("draw/no-upcard-once-down", "a player who is down may not take the upcard", "X40",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", *ROUND[:5],
       "0 draw upcard -> down-no-upcard", "0 draw stock", "?"]),
    d("contract/two-sets-in-hand-one", "hand one's contract is two sets", "X33 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "?"]),
    d("contract/no-extra-melds", "meld counts are exact: no third set in hand one", "X36",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 2C 2H 2S -> contract-exact-count", "?"],
      p0="5H 5S 5D 9C 9D 9S 2C 2H 2S 3C"),
    d("contract/melds-may-be-longer", "a contract meld may hold more than its minimum",
      "X36", [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("contract/set-and-run-of-four", "hand two: a set and a run of four", "X9 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 2C 3C 4C -> too-short",
       "0 go_down 5H 5S 5D | 2C 3C 4C 5C", "?"], round=2, p0="5H 5S 5D 5C 9C 9D KS 2C 3C 4C"),
    d("wilds/wilds-never-outnumber-naturals", "jokers may equal but never outnumber the "
      "naturals of a meld", "X14 X15",
      [*DRAW, "0 go_down 5H JK JK JK | 9C 9D 9S -> wilds-outnumber-naturals",
       "0 go_down 5H 5S JK | 9C 9D 9S", "0 lay_off JK on 0", "0 lay_off JK on 0 -> "
       "wilds-outnumber-naturals", "?"], p0="5H 5S JK JK JK 9C 9D 9S KS 2C"),
    d("melds/ace-high-or-low", "the ace may end a run high or low, never around the corner",
      "X7", [*DRAW, "0 go_down QS KS AS 2S | AC 2C 3C 4C -> wrap-around",
             "0 go_down JS QS KS AS | AC 2C 3C 4C", "?"], round=3,
      p0="JS QS KS AS AC 2C 3C 4C 2S 9D"),
    d("layoff/in-the-turn-of-going-down", "a player may lay off in the turn he goes down",
      "X43", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("layoff/only-after-going-down", "only a player who is down lays off", "X44",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 lay_off 9H on 1 -> not-down", "?"]),
    d("layoff/no-new-melds-after-going-down", "after going down no new meld is started",
      "X39", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 meld 2C 3C 5C -> no-new-melds",
              "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C"),
    d("swap/no-freeing-jokers", "a joker on the table stays there", "X20",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C 5C", "0 swap 3C on 1 -> swap-not-allowed", "?"],
      round=2, p0="5H 5S 5D 2C JK 4C 5C 3C KS 9D"),
    d("going-out/out-with-the-last-discard", "a player goes out with his last discard; the "
      "others score pips, faces 10, aces and jokers 15", "X54 X56 X59 X60", OUT, p0=OUT0,
      stock="5C 2H 3H 9H",
      hands=(OUT0, "6H 7H 8H AH 10S JS QS KD KC 2D", "6C 7C 8C 10C JC QC 3S 4S 6S JK")),
    d("going-out/out-by-laying-off-the-last-card", "a player may go out by laying off his "
      "last card", "X54", [*OUT[:-3], "0 lay_off 7D on 0 -> mixed-ranks", "0 discard 7D",
                           "? phase results"][:0] or
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S 9H", "0 discard 7S", *ROUND,
       "0 discard 7D", "1 draw stock", "2 pass", "1 discard 6D", "2 draw stock",
       "2 discard 7H", "0 draw stock", "0 lay_off 5C on 0", "0 lay_off 9C on 1",
       "0 lay_off 9D on 1", "? phase totals results"], p0=OUT0, stock="5C 2H 3H 9C 6D 7H 9D"),
    d("going-out/all-out-in-hand-seven", "hand seven is all out: going down melds every "
      "card, the one drawn too, with no discard", "X37 X54",
      [*DRAW, "0 go_down 2H 3H 4H 5H | 2S 3S 4S 5S | 2C 3C 4C 5C -> pat-required",
       "0 go_down 2H 3H 4H 5H | 2S 3S 4S 5S 6S | 2C 3C 4C 5C", "?"], round=7,
      stock="5C", hands=("2H 3H 4H 5H 2S 3S 4S 5S 6S 2C 3C 4C",
                         "6H 7H 8H 9H 10S JS QS KD KC 2D 9S 9D",
                         "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 9C")),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile below "
      "the upcard, shuffled", "X58", _reshuffle()),
    d("options/eet-twos-wild-aces-high", "EET: twos are wild and the ace is high only",
      "X7 X14", [*DRAW, "0 go_down AC 2D 3C 4C | 5H 5S 5D -> ace-position",
                 "0 go_down 2D QS KS AS | 5H 5S 5D", "?"], round=2,
      options=("eet",), hands=("QS KS AS AC 3C 4C 5H 5S 5D 2D", K1, K2)),
    d("options/eleven-cards", "WAM: eleven cards every hand", "X29",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "?"], options=("eleven_cards",),
      hands=(K0 + " 7D", K1 + " 3D", K2 + " 8S")),
]
