"""Ten Step (TS, Florida Rummy): aces only high, twos and jokers wild without limit, the
joker shift, own melds only from the next turn, the pile closed after a buy, rummy calls
with gifts, floating and going out by a discard."""

from __future__ import annotations

from typing import Any

from drafts.shanghai import DRAW, ROUND, S0, S1, S2, UP
from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "ten_step"
PLAYERS = 3
FLOAT0 = "5H 5S 5D 5C 5C 9C 9D 9S 9H 9H 9C"
S1B = "6H 7H 8H 10H 10S JS QS KD KC 3D 4D"
CALL0 = "5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D"


def d(name: str, rule: str, axes: str, script: list[str], p0: str = S0,
      discard: str = UP, **kw: Any) -> Draft:
    hands = kw.pop("hands", (p0, S1, S2))
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _reshuffle() -> list[str]:
    setup = complete_setup(VARIANT, (), 3, [S0, S1, S2], UP)
    return drain_script(VARIANT, 3, setup, len(setup["stock"]), refill=True)


OUT = [*DRAW, "0 go_down 5H 5S 5D 5C 5C | 9C 9D 9S 9H 9H 9C", "0 discard 5D",
       "? phase totals results"]

DRAFTS = [
    d("turn/order-of-the-turn", "only the player in turn acts and he starts with a draw",
      "X31 X46b", ["1 draw stock -> not-your-turn", "0 discard KS -> must-draw-first",
                   "0 draw stock", "1 pass", "2 pass", "0 discard KS", "? turn phase"]),
    d("discard/upcard-taken-is-kept-this-turn", "the card taken from the pile may not be "
      "discarded in the same turn", "X41",
      ["0 draw upcard", "0 discard 10D -> keep-taken-card", "0 discard KS", "?"]),
    d("claims/next-player-has-first-call", "the next player has first call on the upcard",
      "X48 X49", ["0 draw stock", "2 buy -> not-your-priority", "1 pass", "2 buy", "?"]),
    d("claims/buyer-pays-a-penalty-card", "a buy costs one stock card", "X50",
      ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"], stock="2H 3H"),
    d("claims/the-pile-is-closed-after-a-buy", "after a buy the pile is closed until the "
      "next discard", "X53",
      ["0 draw stock", "1 pass", "2 buy", "1 buy -> claim-not-open", "0 discard KS",
       "1 draw upcard", "?"], discard="QH 10D"),
    d("claims/three-buys-a-step", "three buys per player in steps one to nine", "X51",
      ["0 draw stock", "1 pass", "2 buy", "0 discard KS", "1 draw stock", "2 buy",
       "1 discard KD", "2 draw stock", "0 pass", "2 discard 8S", "0 draw stock", "1 pass",
       "0 discard 8D", "1 draw stock", "2 buy", "1 discard KC", "2 draw stock", "0 pass",
       "2 discard 7S", "0 draw stock", "1 pass", "0 discard 7D", "1 draw stock",
       "? claim buys", "2 buy -> buy-limit"]),
    d("contract/step-one-two-sets-of-three", "step one: two sets of three", "X33 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "?"]),
    d("contract/no-extra-melds", "a step is met exactly: no extra meld", "X36",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 3C 3H 3S -> contract-exact-count", "?"],
      p0="5H 5S 5D 9C 9D 9S 3C 3H 3S 7D 8D"),
    d("contract/melds-may-be-longer", "a step's melds may exceed their minimum", "X36",
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S", "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D"),
    d("melds/the-ace-is-only-high", "the ace is high only: A-2-3-4 is no run, J-Q-K-A is",
      "X7", [*DRAW, "0 go_down AC JK 3C 4C | JH QH KH AH -> ace-position",
             "0 go_down JK 3C 4C 5C | JH QH KH AH", "?"], round=3,
      p0="JH QH KH AH AC JK 3C 4C 5C 7D KS"),
    d("wilds/no-limit-on-wilds", "twos and jokers are wild with no limit", "X14 X15",
      [*DRAW, "0 go_down 5H JK 2C 2H | 9C 9D 9S", "?"], p0="5H JK 2C 2H 9C 9D 9S KS 3C 4C 7D"),
    d("layoff/own-melds-only-from-the-next-turn", "a player lays off on others' melds in "
      "the turn he goes down, on his own only from his next turn", "X43",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0 -> own-melds-next-turn",
       "0 discard KS", "1 draw stock", "2 pass", "1 go_down 6H 6S 6D | 10H 10S 10D",
       "1 lay_off 6C on 2 -> own-melds-next-turn", "1 lay_off 5C on 0", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D",
      hands=("5H 5S 5D 5C 9C 9D 9S KS 3C 4C 7D", "6H 6S 6D 10H 10S 10D 5C 6C KC 3D 4D",
             S2)),
    d("layoff/only-after-going-down", "only a player who is down lays off", "X44",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 lay_off 9H on 1 -> not-down", "?"]),
    d("shift/a-joker-moves-to-an-end", "no joker is freed, but a down player may lay the "
      "natural it stands for in its place, the joker moving to an end", "X20 X23",
      [*DRAW, "0 go_down 5H 5S 5D | 3C JK 5C 6C", "0 discard KS", *ROUND,
       "0 swap 4C on 1 -> swap-not-allowed", "0 shift 4C on 1", "?"], round=2,
      p0="5H 5S 5D 3C JK 5C 6C KS 4C 9D 8D"),
    d("rummy-call/gifts-for-a-playable-discard", "a down player who discards a playable "
      "card can be called: at his next turn each other player may give him a card",
      "X57",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", *ROUND, "0 discard 5C",
       "2 call", "? phase turn", "1 draw stock", "2 pass", "1 discard KC", "2 draw stock",
       "0 pass", "2 discard 7S", "? phase turn", "1 give 3D", "2 give 6C", "?"], p0=CALL0),
    d("rummy-call/only-on-a-down-players-discard", "only a down player's playable discard "
      "can be called", "X57",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 discard 9H", "2 call -> call-not-open", "?"]),
    d("going-out/floating", "a player who melds every card floats: he draws from the "
      "stock, never the upcard, and goes out by discarding", "X54 X55",
      [*DRAW, "0 go_down 5H 5S 5D 5C 5C 5D | 9C 9D 9S 9H 9H 9C", "? turn hands down",
       "1 draw stock", "2 pass", "0 pass", "1 discard KD", "2 draw stock", "0 pass",
       "2 discard 8S", "0 draw upcard -> floating-stock-only", "0 draw stock", "? claim",
       "1 pass", "0 discard 4H",
       "? phase totals results"], p0=FLOAT0, stock="5D 2H 3H 4H",
      hands=(FLOAT0, S1B, S2)),
    d("going-out/with-a-discard", "a player goes out with a discard; twos and jokers count "
      "20, aces 15", "X54 X59 X60", OUT, p0=FLOAT0, stock="5D",
      hands=(FLOAT0, S1B, "6C 7C 8C 10C JC QC 3S 4S AS JK 2S")),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile below "
      "the upcard, shuffled", "X58", _reshuffle()),
    d("options/flat-low-cards", "option: cards 3 to 9 count 5 each", "X59", OUT, p0=FLOAT0,
      stock="5D", hands=(FLOAT0, S1B, "6C 7C 8C 10C JC QC 3S 4S AS JK 2S"),
      options=("flat_low_cards",)),
    d("options/no-rummy-call", "house rule: no rummy calls", "X57",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", *ROUND, "0 discard 5C",
       "2 call -> call-not-open", "?"], p0=CALL0, options=("no_rummy_call",)),
    d("turn/take-the-upcard", "the player in turn may take the upcard", "X40",
      ["0 draw upcard", "1 buy -> claim-not-open", "0 discard KS", "?"]),
]
