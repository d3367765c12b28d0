"""Hollywood Gin: Gin Rummy's play (the first upcard offer, knocking, gin and big gin,
undercuts, lay-offs, the dead hand) scored as three games at once: a hand won entered in
the winner's games, a game closing at 100 with its own bonuses, the match going on.  The
play's drafts are gin's (``drafts.gin.PLAY``), recorded here under this spec's scoring."""

from __future__ import annotations

from drafts.gin import G0, G1, PASS, PLAY, d, dead_hand

VARIANT = "gin_hollywood"
PLAYERS = 2


def _dead_hand() -> list[str]:
    return dead_hand(VARIANT)


DRAFTS = [
    *PLAY,
    d("sheet/a-first-win-scores-in-game-1", "a player's first hand won is entered in "
      "game 1 only", "X60 X62",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results"], stock="QS"),
    d("sheet/a-second-win-scores-in-games-1-and-2", "a player's second hand won (he has "
      "points in game 1) is entered in games 1 and 2: the hand's 62 counts twice", "X60 X62",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results"], stock="QS",
      totals=(30, 0)),
    d("sheet/the-loser-enters-nothing", "only the winner of a hand enters its score: the "
      "loser's points stay as they were", "X60",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results"], stock="QS",
      totals=(0, 40)),
    d("sheet/an-undercut-scores-for-the-defender", "an undercutting defender wins the hand: "
      "it goes into his games (with points in game 1, into games 1 and 2)", "X60 X61 X62",
      [*PASS, "0 draw stock", "0 knock KH", "1 pass", "? phase totals results"],
      hands=(G0, "AD 2D 3D 7H 8H 9H QC QD QS 4S"), stock="8D", totals=(0, 20)),
    d("sheet/a-game-closes-at-100-with-its-bonuses", "game 1 closes when a player's points "
      "in it reach 100: its shutout doubling, boxes and game bonus are paid then, and the "
      "hand is entered in game 2 too; the match goes on", "X61 X62 X63",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results winners"], stock="QS",
      totals=(90, 0)),
    d("sheet/a-closed-game-without-a-shutout", "a game whose loser won a hand in it closes "
      "with no doubling: boxes for each and the game bonus", "X61 X62",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results winners"], stock="QS",
      totals=(90, 30)),
    d("sheet/a-dead-hand-enters-nothing", "a dead hand has no winner: nothing goes onto "
      "the sheet", "X58 X62",
      [*_dead_hand(), "? phase totals results"], totals=(30, 0)),
    d("options/to-150-a-game-stays-open-past-100", "Standard Hollywood Gin: each game "
      "closes at 150, so 102 points in game 1 leave it open (no bonus paid)", "X62",
      [*PASS, "0 draw stock", "0 knock KH", "? phase totals results"], stock="QS",
      totals=(40, 0), options=("to_150",)),
    d("options/classic-box-20-flat-shutout-200", "classic bonuses in each game: box 20, a "
      "shutout's flat game bonus of 200 and no doubling", "X61 X62",
      [*PASS, "0 draw stock", "0 knock 9S", "? phase totals results"], options=("classic",),
      hands=("2C 3C 4C 5H 5S 5D 9S 10S JS QS", G1), stock="KS", totals=(90, 0)),
]
