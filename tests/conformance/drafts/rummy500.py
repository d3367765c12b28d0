"""500 Rum (``rummy500``): the spread discard pile and its deep takes, the card reached
melded at once (the upcard alone too), melds and lay-offs scoring for the player who laid
them, cards in hand against him, the game to 500 won by the highest total.

Two players, thirteen cards each; seat 1 deals, seat 0 plays first.
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "rummy500"
PLAYERS = 2
# 3-4-5H, 7-7-7, 9-10-JS, Q-Q-Q; 2D loose
OUT = "3H 4H 5H 7C 7D 7S 9S 10S JS QD QC QS 2D"
H0 = "3H 4H 5H 7C 7D 7S 9S 10S JS 2D 6C QD KC"
H1 = "2C 3C 4C 5D 6D 8C 9D QH KH KS AD 2S 8H"
PILE = "8D 6H 10D"  # bottom to top: 10D is the upcard
OUT_PILE = "8D JD"
END = "? phase totals results"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (H0, H1),
      discard: str = PILE, **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _drained() -> list[str]:
    """Both players draw from the stock and throw the card drawn until it is empty, seat 0
    having melded 3-4-5H first; then seat 1 would draw from the empty stock."""
    stock = complete_setup(VARIANT, (), 2, [H0, H1], PILE, "KD")["stock"]
    script = ["0 draw stock", "0 meld 3H 4H 5H", f"0 discard {stock[0]}"]
    for i, card in enumerate(stock[1:], start=1):
        script += [f"{i % 2} draw stock", f"{i % 2} discard {card}"]
    seat = len(stock) % 2
    return [*script, "? stock_size", f"{seat} draw stock", END]


DRAFTS = [
    d("deep/take-a-card-with-those-above-it", "any card of the spread pile may be taken "
      "with every card above it, and the card reached is melded at once", "X40 X67",
      ["0 draw pile 2", "? hands discard_top discard_size", "0 meld 3H 4H 5H 6H", "?",
       "0 discard KC", "?"]),
    d("deep/card-reached-is-the-next-play", "the card reached must be used by the "
      "player's next play: no other meld and no discard before", "X40",
      ["0 draw pile 2", "0 discard KC -> must-meld-taken",
       "0 meld 7C 7D 7S -> must-meld-taken", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S",
       "0 discard KC", "?"]),
    d("deep/card-that-cannot-be-used-is-not-taken", "a card that cannot be melded or laid "
      "off at once may not be taken", "X40",
      ["0 draw pile 3 -> taken-card-unusable", "0 draw pile 2", "?"]),
    d("deep/no-deeper-than-the-pile", "a take reaches no deeper than the pile", "X40",
      ["0 draw pile 4 -> pile-too-short", "0 draw pile 2", "?"]),
    d("deep/the-cards-above-stay-in-hand", "the cards taken above the one reached are the "
      "player's to keep, meld or discard", "X40",
      ["0 draw pile 3", "0 meld 8D 9D 10D", "? hands table", "0 meld 3H 4H 5H 6H",
       "0 discard KC", "?"], hands=(H0.replace("2D", "9D").replace("6C", "8C"),
                    H1.replace("9D", "2D").replace("8C", "6C"))),
    d("deep/card-reached-laid-off", "the card reached may be laid off on a meld on the "
      "table instead of melded", "X40 X43",
      ["0 draw stock", "0 meld 7C 7D 7S", "0 discard KC", "1 draw pile 4",
       "1 meld 2C 3C 4C -> must-meld-taken", "1 lay_off 7H on 0", "?", "1 discard KS", "?"],
      discard="7H 6H 10D", stock="2H"),
    d("upcard/upcard-must-be-usable", "the upcard alone is taken only if it can be melded "
      "or laid off at once", "X40",
      ["0 draw upcard -> taken-card-unusable", "0 draw stock", "?"], stock="KD"),
    d("upcard/upcard-taken-is-melded-at-once", "the upcard taken must be used by the "
      "player's next play", "X40",
      ["0 draw upcard", "0 discard KC -> must-meld-taken", "0 meld 3H 4H 5H 6H", "?",
       "0 discard KC", "?"], discard="8D 10D 6H"),
    d("turn/must-draw-first", "a turn starts with a draw", "X46b",
      ["0 discard KC -> must-draw-first", "0 meld 3H 4H 5H -> must-draw-first",
       "1 draw stock -> not-your-turn", "0 draw stock", "?"], stock="KD"),
    d("turn/one-draw-a-turn", "one draw a turn, from the stock or the pile", "X40",
      ["0 draw stock", "0 draw stock -> already-drawn", "0 draw pile 2 -> already-drawn",
       "0 discard KD -> not-in-hand", "0 discard 6C", "?"], stock="2H"),
    d("melds/run-of-one-suit", "a run's cards are of one suit", "X10",
      ["0 draw stock", "0 meld 5H 6C 7C -> mixed-suits", "0 lay_off 2D on 0 -> no-such-meld",
       "?"], stock="2H"),
    d("melds/run-ace-low", "the ace is low: A-2-3 is a run", "X7 X9",
      ["0 draw stock", "0 meld AH 2H 3H", "?"], hands=(H0.replace("4H", "AH").replace(
          "5H", "2H"), H1), stock="KD"),
    d("melds/run-ace-high", "the ace is high: Q-K-A is a run", "X7",
      ["0 draw stock", "0 meld QD KD AD", "?"],
      hands=(H0.replace("KC", "KD").replace("6C", "AD"), H1.replace("AD", "6C")),
      stock="KC"),
    d("melds/run-around-the-corner-refused", "no run goes around the corner: K-A-2 is no "
      "run", "X7",
      ["0 draw stock", "0 meld KD AD 2D -> wrap-around", "?"],
      hands=(H0.replace("KC", "KD").replace("6C", "AD"), H1.replace("AD", "6C")),
      stock="KC"),
    d("melds/set-of-three-or-four", "a set is three or four cards of one rank", "X11",
      ["0 draw stock", "0 meld 7C 7D -> too-short", "0 meld 7C 7D 7S 7H", "?"],
      stock="7H"),
    d("layoff/lay-off-before-melding", "a player may lay off on anyone's melds before he "
      "has melded himself", "X43",
      ["0 draw stock", "0 meld 7C 7D 7S", "0 discard KC", "1 draw stock",
       "1 lay_off 7H on 0", "?"], stock="2H 7H"),
    d("out/going-out-by-melding", "a player who melds his last card goes out, with no "
      "discard", "X49",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS",
       "0 meld QD QC QS 2D -> mixed-ranks", "0 discard 2D", "1 draw stock",
       "1 discard KD", "0 draw stock", "0 meld QD QC QS KC -> mixed-ranks",
       "0 meld QD QC QS", "0 discard KC", END], hands=(OUT, H1), stock="6H KD KC",
      discard=OUT_PILE),
    d("score/melds-score-for-their-maker", "when a hand ends, each player scores the "
      "cards he put on the table less the cards in his hand", "X60",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS",
       "0 meld QD QC QS", "0 discard 2D", END], hands=(OUT, H1), stock="6H", discard=OUT_PILE),
    d("score/lay-offs-score-for-the-one-who-lays-them", "a card laid off on another's "
      "meld scores for the player who laid it, not for the meld's owner", "X60 X43",
      ["0 draw stock", "0 meld 7C 7D 7S", "0 discard 2D", "1 draw stock",
       "1 lay_off 7H on 0", "1 discard KS", "0 draw stock", "0 meld 3H 4H 5H 6H",
       "0 meld 9S 10S JS", "0 meld QD QC QS", "0 discard 8S", END],
      hands=(OUT, H1.replace("8H", "7H")), stock="6H 10C 8S", discard=OUT_PILE),
    d("score/a-hand-may-score-below-zero", "cards left in hand count against their "
      "holder, so a hand's score may be below zero", "X60",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS",
       "0 meld QD QC QS", "0 discard 2D", "? results"], hands=(OUT, H1), stock="6H",
      discard=OUT_PILE),
    d("score/ace-counts-fifteen", "an ace counts 15 points, a face card 10, other cards "
      "their number", "X59",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS",
       "0 meld QD QC QS", "0 discard 2D", "? results"],
      hands=(OUT, "AC AD AH AS KH KS KD 2C 3C 5D 6D 8C 9D"), stock="6H",
      discard=OUT_PILE),
    d("score/ace-melded-low-counts-one", "an ace counts 15, but 1 when melded low in a "
      "run (A-2-3)", "X59 X60",
      ["0 draw stock", "0 meld AD 2D 3D 4D", "0 meld 7C 7D 7S", "0 meld 9S 10S JS",
       "0 meld QD QC QS", "0 discard 4H", END],
      hands=("AD 2D 3D 7C 7D 7S 9S 10S JS QD QC QS 4H", H1.replace("AD", "6C")), stock="4D",
      discard=OUT_PILE),
    d("game/game-ends-at-500", "the game ends when a total reaches 500; the highest total "
      "wins", "X62 X63",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS",
       "0 meld QD QC QS", "0 discard 2D", "? phase totals winners"], hands=(OUT, H1),
      stock="6H", totals=(420, 490), discard=OUT_PILE),
    d("game/below-500-play-goes-on", "below 500 the next hand is dealt", "X62",
      ["0 draw stock", "0 meld 3H 4H 5H 6H", "0 meld 7C 7D 7S", "0 meld 9S 10S JS",
       "0 meld QD QC QS", "0 discard 2D", "? phase totals round"], hands=(OUT, H1),
      stock="6H", totals=(100, 490), discard=OUT_PILE),
    d("stock/empty-stock-ends-the-hand", "a player who would draw from the empty stock "
      "ends the hand; it is scored as any other", "X44 X60", _drained(), stock="KD"),
]
