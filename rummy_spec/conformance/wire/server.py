"""The engine side of the protocol: an :class:`Engine` served over JSON lines.

Reads one request per line on stdin, writes one reply per line on stdout, and stops at
``close`` or end of input.  The requests one read brings (a fuzz step's ``act`` and
``state``, sent together) are answered together, in one write; a request that comes
alone is answered at once.  Every reply echoes the request's ``seq``.  A request
that cannot be understood gets an ``error`` reply; the server itself never dies of one.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable
from typing import Any, BinaryIO, TextIO

from .engine import Engine, EngineError, NewGame, SkipGame

JSON = dict[str, Any]
CHUNK = 65536
# one encoder for every reply (json.dumps with options builds a new one each call)
_encode = json.JSONEncoder(separators=(",", ":")).encode


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
        return {"protocol": h.protocol, "engine": {"name": h.name, "version": h.version},
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
    if cmd == "view":
        seat = msg.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            return {"error": "view: 'seat' must be a seat number"}
        return {"view": engine.view(seat)}
    if cmd == "close":
        return {"ok": True}
    return {"error": f"unknown command {cmd!r}"}


def answer(engine: Engine, line: str | bytes) -> tuple[str | None, bool]:
    """The reply line (None for a blank line) to one request line, and whether it was
    ``close``.  Whatever the line holds, a reply comes back: the server never dies."""
    if not line.strip():
        return None, False
    msg: Any = None
    try:
        msg = json.loads(line.decode("utf-8") if isinstance(line, bytes) else line)
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
    return _encode(reply), isinstance(msg, dict) and msg.get("cmd") == "close"


def serve(engine: Engine, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Serve requests until ``close`` or the end of input (default: stdin and stdout as
    pipes, see :func:`serve_pipes`; given streams: each reply written and flushed)."""
    if inp is None and out is None:
        try:
            fd = sys.stdin.fileno()
        except (AttributeError, OSError, ValueError):  # (stdin replaced, not a file)
            fd = -1
        if fd >= 0:
            return serve_pipes(engine, fd, sys.stdout.buffer)
    src: Iterable[str | bytes] = inp if inp is not None else sys.stdin.buffer
    text = out if out is not None else None
    raw = sys.stdout.buffer
    for line in src:
        reply, closing = answer(engine, line)
        if reply is not None:
            if text is not None:
                text.write(reply + "\n")
                text.flush()
            else:
                raw.write((reply + "\n").encode("utf-8"))
                raw.flush()
        if closing:
            break
    return 0


def serve_pipes(engine: Engine, fd: int, out: BinaryIO) -> int:
    """Serve the requests read from ``fd``: what one read brings is answered in order and
    the replies written together, in one write (a runner that sends a step's ``act`` and
    ``state`` at once is woken once, not twice); a request that arrives alone is answered
    at once, so a runner that waits for each reply never waits on a batch."""
    pending = b""
    while True:
        try:
            chunk = os.read(fd, CHUNK)
        except InterruptedError:  # (a signal: read again)
            continue
        except OSError:
            chunk = b""
        if not chunk:
            break
        if b"\n" not in chunk:  # (a long request comes in many reads)
            pending += chunk
            continue
        *lines, pending = (pending + chunk).split(b"\n")
        replies = []
        closing = False
        for line in lines:
            reply, closing = answer(engine, line)
            if reply is not None:
                replies.append(reply)
            if closing:
                break
        if replies:
            out.write(("\n".join(replies) + "\n").encode("utf-8"))
            out.flush()
        if closing:
            return 0
    if pending.strip():  # the last request, without its newline
        reply, _ = answer(engine, pending)
        if reply is not None:
            out.write((reply + "\n").encode("utf-8"))
            out.flush()
    return 0
