"""The fuzz campaign's boundaries: what each one feeds, and what it may answer.

Each boundary takes seeds from the project itself (the built-in specs, the suite's case
files, a recorded trace, a saved state, engine replies as the reference writes them,
command lines from the README), mutates them, and calls the code that reads that kind
of outside input, in-process.  A boundary may refuse its input only with the error that
boundary promises (a :class:`SpecError`, a :class:`CaseError`, a :class:`TraceError`,
an :class:`EngineError`, a usage error...); any other exception is a fault: it would be
a traceback or an exit 3 on the command line.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from rummy_spec import decks
from rummy_spec.cli import build_parser
from rummy_spec.cli.base import UsageError
from rummy_spec.conformance import suite_root
from rummy_spec.conformance.suite.cases import CaseError, case_files, case_from_data
from rummy_spec.conformance.suite.safe_yaml import YamlError, load_yaml
from rummy_spec.conformance.wire.client import ProcessEngine
from rummy_spec.conformance.wire.engine import EngineError
from rummy_spec.engine.game import Game
from rummy_spec.engine.io.trace import TraceError, replay, trace_lines
from rummy_spec.engine.records import codec
from rummy_spec.lang import Library, LookupFailure, SpecError, builtin_library, load
from rummy_spec.simulate import play_out

INTERESTING = [b"9" * 30, b"9" * 5000, b"1000000", b"1000001", b"0", b"-1", b"(" * 40,
               b")" * 40, b"\f", b"\x0b", b"\r", b"\r\n", b"\x00", b"\x1b[2J", b"\xef\xbb\xbf",
               "\u2028".encode(), b"\xff", b"\xc3", b"players", b"round", b"unlimited",
               b"decks", b"+" * 10, b"max(", b"by players {", b"}", b"{", b":", b",",
               b"&a", b"*a", b"<<: *a", b"!!python/object", b"2024-01-01", b"~", b"null",
               b"true", b"[", b"]", b'"', b"\\u0000", b"1e308", b"NaN", b"-0", b".inf",
               b"\n" * 3, b"  ", b"\t", b"#"]


def mutate(data: bytes, rng: random.Random, others: list[bytes]) -> bytes:
    """One to four random edits: flip, insert, delete, duplicate, splice, truncate."""
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        n = len(out)
        op = rng.randrange(8)
        at = rng.randrange(n + 1) if n else 0
        if op == 0 and n:
            out[rng.randrange(n)] ^= 1 << rng.randrange(8)
        elif op == 1:
            out[at:at] = bytes([rng.randrange(256)])
        elif op == 2 and n:
            end = min(n, at + rng.randint(1, 40))
            del out[at:end]
        elif op == 3 and n:
            end = min(n, at + rng.randint(1, 200))
            out[at:at] = out[at:end] * rng.randint(1, 4)
        elif op in (4, 5):
            out[at:at] = rng.choice(INTERESTING)
        elif op == 6 and others:
            src = rng.choice(others)
            if src:
                start = rng.randrange(len(src))
                out[at:at] = src[start:start + rng.randint(1, 300)]
        elif op == 7 and n:
            del out[rng.randrange(n):]
    return bytes(out)


@dataclass
class Boundary:
    name: str
    seeds: list[bytes]
    call: Callable[[bytes], None]
    expected: tuple[type[BaseException], ...]


# ----- spec text ---------------------------------------------------------------------

@cache
def _spec_seeds() -> list[bytes]:
    return [text.encode() for text in builtin_library().sources.values()]


def spec_target(tmp: Path) -> Callable[[bytes], None]:
    path = tmp / "fuzz.rummy"

    def call(data: bytes) -> None:
        path.write_bytes(data)
        base = builtin_library()
        lib = Library(dict(base.decls), dict(base.sources))
        try:
            decls = lib.add_file(path)
        except SpecError as err:
            err.render()
            raise
        for decl in decls[:3]:
            variant, problems = lib.resolve(decl.name, ())
            if any(p.severity == "error" for p in problems):
                SpecError(problems, lib.sources).render()
                continue
            decks.full_deck(variant, variant.players.min)
    return call


# ----- case files --------------------------------------------------------------------

@cache
def _case_seeds() -> list[bytes]:
    files = case_files(suite_root() / "cases")
    rng = random.Random(0)
    return [p.read_bytes() for p in rng.sample(files, min(40, len(files)))]


def case_call(data: bytes) -> None:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return  # read_yaml reports it as a CaseError before any YAML is read
    loaded = load_yaml(text)
    case_from_data(loaded, Path("fuzz.yaml"), "fuzz/case")


# ----- traces ------------------------------------------------------------------------

@cache
def _trace_seeds() -> list[bytes]:
    out = []
    for name, seed in (("gin", 3), ("rummy", 4)):
        v = load(name)
        game = play_out(v, v.players.min, seed, "random", turn_cap=8, deal_cap=1).game
        out.append(("\n".join(trace_lines(game)) + "\n").encode())
    return out


def trace_target(tmp: Path) -> Callable[[bytes], None]:
    path = tmp / "fuzz.jsonl"

    def call(data: bytes) -> None:
        path.write_bytes(data)
        replay(path)
    return call


# ----- saved states ------------------------------------------------------------------

@cache
def _state_game() -> Game:
    return Game(load("gin"), 2, 5)


@cache
def _state_seeds() -> list[bytes]:
    return [json.dumps(_state_game().state_json()).encode()]


ODD_VALUES: list[Any] = [None, True, False, -1, 0, 1, 2, 99, 10**30, 1.5, "", "bogus", "AS",
                         "JK", [], {}, ["AS"] * 30, [None], {"a": 1}, "draw", "game-over"]


def _structural(data: bytes) -> Any:
    """The seed state with a few fields (at any depth) set to odd values; which ones is
    drawn from the mutated bytes."""
    rng = random.Random(data)
    state = json.loads(_state_seeds()[0])
    for _ in range(rng.randint(1, 3)):
        node: Any = state
        for _ in range(rng.randint(1, 3)):
            if isinstance(node, dict) and node:
                key = rng.choice(sorted(node))
                if rng.random() < 0.5 or not isinstance(node[key], (dict, list)):
                    node[key] = rng.choice(ODD_VALUES)
                    break
                node = node[key]
            elif isinstance(node, list) and node:
                i = rng.randrange(len(node))
                if rng.random() < 0.5 or not isinstance(node[i], (dict, list)):
                    node[i] = rng.choice(ODD_VALUES)
                    break
                node = node[i]
            else:
                break
    return state


def state_call(data: bytes) -> None:
    g = _state_game()
    try:
        parsed = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        parsed = _structural(data)  # bytes that are not JSON: change the structure instead
    codec.state_from_json(g.rules.table, parsed, g.rules.wild,
                          lambda players, extra: decks.full_deck(g.variant, players, extra))


# ----- engine replies ----------------------------------------------------------------

REPLIES = [
    b'{"seq":1,"protocol":1,"engine":{"name":"x","version":"1"},"variants":["*"],'
    b'"features":["claims","scoring"]}',
    b'{"seq":1,"ok":true}', b'{"seq":1,"result":"accepted"}',
    b'{"seq":1,"result":"rejected","reason":"not-your-turn","message":"wait"}',
    b'{"seq":1,"error":"variant not implemented"}', b'{"seq":1,"skip":"no options"}',
    b'{"seq":1,"count":42}', b'{"seq":1,"actions":[{"type":"draw","player":0}]}',
]


@cache
def _reply_seeds() -> list[bytes]:
    from rummy_spec.conformance.oracle.observe import observe

    state = json.dumps({"seq": 1, "state": observe(_state_game())}).encode()
    return [*REPLIES, state]


class _Quiet(ProcessEngine):
    """A ProcessEngine with no process, to read replies as if one had sent them."""

    def __init__(self) -> None:
        super().__init__("fuzz-engine", timeout=1)


def reply_call(data: bytes) -> None:
    from rummy_spec.conformance.running.runner import check_state_reply

    engine = _Quiet()
    reply = engine._check_reply(data.split(b"\n")[0], {"cmd": "act", "seq": 1})
    if "protocol" in reply:
        engine._parse_hello(reply)
    if "state" in reply:
        state = engine._field(reply, "state", dict, "state")
        check_state_reply(state)
    if "result" in reply and reply["result"] == "rejected":
        engine._field(reply, "reason", str, "act")


# ----- command lines -----------------------------------------------------------------

ARGV = [
    "check spec/gin.rummy", "show continental --players 5 --json",
    "simulate gin --players 2 --games 20 --seed 1 --bot random --trace traces/",
    "replay traces/game-1.jsonl --spec x.rummy", "meld continental 5H JK 7H 8H",
    "solve continental --round 2 5H 6H 7H", "rulebook continental --format md --output x",
    "conformance run --engine reference --timeout 10 --case-timeout 60 --report json r",
    "conformance perft --engine reference --depth 2 --timeout 30",
    "conformance fuzz --engine reference --variant gin --examples 10 --steps 20",
]


@cache
def _parser() -> Any:
    return build_parser()


def argv_call(data: bytes) -> None:
    try:
        argv = data.decode("utf-8").split(" ")
    except UnicodeDecodeError:
        return  # the shell hands Python text
    with contextlib.suppress(SystemExit):  # --help, --version
        _parser().parse_args(argv)


def boundaries(tmp: Path) -> list[Boundary]:
    return [
        Boundary("spec", _spec_seeds(), spec_target(tmp), (SpecError, LookupFailure)),
        Boundary("case", _case_seeds(), case_call, (CaseError, YamlError, yaml.YAMLError)),
        Boundary("trace", _trace_seeds(), trace_target(tmp), (TraceError,)),
        Boundary("state", _state_seeds(), state_call, (codec.CodecError,)),
        Boundary("reply", _reply_seeds(), reply_call, (EngineError,)),
        Boundary("argv", [a.encode() for a in ARGV], argv_call, (UsageError,)),
    ]


__all__ = ["Boundary", "boundaries", "mutate"]
