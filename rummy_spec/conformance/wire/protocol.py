"""The protocol's messages as JSON Schemas: one file per request and reply.

``conformance/schema/protocol/<cmd>-request.schema.json`` and ``<cmd>-reply.schema.json``
publish every message an engine receives and sends; the runner checks each reply against
its schema, so that a wrong reply is named precisely ("reply to 'act': field 'result' is
required but missing") instead of failing later in a confusing way.  The content of a
state is checked apart, against ``schema/state.schema.json``.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .. import suite_root
from ..suite.schema_check import errors, load_schema

JSON = dict[str, Any]
COMMANDS = ("hello", "new", "act", "state", "legal", "perft", "view", "close")


@cache
def message_schema(cmd: str, side: str) -> JSON:
    """The schema of ``cmd``'s request or reply (``side``); KeyError for an unknown one."""
    if cmd not in COMMANDS or side not in ("request", "reply"):
        raise KeyError(f"no protocol message {cmd!r} {side!r}")
    return load_schema(suite_root() / "schema" / "protocol" / f"{cmd}-{side}.schema.json")


def _plainly_good(cmd: str, reply: JSON) -> bool:
    """The replies a fuzz run exchanges by the thousand (``act``, ``state``), when they
    are plainly what their schemas allow: checked by hand, without walking the schema
    (False sends the reply to the schema, which names the fault)."""
    seq = reply.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
        return False
    if cmd == "state":
        return isinstance(reply.get("state"), dict)
    if cmd == "act":
        result = reply.get("result")
        reason = reply.get("reason", "-")
        return (result == "accepted" or (result == "rejected" and "reason" in reply)) \
            and isinstance(reason, str) and reason != "" \
            and isinstance(reply.get("message", ""), str)
    return False


def reply_problem(cmd: str, reply: JSON) -> str | None:
    """What is wrong with an engine's reply to ``cmd`` (the first fault), or None."""
    if cmd not in COMMANDS or _plainly_good(cmd, reply):
        return None
    found = errors(message_schema(cmd, "reply"), reply)
    if not found:
        return None
    where, what = found[0]
    if where == "(top level)":
        return f"reply to '{cmd}': {what}"
    return f"reply to '{cmd}': field '{where}' {what}" if what.startswith("is ") else \
        f"reply to '{cmd}': field '{where}': {what}"
