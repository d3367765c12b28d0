"""Indian Rummy (``indian_rummy``): two packs with their printed jokers and a cut joker (the
card turned under the stock makes its rank wild for the deal; a joker turned: the aces),
thirteen cards, a declaration of every card but one discard in melds with two runs, one
of them pure, the losers' unmatched cards paid to the winner up to a full count of 80,
one deal.

Two players (three in one case), thirteen cards each; seat 1 deals, seat 0 plays first;
QC is the stock's top card and 9C, its bottom, the card turned (nines are wild).
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft

VARIANT = "indian_rummy"
PLAYERS = 2
# A-2-3S (pure), 5-6H with 9D for 7H, K-K-K, 4-5-6-7D; QC drawn and discarded
K0 = "AS 2S 3S 5H 6H 9D KC KD KH 4D 5D 6D 7D"
# 2-3-4-5C (pure) and 10D-JK-QD laid out; 7S 8S 10H 2H 3H 8C loose (38)
K1 = "2C 3C 4C 7S 8S JK 10H 10D QD 2H 3H 5C 8C"
NO_LIFE = "KS QS JD 10C 10S QH 8C 8D 7C 6S JK 2D 4H"  # no pure run: 95, all of it
UP = "KS"
DECLARE = "0 go_down AS 2S 3S | 5H 6H 9D | KC KD KH | 4D 5D 6D 7D"
END = "? phase totals results winners"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (K0, K1),
      discard: str = UP, stock: str = "QC", bottom: str = "9C", **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, stock=stock,
                 stock_bottom=bottom, **kw)


DRAFTS = [
    d("cut/the-turned-rank-is-wild", "every card of the rank turned under the stock is wild "
      "for the deal: 9D stands for 7H", "X14",
      ["0 draw stock", DECLARE, "?"]),
    d("cut/another-rank-turned-leaves-nines-natural", "with 8H turned, 9D is a nine and "
      "5-6-9 of mixed suits is no run", "X14",
      ["0 draw stock", "0 go_down AS 2S 3S | 5H 6H 9D | KC KD KH | 4D 5D 6D 7D -> "
       "mixed-suits", "0 discard QC", "?"], bottom="8H"),
    d("cut/a-turned-joker-makes-the-aces-wild", "a printed joker turned: the aces are wild, "
      "AD stands for 7H", "X14",
      ["0 draw stock", "0 go_down 2S 3S 4S | 5H 6H AD | KC KD KH | 4D 5D 6D 7D", "?"],
      hands=("2S 3S 4S 5H 6H AD KC KD KH 4D 5D 6D 7D", K1), bottom="JK"),
    d("cut/printed-jokers-stay-wild", "the printed jokers are wild whatever rank is turned",
      "X14",
      ["0 draw stock", "0 go_down AS 2S 3S | 5H 6H JK | KC KD KH | 4D 5D 6D 7D", "?"],
      hands=("AS 2S 3S 5H 6H JK KC KD KH 4D 5D 6D 7D", K1.replace("JK", "9D"))),
    d("declare/a-pure-run-is-required", "one of the two runs must hold no wild card",
      "X35 X37",
      ["0 draw stock", "0 go_down 5H 6H JK | 4D 5D 9D | KC KD KH | QS QH QD QC -> "
       "contract-not-met", "0 discard QC", "?"],
      hands=("5H 6H JK 4D 5D 9D KC KD KH QS QH QD 2C", K1.replace("JK", "4H"))),
    d("declare/two-runs-are-required", "a declaration needs two runs: one run and sets do "
      "not declare", "X35 X37",
      ["0 draw stock", "0 go_down AS 2S 3S | KC KD KH | QS QH QD QC | 7C 7D 7H -> "
       "contract-not-met", "0 discard 2C", "?"],
      hands=("AS 2S 3S KC KD KH QS QH QD 7C 7D 7H 2C", K1)),
    d("declare/every-card-but-the-discard", "going down is going out: every card but one "
      "must be melded", "X37 X54",
      ["0 draw stock", "0 go_down AS 2S 3S | 5H 6H 9D -> down-must-go-out",
       "0 go_down AS 2S 3S | 5H 6H 9D | KC KD KH -> down-must-go-out", "?"]),
    d("declare/no-meld-without-the-discard", "melding all fourteen leaves no card to "
      "discard: refused", "X37 X54",
      ["0 draw stock", "0 go_down AS 2S 3S | 5H 6H 9D | KC KD KH | 4D 5D 6D 7D 8D -> "
       "down-must-go-out", "?"], stock="8D"),
    d("declare/the-discard-ends-the-deal", "the declarer discards his last card and the "
      "deal ends", "X37 X46 X54",
      ["0 draw stock", DECLARE, "0 discard QC", END]),
    d("declare/no-meld-before-declaring", "no meld is laid before the declaration",
      "X38 X39",
      ["0 draw stock", "0 meld AS 2S 3S -> not-down", "0 discard QC", "?"]),
    d("declare/the-upcard-may-be-taken", "the player in turn may take the upcard instead "
      "of the stock's top card", "X40",
      ["0 draw upcard", "0 discard 2S", "? hands discard_top stock_size"]),
    d("declare/with-the-upcard", "a declaration may use the card taken from the pile",
      "X40 X37",
      ["0 draw upcard", "0 go_down AS 2S 3S | 5H 6H 9D | KC KD KH KS | 4D 5D 6D", "?",
       "0 discard 7D", END]),
    d("melds/a-set-is-of-different-suits", "a set's cards are of different suits, though "
      "the pack holds each card twice: KC KC KD is no meld (the refusal names the reading "
      "the contract's runs prefer)", "X11 X50",
      ["0 draw stock", "0 go_down AS 2S 3S | 5H 6H 7H | KC KC KD | 4D 5D 6D 7D -> "
       "mixed-suits", "?"],
      hands=("AS 2S 3S 5H 6H 7H KC KC KD 4D 5D 6D 7D", K1)),
    d("melds/a-joker-makes-a-set-of-five", "four kings of four suits and a joker are one "
      "set", "X11 X14",
      ["0 draw stock", "0 go_down AS 2S 3S | 5H 6H 7H 8H 9H | KC KD KH KS JK", "?",
       "0 discard 2C", END],
      hands=("AS 2S 3S 5H 6H 7H 8H KC KD KH KS JK 2C", K1), stock="9H", discard="QS"),
    d("melds/the-ace-high", "the ace is high: Q-K-A is a run", "X7",
      ["0 draw stock", "0 go_down QS KS AS | 5H 6H 9D | KC KD KH | 4D 5D 6D 7D", "?"],
      hands=("QS KS AS 5H 6H 9D KC KD KH 4D 5D 6D 7D", K1)),
    d("melds/never-around-the-corner", "K-A-2 is no run", "X7",
      ["0 draw stock", "0 go_down KS AS 2S | 5H 6H 9D | KC KD KH | 4D 5D 6D 7D -> "
       "wrap-around", "?"],
      hands=("KS AS 2S 5H 6H 9D KC KD KH 4D 5D 6D 7D", K1), discard="QS"),
    d("melds/a-run-is-of-one-suit", "a run's cards are of one suit", "X10",
      ["0 draw stock", "0 go_down AS 2S 3C | 5H 6H 9D | KC KD KH | 4D 5D 6D 7D -> "
       "mixed-suits", "?"],
      hands=("AS 2S 3C 5H 6H 9D KC KD KH 4D 5D 6D 7D", K1.replace("3C", "3S"))),
    d("score/the-losers-unmatched-cards", "the loser lays out his hand: only his unmatched "
      "cards count, and the winner collects them", "X59 X60",
      ["0 draw stock", DECLARE, "0 discard QC", END]),
    d("score/no-two-runs-counts-everything-up-to-80", "a loser without the two runs counts "
      "all thirteen cards, at most 80 (a full count)", "X59 X60",
      ["0 draw stock", DECLARE, "0 discard QC", END], hands=(K0, NO_LIFE)),
    d("score/jokers-and-wilds-count-nothing", "a joker and a card of the turned rank count "
      "0 in a loser's hand", "X59",
      ["0 draw stock", DECLARE, "0 discard QC", END],
      hands=(K0, "KS QS JD 10C 10S QH 8C 8D 7C 6S JK 2D 9H")),
    d("score/the-winner-collects-from-each", "with three players the winner collects both "
      "losers' counts", "X60", ["0 draw stock", DECLARE, "0 discard QC", END],
      hands=(K0, K1, NO_LIFE), players=3),
    d("melds/three-cards-at-least", "a meld holds at least three cards", "X11 X7",
      ["0 draw stock", "0 go_down AS 2S 3S | 5H 6H 9D | KC KD KH | 4D 5D | 6D 7D -> "
       "too-short", "?"]),
    d("melds/a-run-has-no-gap", "a run's ranks follow each other: 4-5-7 of diamonds is no "
      "run", "X7",
      ["0 draw stock", "0 go_down 4D 5D 7D | AS 2S 3S | 5H 6H 9D | KC KD KH 6D -> "
       "not-consecutive", "?"]),
    d("declare/only-cards-held", "a declaration melds only cards the player holds", "X37",
      ["0 draw stock", "0 go_down AS 2S 3S | 5H 6H 9D | KC KD KH | 4D 5D 6D 8D -> "
       "not-in-hand", "?"]),
    d("turn/must-draw-first", "a turn starts with a draw", "X46b",
      ["0 discard 2S -> must-draw-first", "1 draw stock -> not-your-turn", "0 draw stock",
       "0 draw stock -> already-drawn", "?"]),
]
