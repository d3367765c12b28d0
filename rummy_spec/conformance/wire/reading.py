"""Reading an engine's replies (``client``): a line is a proper reply or ``Malformed``, a
field is there with its type, a ``hello`` claims what the runner can use.  Nothing here
touches the process; the client stops it on a malformed reply.
"""

from __future__ import annotations

import json
from typing import Any

from ...textsafe import outside_text
from .. import PROTOCOLS, SINCE
from .engine import EngineError, Hello
from .protocol import reply_problem

JSON = dict[str, Any]
MOST_DEPTH = 64  # JSON nesting in a reply (a state is about five levels deep)
MOST_DIGITS = 18  # an integer in a reply
# a run of more digits than MOST_DIGITS, found as a run of NULs once every digit is one
# (a NUL cannot stand in JSON text, so a reply holding one fails to parse either way)
_DIGITS = bytes.maketrans(b"0123456789", b"\0" * 10)
_LONG_RUN = b"\0" * (MOST_DIGITS + 1)

class Malformed(ValueError):
    """A reply that is not a proper reply: the message says how."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MOST_DIGITS:
        raise ValueError(f"an integer of {len(text)} digits")
    return int(text)


def _depth(value: Any) -> int:
    """How deeply ``value`` nests lists and objects (iteratively: it may be deep)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict):
            v = list(v.values())
        if isinstance(v, list):
            deepest = max(deepest, d)
            if d > MOST_DEPTH:
                break
            stack.extend((x, d + 1) for x in v)
    return deepest


def read_reply(raw: bytes, msg: JSON) -> JSON:
    """The reply to ``msg`` read from its line: a JSON object of bounded depth and digits,
    with the request's ``seq`` and the fields its command needs (``Malformed`` if not);
    an ``error`` reply is the engine's own report (``EngineError``)."""
    cmd = msg["cmd"]
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise Malformed(f"reply to '{cmd}' is not UTF-8 (byte "
                        f"0x{raw[err.start]:02x} at {err.start})") from None
    try:  # (integers are bounded only where the line holds a long run of digits)
        reply = json.loads(line, parse_int=_bounded_int) \
            if _LONG_RUN in raw.translate(_DIGITS) else json.loads(line)
    except json.JSONDecodeError:
        shown = outside_text(line.strip(), 200)
        raise Malformed(f"reply to '{cmd}' is not JSON: '{shown}'") from None
    except RecursionError:
        raise Malformed(f"reply to '{cmd}' is nested too deeply") from None
    except ValueError as err:
        raise Malformed(f"reply to '{cmd}': {err}") from None
    if not isinstance(reply, dict):
        shown = outside_text(line.strip(), 200)
        raise Malformed(f"reply to '{cmd}' is not a JSON object: '{shown}'")
    # (fewer brackets than the limit cannot nest deeper than it: most replies)
    if line.count("[") + line.count("{") > MOST_DEPTH and _depth(reply) > MOST_DEPTH:
        raise Malformed(f"reply to '{cmd}' is nested more than {MOST_DEPTH} "
                        "levels deep")
    seq = reply.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq != msg["seq"]:
        raise Malformed(f"reply to '{cmd}' has seq "
                        f"{outside_text(json.dumps(seq), 40)}, expected {msg['seq']}")
    if "error" in reply:
        raise EngineError("error", outside_text(str(reply["error"]), 300), "")
    problem = reply_problem(msg["cmd"], reply)
    if problem is not None:
        raise Malformed(problem)
    return reply

def field(reply: JSON, key: str, kind: type | tuple[type, ...], cmd: str) -> Any:
    """The reply's field ``key``, of type ``kind`` (``Malformed`` if missing or not)."""
    value = reply.get(key)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise Malformed(f"reply to '{cmd}': field '{key}' missing or of "
                        f"the wrong type: {outside_text(json.dumps(reply), 200)}")
    return value

def read_hello(reply: JSON, command: str) -> Hello:
    """What the engine claims in its ``hello`` reply (``command`` names it when the reply
    does not)."""
    protocol = field(reply, "protocol", int, "hello")
    if protocol not in PROTOCOLS:
        raise Malformed(f"the engine speaks protocol {protocol}, "
                        f"this runner {' or '.join(map(str, PROTOCOLS))}")
    variants = field(reply, "variants", list, "hello")
    features = field(reply, "features", list, "hello")
    if not variants:
        raise Malformed("reply to 'hello': the engine claims no variant "
                        "(list the variants it plays, or \"*\")")
    if not all(isinstance(v, str) for v in [*variants, *features]):
        raise Malformed("reply to 'hello': variants and features must be "
                        "lists of names")
    shows = reply.get("state")
    if shows is not None and not (isinstance(shows, list) and all(
            isinstance(f, str) for f in shows) and ("phase" in shows or not shows)):
        raise Malformed("reply to 'hello': 'state' must list the fields "
                        "of the state the engine shows, 'phase' among them (or be "
                        "empty: no state shown)")
    about = reply.get("engine") if isinstance(reply.get("engine"), dict) else {}
    assert isinstance(about, dict)
    reasons = reply.get("reasons", "reference")
    if reasons not in ("reference", "own"):
        raise Malformed("reply to 'hello': 'reasons' is 'reference' (the "
                        "reference's reason codes) or 'own', not "
                        f"{outside_text(json.dumps(reasons), 40)}")
    return Hello(protocol, outside_text(str(about.get("name", command)), 80),
                 outside_text(str(about.get("version", "")), 40),
                 None if "*" in variants else frozenset(map(str, variants)),
                 frozenset(f for f in map(str, features)
                           if SINCE.get(f, 1) <= protocol),
                 None if shows is None else frozenset(map(str, shows)), reasons)
