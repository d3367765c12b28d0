"""The hand-written check of the common replies agrees with their schemas: every reply
it passes, the schema passes too (a reply it does not pass goes to the schema)."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_spec.conformance.suite.schema_check import errors
from rummy_spec.conformance.wire.protocol import _plainly_good, message_schema

REPLIES: list[tuple[str, dict[str, Any]]] = [
    ("act", {"seq": 1, "result": "accepted"}),
    ("act", {"seq": 0, "result": "accepted", "message": "fine"}),
    ("act", {"seq": 2, "result": "rejected", "reason": "not-your-turn", "message": "x"}),
    ("act", {"seq": 2, "result": "rejected", "reason": "not-your-turn"}),
    ("act", {"seq": 2, "result": "rejected"}),
    ("act", {"seq": 2, "result": "rejected", "reason": ""}),
    ("act", {"seq": 2, "result": "rejected", "reason": 3}),
    ("act", {"seq": 2, "result": "accepted", "message": None}),
    ("act", {"seq": 2, "result": "maybe"}),
    ("act", {"seq": -1, "result": "accepted"}),
    ("act", {"seq": True, "result": "accepted"}),
    ("act", {"result": "accepted"}),
    ("act", {"seq": 3, "result": "accepted", "reason": "why"}),
    ("state", {"seq": 4, "state": {}}),
    ("state", {"seq": 4, "state": []}),
    ("state", {"seq": 4}),
    ("state", {"seq": "4", "state": {}}),
]


@pytest.mark.parametrize(("cmd", "reply"), REPLIES)
def test_the_quick_check_passes_only_what_the_schema_passes(cmd: str,
                                                            reply: dict[str, Any]) -> None:
    by_schema = not errors(message_schema(cmd, "reply"), reply)
    assert _plainly_good(cmd, reply) == by_schema
