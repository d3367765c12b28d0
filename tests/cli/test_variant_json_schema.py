"""The JSON of ``show --json`` against ``schema/variant.schema.json``, for every built-in.

Every built-in variant is exported at every player count the checker covers, as written and
with each option on; each export must validate.  The schema forbids unknown keys, so a new
model field must be exported and described before this passes again; and every field of the
model must appear in the export, so nothing is silently left out.
"""

from __future__ import annotations

import dataclasses
import json
import typing
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rummy_spec.lang import builtin_library
from rummy_spec.lang import model as m
from rummy_spec.lang.counts import player_counts
from rummy_spec.lang.export import variant_to_json

SCHEMA_PATH = Path(__file__).resolve().parents[2] / "schema" / "variant.schema.json"


@pytest.fixture(scope="module")
def validator() -> jsonschema.protocols.Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _variants() -> list[tuple[str, tuple[str, ...]]]:
    out: list[tuple[str, tuple[str, ...]]] = []
    for name, decl in builtin_library().decls.items():
        out.append((name, ()))
        out.extend((name, (o,)) for o in decl.options)
    return out


@pytest.mark.parametrize(("name", "options"), _variants(),
                         ids=lambda x: x if isinstance(x, str) else "+".join(x) or "plain")
def test_every_built_in_export_validates(
    validator: jsonschema.protocols.Validator, name: str, options: tuple[str, ...]
) -> None:
    variant, problems = builtin_library().resolve(name, options)
    assert not [p for p in problems if p.severity == "error"]
    for players in player_counts(variant):
        data = variant_to_json(variant, players)
        errors = [f"{e.json_path}: {e.message}" for e in validator.iter_errors(data)]
        assert not errors, f"{name} {options} for {players} players: {errors[:5]}"
        assert json.loads(json.dumps(data)) == data  # plain JSON, nothing Python-only


def test_the_schema_rejects_what_it_should(validator: jsonschema.protocols.Validator) -> None:
    good = variant_to_json(builtin_library().resolve("continental")[0], 5)
    assert validator.is_valid(good)
    for broken in (
        {**good, "surprise": 1},
        {**good, "version": 1},
        {k: v for k, v in good.items() if k != "deal"},
        {**good, "deck": {**good["deck"], "decks": {"formula": "x", "value": 0}}},
        {**good, "going_out": {**good["going_out"], "by": "teleport"}},
    ):
        assert not validator.is_valid(broken)


# model section -> where its fields appear in the export
_SECTIONS: dict[str, tuple[type, tuple[str, ...]]] = {
    "deck": (m.Deck, ("deck",)),
    "wilds": (m.WildRules, ("wild_limits",)),
    "set": (m.SetRule, ("meld_kinds", "set")),
    "run": (m.RunRule, ("meld_kinds", "run")),
    "deal": (m.Deal, ("deal",)),
    "contracts": (m.Contracts, ("contracts",)),
    "turn": (m.Turn, ("turn",)),
    "layoff": (m.Layoff, ("layoff",)),
    "swap": (m.Swap, ("swap",)),
    "claim": (m.Claim, ("claim",)),
    "going_out": (m.GoingOut, ("going_out",)),
    "stock": (m.Stock, ("stock",)),
    "score": (m.Score, ("score",)),
    "game": (m.GameEnd, ("game",)),
    "limits": (m.EngineLimits, ("engine_limits",)),
}
# exported under another key (a claim's further clauses: each under its own field)
_ELSEWHERE = {("wilds", "cards"), ("deck", "jokers_per_deck"), ("claim", "more")}


def test_every_model_field_is_exported() -> None:
    data = variant_to_json(builtin_library().resolve("continental")[0], 5)
    variant_fields = {f.name for f in dataclasses.fields(m.Variant)} - {"span", "path"}
    renamed = {"wilds": "wild_limits", "set": "meld_kinds", "run": "meld_kinds",
               "group": "meld_kinds", "more_kinds": "meld_kinds", "enabled": "options",
               "limits": "engine_limits"}
    for name in variant_fields:
        assert renamed.get(name, name) in data, name
    for section, (cls, where) in _SECTIONS.items():
        node: Any = data
        for key in where:
            node = node[key]
        for f in dataclasses.fields(cls):
            if f.name not in ("span", "block") and (section, f.name) not in _ELSEWHERE:
                assert f.name in node, f"{section}.{f.name}"


def _enum_values(schema: Any) -> set[str]:
    if isinstance(schema, dict):
        found = set(schema.get("enum", [])) - {None}
        for value in schema.values():
            found |= _enum_values(value)
        return found
    if isinstance(schema, list):
        return set().union(*(_enum_values(v) for v in schema)) if schema else set()
    return set()


def test_every_model_choice_is_known_to_the_schema() -> None:
    """Each value of a ``Literal`` in the model appears in some enum of the schema."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    known = _enum_values(schema)
    for name in dir(m):
        cls = getattr(m, name)
        if not (isinstance(cls, type) and dataclasses.is_dataclass(cls)):
            continue
        for hint in typing.get_type_hints(cls).values():
            for value in _literals(hint):
                assert value in known, f"{name}: '{value}' is missing from the schema"


def _literals(hint: Any) -> set[str]:
    if typing.get_origin(hint) is typing.Literal:
        return {a for a in typing.get_args(hint) if isinstance(a, str)}
    found: set[str] = set()
    for arg in typing.get_args(hint):
        found |= _literals(arg)
    return found
