"""Each claim rule of the language has a conformance case that an engine ignoring the rule
fails: the case passes on the reference, and fails on the reference playing the variant
with that one rule changed (``ChangedRules``: the engine never sees the right rule)."""

from __future__ import annotations

import pytest

from rummy_spec.conformance import suite_root
from rummy_spec.conformance.broken import ChangedRules
from rummy_spec.conformance.broken.patches import Change, section
from rummy_spec.conformance.cases import load_case
from rummy_spec.conformance.reference import ReferenceEngine
from rummy_spec.conformance.runner import run_suite
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
