"""Protocol 2 beside protocol 1: an engine answering ``hello`` with version 1 is still run,
and the features of version 2 are taken as not claimed, whatever it lists; the same
engine answering 2 has them."""

from __future__ import annotations

import sys

from rummy_spec.conformance.running.runner import run_suite
from rummy_spec.conformance.suite.cases import load_cases
from rummy_spec.conformance.wire.client import ProcessEngine

# The reference behind the protocol, answering hello with the version given.
ENGINE = """
import sys
from dataclasses import replace
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.wire.server import serve

class Versioned(ReferenceEngine):
    def hello(self):
        return replace(super().hello(), protocol=int(sys.argv[1]))

sys.exit(serve(Versioned()))
"""


def _run(version: int) -> dict[str, str]:
    engine = ProcessEngine(f"{sys.executable} -c '{ENGINE}' {version}", timeout=30)
    try:
        hello = engine.hello()
        results = run_suite(engine, load_cases(variants=["gin"]))
    finally:
        engine.close()
    assert hello.protocol == version
    assert ("knock-melds" in hello.features) is (version == 2)
    return {r.id: r.status for r in results}


def test_a_version_1_engine_is_run_without_the_features_of_version_2() -> None:
    old, new = _run(1), _run(2)
    named = {"gin/knock/the-knocker-shows-the-melds-he-names",
             "gin/knock/a-named-arrangement-is-checked",
             "gin/knock/the-defender-shows-the-melds-he-names"}
    assert named <= set(old)
    assert all(old[c] == "skipped" for c in named)
    assert all(status == "passed" for c, status in old.items() if c not in named)
    assert all(status == "passed" for status in new.values())

