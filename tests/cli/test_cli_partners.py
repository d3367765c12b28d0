"""The terminal game with partners: the first line names the human's partner, and the
result lines name the winning team and each team's score."""

from __future__ import annotations

import io
import sys

import pytest

from rummy_spec.cli.games import result_lines, seat_names
from rummy_spec.conformance import suite_root
from rummy_spec.lang import load
from rummy_spec.simulate import play_out

from .helpers import Cli

HOUSE = str(suite_root() / "examples" / "partnership_rummy.rummy")


def test_the_first_line_names_your_partner(cli: Cli, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    code, out, err = cli("play", HOUSE, "--players", "4", "--seed", "1", "--plain")
    assert (code, err) == (0, "")
    assert "you are seat 1 (your partner: bot 2);" in out.splitlines()[0]


def test_the_result_names_the_winning_team() -> None:
    outcome = play_out(load(HOUSE), 4, 2, bot="planner")
    names = seat_names(4)
    lines = result_lines(outcome.game, names)
    won = outcome.game.state.game.winners
    assert len(won) == 2 and won[1] == won[0] + 2
    assert lines[1] == f"winners: the team of {names[won[0]]} and {names[won[1]]}"
    totals = [s.total for s in outcome.game.state.game.seats]
    assert lines[3] == (f"team scores: {names[0]} and {names[2]} {totals[0] + totals[2]}, "
                        f"{names[1]} and {names[3]} {totals[1] + totals[3]}")
