"""Seven Hand Rummy (7H): four packs for three players, runs of three, no wild limit,
"I want it" to the first caller, a rummy call that lets the caller throw a card, pat
hands six and seven, the optional eighth hand."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "seven_hand"
PLAYERS = 3
H0 = "5H 5S 5D 9C 9D 9S KS 2C 3C 4C 7D"
H1 = "6H 7H 8H 9H 10S JS QS KD KC 2D 3D"
H2 = "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S"
UP = "10D"
DRAW = ["0 draw stock", "1 pass", "2 pass"]
ROUND = ["1 draw stock", "2 pass", "1 discard KD", "2 draw stock", "0 pass", "2 discard 8S",
         "0 draw stock", "1 pass"]


def d(name: str, rule: str, axes: str, script: list[str], p0: str = H0,
      discard: str = UP, **kw: Any) -> Draft:
    hands = kw.pop("hands", (p0, H1, H2))
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _reshuffle() -> list[str]:
    setup = complete_setup(VARIANT, (), 3, [H0, H1, H2], UP)
    return drain_script(VARIANT, 3, setup, len(setup["stock"]), refill=True)


def _eighth() -> list[str]:
    return ["0 draw stock", "1 pass", "2 buy", "0 discard 7D", "1 draw stock", "? claim",
            "2 buy -> buy-limit", "? buys phase"]


DRAFTS = [
    d("turn/order-of-the-turn", "only the player in turn acts and he starts with a draw",
      "X31 X46b", ["1 draw stock -> not-your-turn", "0 discard KS -> must-draw-first",
                   "0 draw upcard", "0 discard KS", "? turn phase discard_top"]),
    d("turn/four-packs-for-three-players", "four packs and eight jokers for up to eight "
      "players; eleven cards each", "X3 X4 X29", ["? hands stock_size discard_top"]),
    d("turn/take-the-upcard", "the player in turn may take the upcard", "X40",
      ["0 draw upcard", "1 buy -> claim-not-open", "0 discard KS", "?"]),
    d("claims/first-caller-wants-it", "'I want it': the first player to call takes the "
      "upcard, wherever he sits", "X48 X49", ["0 draw stock", "2 buy", "?"]),
    d("claims/a-penalty-card-with-it", "the caller takes the upcard and one stock card",
      "X50", ["0 draw stock", "1 buy", "? hands stock_size buys turn phase"],
      stock="2H 3H"),
    d("claims/nobody-wants-his-own-discard", "a player may not claim his own discard",
      "X52", [*DRAW, "0 discard KS", "1 draw stock", "0 buy -> not-eligible", "2 pass",
              "?"]),
    d("contract/two-sets-in-hand-one", "hand one: two sets", "X33 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "?"]),
    d("contract/no-extra-melds", "no more melds than the contract names", "X36",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | 2C 3C 4C -> contract-exact-count", "?"]),
    d("contract/melds-may-be-longer", "contract melds may be longer than three", "X36",
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S", "?"], p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C 7D"),
    d("contract/set-and-run-of-three", "hand two: a set and a run of three", "X9 X35",
      [*DRAW, "0 go_down 5H 5S 5D | 2C 3C -> too-short", "0 go_down 5H 5S 5D | 2C 3C 4C",
       "?"], round=2),
    d("contract/a-long-run-may-be-split", "one long run of a suit may be laid as two runs",
      "X13", [*DRAW, "0 go_down 3H 4H 5H | 6H 7H 8H", "?"], round=3,
      p0="3H 4H 5H 6H 7H 8H 9C 9D KS 2C 7D"),
    d("melds/ace-low-or-high-never-around", "the ace is low or high, never around the "
      "corner", "X7", [*DRAW, "0 go_down KS AS 2S | AC 2C 3C -> wrap-around",
                       "0 go_down QS KS AS | AC 2C 3C", "?"], round=3,
      p0="QS KS AS 2S AC 2C 3C 9D 9C 5H 7D"),
    d("wilds/no-limit-on-jokers", "jokers are wild with no limit in a meld", "X14 X15",
      [*DRAW, "0 go_down 5H JK JK JK | 9C 9D 9S", "?"], p0="5H JK JK JK 9C 9D 9S KS 2C 3C 7D"),
    d("layoff/in-the-turn-of-going-down", "a player may lay off in the turn he goes down",
      "X43", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 lay_off 5C on 0", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C 7D"),
    d("layoff/only-after-going-down", "only a player who is down lays off", "X44",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", "1 draw stock", "2 pass",
       "1 lay_off 9H on 1 -> not-down", "?"]),
    d("swap/no-freeing-jokers", "a joker on the table stays there", "X20",
      [*DRAW, "0 go_down 5H 5S 5D | 2C JK 4C", "0 swap 3C on 1 -> swap-not-allowed", "?"],
      round=2, p0="5H 5S 5D 2C JK 4C 3C KS 9D 9C 7D"),
    d("rummy-call/the-caller-throws-a-card", "a playable discard can be called 'rummy': "
      "the caller throws a card of his own onto the pile; the called card stays", "X57",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS", *ROUND, "0 discard 5C",
       "0 call 2C -> bad-player", "2 call 8C", "?"],
      p0="5H 5S 5D 5C 9C 9D 9S KS 2C 3C 7D"),
    d("rummy-call/only-on-a-playable-discard", "a discard that fits no meld cannot be "
      "called", "X57", [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S", "0 discard KS",
                        "1 call 2D -> call-not-open", "?"]),
    d("going-out/pat-in-hand-six", "hand six is pat: three sets melding every card, with "
      "no discard", "X37 X54",
      [*DRAW, "0 go_down 5H 5S 5D | 9C 9D 9S | KS KH KD -> pat-required",
       "0 go_down 5H 5S 5D 5C | 9C 9D 9S 9H | KS KH KD KC", "? phase totals results"],
      round=6, p0="5H 5S 5D 5C 9C 9D 9S 9H KS KH KD", stock="KC"),
    d("going-out/out-by-laying-off-the-last-card", "no final discard is needed: laying "
      "off the last card goes out; the others score 5 for 2-7, 10 for 8-K, 15 for aces, "
      "20 for jokers", "X54 X59 X60",
      [*DRAW, "0 go_down 5H 5S 5D 5C | 9C 9D 9S 9H 9C 9D", "0 lay_off 5D on 0",
       "0 lay_off 5S on 0",
       "? phase totals results"], p0="5H 5S 5D 5C 9C 9D 9S 9H 9C 9D 5S", stock="5D",
      hands=("5H 5S 5D 5C 9C 9D 9S 9H 9C 9D 5S", "6H 7H 8H AH 10S JS QS KD KC 2D JK", H2)),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile below "
      "the upcard, shuffled", "X58", _reshuffle()),
    d("options/eighth-hand-one-claim", "the eighth hand allows one claim only", "X51",
      _eighth(), round=8, options=("eighth_hand",)),
]
