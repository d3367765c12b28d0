"""Conquian (``conquian``): a 40-card pack (no 8s, 9s or 10s, so 7 and J follow one
another), ten cards each and no upcard; the card turned from the stock never joins the
hand (melded at once, or discarded), a discard is taken only to be melded at once,
lay-offs on one's own melds, the hand won by eleven cards melded (a player whose hand is
empty plays on), a drawn hand when the stock runs out, one stake a hand.

Two players, ten cards each; seat 1 deals, seat 0 plays first.
"""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "conquian"
PLAYERS = 2
C0 = "AC 2C 3C 5D 5H 5S KD QH JS 7H"
C1 = "2D 3D 4D 6C 6H QC KC JD AD 7D"
# melds everything with a 4C or a 5C: A-2-3-4(-5)C, 5-5-5, K-K-K
OUT = "AC 2C 3C 4C 5D 5H 5S KD KH KS"
END = "? phase totals results"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (C0, C1),
      discard: str = "", **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _drained() -> list[str]:
    """Both players pass every card turned from the stock; the last one passed, the
    player to draw declines it and the hand is drawn."""
    stock = complete_setup(VARIANT, (), 2, [C0, C1], "", "")["stock"]
    script = []
    for i, card in enumerate(stock):
        script += [f"{i % 2} draw stock", f"{i % 2} discard {card}"]
    return [*script, "? stock_size discard_top", f"{len(stock) % 2} draw stock", END]


