"""The formatter is an identity on meaning (a small sample here; ``make fuzz-hostile``
runs it over 100,000 generated specs and more): for house specs generated with odd
whitespace and comments, ``fmt`` keeps ``show --json`` of every variant and option, the
diagnostics, every comment byte, is idempotent, and never writes what ``check`` refuses
for size."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec.lang.fmt import format_text

from .fmt_property import comments, fmt_check, generate


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**40))
def test_fmt_keeps_the_meaning_of_generated_specs(seed: int) -> None:
    _, fault = fmt_check(generate(seed))
    assert fault is None, f"seed {seed}: {fault}"


def test_the_generator_makes_specs_that_parse_with_comments_and_odd_layout() -> None:
    texts = [generate(seed) for seed in range(40)]
    assert sum(fmt_check(t)[0] for t in texts) >= 30  # the property is checked, not skipped
    assert sum(bool(comments(t)) for t in texts) >= 10
    assert any("\t" in t for t in texts) and any("\r\n" in t for t in texts)
    assert any(format_text(t, "/fuzz/house.rummy") != t for t in texts if fmt_check(t)[0])


def test_the_property_catches_a_formatter_that_edits_a_comment(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from . import fmt_property

    text = 'variant h extends gin {  # kept\u00a0\n    deal { cards 10 }\n}\n'
    assert fmt_property.fmt_fault(text) is None

    def stripping(source: str, path: str = "<text>") -> str:
        return format_text(source, path).replace("\u00a0", "")

    monkeypatch.setattr(fmt_property, "format_text", stripping)
    assert fmt_property.fmt_fault(text) == "a comment changed"
