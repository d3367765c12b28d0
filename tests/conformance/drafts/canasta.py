"""Canasta (``canasta``): four players in two partnerships (seats 0 and 2 against 1 and
3), two packs and four jokers, jokers and deuces wild, melds of one rank with at least
two naturals and at most three wild cards, never of threes; the whole discard pile taken
by melding its top card from the hand; the pile frozen by a wild card in it and for a side
that has not melded; black threes blocking it; the first meld's minimum by the side's
score; lay-offs on the side's melds only; going out only with a canasta; the canasta and
going-out bonuses; game to 5000.

Eleven cards each; seat 3 deals, seat 0 plays first.
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "canasta"
PLAYERS = 4
# seat 0: a pair of kings, a pair of queens, two aces and a joker (90 points)
S0 = "KH KS QH QS AS AD JK 5C 6D 7H 8S"
S1 = "4C 4D 5S 6S 7C 8C 9C 10C JC QC KC"
S2 = "4H 5H 6H 7D 8D 9D 10D JD QD 9H 10H"
S3 = "4S 5D 6C 7S 8H 9S 10S JS JH KD 10S"
# seat 0 with three kings: he opens with kings and aces (120)
K0 = "KH KS KC AS AD JK 5C 6D 7H 8S 9C"
OPEN = "0 meld KH KS KC | AS AD JK"
# seat 0 goes out at once: a natural canasta of kings and aces with two wild cards
OUT = "KH KS KC KD KH KS KC AD AC JK 2C"
OUT1 = "4C 4D 5S 6S 7C 8C 9C 10C JC QC QS"  # S1 without its king of clubs
END = "? phase totals results"


def d(name: str, rule: str, axes: str, script: list[str],
      hands: tuple[str, ...] = (S0, S1, S2, S3), discard: str = "4D", **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _round(*cards: str) -> list[str]:
    """Seats 1, 2 and 3 draw from the stock and discard these cards in turn."""
    out: list[str] = []
    for seat, card in zip((1, 2, 3), cards, strict=True):
        out += [f"{seat} draw stock", f"{seat} discard {card}"]
    return out


def _drained() -> list[str]:
    """Every player draws from the stock and throws the card drawn until it is empty;
    the next draw from the stock then ends the hand."""
    stock = complete_setup(VARIANT, (), 4, [S0, S1, S2, S3], "4D", "8D")["stock"]
    script = []
    for i, card in enumerate(stock):
        script += [f"{i % 4} draw stock", f"{i % 4} discard {card}"]
    return [*script, "? stock_size discard_size", f"{len(stock) % 4} draw stock", END]


DRAFTS = [
    d("pile/whole-pile-after-the-top-card-is-melded", "taking the upcard takes the whole "
      "pile: the top card is melded from the hand first, then the rest comes", "X40 X67",
      ["0 draw upcard", "? hands discard_size", "0 discard 8S -> must-meld-taken",
       "0 meld KD KH KS | AS AD JK", "? hands discard_size table"], discard="6C 4H KD"),
    d("pile/top-card-that-cannot-be-melded", "the pile is taken only when its top card "
      "can be melded at once", "X40",
      ["0 draw upcard -> taken-card-unusable", "0 draw stock", "?"], discard="6C 4H 9D",
      stock="8D"),
    d("pile/cards-under-the-top-do-not-open", "only the top card and the hand's cards count "
      "for the first meld's minimum: the aces in the pile do not", "X40 X38",
      ["0 draw upcard -> taken-card-unusable", "?"], discard="AH AC KD",
      hands=("KH KS QH 9C 4S 4C 5S 5C 6D 7H 8S", S1, S2, S3)),
    d("pile/frozen-until-the-side-melds", "before his side melds a player takes the pile "
      "only with a natural pair: a queen and a joker do not take a queen", "X40 X15",
      ["0 draw upcard -> taken-card-unusable", "?"], discard="5S QD",
      hands=("QH 2D 7S 4S JK AS AD AC 8S 9C 10C", S1, S2, S3)),
    d("pile/frozen-pile-taken-with-a-natural-pair", "a frozen pile's top card goes into a "
      "new meld with a natural pair of its rank, not a wild card", "X40 X15",
      ["0 draw upcard", "0 meld QD QH 2C | AS AD JK -> pile-frozen",
       "0 meld QD QH QS | AS AD JK", "?"], discard="5S QD",
      hands=("QH QS 2C 4S JK AS AD 7H 8S 9C 10C", S1, S2, S3)),
    d("pile/unfrozen-top-card-laid-on-the-sides-meld", "once the side has melded, the top "
      "card of a pile with no wild card may be laid off on the side's meld", "X40 X44",
      ["0 draw stock", OPEN, "0 discard 9D", *_round("4C", "4H", "KD"), "0 draw upcard",
       "0 lay_off KD on 0", "? hands table discard_size"], hands=(K0, S1, S2, S3),
      stock="9D 9H 8D 8C"),
    d("pile/a-wild-card-freezes-it", "a wild card discarded freezes the pile: the king on "
      "top no longer goes onto the side's kings", "X40 X41",
      ["0 draw stock", OPEN, "0 discard 2S", *_round("4C", "4H", "KD"),
       "0 draw upcard -> taken-card-unusable", "?"],
      hands=("KH KS KC AS AD JK 5C 6D 7H 8S 2S", S1, S2, S3), stock="9D 9H 8D 8C"),
    d("pile/black-three-blocks-it", "a black three on top of the pile may not be taken",
      "X41",
      ["0 draw upcard -> never-taken", "0 draw stock", "?"], discard="KD 3S", stock="8D"),
    d("opening/fifty-at-a-total-of-zero", "at a side's total of 0 the first melds count at "
      "least 50; a wild card counts its own points (a joker 50, a deuce 20)", "X38 X19",
      ["0 draw stock", "0 meld KH KS 2C -> opening-too-low", "0 meld KH KS 2C | AS AD JK",
       "?"], hands=("KH KS QH QS AS AD JK 2C 6D 7H 8S", S1, S2, S3), stock="8D"),
    d("opening/fifteen-below-zero", "below a side's total of 0 the first melds count at "
      "least 15", "X38",
      ["0 draw stock", "0 meld KH KS 2C", "?"],
      hands=("KH KS QH QS AS AD JK 2C 6D 7H 8S", S1, S2, S3), stock="8D",
      totals=(-200, 0, 100, 0)),
    d("opening/ninety-from-1500", "from a side's total of 1500 the first melds count at "
      "least 90: the partners' totals are added", "X38 X66",
      ["0 draw stock", "0 meld AS AD 2C -> opening-too-low", "0 meld AS AD JK", "?"],
      hands=("KH KS QH QS AS AD JK 2C 6D 7H 8S", S1, S2, S3), stock="8D",
      totals=(1000, 0, 600, 0)),
    d("opening/none-once-the-partner-has-melded", "once his partner has melded a player's "
      "melds need no minimum", "X38 X66",
      ["0 draw stock", OPEN, "0 discard 9D", "1 draw stock", "1 discard 4C",
       "2 draw stock", "2 meld 4H 4D 4S", "?"], hands=(K0, S1,
      "4H 4D 4S 7D 8D 9D 10D JD QD 9H 10H", S3), stock="9D 9H 8D", discard="5D"),
    d("melds/no-set-of-threes", "threes are never melded in a set", "X11",
      ["0 draw stock", "0 meld 3H 3D 3C | AS AD JK -> set-rank-left-out", "?"],
      hands=("3H 3D 3C AS AD JK 5C 6D 7H 8S 9C", S1, S2, S3), stock="8D"),
    d("melds/black-threes-only-in-going-out", "black threes make a set, with no wild card, "
      "only as the play that empties the hand", "X11 X54",
      ["0 draw stock", "0 meld 3S 3C 3S 2C -> set-rank-left-out",
       "0 meld KH KS KC KD KH KS KC KD | 3S 3C 3S -> going-out-meld-only",
       "0 meld KH KS KC KD KH KS KC KD 2C", "0 meld 3S 3C 3S", END],
      hands=("KH KS KC KD KH KS KC 3S 3C 3S 2C", OUT1, S2, S3.replace("KD", "QD")), stock="KD"),
    d("melds/sets-only", "melds are of one rank: no runs", "X9 X11",
      ["0 draw stock", "0 meld 5C 6C 7C 8C | AS AD JK -> no-such-kind", "?"],
      hands=("5C 6C 7C KS QH QS AS AD JK 8S 9C", OUT1, S2, S3), stock="8C"),
    d("melds/two-naturals-needed", "a meld holds at least two natural cards", "X15",
      ["0 draw stock", "0 meld KH 2C JK | AS AD JK -> needs-natural", "?"],
      hands=("KH KS 2C AS AD JK JK 5C 6D 7H 8S", S1, S2, S3), stock="8D"),
    d("melds/three-wild-cards-at-most", "a meld holds at most three wild cards", "X15",
      ["0 draw stock", "0 meld AS AD AH AC 2C 2D 2H JK -> too-many-wilds",
       "0 meld AS AD AH AC 2C 2D JK", "?"],
      hands=("AS AD AH AC 2C 2D 2H JK 6D 7H 8S", S1, S2, S3), stock="8D"),
    d("layoff/on-the-partners-meld", "a player whose partner has melded lays off on the "
      "side's melds without melding himself", "X44 X66",
      ["0 draw stock", OPEN, "0 discard 9D", "1 draw stock", "1 discard 4C",
       "2 draw stock", "2 lay_off KD on 0", "?"],
      hands=(K0, S1, "4H 5H 6H 7D 8D 9D 10D JD QD 9H KD", S3), stock="9D 9H 8D"),
    d("layoff/never-on-the-other-sides-melds", "a player lays off only on his side's "
      "melds", "X45 X66",
      ["0 draw stock", OPEN, "0 discard 9D", "1 draw stock", "1 meld QC QS QH | AH AC 2H",
       "1 lay_off KD on 0 -> own-melds-only", "?"],
      hands=(K0.replace("9C", "10C"), "QC QS QH AH AC 2H 4C 5S 6S 7C KD", S2, S3),
      stock="9D 9H 8D"),
    d("out/a-canasta-is-needed", "a side goes out only with a canasta: no meld may leave "
      "one card before", "X54",
      ["0 draw stock", "0 meld KH KS KC KD | AS AD AC JK",
       "0 meld 5C 5D 5H -> needs-meld-to-go-out", "?"],
      hands=("KH KS KC KD AS AD AC JK 5C 5D 5H", S1, S2, S3), stock="6D"),
    d("out/going-out-with-a-natural-canasta", "going out concealed (all in one turn): a "
      "natural canasta scores 500, going out concealed 200, the melded cards their values, "
      "cards in hand count against", "X54 X59 X60 X61",
      ["0 draw stock", "0 meld KH KS KC KD KH KS KC | AD AC JK 2C", "0 discard 5C", END],
      hands=(OUT, OUT1, S2, S3), stock="5C"),
    d("out/going-out-after-an-earlier-meld", "going out after melding on an earlier turn "
      "scores 100, not the concealed 200", "X54 X61",
      ["0 draw stock", "0 meld KH KS KC KD KH KS KC", "0 discard 5C", *_round("9H", "8D", "8C"),
       "0 draw stock", "0 meld AD AC JK 2C", "0 discard 9D", END],
      hands=(OUT, OUT1, S2, S3), stock="5C 9H 8D 8C 9D"),
    d("score/a-mixed-canasta-scores-300", "a canasta with a wild card in it scores 300",
      "X61",
      ["0 draw stock", "0 meld KH KS KC KD KH 2S JK | AD AC AH", "0 discard 5C", END],
      hands=("KH KS KC KD KH 2S JK AD AC AH 5H", OUT1, S2, S3), stock="5C"),
    d("game/ends-at-5000", "the game ends when a side's total reaches 5000; the higher "
      "side's two partners win", "X62 X63 X66",
      ["0 draw stock", "0 meld KH KS KC KD KH KS KC | AD AC JK 2C", "0 discard 5C",
       "? phase totals winners"], hands=(OUT, OUT1, S2, S3), stock="5C",
      totals=(3000, 1000, 1500, 500)),
    d("turn/must-draw-first", "a turn starts with a draw", "X46b",
      ["0 discard 8S -> must-draw-first", "1 draw stock -> not-your-turn", "0 draw stock",
       "0 draw stock -> already-drawn", "?"], stock="8D"),
    d("stock/empty-ends-the-hand", "when a player would draw from the empty stock the "
      "hand ends, each side scoring its melds less its hands", "X56 X58", _drained(),
      stock="8D"),
]
