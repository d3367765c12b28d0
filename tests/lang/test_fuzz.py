"""Fuzzing the language's front door: no input text may make Python itself fail.

Random text, random sequences of the language's own words, and valid specs from ``spec/``
with tokens deleted, duplicated, swapped, inserted or the text truncated.  Whatever comes in,
parsing and checking either succeed or report diagnostics (``SpecError`` from the parser,
diagnostics from ``resolve``); every diagnostic has a catalogued code, a position inside
the text, and renders.  A new spec file is fuzzed without touching this module.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from rummy_spec.lang import CATALOGUE, Diagnostic, Library, SpecError
from rummy_spec.lang.data import spec_dir
from rummy_spec.lang.expr import EvalError
from rummy_spec.lang.grammar_source import grammar_text

FUZZ_PATH = "fuzz.rummy"
SPEC_TEXTS = [p.read_text(encoding="utf-8") for p in sorted(spec_dir().glob("*.rummy"))]
TOKEN = re.compile(r'#[^\n]*|"[^"\n]*"|[0-9]+|[A-Za-z_][A-Za-z0-9_]*|\.\.|\s+|.', re.S)
# RUMMY_FUZZ_EXAMPLES=5000 for a long hunt; the default keeps this file well under 30 s.
FUZZ = settings(max_examples=int(os.environ.get("RUMMY_FUZZ_EXAMPLES", "300")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def known_fault(err: Exception) -> str | None:
    """A crash known and not yet fixed; none is known now, so every exception fails."""
    del err
    return None


def _vocabulary() -> list[str]:
    """Every word of the grammar and of the specs, and the punctuation between them."""
    words = set(re.findall(r'"([^"\s]+)"', grammar_text()))
    for text in SPEC_TEXTS:
        words.update(t for t in TOKEN.findall(text) if t.strip() and not t.startswith("#"))
    words.update(["{", "}", "(", ")", ":", ",", "+", "-", "*", "/", "..", "variant",
                  "extends", "option", "by", "players", "round", "else", "unlimited", "0",
                  "1", "13", "99", "JK", "10S", '"title"'])
    return sorted(words)


VOCABULARY = _vocabulary()


@lru_cache(maxsize=1)
def _base() -> Library:
    """The unmutated specs that parse, so a mutated child can still find its parent."""
    lib = Library()
    for i, text in enumerate(SPEC_TEXTS):
        try:
            lib.add_text(text, f"spec{i}.rummy")
        except SpecError:
            continue
    return lib


def _assert_reported(diagnostics: Sequence[Diagnostic], text: str) -> None:
    sources = {FUZZ_PATH: text}
    last_line = len(text.splitlines()) + 1
    for d in diagnostics:
        assert d.code in CATALOGUE, d
        if d.span.path == FUZZ_PATH:
            assert 1 <= d.span.line <= last_line, d
            assert d.span.column >= 1, d
        rendered = d.render(sources)
        assert f"{d.code} {d.name}: " in rendered


def check_text(text: str, extra_options: Sequence[str] = ()) -> None:
    """Parse, resolve and check every variant and option in ``text``; never a traceback."""
    base = _base()
    lib = Library(dict(base.decls), dict(base.sources))
    try:
        decls = lib.add_text(text, FUZZ_PATH)
    except SpecError as err:
        assert err.diagnostics, "a SpecError without a diagnostic"
        assert all(d.severity == "error" for d in err.diagnostics)
        _assert_reported(err.diagnostics, text)
        return
    _assert_reported(lib.problems, text)
    for decl in decls:
        for options in [(), *((o,) for o in decl.options), tuple(extra_options)]:
            try:
                _, diagnostics = lib.resolve(decl.name, options)
            except (ValueError, EvalError) as err:
                fault = known_fault(err)
                if fault is None:
                    raise
                event(f"known checker fault: {fault}")
                continue
            _assert_reported(diagnostics, text)


# ----- strategies -----------------------------------------------------------------------


def _tokens(text: str) -> list[str]:
    return TOKEN.findall(text)


@st.composite
def mutated_specs(draw: st.DrawFn) -> str:
    tokens = _tokens(draw(st.sampled_from(SPEC_TEXTS)))
    for _ in range(draw(st.integers(1, 4))):
        if not tokens:
            break
        i = draw(st.integers(0, len(tokens) - 1))
        op = draw(st.sampled_from(
            ["delete", "duplicate", "swap", "word", "char", "number", "truncate"]))
        if op == "delete":
            del tokens[i]
        elif op == "duplicate":
            tokens.insert(i, tokens[i])
        elif op == "swap":
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif op == "word":
            word = draw(st.sampled_from(VOCABULARY) | st.from_regex(r"[a-z]{1,8}", fullmatch=True))
            tokens.insert(i, f" {word} ")
        elif op == "char":
            tokens.insert(i, draw(st.characters(codec="utf-8")))
        elif op == "number":
            numbers = [k for k, t in enumerate(tokens) if t.isdigit()]
            if numbers:
                k = draw(st.sampled_from(numbers))
                tokens[k] = str(draw(st.integers(0, 200)))
        else:
            tokens = tokens[:i]
    return "".join(tokens)


word_soup = st.lists(st.sampled_from(VOCABULARY), max_size=60).map(" ".join)
option_names = st.lists(st.from_regex(r"[a-z_]{1,10}", fullmatch=True), max_size=2)


# ----- tests ------------------------------------------------------------------------------


def test_specs_are_found() -> None:
    assert SPEC_TEXTS, f"no spec files under {spec_dir()}"
    for text in SPEC_TEXTS:  # and each round-trips through the tokenizer used below
        assert "".join(_tokens(text)) == text


@FUZZ
@given(st.text(max_size=400))
def test_random_text(text: str) -> None:
    check_text(text)


@FUZZ
@given(word_soup, st.sampled_from(["", "variant v { ", "variant v extends continental { "]))
def test_random_words_of_the_language(soup: str, prefix: str) -> None:
    check_text(prefix + soup + (" }" if prefix else ""))


@FUZZ
@given(mutated_specs(), option_names)
def test_mutated_specs(text: str, options: list[str]) -> None:
    check_text(text, options)


@pytest.mark.parametrize("formula", ["- " * 1000 + "1", " + ".join(["1"] * 1000),
                                     "ceil(" * 1000 + "1" + ")" * 1000],
                         ids=["negations", "sum", "calls"])
def test_deeply_nested_formula(formula: str) -> None:
    text = (f"variant deep {{ players 2..4 deck {{ decks {formula} }} set {{ min 3 }}"
            " deal { cards 7 } score { A..K: 10 } game { ends at 100 points } }")
    check_text(text.replace(formula, "1"))  # the same variant, shallow, is fine
    check_text(text)
