"""The engine side of the protocol: an :class:`Engine` served over JSON lines.

Reads one request per line on stdin, writes one reply per line on stdout (flushed), and
stops at ``close`` or end of input.  Every reply echoes the request's ``seq``.  A request
that cannot be understood gets an ``error`` reply; the server itself never dies of one.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from typing import Any, TextIO

from . import PROTOCOL_VERSION
from .engine import Engine, EngineError, NewGame, SkipGame

JSON = dict[str, Any]


def _new(engine: Engine, msg: JSON) -> JSON:
    missing = [k for k in ("variant", "players", "setup") if k not in msg]
    if missing:
        return {"error": f"new: missing field(s) {', '.join(missing)}"}
    try:
        engine.new(NewGame(str(msg["variant"]), tuple(msg.get("options") or ()),
                           int(msg["players"]), dict(msg["setup"])))
    except SkipGame as why:
        return {"skip": str(why)}
    return {"ok": True}


def handle(engine: Engine, msg: JSON) -> JSON:
    """The reply (without ``seq``) to one request."""
    cmd = msg.get("cmd")
    if cmd == "hello":
        h = engine.hello()
        return {"protocol": PROTOCOL_VERSION, "engine": {"name": h.name, "version": h.version},
                "variants": ["*"] if h.variants is None else sorted(h.variants),
                "features": sorted(h.features),
                **({} if h.shows is None else {"state": sorted(h.shows)}),
                **({} if h.reasons == "reference" else {"reasons": h.reasons})}
    if cmd == "new":
        return _new(engine, msg)
    if cmd == "act":
        if not isinstance(msg.get("action"), dict):
            return {"error": "act: 'action' must be a JSON object"}
        v = engine.act(msg["action"])
        if v.accepted:
            return {"result": "accepted"}
        return {"result": "rejected", "reason": v.reason, "message": v.message}
    if cmd == "state":
        return {"state": engine.state()}
    if cmd == "legal":
        return {"actions": engine.legal()}
    if cmd == "perft":
        depth = msg.get("depth")
        if not isinstance(depth, int) or isinstance(depth, bool) or depth < 0:
            return {"error": "perft: 'depth' must be a whole number >= 0"}
        return {"count": engine.perft(depth)}
    if cmd == "close":
        return {"ok": True}
    return {"error": f"unknown command {cmd!r}"}


def serve(engine: Engine, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Serve requests until ``close`` or the end of input (default: stdin and stdout, read
    and written as bytes, each reply flushed)."""
    src: Iterable[str | bytes] = inp if inp is not None else sys.stdin.buffer
    if out is not None:
        text = out

        def write(reply: str) -> None:
            text.write(reply + "\n")
            text.flush()
    else:
        raw = sys.stdout.buffer

        def write(reply: str) -> None:
            raw.write((reply + "\n").encode("utf-8"))
            raw.flush()

    for line in src:
        if not line.strip():
            continue
        msg: Any = None
        try:
            msg = json.loads(line)
        except json.JSONDecodeError as err:
            reply: JSON = {"seq": None, "error": f"not JSON: {err.msg}"}
        except (RecursionError, ValueError) as err:  # nested too deeply, huge integers, not UTF-8
            reply = {"seq": None, "error": f"cannot read the request: {err.__class__.__name__}"}
        else:
            if not isinstance(msg, dict):
                reply = {"seq": None, "error": "a request must be a JSON object"}
            else:
                try:
                    reply = handle(engine, msg)
                except EngineError as err:
                    reply = {"error": err.message}
                except Exception as err:  # the server reports, never dies
                    reply = {"error": f"internal error: {err.__class__.__name__}: {err}"}
                reply = {"seq": msg.get("seq"), **reply}
        write(json.dumps(reply, separators=(",", ":")))
        if isinstance(msg, dict) and msg.get("cmd") == "close":
            break
    return 0
