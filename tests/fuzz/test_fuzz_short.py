"""The fuzz campaign's short run, part of the default tests: a few thousand mutated inputs
per boundary, in-process, plus Hypothesis-made command-line numbers and engine replies.
The long run is ``make fuzz`` (docs/hardening.md has its figures)."""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec.cli.base import whole_number
from rummy_spec.cli.conformance_engine import positive
from rummy_spec.conformance.wire.engine import EngineError
from rummy_spec.textsafe import outside_text

from .campaign import campaign
from .targets import _Quiet

# Inputs per boundary in the default run (the cheap ones more).
SHORT = {"spec": 400, "case": 600, "trace": 300, "state": 3000, "reply": 4000, "argv": 2000}


@pytest.mark.parametrize("name", sorted(SHORT))
def test_short_campaign_has_no_fault_and_no_hang(name: str, tmp_path: Path) -> None:
    figures = campaign(SHORT[name], seed=7, only=[name], tmp=tmp_path)[name]
    assert figures.inputs == SHORT[name]
    assert figures.faults == 0 and figures.hangs == 0, figures.examples
    assert figures.refused > 0  # the mutations do reach the refusals


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_text_as_a_number_is_a_number_or_a_clear_refusal(text: str) -> None:
    for kind in (whole_number, positive):
        try:
            value = kind(text)
        except argparse.ArgumentTypeError as err:
            assert len(str(err)) < 200 and "\x1b" not in str(err)
            continue
        assert isinstance(value, (int, float))
        if kind is positive:
            assert math.isfinite(value) and 0 < value <= 86_400


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20)


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(["seq", "result", "reason", "error", "state", "ok",
                                        "protocol", "variants", "features", "message"]),
                       JSON_VALUES, max_size=6))
def test_any_json_reply_is_read_or_refused_as_malformed(reply: dict[str, object]) -> None:
    engine = _Quiet()
    raw = json.dumps(reply).encode()
    try:
        got = engine._check_reply(raw, {"cmd": "act", "seq": 1})
    except EngineError as err:
        assert err.kind in ("malformed", "error")
        assert "\x1b" not in err.message and len(err.message) < 600
        return
    assert got["seq"] == 1 and not isinstance(got["seq"], bool)


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_outside_text_never_holds_a_control_character(text: str) -> None:
    shown = outside_text(text, 50)
    assert not any(ord(c) < 32 or 0x7f <= ord(c) < 0xa0 for c in shown)
    assert len(shown) <= 50 * 6 + 40
