"""The boundaries the hostile campaign adds to :mod:`.targets`: spec text by grammar, the
formatter (its property, and mutated bytes), command lines run in-process, and the
language server's messages.  Each call raises only its boundary's own refusal; anything
else is a fault (an exit 3 or a traceback for a user)."""

from __future__ import annotations

import contextlib
import io
import json
import logging
import random
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from rummy_spec.cli import run
from rummy_spec.lang import Library, SpecError, builtin_library
from rummy_spec.lang.fmt import format_text

from .fmt_property import _token_gaps, fmt_check, generate
from .targets import Boundary, mutate


class Refused(Exception):
    """An input its boundary refused as it promises to (exit 1 or 2, an error reply)."""


class PropertyFailure(Exception):
    """The formatter broke its property on a generated spec."""


# ----- the formatter ----------------------------------------------------------------------
class FmtCounter:
    generated = 0
    checked = 0  # generated specs that parse: the property is checked on these


def fmt_property_call(data: bytes) -> None:
    seed = int.from_bytes(data[:8].ljust(8, b"\0"), "little")
    text = generate(seed)
    FmtCounter.generated += 1
    parsed, fault = fmt_check(text)
    FmtCounter.checked += parsed
    if fault is not None:
        raise PropertyFailure(f"seed {seed}: {fault}")


def fmt_bytes_call(data: bytes) -> None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise Refused() from None
    try:
        out = format_text(text, "/fuzz/bytes.rummy")
    except SpecError:
        raise Refused() from None
    if format_text(out, "/fuzz/bytes.rummy") != out:
        raise PropertyFailure("fmt is not idempotent on a mutated spec")


# ----- spec text by grammar ---------------------------------------------------------------
def grammar_call(data: bytes) -> None:
    """A generated spec with its tokens shuffled, dropped or doubled, then checked."""
    rng = random.Random(data)
    text = generate(rng.randrange(1 << 40))
    try:
        spans = _token_gaps(text)
    except Exception:
        spans = []
    pieces = [text[a:b] for a, b in spans] or [text]
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(pieces))
        op = rng.randrange(4)
        if op == 0:
            del pieces[i]
        elif op == 1:
            pieces.insert(i, pieces[rng.randrange(len(pieces))])
        elif op == 2:
            j = rng.randrange(len(pieces))
            pieces[i], pieces[j] = pieces[j], pieces[i]
        else:
            pieces[i:i] = [pieces[i]] * rng.randint(2, 200)
    mutated = " ".join(pieces)
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    try:
        decls = lib.add_text(mutated, "/fuzz/grammar.rummy")
    except SpecError as err:
        err.render()
        raise Refused() from None
    for decl in decls[:2]:
        _, problems = lib.resolve(decl.name, ())
        SpecError(problems, lib.sources).render()


# ----- command lines, run ---------------------------------------------------------------
ARGV = [
    "check {spec}", "check --json {spec}", "show {spec} --json", "show gin --players 2",
    "fmt --check {spec}", "meld continental 5H JK 7H 8H", "meld gin 5H 6H 7H",
    "replay {trace}", "list", "reasons gin", "show continental --option x --players 5",
    "check --json gin rummy", "solve continental --round 1 5H 6H 7H 5S 5D 5C",
]


def argv_run_target(tmp: Path, spec: Path, trace: Path) -> Callable[[bytes], None]:
    def call(data: bytes) -> None:
        try:
            words = data.decode("utf-8").replace("{spec}", str(spec)).replace(
                "{trace}", str(trace)).split(" ")
        except UnicodeDecodeError:
            raise Refused() from None
        words = [w for w in words if w]
        if any("\0" in w for w in words):
            raise Refused()  # no operating system passes a NUL inside an argument
        if not words or words[0] in ("simulate", "play", "demo", "bench", "lsp", "analyze",
                                     "compare", "conformance", "rulebook"):
            raise Refused()  # long-running or interactive: not fuzzed in-process
        with contextlib.redirect_stdout(io.StringIO()), \
                contextlib.redirect_stderr(io.StringIO()):
            out = run(words)
        ARGV_CODES[out.code] = ARGV_CODES.get(out.code, 0) + 1
        if out.code == 3:
            raise RuntimeError(f"exit 3: {out.err[:200]}")
        if out.code != 0:
            raise Refused()
    return call


ARGV_CODES: dict[int, int] = {}


# ----- the language server's messages ------------------------------------------------------
class _Writer:
    def __init__(self) -> None:
        self.out: list[bytes] = []

    def write(self, data: bytes) -> None:
        self.out.append(data)

    def close(self) -> None:
        pass


class _Faults(logging.Handler):
    """Counts the language server's own faults (a feature that raised, then answered
    None): each is a bug, counted as a fault by the campaign."""

    count = 0

    def emit(self, record: logging.LogRecord) -> None:
        if " failed: " in record.getMessage():
            _Faults.count += 1


