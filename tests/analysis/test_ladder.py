"""The ladder: seats swapped and deals mirrored, shares counted, order judged."""

from __future__ import annotations

from rummy_spec.analysis.ladder import (
    Pairing,
    disorders,
    ladder,
    rate_of,
    score,
    seats_of,
)
from rummy_spec.analysis.runner import Batch, run
from rummy_spec.cli import run as cli_run
from rummy_spec.lang import load
from rummy_spec.simulate import GameRecord


def _record(bots: tuple[str, ...], winners: tuple[int, ...]) -> GameRecord:
    return GameRecord(1, len(bots), bots, (), 0, (0,) * len(bots), winners, True, 0)


def test_seats_alternate_and_a_shared_or_missing_win_counts_a_half() -> None:
    assert seats_of("a", "b", 4) == ("a", "b", "a", "b")
    assert score(_record(("a", "b", "a"), (2,)), "a") == 1.0
    assert score(_record(("a", "b", "a"), (1,)), "a") == 0.0
    assert score(_record(("a", "b"), (0, 1)), "a") == 0.5
    assert score(_record(("a", "b"), ()), "b") == 0.5


def test_every_seed_is_played_both_ways_round() -> None:
    played: list[Batch] = []

    def runner(batch: Batch) -> list[GameRecord]:
        played.append(batch)
        return run(batch)

    pairs = ladder(load("gin"), 2, ["random", "planner"], 3, 4, runner)
    assert [b.bots for b in played] == [("random", "planner"), ("planner", "random")]
    assert all(b.first == 3 and b.games == 4 for b in played)
    assert pairs[0].games == 8
    rate = rate_of(pairs, "planner", "random")
    assert rate is not None and rate.value == 1.0  # random never wins a game of gin
    back = rate_of(pairs, "random", "planner")
    assert back is not None and back.value == 0.0 and back.high == 1 - rate.low


def test_the_order_is_judged_by_the_interval() -> None:
    pairs = [Pairing("x", "y", 100, 30.0), Pairing("x", "z", 100, 5.0),
             Pairing("y", "z", 100, 55.0)]
    # weakest first: x, y, z; y beats x clearly, z over y is 45%: not ordered there
    wrong = disorders(pairs, ["x", "y", "z"])
    assert len(wrong) == 1 and wrong[0].startswith("z over y")
    assert disorders(pairs, ["x", "z", "y"]) == ["y over z: 0.550 [0.452, 0.644], "
                                                 "interval not above 0.5"]


def test_the_command_prints_the_matrix_and_refuses_unknown_bots() -> None:
    out = cli_run(["analyze", "gin", "--ladder", "--bots", "random,greedy", "--games", "2"])
    assert out.code == 0
    assert "\ngreedy  1.00 [0.51-1.00]  -\n" in out.out
    assert "random against greedy: 0 of 4 games" in out.out
    bad = cli_run(["analyze", "gin", "--ladder", "--bots", "random,nobody"])
    assert bad.code == 2 and "unknown bot 'nobody'" in bad.err
