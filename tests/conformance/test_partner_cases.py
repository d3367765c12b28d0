"""Partnerships in the kit (feature ``partners``, protocol 2): cases of the partnership
house variant (conformance/examples/partnership_rummy.rummy), recorded from the
reference, pass on it and fail on an engine that plays every player for himself; an
engine that does not claim the feature, or speaks protocol 1, has them skipped; the fuzz
finds the engine that ignores partnerships, and refuses to play a partnership variant with
an engine that does not claim them."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from rummy_spec.conformance import FEATURES, SINCE, suite_root
from rummy_spec.conformance.authoring.author import complete_setup, dump_case, record
from rummy_spec.conformance.broken import ChangedRules
from rummy_spec.conformance.broken.patches import section
from rummy_spec.conformance.fuzzing.fuzz import FuzzOptions, fuzz
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.running.runner import run_suite
from rummy_spec.conformance.suite.cases import load_case
from rummy_spec.conformance.suite.variants import forget, load_spec_file, with_spec
from rummy_spec.conformance.wire.client import ProcessEngine
from rummy_spec.conformance.wire.engine import Engine, Hello

HOUSE = suite_root() / "examples" / "partnership_rummy.rummy"
NAME = "partnership_rummy"
SOLO = section("game", partners="none")  # every player for himself
LAYOFFS = ("4H 5H 6H KC QD JS 10S", "7H 9C 10C JC KS QS 3C", "3H 8C 10D 2D 3D 4D KH",
           "QC 5S 7S 9D AS 8S 4S")
OUT = ("4H 5H 6H 7H 8H 9C 9D", "AS AD 2C 2S 3D 3S 4C", "KS QS JD 10S 9H 8D 7C",
       "AC 2D 3C 4D 4S 5C 5S")
# name -> (hands, pile, stock top, totals, the rule, the steps)
CASES = {
    "partners/a-partner-lays-off-on-the-teams-melds": (
        LAYOFFS, "KD", "2S 3S 6S 7D", None,
        "a player not yet down lays off on his partner's melds, not on the other team's",
        ["0 draw stock", "0 meld 4H 5H 6H", "0 discard 2S", "1 draw stock",
         "1 lay_off 7H on 0 -> not-down", "1 meld 9C 10C JC", "1 discard KS",
         "2 draw stock", "2 lay_off 8C on 1 -> not-down", "2 lay_off 3H on 0",
         "? hands table"]),
    "partners/partners-pay-each-other-nothing": (
        OUT, "QH", "9S KC KD", None,
        "the player who goes out collects from the other team only (doubled for rummy)",
        ["0 draw stock", "0 meld 4H 5H 6H 7H 8H", "0 meld 9C 9D 9S", "? results totals"]),
    "partners/a-team-reaches-the-target": (
        OUT, "QH", "9S KC KD", [0, 95, 30, 0],
        "the target is a team's total: 80 and 30 make 110, and both partners win",
        ["0 draw stock", "0 meld 4H 5H 6H 7H 8H", "0 meld 9C 9D 9S",
         "? totals winners phase"]),
}


@pytest.fixture()
def suite(tmp_path: Path) -> Iterator[Path]:
    """The cases, recorded from the reference into a suite of their own."""
    load_spec_file(HOUSE)
    for name, (hands, pile, top, totals, rule, script) in CASES.items():
        setup = complete_setup(NAME, (), 4, hands, pile, top, totals=totals)
        path = tmp_path / "cases" / NAME / f"{name}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = with_spec(record(rule, NAME, 4, setup, script), path)
        path.write_text(dump_case(data, f"{NAME}/{name}"), encoding="utf-8")
    forget()  # each case names its spec file itself
    yield tmp_path
    forget()


def _statuses(engine: Engine, root: Path) -> dict[str, str]:
    cases = [load_case(p, root / "cases") for p in sorted((root / "cases").rglob("*.yaml"))]
    assert all("partners" in c.features for c in cases)
    return {r.id.split("/", 1)[1]: r.status for r in run_suite(engine, cases)}


def test_the_cases_pass_on_the_reference(suite: Path) -> None:
    assert _statuses(ReferenceEngine(), suite) == {name: "passed" for name in CASES}


def test_an_engine_without_partnerships_fails_every_case(suite: Path) -> None:
    assert _statuses(ChangedRules(SOLO), suite) == {name: "failed" for name in CASES}


class _Unclaimed(ReferenceEngine):
    """The reference, not claiming partnerships."""

    def hello(self) -> Hello:
        h = super().hello()
        return replace(h, features=h.features - {"partners"})


# The reference behind the protocol serving the house file, answering hello as protocol 1
# (listing every feature, as an engine of version 1 may)
VERSION_1 = """
import sys
from dataclasses import replace
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.reference_engine import load_specs
from rummy_spec.conformance.wire.server import serve

class Old(ReferenceEngine):
    def hello(self):
        return replace(super().hello(), protocol=1)

load_specs(sys.argv[1:], "old")
sys.exit(serve(Old()))
"""


def test_an_engine_that_does_not_claim_partners_is_skipped(suite: Path) -> None:
    assert SINCE["partners"] == 2 and "partners" in FEATURES
    assert set(_statuses(_Unclaimed(), suite).values()) == {"skipped"}


def test_a_protocol_1_engine_has_the_cases_skipped(suite: Path) -> None:
    engine = ProcessEngine(f"{sys.executable} -c '{VERSION_1}' {HOUSE}", timeout=30)
    try:
        assert "partners" not in engine.hello().features
        assert set(_statuses(engine, suite).values()) == {"skipped"}
    finally:
        engine.close()


def test_the_fuzz_finds_an_engine_without_partnerships() -> None:
    load_spec_file(HOUSE)
    try:
        opts = FuzzOptions(variant=NAME, players=4, examples=8, steps=120,
                           shrink_seconds=5)
        assert not fuzz(ReferenceEngine(), opts).findings
        found = fuzz(ChangedRules(SOLO), opts)
        assert found.findings, "the engine that ignores partnerships was not found"
        refused = fuzz(_Unclaimed(), opts)
        assert refused.error is not None and "partners" in refused.error
    finally:
        forget()