@cache
def _server() -> tuple[Any, _Writer]:
    from rummy_spec.lsp import build_server
    from rummy_spec.lsp_io import quiet_logging

    quiet_logging()
    logging.getLogger("rummy_spec.lsp").addHandler(_Faults())
    for name in ("pygls", "rummy_spec.lsp"):  # no stderr from an in-process run
        logger = logging.getLogger(name)
        for h in list(logger.handlers):
            if not isinstance(h, _Faults):
                logger.removeHandler(h)
        logger.addHandler(logging.NullHandler())
    server = build_server()
    writer = _Writer()
    server.protocol.set_writer(writer)
    init = {"jsonrpc": "2.0", "id": 0, "method": "initialize",
            "params": {"processId": None, "rootUri": None, "capabilities": {}}}
    from rummy_spec.lsp_io import dispatch

    dispatch(server.protocol, json.dumps(init).encode())
    return server, writer


def _lsp_seeds() -> list[bytes]:
    uri = "file:///fuzz/doc.rummy"
    text = generate(11)
    pos = {"line": 1, "character": 6}
    doc = {"uri": uri}
    out: list[dict[str, Any]] = [
        {"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "rummy", "version": 1, "text": text}}},
        {"method": "textDocument/didChange", "params": {"textDocument": {"uri": uri,
         "version": 2}, "contentChanges": [{"text": text.replace("7", "77")}]}},
        {"method": "textDocument/didChange", "params": {"textDocument": {"uri": uri,
         "version": 3}, "contentChanges": [{"range": {"start": {"line": 0, "character": 3},
                                           "end": {"line": 1, "character": 0}},
                                            "text": "x {"}]}},
        {"id": 1, "method": "textDocument/hover", "params": {"textDocument": doc,
                                                             "position": pos}},
        {"id": 2, "method": "textDocument/completion", "params": {"textDocument": doc,
                                                                  "position": pos}},
        {"id": 3, "method": "textDocument/definition", "params": {"textDocument": doc,
                                                                  "position": pos}},
        {"id": 4, "method": "textDocument/formatting", "params": {
            "textDocument": doc, "options": {"tabSize": 4, "insertSpaces": True}}},
        {"id": 5, "method": "textDocument/hover", "params": {
            "textDocument": {"uri": "file:///etc/passwd"}, "position": pos}},
    ]
    return [json.dumps({"jsonrpc": "2.0", **m}).encode() for m in out]


def lsp_call(data: bytes) -> None:
    from rummy_spec.lsp_io import dispatch

    server, writer = _server()
    writer.out.clear()
    before = _Faults.count
    dispatch(server.protocol, data)
    if _Faults.count != before:
        raise RuntimeError("a language-server feature raised (answered None)")
    replies = [r for r in writer.out]
    for raw in replies:
        if b"Traceback" in raw or b'File "' in raw:
            raise RuntimeError("a traceback in a reply")
    try:
        sent = json.loads(data)
    except (ValueError, RecursionError):
        raise Refused() from None
    ident = sent.get("id") if isinstance(sent, dict) else None
    if isinstance(sent, dict) and "method" in sent and isinstance(ident, (int, str)) \
            and not isinstance(ident, bool) and sent.get("method") != "exit":
        answers = [json.loads(r.split(b"\r\n\r\n", 1)[-1]) for r in replies]
        mine = [a for a in answers if isinstance(a, dict) and a.get("id") == ident]
        if not mine:
            raise RuntimeError(f"request {sent.get('method')!r} was not answered")
        if "error" in mine[0]:
            raise Refused()


def hostile_boundaries(tmp: Path) -> list[Boundary]:
    from rummy_spec.engine.io.trace import trace_lines
    from rummy_spec.lang import load
    from rummy_spec.simulate import play_out

    spec = tmp / "house.rummy"
    spec.write_text(generate(3), encoding="utf-8")
    trace = tmp / "game.jsonl"
    v = load("gin")
    game = play_out(v, 2, 1, "random", turn_cap=8, deal_cap=1).game
    trace.write_text("\n".join(trace_lines(game)) + "\n", encoding="utf-8")
    spec_seeds = [generate(s).encode() for s in range(20)]
    return [
        Boundary("fmt-property", [bytes(8)], fmt_property_call, (Refused,)),
        Boundary("fmt-bytes", spec_seeds, fmt_bytes_call, (Refused,)),
        Boundary("spec-grammar", [bytes(8)], grammar_call, (Refused,)),
        Boundary("argv-run", [a.encode() for a in ARGV], argv_run_target(tmp, spec, trace),
                 (Refused,)),
        Boundary("lsp", _lsp_seeds(), lsp_call, (Refused,)),
    ]


__all__ = ["ARGV_CODES", "FmtCounter", "PropertyFailure", "Refused", "hostile_boundaries",
           "mutate"]
