"""A small JSON Schema checker for the keywords the suite's own schemas use.

Case files are validated at run time against ``conformance/schema/*.schema.json`` without
a runtime dependency on ``jsonschema``; the test suite checks that this checker and
``jsonschema`` agree on every case file and on broken ones.  Supported keywords:
``type``, ``enum``, ``const``, ``properties``, ``required``, ``additionalProperties``,
``items``, ``minItems``, ``maxItems``, ``minimum``, ``maximum``, ``minLength``,
``pattern``, ``oneOf``, ``anyOf``, ``if``/``then`` and local ``$ref`` (``#/$defs/...``).
Annotations (``title``, ``description``, ``$schema``, ``$id``, ``$comment``,
``examples``) are ignored; any other keyword is a bug in the schema and raises.

A schema is compiled once into checking functions (the suite holds some 300 files of a
few thousand values each).  Errors name the field as a path (``steps[3].act.type``) and
say what was expected.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

Schema = dict[str, Any]
Path_ = list[str | int]
Found = list[tuple[str, str]]
Check = Callable[[Any, Path_, Found], "bool | None"]  # False: stop checking this value

_ANNOTATIONS = {"title", "description", "$schema", "$id", "$comment", "examples", "$defs"}
_KEYWORDS = {"type", "enum", "const", "properties", "required", "additionalProperties",
             "items", "minItems", "maxItems", "minimum", "maximum", "minLength", "pattern",
             "oneOf", "anyOf", "if", "then", "$ref"} | _ANNOTATIONS

_TYPES: dict[str, Callable[[Any], bool]] = {
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


def field_path(parts: Path_) -> str:
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else p)
    return out or "(top level)"


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def errors(schema: Schema, value: Any) -> Found:
    """Every (field, message) where ``value`` breaks ``schema``; empty when it conforms."""
    out: Found = []
    _compiled(schema).check(schema, value, [], out)
    return out


class _Compiler:
    """Checking functions for the nodes of one root schema, built once each."""

    def __init__(self, root: Schema) -> None:
        self.root = root
        self.done: dict[int, Check] = {}

    def check(self, node: Schema, value: Any, at: Path_, out: Found) -> None:
        self.get(node)(value, at, out)

    def get(self, node: Schema) -> Check:
        hit = self.done.get(id(node))
        if hit is None:
            parts: list[Check] = []

            def run(v: Any, at: Path_, out: Found) -> bool | None:
                for part in parts:
                    if part(v, at, out) is False:
                        break
                return None

            self.done[id(node)] = run
            parts.extend(self._build(node))
            hit = run
        return hit

    def resolve(self, ref: str) -> Schema:
        if not ref.startswith("#/"):
            raise SchemaBug(f"only local $ref is supported, got {ref!r}")
        found: Any = self.root
        for part in ref[2:].split("/"):
            found = found[part]
        assert isinstance(found, dict)
        return found

    def required(self, node: Schema) -> list[str]:
        if "$ref" in node:
            return self.required(self.resolve(node["$ref"]))
        req = node.get("required", [])
        assert isinstance(req, list)
        return req

    def _build(self, s: Schema) -> list[Check]:
        unknown = set(s) - _KEYWORDS
        if unknown:
            raise SchemaBug(f"unsupported schema keyword(s): {', '.join(sorted(unknown))}")
        parts: list[Check] = []
        if "$ref" in s:
            target = self.resolve(s["$ref"])
            parts.append(lambda v, at, out: self.get(target)(v, at, out))
        if "type" in s:
            kinds = s["type"] if isinstance(s["type"], list) else [s["type"]]
            tests = [_TYPES[k] for k in kinds]
            wanted = " or ".join(kinds)

            def typed(v: Any, at: Path_, out: Found) -> bool:
                if any(t(v) for t in tests):
                    return True
                out.append((field_path(at), f"expected {wanted}, got {_show(v)}"))
                return False

            parts.append(typed)
        parts += self._scalars(s)
        if "items" in s or "minItems" in s or "maxItems" in s:
            parts.append(self._array(s))
        if "properties" in s or "required" in s or "additionalProperties" in s:
            parts.append(self._object(s))
        for key in ("oneOf", "anyOf"):
            if key in s:
                parts.append(self._alternatives(s[key], key == "oneOf"))
        if "if" in s and "then" in s:
            parts.append(self._conditional(s["if"], s["then"]))
        return parts

    def _conditional(self, condition: Schema, then: Schema) -> Check:
        def check(v: Any, at: Path_, out: Found) -> None:
            found: Found = []
            self.get(condition)(v, list(at), found)
            if not found:
                self.get(then)(v, at, out)
        return check

    def _scalars(self, s: Schema) -> list[Check]:
        parts: list[Check] = []
        if "const" in s:
            const = s["const"]
            parts.append(lambda v, at, out: None if v == const else out.append(
                (field_path(at), f"expected {_show(const)}, got {_show(v)}")))
        if "enum" in s:
            allowed, listed = s["enum"], ", ".join(str(x) for x in s["enum"])
            parts.append(lambda v, at, out: None if v in allowed else out.append(
                (field_path(at), f"{_show(v)} is not one of: {listed}")))
        if "minLength" in s:
            least = s["minLength"]
            parts.append(lambda v, at, out: None if not isinstance(v, str) or len(v) >= least
                         else out.append((field_path(at), "must not be empty")))
        if "pattern" in s:
            rx, text = re.compile(s["pattern"]), s["pattern"]
            parts.append(lambda v, at, out: None if not isinstance(v, str) or rx.search(v)
                         else out.append((field_path(at), f"{_show(v)} does not have the "
                                          f"expected form ({text})")))
        for key, word in (("minimum", "below the minimum"), ("maximum", "above the maximum")):
            if key in s:
                parts.append(self._bound(s[key], key == "minimum", word))
        return parts

    @staticmethod
    def _bound(limit: float, low: bool, word: str) -> Check:
        def check(v: Any, at: Path_, out: Found) -> None:
            if isinstance(v, int | float) and not isinstance(v, bool) and (
                    v < limit if low else v > limit):
                out.append((field_path(at), f"{v} is {word} {limit}"))
        return check

    def _array(self, s: Schema) -> Check:
        least, most, items = s.get("minItems"), s.get("maxItems"), s.get("items")

        def check(v: Any, at: Path_, out: Found) -> None:
            if not isinstance(v, list):
                return
            if least is not None and len(v) < least:
                out.append((field_path(at), f"needs at least {least} item(s), got {len(v)}"))
            if most is not None and len(v) > most:
                out.append((field_path(at), f"takes at most {most} item(s), got {len(v)}"))
            if items is not None:
                each = self.get(items)
                for i, item in enumerate(v):
                    at.append(i)
                    each(item, at, out)
                    at.pop()
        return check

    def _object(self, s: Schema) -> Check:
        props: dict[str, Schema] = s.get("properties", {})
        required: list[str] = s.get("required", [])
        extra = s.get("additionalProperties", True)
        known = ", ".join(props) or "none"

        def check(v: Any, at: Path_, out: Found) -> None:
            if not isinstance(v, dict):
                return
            for key in required:
                if key not in v:
                    out.append((field_path([*at, key]), "is required but missing"))
            for key, item in v.items():
                at.append(key)
                if key in props:
                    self.get(props[key])(item, at, out)
                elif extra is False:
                    out.append((field_path(at), f"is not a known field (known: {known})"))
                elif isinstance(extra, dict):
                    self.get(extra)(item, at, out)
                at.pop()
        return check

    def _alternatives(self, options: list[Schema], exactly_one: bool) -> Check:
        keys = [set(self.required(opt)) for opt in options]

        def check(v: Any, at: Path_, out: Found) -> None:
            if isinstance(v, dict) and all(keys):  # each form has required keys
                fits = [i for i, k in enumerate(keys) if k <= v.keys()]
                if len(fits) == 1:  # the others lack a required key: only this can match
                    self.get(options[fits[0]])(v, at, out)
                    return
            results: list[Found] = []
            for option in options:
                found: Found = []
                self.get(option)(v, list(at), found)
                results.append(found)
                if not found and not exactly_one:
                    return
            passing = sum(1 for r in results if not r)
            if passing == 1:
                return
            if passing > 1:
                out.append((field_path(at), "matches more than one of the allowed forms"))
                return
            # Report the form the value was evidently meant to have: the one whose
            # required keys it holds (a step with 'act' is an action step), else the
            # one with the fewest errors.
            meant = [r for opt, r in zip(options, results, strict=True)
                     if isinstance(v, dict) and self.required(opt)
                     and all(k in v for k in self.required(opt))]
            best = meant[0] if len(meant) == 1 else min(results, key=len)
            out.extend(best or [(field_path(at), "matches none of the allowed forms")])
        return check


_COMPILED: dict[int, tuple[Schema, _Compiler]] = {}


def _compiled(schema: Schema) -> _Compiler:
    hit = _COMPILED.get(id(schema))
    if hit is None or hit[0] is not schema:
        hit = _COMPILED[id(schema)] = (schema, _Compiler(schema))
    return hit[1]
