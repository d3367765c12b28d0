"""Rummy (RUM): free melding, lay-offs without going down, collect scoring."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "rummy"
PLAYERS = 2
H0 = "3H 4H 5H 6H 7C 7D 7S 9S 10S JS"
H1 = "2C 3C 4C 5D 6D 8C 9D QH KH KC"
UP = "AS"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (H0, H1),
      discard: str = UP, **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _exhaustion() -> list[str]:
    """Both players draw from the stock and throw the card drawn until it is empty."""
    stock = complete_setup(VARIANT, (), 2, [H0, H1], UP)["stock"]
    script = []
    for i, card in enumerate(stock):
        script += [f"{i % 2} draw stock", f"{i % 2} discard {card}"]
    return [*script, "? stock_size discard_top discard_size", "1 draw stock", "?",
            "1 discard AS", "? stock_size discard_top discard_size"]


DRAFTS = [
    d("turn/draw-from-the-stock", "the turn starts with a draw from the stock", "X40",
      ["0 draw stock", "?", "0 discard 8H", "?"], stock="8H"),
    d("turn/take-the-upcard", "the player in turn may take the upcard instead", "X40",
      ["0 draw upcard", "?", "0 discard JS", "?"]),
    d("turn/not-your-turn", "the player left of the dealer plays first; nobody else may draw",
      "X31", ["1 draw stock -> not-your-turn", "1 draw upcard -> not-your-turn",
              "0 draw stock", "1 discard KC -> not-your-turn"]),
    d("turn/must-draw-first", "a turn starts with a draw: no discard before it", "X46b",
      ["0 discard JS -> must-draw-first", "0 meld 3H 4H 5H -> must-draw-first",
       "0 draw stock"]),
    d("turn/one-draw-a-turn", "one draw a turn", "X40",
      ["0 draw stock", "0 draw stock -> already-drawn", "0 draw upcard -> already-drawn"]),
    d("turn/discard-a-card-held", "only a card in hand can be discarded", "X41",
      ["0 draw stock", "0 discard KD -> not-in-hand", "0 discard 8H"], stock="8H"),
    d("turn/play-passes-to-the-left", "with three players seven cards each; play goes left",
      "X29 X31 X65",
      ["0 draw stock", "0 discard 8H", "? turn phase", "1 draw stock", "1 discard 8D",
       "? turn", "2 draw stock", "2 discard 9H", "? turn hands"],
      hands=("3H 4H 5H 6H 7C 7D 7S", "2C 3C 4C 5D 6D 8C 9D", "QH KH KC JD QD 10C 2S"),
      stock="8H 8D 9H", players=3),
    d("discard/upcard-taken-is-kept-this-turn", "the card taken from the pile may not be "
      "discarded in the same turn", "X41",
      ["0 draw upcard", "0 discard AS -> keep-taken-card", "0 discard JS", "?"]),
    d("discard/upcard-taken-may-go-next-turn", "the card taken from the pile may be "
      "discarded on a later turn", "X41",
      ["0 draw upcard", "0 discard JS", "1 draw stock", "1 discard 8H", "0 draw stock",
       "0 discard AS", "?"], stock="8H 8D"),
    d("melds/run-ace-low", "the ace is low: A-2-3 is a run", "X7 X9",
      ["0 draw stock", "0 meld AD 2D 3D", "?"],
      hands=("AD 2D 3D 7C 7D 7S 9S 10S JS KD", H1)),
    d("melds/run-queen-king-ace-refused", "the ace is never high: Q-K-A is no run", "X7",
      ["0 draw stock", "0 meld QS KS AS -> ace-position", "0 meld 9H 10H JH", "?"],
      hands=("QS KS AS 7C 7D 7S 9H 10H JH 2D", H1), discard="8S"),
    d("melds/run-around-the-corner-refused", "no run goes around the corner: K-A-2 is no run",
      "X7", ["0 draw stock", "0 meld KS AS 2S -> wrap-around", "?"],
      hands=("KS AS 2S 7C 7D 7S 9H 10H JH 4D", H1), discard="8S"),
    d("melds/set-needs-three-cards", "a set holds at least three cards of one rank", "X11",
      ["0 draw stock", "0 meld 7C 7D -> too-short", "0 meld 7C 7D 7S", "?"]),
    d("melds/set-of-four", "a set may hold all four cards of a rank", "X11",
      ["0 draw stock", "0 meld 7C 7D 7S 7H", "?"],
      hands=("7C 7D 7S 7H 3H 4H 5H 9S 10S JS", H1)),
    d("melds/run-needs-three-cards", "a run holds at least three cards", "X9",
      ["0 draw stock", "0 meld 3H 4H -> too-short", "0 meld 3H 4H 5H", "?"]),
    d("melds/run-of-one-suit", "a run's cards are of one suit", "X10",
      ["0 draw stock", "0 meld 5H 6H 7C -> mixed-suits", "?"]),
    d("melds/neither-set-nor-run", "cards of mixed ranks and suits make no meld", "X10 X11",
      ["0 draw stock", "0 meld 7C 7D 9S -> mixed-ranks", "?"]),
    d("melds/cards-not-held-refused", "a meld is laid from the cards in hand: a card not "
      "held makes it no play", "X39",
      ["0 draw stock", "0 meld 7C 7D 7H -> not-in-hand", "0 meld 8H 9H 10H -> not-in-hand",
       "?"], stock="2S"),
    d("melds/a-card-used-twice-refused", "a card held once may not stand twice in a meld "
      "(AC AD AH AC holding one AC)", "X39",
      ["0 draw stock", "0 meld AC AD AH AC -> not-in-hand",
       "0 meld 3H 4H 5H 6H 3H -> not-in-hand", "0 meld AC AD AH", "?"],
      hands=("AC AD AH 3H 4H 5H 6H 9S 10S JS", H1), stock="2S"),
    d("melds/several-melds-in-one-turn", "any number of melds may be laid in one turn",
      "X39 X46", ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S",
                  "0 meld 9S 10S JS", "?"]),
    d("layoff/lay-off-without-a-meld-of-ones-own", "any player may lay off on any meld, "
      "with no meld of his own", "X43 X44 X45",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 discard 8H", "1 draw stock",
       "1 lay_off 7H on 0", "?"], hands=(H0, "2C 3C 4C 5D 6D 8C 9D QH KH 7H"),
      stock="8H 8D"),
    d("layoff/lay-off-must-fit", "a lay-off must extend the meld", "X45",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 discard 8H", "1 draw stock",
       "1 lay_off 9D on 0 -> mixed-suits", "1 lay_off 7H on 0", "?"],
      hands=(H0, "2C 3C 4C 5D 6D 8C 9D QH KH 7H"), stock="8H 8D"),
    d("options/one-meld-per-turn", "PGR: at most one meld per turn", "X46",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S -> melds-per-turn",
       "0 lay_off 7H on 0", "?"], options=("one_meld_per_turn",),
      hands=("3H 4H 5H 6H 7C 7D 7S 9S 10S 7H", H1)),
    d("going-out/out-by-melding-the-last-cards", "a player may go out by melding his last "
      "cards, without a discard; all in one turn ('rummy') doubles the payment",
      "X54 X59 X60 X61",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS QS", "?"],
      stock="QS", hands=(H0, "AC 2C 5D 9D JD QH KH KC 10C 3S")),
    d("scoring/no-double-after-an-earlier-meld", "a player who melded on an earlier turn "
      "collects the losers' cards once", "X60 X61",
      ["0 draw stock", "0 meld 7C 7D 7S", "0 discard 8H", "1 draw stock", "1 discard 8D",
       "0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 9S 10S JS", "0 discard KD", "?"],
      stock="8H 8D KD"),
    d("stock/empty-stock-turned-over", "an empty stock is replaced by the whole discard pile "
      "turned over unshuffled, its top card too (Bicycle's Rummy): no upcard until the next "
      "discard", "X58", _exhaustion()),
    d("game/target-score-ends-the-game", "the game ends when a player reaches 100; highest "
      "total wins", "X62 X63",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS QS",
       "? phase totals results winners"], stock="QS", totals=(95, 30)),
    d("options/jokers-wild-meld-and-swap", "with jokers wild, a joker in a meld can be freed "
      "by the natural it stands for, into the hand", "X14 X18 X20 X21 X22",
      ["0 draw stock", "0 meld 3H JK 5H", "0 discard 9S", "1 draw stock", "1 swap 4H on 0",
       "?"], hands=("3H JK 5H 6C 7C 7D 7S 9S 10S JS", "2C 3C 4C 5D 6D 8C 9D QH KH 4H"),
      options=("jokers_wild",)),
    d("options/jokers-wild-ace-high", "with jokers wild, the ace is low or high: Q-K-A is a "
      "run, K-A-2 is not", "X7",
      ["0 draw stock", "0 meld KD AD 2D -> wrap-around", "0 meld QS KS AS", "?"],
      hands=("QS KS AS KD AD 2D 7S 9H 10H JH", H1), discard="8S", options=("jokers_wild",)),
    d("options/deuces-wild-set", "with deuces wild, a two stands in a set", "X14 X18",
      ["0 draw stock", "0 meld 9C 9H 2S", "?"], options=("deuces_wild",),
      hands=("9C 9H 2S 7C 7D 7S 3H 4H 5H JS", H1)),
    d("going-out/out-by-discard-in-one-turn-doubles", "going out in one turn ('rummy') "
      "doubles the payment: the winner collects twice the losers' cards", "X54 X59 X60 X61",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS",
       "0 discard KD", "?"], stock="KD",
      hands=(H0, "AC 2C 5D 9D JD QH KH KC 10C 3S")),
]
