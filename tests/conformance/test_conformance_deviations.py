"""Deviations files: entries by rule, by reason code and by a predicate over the step,
each with its note; a bad file is refused naming the file, the entry and what."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rummy_spec.cli import run as cli
from rummy_spec.conformance.suite.deviations import (
    Departure,
    DeviationsError,
    DeviationsMissing,
    deviations_from_text,
    load_deviations,
)

FILE = """\
deviations:
  - rule: "a run may not go around the corner*"
    note: our house plays K-A-2
  - id: codes
    reason: [must-draw-first, not-your-turn]
    variant: rummy
    note: we answer out-of-turn discards with must-draw-first
  - when:
      action: {type: buy}
      before: {phase: claim, stock_size: 0}
      reference: accepted
      engine: rejected
    note: no buys from an empty stock
"""


def test_each_kind_of_entry_matches_its_own_disagreements() -> None:
    devs = deviations_from_text(FILE, "devs.yaml")
    by_rule = devs.known(rule="A run may not go around the corner (K-A-2)")
    assert by_rule is not None and by_rule.note == "our house plays K-A-2"
    by_code = devs.known(reasons=["not-your-turn", None], variant="rummy")
    assert by_code is not None and by_code.where == "devs.yaml: deviations[1] (codes)"
    assert devs.known(reasons=["not-your-turn"], variant="gin") is None  # narrowed
    buy = {"type": "buy", "player": 2}
    empty = {"phase": "claim", "stock_size": 0, "turn": 1}
    by_when = devs.known(action=buy, before=empty, reference="accepted",
                         engine="rejected (no-claim)")
    assert by_when is not None and by_when.note == "no buys from an empty stock"
    # every part of the predicate must hold
    assert devs.known(action=buy, before={**empty, "stock_size": 3}, reference="accepted",
                      engine="rejected (no-claim)") is None
    assert devs.known(action=buy, before=empty, reference="accepted",
                      engine="accepted") is None
    assert devs.known(rule="a set needs three cards") is None
    assert [e.index for e in devs.unmet()] == []


def test_unmet_entries_are_listed() -> None:
    devs = deviations_from_text(FILE, "devs.yaml")
    devs.match(Departure(reasons=("must-draw-first",), variant="rummy"))
    assert [e.index for e in devs.unmet()] == [0, 2]


@pytest.mark.parametrize(("text", "words"), [
    ("- rule: x\n  note: y\n", "a mapping with a 'deviations' list"),
    ("deviations: {rule: x}\n", "deviations: a list of entries"),
    ("deviations:\n  - rule: x\n", "deviations[0]: note: every entry says why"),
    ("deviations:\n  - note: hides everything\n", "deviations[0]: give at least one of"),
    ("deviations:\n  - rule: x\n    note: y\n    rules: z\n", "unknown key(s) rules"),
    ("deviations:\n  - {rule: x, note: y}\n  - reason: Not A Code\n    note: y\n",
     "deviations[1]: reason[0]: 'Not A Code' is not a reason code"),
    ("deviations:\n  - when: {action: discard}\n    note: y\n",
     "when.action: a mapping of the fields"),
    ("deviations:\n  - when: {engine: Maybe}\n    note: y\n",
     "when.engine: accepted, rejected or a reason code, not 'Maybe'"),
    ("deviations:\n  - when: {reference: maybe}\n    note: y\n",
     "when.reference: 'maybe' is not a reason code of the reference"),
    ("deviations:\n  - when: {state: {}}\n    note: y\n", "when: unknown key(s) state"),
    ("deviations:\n  - rule: [x\n", "devs.yaml:3:1: not valid YAML"),
    ("deviations:\n  - &a {rule: x, note: y}\n", "anchors and aliases"),
    ("deviations: []\nextra: 1\n", "unknown key(s) extra"),
])
def test_bad_files_name_the_file_the_entry_and_what(text: str, words: str) -> None:
    with pytest.raises(DeviationsError) as err:
        deviations_from_text(text, "devs.yaml")
    assert words in str(err.value)
    assert str(err.value).startswith("devs.yaml")


def test_a_missing_file_is_told_apart_from_a_bad_one(tmp_path: Path) -> None:
    with pytest.raises(DeviationsMissing, match="no such file"):
        load_deviations(tmp_path / "nope.yaml")
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"deviations: [\xff]\n")
    with pytest.raises(DeviationsError, match="not UTF-8") as err:
        load_deviations(bad)
    assert not isinstance(err.value, DeviationsMissing)
    good = tmp_path / "good.yaml"
    good.write_text(FILE, encoding="utf-8")
    assert len(load_deviations(good).entries) == 3


ROOT = Path(__file__).resolve().parents[2]
STARTER = f"{sys.executable} {ROOT / 'conformance' / 'starters' / 'python' / 'engine.py'}"


def test_run_reports_failures_a_file_lists_as_known(tmp_path: Path) -> None:
    """The starter engine knows no lay-offs: listed, those cases are known, not failed,
    and the run passes; an entry nothing met is named."""
    devs = tmp_path / "devs.yaml"
    devs.write_text("deviations:\n"
                    "  - reason: bad-action\n"
                    "    when: {action: {type: lay_off}}\n"
                    "    note: lay-offs are not written yet\n"
                    "  - {id: stale, rule: '*nothing like this*', note: outgrown}\n",
                    encoding="utf-8")
    out = cli(["conformance", "run", "--engine", STARTER, "--case", "rummy/layoff/*",
               "--deviations", str(devs)])
    assert out.code == 0, out.out + out.err
    assert "known    rummy/layoff/lay-off-must-fit" in out.out
    assert f"known deviation ({devs}: deviations[0]): lay-offs are not written yet" in out.out
    assert "deviations never met in this run (1 of 2): deviations[1] (stale)" in out.out
    assert "0 failed" in out.out and "known" in out.out.splitlines()[-1]
    without = cli(["conformance", "run", "--engine", STARTER, "--case", "rummy/layoff/*"])
    assert without.code == 1 and "failed   rummy/layoff/lay-off-must-fit" in without.out


def test_run_refuses_a_missing_or_bad_deviations_file(tmp_path: Path) -> None:
    missing = cli(["conformance", "run", "--engine", "reference", "--deviations",
                   str(tmp_path / "nope.yaml")])
    assert missing.code == 2 and "--deviations" in missing.err and "no such file" in missing.err
    bad = tmp_path / "bad.yaml"
    bad.write_text("deviations:\n  - {rule: x}\n", encoding="utf-8")
    out = cli(["conformance", "run", "--engine", "reference", "--deviations", str(bad)])
    assert out.code == 1 and "Traceback" not in out.err
    assert f"bad deviations file: {bad}: deviations[0]: note:" in out.err


MISBEHAVE = f"{sys.executable} {Path(__file__).resolve().parent / 'engines' / 'misbehave.py'}"


def test_a_law_the_engine_breaks_is_known_by_its_name(tmp_path: Path) -> None:
    """An engine whose refusals change its state breaks the law refused-changes-nothing;
    listed by that name, the case is known, with the law's own words below the note."""
    devs = tmp_path / "devs.yaml"
    devs.write_text("deviations:\n  - rule: refused-changes-nothing\n"
                    "    note: a refusal drops a card; fixing it\n", encoding="utf-8")
    out = cli(["conformance", "run", "--engine", f"{MISBEHAVE} mutate-on-reject", "--case",
               "rummy/turn/must-draw-first", "--deviations", str(devs)])
    assert out.code == 0 and "1 known" in out.out, out.out
    assert "was rejected but changed the state" in out.out
    assert "a refusal drops a card; fixing it" in out.out
