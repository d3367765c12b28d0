"""``compare`` of a house variant with a round its parent lacks: the per-round rows go on
past the parent's last round (marked as one side's alone), and the plots name each side
by its title, not its file."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from .helpers import Cli

EIGHTH = """variant eighth "Continental with an eighth round" extends continental {
    contracts { 8: 4 sets }
}
"""


def test_the_rounds_of_one_side_alone_are_listed(
    cli: Cli, write_spec: Callable[[str, str], Path]
) -> None:
    path = write_spec("eighth.rummy", EIGHTH)
    code, out, err = cli("compare", "continental", str(path), "--games", "3", "--bot",
                         "greedy")
    assert code == 0, err
    rows = [line for line in out.splitlines() if line.startswith("round ")]
    assert [r.split(":")[0] for r in rows][-4:] == ["round 7", "round 8", "round 8",
                                                   "round 8"]
    for row in rows[-3:]:
        assert row.endswith("only B has it") and row.split()[-5] == "-", row
    assert "DIFFERS" in next(line for line in out.splitlines()
                             if line.startswith("rounds per game"))
    code, out, _ = cli("compare", str(path), "continental", "--games", "3", "--bot", "greedy")
    assert code == 0 and out.count("only A has it") == 3


def test_plots_name_the_variants_by_title(
    cli: Cli, write_spec: Callable[[str, str], Path], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    path = write_spec("eighth.rummy", EIGHTH)
    code, _, err = cli("compare", "continental", str(path), "--games", "2", "--bot", "greedy",
                       "--plots", str(tmp_path / "plots"))
    assert code == 0, err
    svg = (tmp_path / "plots" / "scores.svg").read_text(encoding="utf-8")
    assert "B: Continental with an eighth round" in svg and "A: Continental Rummy" in svg
    assert "eighth.rummy" not in svg
