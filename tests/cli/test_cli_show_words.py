"""``show`` speaks the rulebook's words, never the model's: for every built-in variant
(and each of its options on), no line is labelled with a field name of the model or of
``show --json`` (``keep taken card: no``, ``hands: none``), no field name appears as
written in code (``keep_taken_card``), and no keyword value of the model is shown raw
(``after-refusal``)."""

from __future__ import annotations

import dataclasses
import inspect
import re
from typing import Any

import pytest

from rummy_spec.cli.show import exported, resolve, show_text
from rummy_spec.cli.show_text import rules_page
from rummy_spec.lang import builtin_library
from rummy_spec.lang import model as m
from rummy_spec.rulebook.doc import Table, plain

NAMES = sorted(builtin_library().decls)
CASES = [(name, option) for name in NAMES
         for option in (None, *(o.name for o in resolve(name, []).options))]


def _walk(x: Any, keys: set[str], values: set[str]) -> None:
    if isinstance(x, dict):
        for k, v in x.items():
            keys.add(k)
            _walk(v, keys, values)
    elif isinstance(x, list):
        for v in x:
            _walk(v, keys, values)
    elif isinstance(x, str) and re.fullmatch(r"[a-z]+(-[a-z]+)+", x):
        values.add(x)


def vocabulary() -> tuple[set[str], set[str]]:
    """(every field name of the model and of the JSON form, every hyphenated keyword)."""
    fields = {f.name for _, cls in inspect.getmembers(m, inspect.isclass)
              if dataclasses.is_dataclass(cls) for f in dataclasses.fields(cls)}
    values: set[str] = set()
    for name in NAMES:
        v = resolve(name, [])
        _walk(exported(v, v.players.min), fields, values)
    return fields, values


def rulebook_headers() -> set[str]:
    """The column headings of the rulebook's tables (``Jokers``, ``Cards``): the rulebook's
    own words, which a comparison line may use as its label (``Jokers: 2``)."""
    heads: set[str] = set()
    for name in NAMES:
        v = resolve(name, [])
        for section in rules_page(v, v.players.min).sections:
            heads |= {plain(h).lower() for b in section.blocks if isinstance(b, Table)
                      for h in b.header}
    return heads


FIELDS, KEYWORDS = vocabulary()
HEADERS = rulebook_headers()
LABEL = re.compile(r"^\s*(?:[-+] )?([A-Za-z][A-Za-z _]*?)\s*:")


def field_names_in(text: str) -> list[str]:
    found = []
    for line in text.splitlines():
        label = LABEL.match(line)
        said = label.group(1).lower() if label else ""
        if label and said.replace(" ", "_") in FIELDS and said not in HEADERS:
            found.append(line.strip())
    found += [f for f in FIELDS if "_" in f and re.search(rf"\b{f}\b", text)]
    found += [k for k in KEYWORDS if re.search(rf"(?<![\w-]){k}(?![\w-])", text)]
    return found


def test_the_vocabulary_is_the_models() -> None:
    assert {"keep_taken_card", "no_discard", "hands", "allowed"} <= FIELDS
    assert {"after-refusal", "same-turn", "turn-over"} <= KEYWORDS
    assert "hands" not in HEADERS and "jokers" in HEADERS
    # the shapes the old text had are caught
    assert field_names_in("Turn\n  keep taken card: no\n  no discard: none") == [
        "keep taken card: no", "no discard: none"]
    assert field_names_in("Game\n  hands: none\n  window: after-refusal") == [
        "hands: none", "window: after-refusal", "after-refusal"]


@pytest.mark.parametrize(("name", "option"), CASES)
def test_show_names_no_field(name: str, option: str | None) -> None:
    text = show_text(name, options=[option] if option else [])
    body = text.split("\n\n", 1)[1]  # the heading names the options by their names
    assert field_names_in(body) == [], f"show {name} --option {option}"
