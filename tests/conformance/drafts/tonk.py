"""Tonk: five cards, books and runs, hits, a hand won as dealt (49 or 50), the drop
before drawing, and every hand settled in stakes (doubled for tonking out)."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup

VARIANT = "tonk"
PLAYERS = 2
T0 = "3H 4H 5H 9C KD"  # count 31
T1 = "2C 2D 7S 8S QH"  # count 29
UP = "6C"
LOW = "AC 2H 3S 4C 5D"  # count 15
ENDS = "? phase totals results"


def d(name: str, rule: str, axes: str, script: list[str], hands: tuple[str, ...] = (T0, T1),
      discard: str = UP, **kw: Any) -> Draft:
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _exhaustion() -> list[str]:
    """Both players draw from the stock and throw the card drawn until it is empty; then
    the next draw ends the hand."""
    stock = complete_setup(VARIANT, (), 2, [T0, T1], UP)["stock"]
    script = []
    for i, card in enumerate(stock):
        script += [f"{i % 2} draw stock", f"{i % 2} discard {card}"]
    return [*script, "? stock_size", f"{len(stock) % 2} draw stock", ENDS]


DRAFTS = [
    d("deal/five-cards-and-an-upcard", "five cards each, one upcard, the rest the stock",
      "X29 X30", ["? hands discard_top stock_size"]),
    d("turn/draw-from-the-stock", "a turn starts with a draw from the stock", "X40",
      ["0 draw stock", "?", "0 discard 8H", "?"], stock="8H"),
    d("turn/take-the-upcard", "or with the upcard", "X40",
      ["0 draw upcard", "?", "0 discard KD", "?"]),
    d("turn/not-your-turn", "the player left of the dealer plays first", "X31",
      ["1 draw stock -> not-your-turn", "1 knock -> not-your-turn", "0 draw stock"]),
    d("turn/must-draw-first", "no discard before the draw", "X46b",
      ["0 discard 9C -> must-draw-first", "0 meld 3H 4H 5H -> must-draw-first",
       "0 draw stock"]),
    d("turn/one-draw-a-turn", "one draw a turn", "X40",
      ["0 draw stock", "0 draw stock -> already-drawn", "0 draw upcard -> already-drawn"]),
    d("turn/discard-a-card-held", "only a card in hand can be discarded", "X41",
      ["0 draw stock", "0 discard KS -> not-in-hand", "0 discard 8H", "?"], stock="8H"),
    d("melds/neither-book-nor-run", "cards of mixed ranks and suits make no spread", "X10 "
      "X11", ["0 draw stock", "0 meld 2C 2D 8S -> mixed-ranks"], hands=(T1, T0)),
    d("layoff/a-card-that-does-not-fit", "a hit must fit the spread", "X45",
      ["0 draw stock", "0 meld 3H 4H 5H", "0 lay_off 2S on 0 -> not-in-hand",
       "0 lay_off KD on 0 -> mixed-suits", "0 lay_off KD on 1 -> no-such-meld"]),
    d("melds/book-of-three", "a book: three cards of a rank", "X11",
      ["0 draw stock", "0 meld 9C 9D 9S", "?"], hands=("9C 9D 9S 4H KD", T1)),
    d("melds/two-cards-are-no-book", "a book holds at least three cards", "X11",
      ["0 draw stock", "0 meld 2C 2D -> too-short"], hands=(T1, T0)),
    d("melds/run-of-three", "a run: three or more in a suit", "X9 X10",
      ["0 draw stock", "0 meld 3H 4H 5H", "?"]),
    d("melds/run-of-one-suit", "a run's cards are of one suit", "X10",
      ["0 draw stock", "0 meld 7C 8C 9H -> mixed-suits"], hands=("7C 8C 9H 4C KD", T1)),
    d("melds/run-ace-low", "the ace is low: A-2-3 is a run", "X7",
      ["0 draw stock", "0 meld AH 2H 3H", "?"], hands=("AH 2H 3H 9C KD", T1)),
    d("melds/queen-king-ace-refused", "the ace is never high: Q-K-A is no run", "X7",
      ["0 draw stock", "0 meld QS KS AS -> ace-position"], hands=("QS KS AS 9C 4D", T1)),
    d("layoff/hit-an-opponents-spread", "a hit: a card laid off on another player's "
      "spread, with no spread of one's own", "X43 X44 X45",
      ["0 draw stock", "0 meld 3H 4H 5H", "0 discard 9C", "1 draw stock",
       "1 lay_off 6H on 0", "?"], hands=(T0, "6H 2D 7S 8S QH"), stock="10C 10D"),
    d("out/tonk-out-without-discard-doubles", "melding every card, no discard: a tonk, "
      "paid two stakes by each player", "X54 X60 X61",
      ["0 draw stock", "0 meld 3H 4H 5H", "0 meld 9C 9D 9S", ENDS],
      hands=("3H 4H 5H 9C 9D", T1), stock="9S"),
    d("out/by-discard-one-stake", "going out by discarding the last card: one stake from "
      "each", "X54 X60",
      ["0 draw stock", "0 meld 3H 4H 5H 6H 7H", "0 discard 9C", ENDS],
      hands=("3H 4H 5H 6H 9C", T1), stock="7H"),
    d("drop/lowest-count-wins-a-stake", "a drop before drawing: the dropper with the "
      "lowest count wins one stake from each", "X56 X60",
      ["0 knock", ENDS], hands=(LOW, T1)),
    d("drop/caught-pays-two-stakes", "a dropper who is not lowest is caught and pays two "
      "stakes to the lower player", "X56 X60 X61",
      ["0 knock", ENDS]),
    d("drop/equal-count-catches", "an equal count catches the dropper", "X56 X61",
      ["0 knock", ENDS], hands=("3H 4H 5H 9C KD", "3C 4C 5C 9D KS")),
    d("drop/caught-pays-each-player-at-or-below", "three players: the caught dropper pays "
      "only those at or below his count", "X56 X61",
      ["0 knock", ENDS], hands=(T0, T1, "KC QC JC 10D 3D"), players=3),
    d("drop/only-before-drawing", "after the draw there is no drop", "X56",
      ["0 draw stock", "0 knock -> knock-not-allowed", "0 discard 8H"], stock="8H"),
    d("drop/names-no-card", "a drop shows the whole hand: it names no card", "X56",
      ["0 knock 9C -> bad-action", "0 knock", "? phase"]),
    d("dealt/forty-nine-wins-at-once", "a hand dealt worth 49 wins at once, paid two "
      "stakes by each", "X56 X61", ["? totals results"], hands=("KC KD KH KS 9C", T1)),
    d("dealt/fifty-wins-at-once", "a hand dealt worth 50 wins at once", "X56 X61",
      ["? totals results"], hands=("3H 4H 5H 9C 2S", "KC KD KH KS QC")),
    d("dealt/two-such-hands-are-thrown-in", "two hands of 49 or 50: nobody is paid, the "
      "cards are dealt again", "X56", ["? totals results"],
      hands=("KC KD KH KS 9C", "QC QD QH QS 9D")),
    d("dealt/forty-eight-plays-on", "a hand of 48 is played as usual", "X56",
      ["? phase turn results", "0 draw stock"], hands=("KC KD KH KS 8C", "2C 2D 7S 8S 3D")),
    d("stock/lowest-count-wins-when-it-runs-out", "the stock run out: the lowest count wins "
      "one stake from each", "X58 X60", _exhaustion()),
]
