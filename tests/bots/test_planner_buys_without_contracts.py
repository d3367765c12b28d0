"""The planner in a game with buying but no contracts (a house Gin with 'buy { ... }'):
its room-to-buy measure has no contract to fill, so it must not look one up."""

from __future__ import annotations

from pathlib import Path

from rummy_spec import load
from rummy_spec.simulate import play_out

HOUSE = 'variant house "House gin" extends gin {\n    buy { own discard }\n}\n'


def test_the_planner_plays_gin_with_buying(tmp_path: Path) -> None:
    path = tmp_path / "house.rummy"
    path.write_text(HOUSE)
    outcome = play_out(load(str(path)), 2, seed=1, bot="planner")
    assert outcome.game.state.over and outcome.rounds and not outcome.abandoned_rounds
