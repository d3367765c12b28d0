"""How an engine's replies are shown and checked: a value cut short, the differing entries
of an expected and a got state field, an action in a line, a state answer checked against
the protocol's schema, the engine's stderr cut to its head and tail.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .. import suite_root
from ..suite.schema_check import errors as schema_errors
from ..suite.schema_check import load_schema
from ..wire.engine import EngineError

JSON = dict[str, Any]


def short_json(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(key: str, want: Any, got: Any) -> list[str]:
    """Expected vs got for one state field, narrowed to the differing entries of lists."""
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        out = []
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            if w != g:
                out += describe(f"{key}[{i}]", w, g)
        return out
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for k in sorted(set(want) | set(got)):
            if want.get(k, "<missing>") != got.get(k, "<missing>"):
                out += describe(f"{key}.{k}", want.get(k, "<missing>"),
                                got.get(k, "<missing>"))
        return out
    return expected_got(key, want, got)


def expected_got(key: str, want: Any, got: Any) -> list[str]:
    """The two lines of one field's expected and got values, cut short."""
    return [f"  {key}: expected {short_json(want)}",
            f"  {' ' * len(key)}  got      {short_json(got)}"]


def action_text(act: JSON) -> str:
    rest = " ".join(f"{k}={short_json(v, 80)}" for k, v in act.items() if k not in ("type",
                                                                                "player"))
    return f"{act.get('type')} by {act.get('player')}" + (f" {rest}" if rest else "")


_STATE_SCHEMA: JSON | None = None


def check_state_reply(state: JSON, shows: frozenset[str] | None = None) -> None:
    """A state answer must be a proper state: every field the engine shows (``shows``,
    from its ``hello``; None: every field of protocol version 1)."""
    global _STATE_SCHEMA
    if _STATE_SCHEMA is None:
        _STATE_SCHEMA = load_schema(suite_root() / "schema" / "state.schema.json")
    schema = _STATE_SCHEMA
    if shows is not None:
        full = schema["$defs"]["full"]
        narrowed = {**full, "required": [k for k in full["required"] if k in shows]}
        schema = {**schema, "$defs": {**schema["$defs"], "full": narrowed}}
    found = schema_errors(schema, state)
    if found:
        where, what = found[0]
        raise EngineError("malformed", f"the state answer is not a proper state: "
                          f"{where}: {what}")


STDERR_HEAD, STDERR_TAIL = 12, 12
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # never sent raw to a terminal


def stderr_lines(text: str) -> list[str]:
    """The engine's stderr as shown: all of it when short, else its head and its tail
    (a crash's first line, such as Node's ``Error: ...``, and its last frames)."""
    shown = [_CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", line)
             for line in text.strip("\n").splitlines()]
    if len(shown) <= STDERR_HEAD + STDERR_TAIL + 1:
        return shown
    cut = len(shown) - STDERR_HEAD - STDERR_TAIL
    return [*shown[:STDERR_HEAD], f"... ({cut} lines left out) ...", *shown[-STDERR_TAIL:]]
