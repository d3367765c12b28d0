"""Phase 10 (P10): a custom deck of numbers in four colours with Wilds and Skips, each
player on his own phase, runs of any colour, colour groups, Skips that cost a turn."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.authoring.author import Draft, complete_setup, drain_script

VARIANT = "phase10"
PLAYERS = 3
Q0 = "3R 3B 3G 7R 7B 7Y 9G 10G 11G 12G"
Q1 = "1R 2B 4G 5Y 6R 8B 10R 11B 12Y 5G"
Q2 = "1B 2R 4Y 5R 6B 8G 10B 11R 12R 6G"
UP = "9R"
ROUND = ["0 discard 9G", "1 draw stock", "1 discard 1R", "2 draw stock", "2 discard 1B",
         "0 draw stock"]
OUT0 = "3R 3B 3G 3Y 7R 7B 7Y 7G 3R SK"


def d(name: str, rule: str, axes: str, script: list[str], p0: str = Q0,
      discard: str = UP, **kw: Any) -> Draft:
    hands = kw.pop("hands", (p0, Q1, Q2))
    return Draft(name, rule, tuple(axes.split()), hands, tuple(script), discard, **kw)


def _reshuffle() -> list[str]:
    setup = complete_setup(VARIANT, (), 3, [Q0, Q1, Q2], UP)
    return drain_script(VARIANT, 3, setup, len(setup["stock"]), refill=True)


DRAFTS = [
    d("turn/order-of-the-turn", "only the player in turn acts and he starts with a draw; "
      "there is no buying", "X31 X46b X47",
      ["1 draw stock -> not-your-turn", "0 discard 9G -> must-draw-first", "0 draw stock",
       "? phase", "1 buy -> claim-not-open", "0 discard 9G", "? turn phase discard_top"]),
    d("turn/take-the-upcard", "the player in turn may take the upcard", "X40",
      ["0 draw upcard", "0 discard 12G", "?"]),
    d("contract/phase-one-two-sets-of-three", "phase one: two sets of three", "X33 X35",
      ["0 draw stock", "0 go_down 3R 3B 3G | 7R 7B 7Y", "?"]),
    d("contract/phase-two-set-and-run-of-four", "phase two: a set of three and a run of "
      "four", "X9 X35",
      ["0 draw stock", "0 go_down 3R 3B 3G | 9G 10G 11G -> too-short",
       "0 go_down 3R 3B 3G | 9G 10G 11G 12G", "?"], contracts=(2, 1, 1)),
    d("contract/each-player-on-his-own-phase", "each player is on his own phase", "X33",
      ["0 draw stock", "0 go_down 3R 3B 3G | 7R 7B 7Y -> contract-not-met",
       "? contracts"], contracts=(5, 1, 10)),
    d("melds/runs-of-any-colour", "a run's numbers may be of any colours", "X10",
      ["0 draw stock", "0 go_down 3R 3B 3G | 9G 10R 11B 12Y", "?"], contracts=(2, 1, 1),
      hands=("3R 3B 3G 7R 7B 7Y 9G 10R 11B 12Y", "1R 2B 4G 5Y 6R 8B 10G 11G 12G 5G", Q2)),
    d("melds/no-run-past-twelve", "runs stop at twelve: 11-12-1-2 is no run", "X7 X8",
      ["0 draw stock", "0 go_down 3R 3B 3G | 11G 12G 1R 2B -> wrap-around", "?"],
      contracts=(2, 1, 1),
      hands=("3R 3B 3G 7R 7B 7Y 11G 12G 1R 2B", "1Y 2Y 4G 5Y 6R 8B 10R 11B 12Y 5G", Q2)),
    d("melds/colour-group-in-phase-eight", "phase eight: seven cards of one colour", "X12",
      ["0 draw stock", "0 go_down 1G 3G 4G 6G 9G 10G -> too-short",
       "0 go_down 1G 3G 4G 6G 9G 10G 12G", "?"], contracts=(8, 1, 1),
      hands=("1G 3G 4G 6G 9G 10G 12G 7R 7B 7Y", "1R 2B 4Y 5Y 6R 8B 10R 11B 12Y 5R", Q2
             .replace("6G", "6Y"))),
    d("contract/phase-nine-set-of-five-and-set-of-two", "phase nine: a set of five and a "
      "set of two", "X11 X35",
      ["0 draw stock", "0 go_down 5R 5B 5Y 5G 5R | 8B 8G", "?"], contracts=(9, 1, 1),
      hands=("5R 5B 5Y 5G 5R 8B 8G 7R 7B 7Y", "1R 2B 4G 3Y 6R 8R 10R 11B 12Y 3G", Q2
             .replace("5R", "3R").replace("8G", "9B"))),
    d("wilds/a-meld-needs-a-natural", "a Wild stands for any number, but a meld needs at "
      "least one natural card", "X14 X15",
      ["0 draw stock", "0 go_down W W W | 7R 7B 7Y -> needs-natural",
       "0 go_down 3R W W | 7R 7B 7Y", "?"],
      hands=("3R W W W 7R 7B 7Y 9G 10G 11G", Q1, Q2)),
    d("wilds/a-wild-upcard-may-be-taken", "a Wild turned up may be taken", "X30",
      ["0 draw upcard", "?"], discard="W"),
    d("skip/the-next-player-loses-his-turn", "a discarded Skip makes the next player lose "
      "his turn", "X42", ["0 draw stock", "0 discard SK", "? turn phase",
                          "1 draw stock -> not-your-turn", "2 draw stock", "?"],
      hands=("3R 3B 3G 7R 7B 7Y 9G 10G 11G SK", Q1, Q2)),
    d("skip/never-taken-from-the-pile", "a Skip is never taken from the pile (turned up, it "
      "skips the first player: the next one draws)", "X42",
      ["1 draw upcard -> never-taken", "1 draw stock", "?"], discard="SK"),
    d("skip/a-skip-turned-up-skips-the-first-player", "if the dealer starts the discard "
      "pile with a Skip, the first player is skipped (Fundex booklet)", "X30 X42",
      ["? turn", "0 draw stock -> not-your-turn", "1 draw stock", "1 discard 1R",
       "2 draw stock", "2 discard 1B", "? turn phase"], discard="SK"),
    d("options/the-discarder-chooses-whom-a-skip-hits", "option: the discarder names the "
      "player a Skip hits", "X42",
      ["0 draw stock", "0 discard SK -> bad-target", "0 discard SK at 0 -> bad-target",
       "0 discard SK at 2", "? turn", "1 draw stock", "1 discard 1R", "? turn phase"],
      hands=("3R 3B 3G 7R 7B 7Y 9G 10G 11G SK", Q1, Q2), options=("skip_chooser",)),
    d("skip/a-skip-may-be-the-last-card", "by default a Skip may be the last card",
      "X42 X54", ["0 draw stock", "0 go_down 3R 3B 3G 3Y 3R | 7R 7B 7Y 7G 7R",
                  "0 discard SK", "? phase totals results"], p0=OUT0, stock="7R"),
    d("options/opt-skips-a-skip-is-never-the-last-card", "OPT: no play may leave a Skip as "
      "the last card", "X42",
      ["0 draw stock", "0 go_down 3R 3B 3G 3Y 3R | 7R 7B 7Y 7G 7R -> skip-last-card",
       "0 go_down 3R 3B 3G 3Y | 7R 7B 7Y 7G 7R", "?"], p0=OUT0, stock="7R",
      options=("opt_skips",)),
    d("layoff/in-the-turn-of-going-down", "a player may lay off in the turn he makes his "
      "phase", "X43", ["0 draw stock", "0 go_down 3R 3B 3G | 7R 7B 7Y", "0 lay_off 3Y on 0",
                       "?"], stock="3Y"),
    d("layoff/only-after-going-down", "only a player who has made his phase lays off",
      "X44", ["0 draw stock", "0 go_down 3R 3B 3G | 7R 7B 7Y", "0 discard 9G",
              "1 draw stock", "1 lay_off 7G on 1 -> not-down", "?"], stock="3Y 7G"),
    d("swap/a-wild-stays-in-its-phase", "a Wild on the table is never taken back", "X20",
      ["0 draw stock", "0 go_down 3R 3B W | 7R 7B 7Y", "0 swap 3G on 0 -> swap-not-allowed",
       "?"], hands=("3R 3B W 3G 7R 7B 7Y 9G 10G 11G", Q1, Q2)),
    d("going-out/out-by-discard", "a player goes out by discarding his last card; numbers "
      "1-9 count 5, 10-12 count 10, Skips 15, Wilds 25", "X54 X59 X60",
      ["0 draw stock", "0 go_down 3R 3B 3G 3Y 3R | 7R 7B 7Y 7G 7R", "0 discard SK",
       "? phase totals results"], p0=OUT0, stock="7R",
      hands=(OUT0, "1R 2B 4G 5Y 6R 8B 10R 11B W SK", Q2)),
    d("going-out/out-by-laying-off", "a player may go out by laying off his last card",
      "X54", ["0 draw stock", "0 go_down 3R 3B 3G 3Y 3R | 7R 7B 7Y 7G 7R",
              "0 lay_off W on 0", "? phase totals results"],
      hands=("3R 3B 3G 3Y 7R 7B 7Y 7G 3R W", Q1, Q2), stock="7R"),
    d("options/floating-no-going-out-by-discard", "option: going out only by melding; the "
      "last card is never discarded", "X54 X55",
      ["0 draw stock", "0 go_down 3R 3B 3G 3Y 3R | 7R 7B 7Y 7G 7R -> must-go-out-by-meld",
       "0 go_down 3R 3B 3G 3Y | 7R 7B 7Y 7G", "0 discard 9G", "1 draw stock",
       "1 discard 1R", "2 draw stock", "2 discard 1B", "0 draw stock", "0 lay_off 3R on 0",
       "0 lay_off 7R on 1", "0 discard 3B -> must-go-out-by-meld", "0 lay_off 3B on 0",
       "? phase results"],
      hands=("3R 3B 3G 3Y 7R 7B 7Y 7G 3R 9G", Q1, Q2), stock="7R 4R 4B 3B",
      options=("floating",)),
    d("game/phase-ten-ends-the-game", "the first to make phase ten ends the game, and wins "
      "it even with a higher total", "X62 X63",
      ["0 draw stock", "0 go_down 5R 5B 5G 5Y 5R | 8B 8G 8Y 8R 8G", "0 discard 12G",
       "? phase contracts totals results winners"], contracts=(10, 3, 2),
      totals=(60, 20, 10), stock="8G",
      hands=("5R 5B 5G 5Y 5R 8B 8G 8Y 8R 12G", "1R 2B 4G 3Y 6R 9Y 10R 11B 12Y 3G", Q2
             .replace("5R", "3R").replace("8G", "9B"))),
    d("stock/reshuffled-keeping-the-upcard", "an empty stock is replaced by the pile below "
      "the upcard, shuffled", "X58", _reshuffle()),
]
