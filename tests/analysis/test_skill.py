"""The skill share on hand-made games with known answers, and on real games."""

from __future__ import annotations

import pytest

from rummy_spec.analysis.runner import Batch, run
from rummy_spec.analysis.skill import (
    Skill,
    compared_skill_rows,
    skill,
    skill_change,
    skill_of,
    skill_rows,
)
from rummy_spec.lang import load
from rummy_spec.simulate import GameRecord, RoundRecord

EVEN = ("planner", "greedy", "planner", "greedy")
ODD = ("greedy", "planner", "greedy", "planner")


def _game(bots: tuple[str, ...], winners: tuple[int, ...], capped: bool = False) -> GameRecord:
    rounds = (RoundRecord(1, 1, "abandoned" if capped else "out",
                          "turn cap" if capped else "out", None, 10, 0, None, 0, 0,
                          (0,) * len(bots)),)
    return GameRecord(1, len(bots), bots, rounds, 0, (0,) * len(bots), winners, True, 0)


def test_eight_wins_in_ten_is_a_skill_share_of_six_tenths() -> None:
    # the planner's seats win 8 games (seat 2 of EVEN, seat 1 or 3 of ODD), greedy's 2
    games = ([_game(EVEN, (2,))] * 4 + [_game(ODD, (3,))] * 4
             + [_game(EVEN, (1,)), _game(ODD, (0,))])
    s = skill_of(games, "planner", "greedy")
    assert (s.games, s.points, s.undecided, s.capped) == (10, 8.0, 0, 0)
    # Wilson's 95% interval of 8 in 10 is 0.490 to 0.943 (the textbook example)
    assert (s.rate.value, s.rate.low, s.rate.high) == pytest.approx((0.8, 0.4902, 0.9433),
                                                                    abs=1e-4)
    # s = 2r - 1, the interval mapped the same way
    assert (s.share.value, s.share.low, s.share.high) == pytest.approx((0.6, -0.0197, 0.8866),
                                                                       abs=1e-4)
    assert skill_rows(s) == [
        ["skill: planner's win rate against greedy (seats swapped)", "80% [49-94]", "10"],
        ["skill share (2 x win rate - 1)", "0.60 [-0.02, 0.89]", "10"]]


def test_a_shared_or_missing_win_counts_a_half_and_capped_games_are_left_out() -> None:
    games = [_game(EVEN, (0,)), _game(EVEN, (0, 1)), _game(ODD, ()), _game(ODD, (0,)),
             _game(EVEN, (0,), capped=True)]
    s = skill_of(games, "planner", "greedy")
    # 1 (planner's seat 0) + 0.5 (both sides) + 0.5 (nobody) + 0 (greedy's seat 0); the
    # planner's win in a game with a capped round is not counted
    assert (s.games, s.points, s.undecided, s.capped) == (4, 2.0, 2, 1)
    assert s.rate.value == 0.5 and s.share.value == 0.0  # as by luck alone
    weak = skill_of(games, "greedy", "planner")
    assert weak.points == 2.0 and weak.games == 4


def test_games_of_other_bots_are_refused() -> None:
    with pytest.raises(ValueError, match="not by planner against random"):
        skill_of([_game(EVEN, (0,))], "planner", "random")


def test_the_change_between_two_games_and_its_test() -> None:
    base = Skill("planner", "greedy", 10, 8.0, 0, 0)
    rule = Skill("planner", "greedy", 10, 5.0, 0, 0)
    c = skill_change(base, rule)
    # Newcombe's interval from the Wilson intervals 0.4902-0.9433 (8 of 10) and
    # 0.2366-0.7634 (5 of 10): -0.3 - sqrt(0.2634^2 + 0.1433^2) = -0.5999,
    # -0.3 + sqrt(0.2634^2 + 0.3098^2) = +0.1067
    assert (c.diff, c.low, c.high) == pytest.approx((-0.3, -0.5999, 0.1067), abs=1e-4)
    # pooled 13/20: z = 0.3 / sqrt(0.65 x 0.35 x 0.2) = 1.406, p = 0.160
    assert c.p == pytest.approx(0.1596, abs=1e-4) and not c.differs
    far = skill_change(Skill("planner", "greedy", 100, 90.0, 0, 0),
                       Skill("planner", "greedy", 100, 60.0, 0, 0))
    assert far.differs and far.high < 0
    # the strong bot won every game both times: the interval still has a width
    full = skill_change(Skill("planner", "greedy", 100, 100.0, 0, 0),
                        Skill("planner", "greedy", 100, 100.0, 0, 0))
    assert full.diff == 0 and full.low == pytest.approx(-0.037, abs=1e-3) and full.high > 0
    rows = compared_skill_rows(base, rule)
    assert rows[0][1:4] == ["80% [49-94]", "50% [24-76]", "0.160"]
    assert rows[1][4] == "same (two-proportion z-test)"


def test_each_seed_is_played_from_both_sides_in_real_games() -> None:
    played: list[tuple[str, ...]] = []

    def runner(batch: Batch) -> list[GameRecord]:
        played.append(batch.bots)
        return run(batch)

    s, games = skill(load("gin"), 2, "planner", "random", 5, 3, runner)
    assert played == [("planner", "random"), ("random", "planner")]
    assert [g.seed for g in games] == [5, 6, 7, 5, 6, 7]
    assert s.games == 6 and s.rate.value == 1.0  # random never wins a game of gin
    assert s.share.value == 1.0 and s.share.low > 0
