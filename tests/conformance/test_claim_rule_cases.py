"""Each claim rule of the language has a conformance case that an engine ignoring the rule
fails: the case passes on the reference, and fails on the reference playing the variant
with that one rule changed (``ChangedRules``: the engine never sees the right rule).

Rules no built-in states are shown on the house variants of
``conformance/examples/claim_rules.rummy``, with cases written by the kit's recorder."""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_spec.conformance import suite_root
from rummy_spec.conformance.authoring.author import complete_setup, dump_case, record
from rummy_spec.conformance.broken import ChangedRules, command
from rummy_spec.conformance.broken.patches import Change, section
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.running.runner import run_suite
from rummy_spec.conformance.suite.cases import load_case
from rummy_spec.conformance.suite.variants import forget, load_spec_file, with_spec
from rummy_spec.conformance.wire.client import ProcessEngine
from rummy_spec.lang import load

ROOT = suite_root()

# (case, the rule it shows, the same variant with the rule ignored)
CASES = [
    ("continental/claims/no-claim-before-the-refusal", "after refusal",
     section("claim", window="any-time")),
    ("shanghai/claims/after-a-buy-the-next-player-draws", "between turns",
     section("claim", window="after-refusal")),
    ("shanghai/claims/after-a-buy-the-next-player-draws", "pile open",
     section("claim", pile_after="closed")),
    ("ten_step/claims/the-pile-is-closed-after-a-buy", "pile closed",
     section("claim", pile_after="open")),
]


def _status(engine: ReferenceEngine, cid: str) -> str:
    case = load_case(ROOT / "cases" / f"{cid}.yaml", ROOT)
    return run_suite(engine, [case])[0].status


@pytest.mark.parametrize(("cid", "rule", "ignored"), CASES, ids=[c[1] for c in CASES])
def test_the_case_fails_when_the_rule_is_ignored(cid: str, rule: str,
                                                 ignored: Change) -> None:
    variant = load(cid.split("/")[0])
    assert ignored(variant) != variant, f"the change leaves {rule} as it was"
    assert _status(ReferenceEngine(), cid) == "passed"
    assert _status(ChangedRules(ignored), cid) == "failed", rule


# ----- rules no built-in states: house variants ------------------------------------------

HOUSE = ROOT / "examples" / "claim_rules.rummy"
AT_ONCE = ROOT / "examples" / "claim_at_once.rummy"
CONT = ("5H 5S 5D 6C 7C 8C 2S 9D 10D KH QS JD", "6H 7H 8H 9H 10S JS QD KD KC 2D 3D 4D",
        "6D 7D 8D 10C JC QC 3S 4S 6S 7S 8S 10H", "3H 4H JH QH AS 9S 2C 3C 4C 9C KS 5C")
SHANGHAI = ("5H 5S 5D 9C 9D 9S KS 3C 4C 7D 8D", "6H 7H 8H 9H 10S JS QS KD KC 3D 4D",
            "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S")
# name -> (variant, hands, pile, the rule, the steps, the rule ignored)
HOUSE_CASES = {
    "claims/a-claim-before-the-draw": (
        "may_i_any_time", CONT, "AD QC", "at any time: a May I? before the player in "
        "turn draws is granted at once; he then draws from the stock",
        ["2 buy", "? hands turn phase discard_top", "0 draw upcard -> upcard-closed",
         "0 draw stock", "?"], section("claim", window="after-refusal")),
    "claims/the-pile-is-dead-after-a-buy": (
        "shanghai_pile_dead", SHANGHAI, "QH 10D", "pile dead: after a buy between turns "
        "nobody takes the card below, so the player in turn draws from the stock",
        ["0 draw stock", "1 pass", "2 buy", "? phase turn hands", "1 buy -> claim-not-open",
         "0 discard KS", "?"], section("claim", pile_after="open")),
    "claims/the-claimant-plays-at-once": (
        "may_i_at_once", CONT, "AD QC", "claimant takes at once: the buyer plays a turn "
        "out of order at once, then the player who passed the upcard by draws from the "
        "stock and plays on; the order of play is not changed",
        ["0 draw stock", "1 pass", "2 buy", "? phase turn hands claim",
         "0 discard KH -> not-your-turn", "2 draw stock -> already-drawn", "2 discard 3S",
         "? phase turn hands claim discard_top", "0 discard KH", "? phase turn"],
        section("claim", claimant_waits=True)),
}


@pytest.fixture()
def house_cases(tmp_path: Path) -> Iterator[Path]:
    """The house cases, recorded from the reference into a suite of their own."""
    load_spec_file(HOUSE)
    load_spec_file(AT_ONCE)
    for name, (variant, hands, pile, rule, script, _) in HOUSE_CASES.items():
        setup = complete_setup(variant, (), len(hands), hands, pile)
        path = tmp_path / "cases" / variant / f"{name}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        data = with_spec(record(rule, variant, len(hands), setup, script), path)
        path.write_text(dump_case(data, f"{variant}/{name}"), encoding="utf-8")
    forget()  # each case names its spec file itself
    yield tmp_path
    forget()


@pytest.mark.parametrize("name", sorted(HOUSE_CASES))
def test_a_house_case_fails_when_the_rule_is_ignored(house_cases: Path, name: str) -> None:
    variant, *_, ignored = HOUSE_CASES[name]
    path = house_cases / "cases" / variant / f"{name}.yaml"

    def status(engine: ReferenceEngine) -> str:
        return run_suite(engine, [load_case(path, house_cases)])[0].status

    assert status(ReferenceEngine()) == "passed"
    assert status(ChangedRules(ignored)) == "failed"


def test_the_engine_whose_claimant_waits_is_caught_behind_the_protocol(house_cases: Path
                                                                      ) -> None:
    """The broken engine ``house-claimant-waits`` (the claimant who takes at once made to
    wait), run as a process like any engine under test, fails the case that the
    reference passes; the case needs the feature ``claimant-turn``."""
    name = "claims/the-claimant-plays-at-once"
    case = load_case(house_cases / "cases" / "may_i_at_once" / f"{name}.yaml", house_cases)
    assert "claimant-turn" in case.features
    broken = ProcessEngine(command("house-claimant-waits"), timeout=30)
    try:
        assert run_suite(broken, [case])[0].status == "failed"
    finally:
        broken.close()
    assert run_suite(ReferenceEngine(), [case])[0].status == "passed"


def test_the_fuzz_catches_the_engine_whose_claimant_waits(tmp_path: Path) -> None:
    """Fuzzing the house variant finds the engine that has the claimant wait within a few
    games (the first buy shows it), and the case it writes fails on that engine alone."""
    engine = command("house-claimant-waits")
    found = subprocess.run(
        [sys.executable, "-m", "rummy_spec.cli", "conformance", "fuzz", "--engine", engine,
         "--variant", str(AT_ONCE), "--examples", "20", "--seed", "0", "--shrink-seconds",
         "0.5", "--findings", "1", "--timeout", "30", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=600, check=False)
    assert found.returncode == 1 and "written:" in found.stdout, found.stdout[-600:]
    assert 'expected "claimant"' in found.stdout
    written = re.findall(r"written: (\S+)", found.stdout)[0]
    forget()
    case = load_case(Path(written), tmp_path)
    broken = ProcessEngine(engine, timeout=30)
    try:
        assert run_suite(broken, [case])[0].status == "failed"
    finally:
        broken.close()
    assert run_suite(ReferenceEngine(), [case])[0].status == "passed"
    forget()
