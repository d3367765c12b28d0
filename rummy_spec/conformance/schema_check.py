"""A small JSON Schema checker for the keywords the suite's own schemas use.

Case files are validated at run time against ``conformance/schema/*.schema.json`` without
a runtime dependency on ``jsonschema``; the test suite checks that this checker and
``jsonschema`` agree on every case file and on broken ones.  Supported keywords:
``type``, ``enum``, ``const``, ``properties``, ``required``, ``additionalProperties``,
``items``, ``minItems``, ``maxItems``, ``minimum``, ``maximum``, ``minLength``,
``pattern``, ``oneOf``, ``anyOf`` and local ``$ref`` (``#/$defs/...``).  Annotations
(``title``, ``description``, ``$schema``, ``$id``, ``$comment``, ``examples``) are ignored;
any other keyword is a bug in the schema and raises.

Errors name the field as a path (``steps[3].act.type``) and say what was expected.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

Schema = dict[str, Any]

_ANNOTATIONS = {"title", "description", "$schema", "$id", "$comment", "examples", "$defs"}
_KEYWORDS = {"type", "enum", "const", "properties", "required", "additionalProperties",
             "items", "minItems", "maxItems", "minimum", "maximum", "minLength", "pattern",
             "oneOf", "anyOf", "$ref"} | _ANNOTATIONS

_TYPES = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
    "null": lambda v: v is None,
}


class SchemaBug(ValueError):
    """The schema itself uses a keyword this checker does not know."""


def load_schema(path: Path) -> Schema:
    data = _load(str(path))
    assert isinstance(data, dict)
    return data


@lru_cache(maxsize=8)
def _load(path: str) -> Any:
    return json.loads(Path(path).read_text(encoding="utf-8"))


def field_path(parts: list[str | int]) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out or "(top level)"


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def errors(schema: Schema, value: Any) -> list[tuple[str, str]]:
    """Every (field, message) where ``value`` breaks ``schema``; empty when it conforms."""
    out: list[tuple[str, str]] = []
    _check(schema, schema, value, [], out)
    return out


def _resolve(root: Schema, ref: str) -> Schema:
    if not ref.startswith("#/"):
        raise SchemaBug(f"only local $ref is supported, got {ref!r}")
    node: Any = root
    for part in ref[2:].split("/"):
        node = node[part]
    assert isinstance(node, dict)
    return node


def _check(root: Schema, s: Schema, v: Any, at: list[str | int],
           out: list[tuple[str, str]]) -> None:
    unknown = set(s) - _KEYWORDS
    if unknown:
        raise SchemaBug(f"unsupported schema keyword(s): {', '.join(sorted(unknown))}")
    where = field_path(at)
    if "$ref" in s:
        _check(root, _resolve(root, s["$ref"]), v, at, out)
    if "type" in s:
        kinds = s["type"] if isinstance(s["type"], list) else [s["type"]]
        if not any(_TYPES[k](v) for k in kinds):
            out.append((where, f"expected {' or '.join(kinds)}, got {_show(v)}"))
            return
    if "const" in s and v != s["const"]:
        out.append((where, f"expected {_show(s['const'])}, got {_show(v)}"))
    if "enum" in s and v not in s["enum"]:
        listed = ", ".join(str(x) for x in s["enum"])
        out.append((where, f"{_show(v)} is not one of: {listed}"))
    if isinstance(v, str):
        if "minLength" in s and len(v) < s["minLength"]:
            out.append((where, "must not be empty" if s["minLength"] == 1
                        else f"needs at least {s['minLength']} characters"))
        if "pattern" in s and not re.search(s["pattern"], v):
            out.append((where, f"{_show(v)} does not have the expected form "
                        f"({s['pattern']})"))
    if isinstance(v, int | float) and not isinstance(v, bool):
        if "minimum" in s and v < s["minimum"]:
            out.append((where, f"{v} is below the minimum {s['minimum']}"))
        if "maximum" in s and v > s["maximum"]:
            out.append((where, f"{v} is above the maximum {s['maximum']}"))
    if isinstance(v, list):
        if "minItems" in s and len(v) < s["minItems"]:
            out.append((where, f"needs at least {s['minItems']} item(s), got {len(v)}"))
        if "maxItems" in s and len(v) > s["maxItems"]:
            out.append((where, f"takes at most {s['maxItems']} item(s), got {len(v)}"))
        if "items" in s:
            for i, item in enumerate(v):
                _check(root, s["items"], item, [*at, i], out)
    if isinstance(v, dict):
        _object(root, s, v, at, out)
    for key in ("oneOf", "anyOf"):
        if key in s:
            _alternatives(root, s[key], v, at, out, exactly_one=key == "oneOf")


def _object(root: Schema, s: Schema, v: dict[str, Any], at: list[str | int],
            out: list[tuple[str, str]]) -> None:
    props: dict[str, Schema] = s.get("properties", {})
    for key in s.get("required", []):
        if key not in v:
            out.append((field_path([*at, key]), "is required but missing"))
    extra = s.get("additionalProperties", True)
    for key, item in v.items():
        if key in props:
            _check(root, props[key], item, [*at, key], out)
        elif extra is False:
            known = ", ".join(props) or "none"
            out.append((field_path([*at, key]), f"is not a known field (known: {known})"))
        elif isinstance(extra, dict):
            _check(root, extra, item, [*at, key], out)


def _alternatives(root: Schema, options: list[Schema], v: Any, at: list[str | int],
                  out: list[tuple[str, str]], exactly_one: bool) -> None:
    results = []
    for option in options:
        found: list[tuple[str, str]] = []
        _check(root, option, v, at, found)
        results.append(found)
    passing = sum(1 for r in results if not r)
    if passing == 1 or (passing > 1 and not exactly_one):
        return
    where = field_path(at)
    if passing > 1:
        out.append((where, "matches more than one of the allowed forms"))
        return
    # Report the alternative the value was evidently meant to be: the one whose required
    # keys it has (a step with 'act' is an action step), else the one with fewest errors.
    meant = [r for opt, r in zip(options, results, strict=True)
             if isinstance(v, dict) and _required(root, opt)
             and all(k in v for k in _required(root, opt))]
    best = meant[0] if len(meant) == 1 else min(results, key=len)
    out.extend(best or [(where, "matches none of the allowed forms")])


def _required(root: Schema, s: Schema) -> list[str]:
    if "$ref" in s:
        return _required(root, _resolve(root, s["$ref"]))
    req = s.get("required", [])
    assert isinstance(req, list)
    return req
