"""Many findings per fuzz run: every rule an engine breaks is reported with its own
shrunk case that fails on replay, a declared deviation is reported as known, and a
refused action the disagreement depends on stays in the case."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rummy_spec.conformance.broken import ChangedRules
from rummy_spec.conformance.broken import patches as p
from rummy_spec.conformance.fuzzing.fuzz import FuzzOptions, deviations_known, fuzz
from rummy_spec.conformance.fuzzing.fuzzcase import write_finding
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.running.runner import run_suite
from rummy_spec.conformance.suite.cases import load_case
from rummy_spec.conformance.suite.deviations import deviations_from_text
from rummy_spec.lang import model as m

JSON = dict[str, Any]
WRAP = "meld: wrap-around, the engine accepts"
# the same bug seen in the engine's state: an ace laid off above a king, around the corner
PAIRS = "meld: too-short, the engine accepts"
DEVIATIONS = """deviations:
  - reason: keep-taken-card
    note: this engine lets the card taken from the pile be thrown straight back
"""
pairs = p.section("set", min=2)


def two_bugs_and_a_deviation(v: m.Variant) -> m.Variant:
    """Rummy with runs around the corner and sets of two (two bugs), and the card taken
    from the pile thrown straight back (the declared deviation)."""
    return pairs(p.discard_taken_card(p.wrap_around(v)))


def replays(finding_path: Path, root: Path, engine: ReferenceEngine) -> tuple[str, str]:
    case = load_case(finding_path, root)
    return run_suite(engine, [case])[0].status, run_suite(ReferenceEngine(), [case])[0].status


def test_two_bugs_each_with_its_case_and_the_deviation_known(tmp_path: Path) -> None:
    engine = ChangedRules(two_bugs_and_a_deviation)
    deviations = deviations_from_text(DEVIATIONS, "house.yaml")
    # (shrinking is bounded in wall-clock seconds: on a loaded machine two seconds end it
    # before it meets the short wrap-around case; it ends by itself in about 5 s of CPU)
    opts = FuzzOptions("rummy", examples=30, seed=0, steps=120, shrink_seconds=30.0,
                       command="two-bugs", known=deviations_known(deviations, "rummy"))
    result = fuzz(engine, opts)
    rules = [f.rule for f in result.findings]
    # the wrap-around bug's short case: met by generation, or while shrinking the case of
    # another rule (a table law after a lay-off), and reported in its own right
    assert WRAP in rules and PAIRS in rules, rules
    assert len(set(rules)) == len(rules)  # one finding per rule
    assert not any("keep-taken-card" in r for r in rules)
    assert [k for k in result.known if "thrown straight back" in k], result.known
    for finding in result.findings:
        path = write_finding(tmp_path, opts, 3, finding)
        on_engine, on_reference = replays(path, tmp_path, engine)
        assert (on_engine, on_reference) == ("failed", "passed"), (finding.rule, path)
    shrunk = {f.rule: len(f.actions) for f in result.findings}
    assert shrunk[WRAP] <= 6 and shrunk[PAIRS] <= 12, shrunk


class RefusalLeaks(ReferenceEngine):
    """Refuses a discard before the draw as it should, but turns the pile's top card
    over in its own state while doing so: the refusal is the bug."""

    def __init__(self) -> None:
        super().__init__()
        self.leaked = False

    def new(self, game: Any) -> None:
        super().new(game)
        self.leaked = False

    def act(self, action: JSON) -> Any:
        got = super().act(action)
        if not got.accepted and got.reason == "must-draw-first" and \
                action.get("type") == "discard":
            self.leaked = True
        return got

    def state(self) -> JSON:
        out = super().state()
        if self.leaked:
            out["discard_size"] += 1
        return out


def test_shrinking_keeps_the_refusal_the_bug_depends_on(tmp_path: Path) -> None:
    engine = RefusalLeaks()
    opts = FuzzOptions("rummy", examples=40, seed=0, steps=60, shrink_seconds=2.0,
                       command="leaks", most_findings=1)
    result = fuzz(engine, opts)
    assert result.findings, result
    finding = result.findings[0]
    refused = [a for a, ok in zip(finding.actions, finding.accepted, strict=True) if not ok]
    assert any(a["type"] == "discard" for a in refused), finding.trail
    path = write_finding(tmp_path, opts, 3, finding)
    assert replays(path, tmp_path, RefusalLeaks()) == ("failed", "passed")
