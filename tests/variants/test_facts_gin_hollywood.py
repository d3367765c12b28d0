"""Hollywood Gin, fact by fact from its sources, each checked through the public API.

Sources (spec/gin_hollywood.rummy):
[RG]  Hollywood Gin Rummy Rules, rummy-games.com:
      http://www.rummy-games.com/rules/hollywood-gin.html
[HOY] Gin Rummy (Hollywood scoring), pokerwiner.com:
      http://www.pokerwiner.com/games-of-playing-cards/gin-rummy-1.html
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummy_spec import Action, Game

from .gin_facts import G0, dealt, last

V = "gin_hollywood"
GAMES = 3
TARGET = 100


def sheets(game: Game) -> list[list[int]]:
    return [list(s["sheet"]) for s in game.state_json()["seats"]]


def play_out(seed: int) -> Game:
    """A whole match: knock whenever possible, else pass or draw from the stock, else a
    random legal move (seeded)."""
    game, rng = Game(V, seed=seed), random.Random(seed)
    while not game.over:
        actions = game.legal_actions()
        for kind in ("knock", "pass"):
            found = [a for a in actions if a.type == kind]
            if found:
                game.apply(found[0])
                break
        else:
            stock = [a for a in actions if a.type == "draw" and a.source == "stock"]
            game.apply(stock[0] if stock else rng.choice(actions))
    return game


@pytest.fixture(scope="module")
def matches() -> list[Game]:
    return [play_out(seed) for seed in range(4)]


def replay(game: Game) -> list[dict[str, Any]]:
    """Each hand won, with the games it was entered in, each seat's earlier wins, and
    which games were closed before it (read off the engine's sheet as the match went)."""
    out, wins = [], [0, 0]
    closed: set[int] = set()
    points = [[0] * GAMES for _ in range(2)]
    for r in game.results:
        if r.winner is None:
            continue
        entered = list(r.details["games"])
        out.append({"winner": r.winner, "wins_before": wins[r.winner], "games": entered,
                    "closed_before": set(closed), "score": r.scores[r.winner]})
        wins[r.winner] += 1
        for g in entered:
            points[r.winner][g - 1] += r.scores[r.winner]
            if points[r.winner][g - 1] >= TARGET:
                closed.add(g)
    return out


def test_a_first_win_scores_in_game_1() -> None:
    # [RG] "When a player first wins a deal, his score is entered in Game 1."
    game = dealt(V, "6C", "QS")
    game.apply(Action.knock(0, "KH"))
    assert sheets(game)[0] == [62, 0, 0] and last(game).details["games"] == [1]


def test_a_second_win_scores_in_games_1_and_2() -> None:
    # [RG] "His second win is entered in Game 1 and also in Game 2."
    game = dealt(V, "6C", "QS", totals=(30, 0))
    game.apply(Action.knock(0, "KH"))
    assert sheets(game)[0] == [92, 62, 0] and game.totals[0] == 154


def test_the_loser_enters_nothing() -> None:
    # [RG] the winner's "score is entered": the loser's sheet is unchanged
    game = dealt(V, "6C", "QS", totals=(0, 40))
    game.apply(Action.knock(0, "KH"))
    assert sheets(game)[1] == [40, 0, 0]


def test_third_and_later_wins_score_in_all_three(matches: list[Game]) -> None:
    # [RG] "His third and subsequent wins are scored in all three games."
    seen = [h for g in matches for h in replay(g)
            if h["wins_before"] >= 2 and not h["closed_before"]]
    assert seen and all(h["games"] == [1, 2, 3] for h in seen)


def test_scores_only_in_games_still_open(matches: list[Game]) -> None:
    # [RG] "After a game has ended, subsequent scores apply only to games still open."
    hands = [h for g in matches for h in replay(g)]
    assert any(h["closed_before"] for h in hands)
    assert all(not set(h["games"]) & h["closed_before"] for h in hands)


def test_a_player_shut_out_enters_the_next_open_game(matches: list[Game]) -> None:
    # [RG] "If a player was shut out in one game, his next score is entered as the first
    # score in the next game in progress." (a first win after game 1 has closed)
    late = [h for g in matches for h in replay(g)
            if h["wins_before"] == 0 and h["closed_before"]]
    assert late and all(h["games"] == [min(set(range(1, GAMES + 1)) - h["closed_before"])]
                        for h in late)


def test_a_column_closes_at_100_with_a_game_bonus() -> None:
    # [HOY] "When the score of a player in a column reaches 100 or more, the column is
    # closed. The player winning it scores a bonus of 100 points" (90 + 62 = 152; his
    # loser won nothing there: doubled to 304; two boxes; the bonus)
    game = dealt(V, "6C", "QS", totals=(90, 0))
    game.apply(Action.knock(0, "KH"))
    assert sheets(game)[0] == [304 + 2 * 25 + 100, 62, 0]


def test_each_player_scores_his_boxes() -> None:
    # [HOY] "each player scores 20 points for each box won, as in the orthodox scoring"
    # (Gin's box here is 25: the loser's one box in game 1 is paid as it closes)
    game = dealt(V, "6C", "QS", totals=(90, 30))
    game.apply(Action.knock(0, "KH"))
    assert sheets(game)[1][0] == 30 + 25 and sheets(game)[0][0] == 152 + 2 * 25 + 100


def test_a_shutout_doubles_the_column() -> None:
    # [HOY] "if the loser fails to score in a column the difference is doubled"
    shut = dealt(V, "6C", "QS", totals=(90, 0))
    shut.apply(Action.knock(0, "KH"))
    open_ = dealt(V, "6C", "QS", totals=(90, 30))
    open_.apply(Action.knock(0, "KH"))
    assert sheets(shut)[0][0] - 25 * 2 - 100 == 2 * (sheets(open_)[0][0] - 25 * 2 - 100)


def test_the_match_ends_when_all_three_are_won(matches: list[Game]) -> None:
    # [HOY] "A poker game ends when all three columns are won." (every column of the
    # finished sheet reached 100; before the last hand won, one had not)
    for game in matches:
        final = sheets(game)
        assert all(max(final[0][c], final[1][c]) >= TARGET for c in range(GAMES))
        assert len(replay(game)[-1]["closed_before"]) < GAMES


def test_the_match_goes_on_after_game_1_closes() -> None:
    # [RG] "After a game has ended, subsequent scores apply only to games still open"
    game = dealt(V, "6C", "QS", totals=(90, 0))
    game.apply(Action.knock(0, "KH"))
    assert not game.over and game.winners == []


def test_the_winner_wins_by_the_difference_over_the_columns(matches: list[Game]) -> None:
    # [HOY] "The winner wins by the difference in the scores": the match is won by the
    # higher sum over the three columns, bonuses included
    for game in matches:
        final = sheets(game)
        totals = [sum(s) for s in final]
        assert game.totals == totals and game.winners == [totals.index(max(totals))]


def test_a_knock_scores_as_in_gin() -> None:
    # [RG] "Hollywood Gin is a method of scoring Gin Rummy": the hand itself is Gin's
    # (37 of deadwood against the knocker's 8)
    game = dealt(V, "6C", "8D")
    game.apply(Action.knock(0, "KH"))
    game.apply(Action.decline(1))
    assert last(game).scores == (37 - 8, 0) and sheets(game)[0] == [29, 0, 0]


def test_an_undercut_is_entered_for_the_defender() -> None:
    # [RG] "When a player first wins a deal": the defender who undercuts wins the deal
    game = dealt(V, "6C", "8D", hands=(G0, "AD 2D 3D 7H 8H 9H QC QD QS 4S"))
    game.apply(Action.knock(0, "KH"))
    game.apply(Action.decline(1))
    assert last(game).winner == 1 and sheets(game)[1] == [29, 0, 0]


def test_three_games_on_the_sheet() -> None:
    # [RG] "The scoresheet is laid out for Game 1, Game 2, and Game 3."
    assert sheets(Game(V, seed=1)) == [[0] * GAMES, [0] * GAMES]
