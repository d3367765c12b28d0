"""Fuzz steps sent to the engine many at once: a disagreement is still found at its own
step, also when the engine fails on a later step of the same batch, and an engine that
fails before any disagreement still ends the run with its error."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance.fuzzing.fuzz import FuzzOptions, fuzz
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.wire.engine import EngineError, NewGame, Verdict

JSON = dict[str, Any]


class Batched(ReferenceEngine):
    """The reference, judged many steps at once as an engine behind the protocol is."""

    steps_at_once = 40

    def __init__(self) -> None:
        super().__init__()
        self.acts = 0

    def new(self, game: NewGame) -> None:
        super().new(game)
        self.acts = 0

    def act(self, action: JSON) -> Verdict:
        self.acts += 1
        return super().act(action)


class MiscountsThenDies(Batched):
    """After its first draw the stock it shows is one card short, and the next action
    kills it: the death comes later in the batch than the wrong state."""

    def __init__(self) -> None:
        super().__init__()
        self.drawn = False

    def new(self, game: NewGame) -> None:
        super().new(game)
        self.drawn = False

    def act(self, action: JSON) -> Verdict:
        if self.drawn:
            raise EngineError("crash", "the engine exited")
        got = super().act(action)
        self.drawn = got.accepted and action.get("type") == "draw"
        return got

    def state(self) -> JSON:
        out = super().state()
        if self.drawn:  # one card off (one on, where a cut stock is empty)
            out["stock_size"] += -1 if out["stock_size"] else 1
        return out


class Dies(Batched):
    """Right in every answer, until its third action kills it."""

    def act(self, action: JSON) -> Verdict:
        if self.acts >= 2:
            raise EngineError("crash", "the engine exited")
        return super().act(action)


def _fuzz(engine: ReferenceEngine) -> Any:
    return fuzz(engine, FuzzOptions("rummy", examples=3, seed=0, steps=60,
                                    shrink_seconds=5.0, command="batched", most_findings=1))


def test_the_reference_judged_in_batches_agrees_with_itself() -> None:
    result = _fuzz(Batched())
    assert result.examples == 3 and not result.findings and result.error is None, result


def test_a_wrong_state_is_found_at_its_step_before_a_later_failure() -> None:
    result = _fuzz(MiscountsThenDies())
    assert result.error is None, result.error
    assert result.findings, result
    finding = result.findings[0]
    assert finding.rule == "state after draw: stock_size", finding.rule
    assert finding.actions[-1]["type"] == "draw"  # cut back to the step that differed
    assert len(finding.actions) == len(finding.accepted) == len(finding.trail)


def test_a_failure_before_any_disagreement_is_the_runs_error() -> None:
    result = _fuzz(Dies())
    assert not result.findings
    assert result.error is not None and "the engine exited" in result.error, result
