"""A failure notes the game as a trace that ``rummy-spec replay`` accepts.

A mutant engine (a buy that loses a card) makes the machine fail; the trace lines in the
failure's notes, written to a file, replay through the CLI under the same engine, step by
step and digest by digest, and stop replaying once the engine is mended.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test
from mutants.mutant_buy_leaks_card import MUTANT

from rummy_spec.cli import main
from rummy_spec.testing import LawViolation, engine_state_machine, profile


def _failure_trace(tmp_path: Path) -> Path:
    machine = engine_state_machine(MUTANT.variant, MUTANT.players)
    quick = settings(profile("default"), database=None, print_blob=False,
                     phases=[Phase.generate])
    with pytest.raises(LawViolation) as caught:
        run_state_machine_as_test(machine, settings=quick)
    notes = getattr(caught.value, "__notes__", [])
    lines = [ln for note in notes for ln in note.splitlines() if ln.startswith("{")]
    assert lines and '"format":"rummy-spec/trace"' in lines[0]
    assert '"final"' in lines[-1]
    path = tmp_path / "failure.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


# the mutant patches the engine's claim function, which compiled engine code (the claim
# family's wrappers) calls directly: the planted bug shows only in the pure build
@pytest.mark.patches_engine
def test_a_failure_prints_a_trace_that_replays(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    MUTANT.install(monkeypatch)
    path = _failure_trace(tmp_path)
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "ok" in capsys.readouterr().out
    monkeypatch.undo()  # the real engine does not lose the card: the replay disagrees
    assert main(["replay", str(path)]) != 0
