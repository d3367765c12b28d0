"""Each balance metric on small hand-made games whose answers are worked out by hand."""

from __future__ import annotations

import math

import pytest

from rummy_spec.analysis.metrics import (
    decisiveness,
    deficit,
    metrics,
    p_value,
    sd_interval,
    variance_reduction,
)
from rummy_spec.engine.game import Game
from rummy_spec.lang import builtin_library
from rummy_spec.simulate import GameRecord, RoundRecord, play_out, rotate_hands


def _game(standings: list[tuple[int, ...]], winners: tuple[int, ...], *, first: int = 0,
          turns: int = 10, lowest: bool = True, changes: int = 0) -> GameRecord:
    rounds = tuple(RoundRecord(i + 1, i + 1, "out", "out", 0, turns, 1, 1, 0, 0,
                               (0,) * len(t), None, t) for i, t in enumerate(standings))
    return GameRecord(1, len(standings[0]), ("planner",) * len(standings[0]), rounds, 0,
                      standings[-1], winners, True, changes, first, lowest)


# seat 0 leads from round 2 on (lowest wins): decided after 2 of 4 rounds
LATE = _game([(10, 5, 20), (3, 8, 30), (4, 20, 35), (10, 40, 50)], (0,), turns=5, changes=1)
# seat 1 leads alone from the first round: decided after 1 of 2
EARLY = _game([(20, 0, 30), (40, 5, 60)], (1,), first=1, turns=20)
# highest wins; seat 2 trailed by 30 after round 1, by 10 after round 2, wins at the end
COMEBACK = _game([(30, 10, 0), (30, 20, 20), (30, 20, 50)], (2,), first=1, lowest=False,
                 turns=15, changes=2)


def test_decisiveness_is_when_the_winner_leads_for_good() -> None:
    assert decisiveness(LATE) == pytest.approx(2 / 4)
    assert decisiveness(EARLY) == pytest.approx(1 / 2)
    assert decisiveness(COMEBACK) == pytest.approx(3 / 3)
    tied = _game([(1, 1)], (0, 1))
    assert decisiveness(tied) is None


def test_drama_is_how_far_behind_the_winner_was() -> None:
    # LATE: after round 1 seat 0 had 10 against the leader's 5 (lowest wins)
    assert deficit(LATE) == 5
    assert deficit(EARLY) == 0
    assert deficit(COMEBACK) == 30
    # a shared lead is no deficit, but it is not a lead alone either
    shared = _game([(5, 5), (4, 9)], (0,))
    assert deficit(shared) == 0 and decisiveness(shared) == pytest.approx(2 / 2)


def test_every_metric_of_three_games() -> None:
    found = {m.name.split(" (")[0]: m for m in metrics([LATE, EARLY, COMEBACK])}
    # played first: seat 0 in LATE (won), seat 1 in EARLY (won), seat 1 in COMEBACK (lost)
    assert found["first-seat win share"].estimate.value == pytest.approx(2 / 3)
    # turns: 4 rounds x 5, 2 x 20, 3 x 15 = 20, 40, 45
    assert found["game length"].estimate.value == pytest.approx(35)
    spread = found["game length spread"].estimate
    assert spread.value == pytest.approx(math.sqrt(175))  # deviations -15, 5, 10
    assert found["lead changes per game"].estimate.value == pytest.approx(1)
    assert found["decisiveness"].estimate.value == pytest.approx((0.5 + 0.5 + 1) / 3)
    assert found["drama: winner's largest deficit"].estimate.value == pytest.approx(35 / 3)
    assert found["drama: games won from behind"].estimate.value == pytest.approx(2 / 3)
    # final spreads: 50 - 10, 60 - 5, 50 - 20
    assert found["points spread"].estimate.value == pytest.approx((40 + 55 + 30) / 3)
    for m in found.values():
        e = m.estimate
        assert e.low <= e.value <= e.high and e.n > 0


def test_the_spread_interval_and_its_test() -> None:
    e = sd_interval([1.0, 3.0] * 50)
    half = 1.959963984540054 * e.value / math.sqrt(2 * 99)
    assert (e.low, e.high) == pytest.approx((e.value - half, e.value + half))
    same = metrics([LATE, EARLY, COMEBACK] * 10)
    wide = metrics([_game([(1, 2)], (0,), turns=t) for t in (1, 200) * 15])
    assert p_value(same[2], same[2]) == pytest.approx(1.0)
    assert p_value(same[2], wide[2]) < 0.05


def test_mirrored_deals_measure_their_variance_reduction() -> None:
    # two deals of two games each: the first seat wins one game of each deal (the deal's
    # luck cancels: no variance left), while the length is the deal's (all variance kept)
    games = [_game([(0, 5)], (0,), first=0, turns=10), _game([(0, 5)], (0,), first=1, turns=10),
             _game([(0, 5)], (0,), first=1, turns=20), _game([(0, 5)], (0,), first=0, turns=20)]
    found = dict(variance_reduction(games, 2))
    assert found["first-seat win share (fair: 0.50)"] == pytest.approx(1.0)
    # deal means 10, 20 (variance 50) against games 10, 10, 20, 20 (variance 100/3)
    assert found["game length (turns)"] == pytest.approx(1 - 50 * 4 / (2 * 100 / 3))
    by_deal = {m.name: m.estimate for m in metrics(games, group=2)}
    assert by_deal["game length (turns)"].n == 2
    assert by_deal["first-seat win share (fair: 0.50)"].low == pytest.approx(0.5)


def test_a_mirrored_deal_moves_every_hand_one_seat_on() -> None:
    continental = builtin_library().resolve("continental")[0]
    plain, turned = Game(continental, 4, 3), Game(continental, 4, 3)
    rotate_hands(turned, 1)
    before = [list(s.hand) for s in plain.state.hand.seats]
    after = [list(s.hand) for s in turned.state.hand.seats]
    assert after == [before[3], before[0], before[1], before[2]] and before != after
    assert turned.state.hand.stock == plain.state.hand.stock
    records = [play_out(continental, 4, 3, "planner", rotation=k).record for k in range(2)]
    assert [r.rotation for r in records if r is not None] == [0, 1]
