"""The language server under abuse, over its real pipes: huge, binary and rapidly edited
documents, malformed messages and out-of-range positions.  Every request is answered
(a result or an error) within a bound, shutdown is honoured, and neither stderr nor any
reply holds a stack trace."""

from __future__ import annotations

import json
import random
import time

import pytest

pytest.importorskip("pygls")

from rummy_spec.lsp_io import MOST_MESSAGE

from .fmt_property import generate
from .lsp_client import Server

BOUND = 30.0  # seconds for any one answer, the largest document included
URI = "file:///abuse/doc.rummy"


def _open(s: Server, text: str, version: int = 1, uri: str = URI) -> None:
    s.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "rummy", "version": version, "text": text}})


def _ask(s: Server, method: str, params: object) -> dict[str, object]:
    ident = s.request(method, params)
    start = time.monotonic()
    reply = s.answer(ident, BOUND)
    assert reply is not None, f"{method} was not answered within {BOUND} s"
    assert time.monotonic() - start < BOUND
    assert "Traceback" not in json.dumps(reply) and 'File "' not in json.dumps(reply)
    return reply


def _positions(rng: random.Random) -> list[dict[str, int]]:
    odd = [-1, -(2**31), 0, 1, 2**31 - 1, 2**31, 2**53, 10**30]
    return [{"line": rng.choice(odd), "character": rng.choice(odd)} for _ in range(6)]


def test_the_server_answers_everything_and_stops_when_asked() -> None:
    rng = random.Random(3)
    s = Server()
    try:
        s.initialize()
        doc = {"uri": URI}
        # a document at the size limit, then one past it
        big = "variant y extends gin {\n  score {\n" + "    2: 5\n" * 11_000 + "  }\n}\n"
        _open(s, big)
        _open(s, big + "#" * 100_000, 2)
        # binary: every code point below 256, and lone surrogates escaped in the JSON
        binary = "".join(chr(rng.randrange(256)) for _ in range(5000))
        s.send(json.dumps({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": URI, "version": 3},
            "contentChanges": [{"text": binary}]}}).encode())
        s.send(b'{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":'
               b'{"uri":"' + URI.encode() + b'","version":4},"contentChanges":[{"text":'
               b'"\\ud800\\udfff\\ud800x"}]}}')
        # a burst of edits: one check after it, not two hundred
        text = generate(7)
        for v in range(5, 205):
            cut = rng.randrange(len(text))
            s.notify("textDocument/didChange", {"textDocument": {"uri": URI, "version": v},
                                                "contentChanges": [{"text": text[:cut]}]})
        # malformed messages: not JSON, not JSON-RPC, no header, a lying header, too large
        s.send(b"{not json")
        s.send(b"[1, 2, 3]")
        s.send(b'{"jsonrpc": "1.0", "id": 77, "method": "textDocument/hover"}')
        s.send(b"[" * 100_000 + b"]" * 100_000)
        s.send_raw(b"no header here\r\n\r\n")
        s.send_raw(b"Content-Length: banana\r\n\r\n")
        s.send_raw(b"X" * 10_000 + b"\r\n\r\n")
        s.send_raw(b"Content-Length: %d\r\n\r\n" % (MOST_MESSAGE + 1) + b" " * (MOST_MESSAGE + 1))
        bad = _ask(s, "textDocument/hover", {"nonsense": True})
        assert "error" in bad
        for method in ("textDocument/hover", "textDocument/completion",
                       "textDocument/definition"):
            for pos in _positions(rng):
                _ask(s, method, {"textDocument": doc, "position": pos})
        _ask(s, "textDocument/formatting", {"textDocument": doc,
                                            "options": {"tabSize": 4, "insertSpaces": True}})
        never = _ask(s, "textDocument/hover", {"textDocument": {"uri": "file:///etc/passwd"},
                                               "position": {"line": 0, "character": 0}})
        assert never.get("result") is None and "error" not in never
        _open(s, big, 300, "file:///abuse/big.rummy")
        start = time.monotonic()
        assert s.stop(BOUND) == 0, "shutdown and exit were not honoured"
        assert time.monotonic() - start < BOUND
    finally:
        if s.proc.poll() is None:
            s.proc.kill()
            s.proc.wait()
    err = s.stderr_text()
    assert "Traceback" not in err and 'File "' not in err, err[:2000]
    assert all(line.startswith("rummy-spec lsp: ") for line in err.splitlines()), err[:2000]
    published = [m for m in s.seen if m.get("method") == "textDocument/publishDiagnostics"]
    assert len(published) < 50  # the burst was checked once, not two hundred times