DRAFTS = [
    d("deal/forty-cards-ten-each-no-upcard", "the pack has no 8s, 9s or 10s: ten cards "
      "each, no upcard, a stock of 20", "X2 X29 X30", ["? hands discard_top stock_size"]),
    d("turn/first-player-turns-the-stock", "the non-dealer begins by turning the stock's "
      "top card; there is no upcard to take", "X30 X40",
      ["0 draw upcard -> no-upcard", "1 draw stock -> not-your-turn", "0 draw stock", "?"],
      stock="KS"),
    d("melds/seven-and-jack-in-sequence", "7 and J follow one another in a run: 6-7-J",
      "X2 X8", ["0 draw stock", "0 meld 6S 7S JS", "?"], stock="JS",
      hands=("6S 7S 2C 5D 5H QD KD QH 3C 7H", C1)),
    d("melds/ace-low-only", "the ace is low only: A-2-3 is a run, Q-K-A is not", "X7",
      ["0 draw stock", "0 meld QS KS AS -> ace-position", "0 meld AS 2S 3S", "?"],
      stock="AS", hands=("2S 3S QS KS 5D 5H QD KD QH 7H", C1)),
    d("melds/no-rank-left-out-in-a-run", "7-J is not 7-8: the ranks kept follow one "
      "another, so 6-7-Q has a gap", "X2 X8",
      ["0 draw stock", "0 meld 6S 7S QS -> not-consecutive", "?"], stock="QS",
      hands=("6S 7S 2C 5D 5H QD KD QH 3C 7H", C1)),
    d("melds/set-three-or-four", "a group is three or four cards of a rank", "X11",
      ["0 draw stock", "0 meld 5D 5C -> too-short", "0 meld 5D 5H 5S 5C", "?"],
      stock="5C"),
    d("melds/run-at-most-eight", "a sequence holds three to eight cards", "X8",
      ["0 draw stock", "0 meld AS 2S 3S 4S 5S 6S 7S JS QS -> too-long",
       "0 meld AS 2S 3S 4S 5S 6S 7S JS", "?"], stock="KS",
      hands=("AS 2S 3S 4S 5S 6S 7S JS QS 3C", C1)),
    d("stock/card-melded-at-once", "the card turned from the stock is melded at once with "
      "cards of the hand, then a card is discarded", "X40",
      ["0 draw stock", "0 meld AC 2C 3C 4C", "?", "0 discard KD", "?"], stock="4C"),
    d("stock/card-passed", "a card turned from the stock that is not melded is the turn's "
      "discard: no other card may go while it waits", "X40",
      ["0 draw stock", "0 discard KD -> stock-card-first", "0 discard KS", "?"],
      stock="KS"),
    d("stock/meld-from-hand-then-pass", "before passing the stock's card a player may meld "
      "from his hand", "X40 X46",
      ["0 draw stock", "0 meld 5D 5H 5S", "0 discard QH -> stock-card-first",
       "0 discard KS", "?"], stock="KS"),
    d("stock/lay-off-the-stock-card", "the stock's card may be laid off on one's own meld",
      "X40 X43",
      ["0 draw stock", "0 meld AC 2C 3C 4C", "0 discard KD", "1 draw stock",
       "1 discard 4S", "0 draw stock", "0 lay_off 5C on 0", "?"], stock="4C 4S 5C"),
    d("upcard/passed-card-taken-to-meld", "a passed card may be taken by the opponent to "
      "meld at once, and must be melded before anything else", "X40",
      ["0 draw stock", "0 discard 6D", "1 draw upcard", "1 discard QC -> must-meld-taken",
       "1 meld 2D 3D 4D -> must-meld-taken", "1 meld 6C 6H 6D", "1 discard QC", "?"],
      stock="6D"),
    d("upcard/unusable-card-not-taken", "a discard that cannot be melded at once is not "
      "taken: the next card is turned from the stock", "X40",
      ["0 draw stock", "0 discard 7S", "1 draw upcard -> taken-card-unusable",
       "1 draw stock", "?"], stock="7S"),
    d("layoff/own-melds-only", "cards are laid off only on one's own melds", "X45",
      ["0 draw stock", "0 meld AC 2C 3C 4C", "0 discard KD", "1 draw stock",
       "1 meld 2D 3D 4D", "1 lay_off 5C on 0 -> own-melds-only", "?"], stock="4C",
      hands=(C0.replace("5D", "7C"), "2D 3D 4D 6C 6H 6S QC KC JD 5C")),
    d("layoff/not-before-melding", "a player lays off only once he has melded", "X44",
      ["0 draw stock", "0 meld AC 2C 3C 4C", "0 discard KD", "1 draw stock",
       "1 lay_off 5C on 0 -> not-down", "?"], stock="4C",
      hands=(C0.replace("5D", "7C"), "2D 3D 4D 6C 6H 6S QC KC JD 5C")),
    d("out/eleven-cards-melded", "a player who melds his last cards with the card taken "
      "has eleven melded: he wins the hand and a stake", "X54 X60",
      ["0 draw stock", "0 meld AC 2C 3C 4C 5C", "0 meld 5D 5H 5S", "?",
       "0 meld KD KH KS", END], stock="5C", hands=(OUT, C1)),
    d("out/no-discard-goes-out", "a discard never empties the hand to go out: the hand "
      "plays on", "X54",
      ["0 draw stock", "0 meld AC 2C 3C 4C", "0 meld 5D 5H 5S", "0 meld KD KH KS",
       "0 discard 7H", "? phase turn hands table results"],
      stock="4C", hands=(C0.replace("QH", "KH").replace("JS", "KS"), C1)),
    d("out/empty-hand-goes-out-by-a-lay-off", "with no card left a player plays on, and "
      "goes out by laying off the card he turns", "X54",
      ["0 draw stock", "0 meld AC 2C 3C 4C", "0 meld 5D 5H 5S", "0 meld KD KH KS",
       "0 discard 7H", "1 draw stock", "1 discard JH", "0 draw upcard -> "
       "taken-card-unusable", "0 draw stock", "?", "0 lay_off 5C on 0", END],
      stock="4C JH 5C", hands=(C0.replace("QH", "KH").replace("JS", "KS"), C1)),
    d("out/stock-card-passed-with-empty-hand", "a player with no card left passes a card "
      "he cannot meld, and plays on", "X54 X40",
      ["0 draw stock", "0 meld AC 2C 3C 4C", "0 meld 5D 5H 5S", "0 meld KD KH KS",
       "0 discard 7H", "1 draw stock", "1 discard JH", "0 draw stock",
       "0 discard QS", "? phase turn hands results"],
      stock="4C JH QS", hands=(C0.replace("QH", "KH").replace("JS", "KS"), C1)),
    d("turn/must-draw-first", "a turn starts by turning the stock or taking the discard",
      "X46b",
      ["0 discard KD -> must-draw-first", "0 draw stock", "0 draw stock -> already-drawn",
       "?"], stock="KS"),
    d("stock/empty-hand-drawn", "when the last card is declined, the hand is drawn: nobody "
      "is paid", "X56 X58", _drained()),
    d("game/stakes-over-hands", "each hand is a game for one stake; the totals count "
      "stakes", "X60 X62",
      ["0 draw stock", "0 meld AC 2C 3C 4C 5C", "0 meld 5D 5H 5S", "0 meld KD KH KS",
       "? phase totals round"], stock="5C", hands=(OUT, C1), totals=(2, -2)),
]
