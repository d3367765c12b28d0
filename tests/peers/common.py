"""Shared by the peer-engine adapter tests: loading an adapter, talking to it over the
protocol, explicit deals, and random play compared with the reference."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from rummy_spec.cli import run as cli
from rummy_spec.conformance.oracle.observe import AFTER_ROUND, FIELDS, differences
from rummy_spec.conformance.suite.cases import load_cases
from rummy_spec.conformance.wire.engine import Engine, NewGame
from rummy_spec.lang.library import builtin_library

JSON = dict[str, Any]
ROOT = Path(__file__).resolve().parents[2]
ADAPTERS = ROOT / "conformance" / "adapters"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [r + s for s in "CDHS" for r in RANKS]


def load_adapter(name: str) -> ModuleType:
    """The adapter ``conformance/adapters/<name>.py`` as a module."""
    path = ADAPTERS / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"peer_adapter_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def need_profile(variant: str) -> None:
    """Skip unless this checkout's built-in library has the engine's profile."""
    if variant not in builtin_library().decls:
        pytest.skip(f"the {variant} profile (spec/{variant}.rummy) is not in this checkout")


class Session:
    """An adapter process spoken to line by line; every stdout line must be JSON."""

    def __init__(self, name: str) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, str(ADAPTERS / f"{name}.py")], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, bufsize=1)
        self.seq = 0

    def send_line(self, line: str) -> JSON:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        data = json.loads(reply)  # never a traceback or anything else on stdout
        assert isinstance(data, dict)
        return data

    def request(self, cmd: str, **fields: Any) -> JSON:
        self.seq += 1
        reply = self.send_line(json.dumps({"cmd": cmd, "seq": self.seq, **fields}))
        assert reply.get("seq") == self.seq
        return reply

    def close(self) -> int:
        reply = self.request("close")
        assert reply.get("ok") is True
        try:
            return self.proc.wait(timeout=10)
        finally:
            for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
                if stream is not None:
                    stream.close()


def act(e: Engine, kind: str, player: int, **fields: Any) -> str:
    """The reason (or "ok") of one action of the engine's."""
    return e.act({"type": kind, "player": player, **fields}).text


def refused_unchanged(e: Engine, action: JSON, code: str) -> None:
    before = e.state()
    verdict = e.act(action)
    assert (verdict.accepted, verdict.reason) == (False, code), (action, verdict)
    assert e.state() == before


def hello_of(s: Session, variant: str) -> JSON:
    """The adapter's hello, holding what every gin adapter claims."""
    hello: JSON = s.request("hello", protocol=2, runner="test")
    assert hello["protocol"] == 2 and hello["variants"] == [variant]
    assert "knock-melds" in hello["features"]
    assert {"knock", "perft", "scoring"} <= set(hello["features"])
    return hello



def run_profile_cases(variant: str, adapter: str) -> None:
    """``conformance run`` of the variant's cases against the adapter, with its skip file:
    every case passes, fails as listed, or is skipped."""
    need_profile(variant)
    if not load_cases(variants=[variant]):
        pytest.skip(f"no conformance cases for {variant} in this checkout")
    out = cli(["conformance", "run", "--variant", variant, "--timeout", "30",
               "--skip-file", str(ADAPTERS / f"{adapter}.skip"), "--engine",
               f"{sys.executable} {ADAPTERS / f'{adapter}.py'}"])
    assert out.code == 0, out.out[-2000:]

def shuffled_pack(rng: random.Random) -> list[str]:
    pack = PACK[:]
    rng.shuffle(pack)
    return pack


def play_against_reference(engine: Engine, variant: str, setup: JSON, rng: random.Random,
                           steps: int = 150, throw_back: bool = True) -> list[str]:
    """Random play (a legal action of the reference's, and now and then a near miss) on
    the reference and the engine; the first difference, as lines (empty: none).

    ``throw_back=False`` never discards the upcard just taken and takes the upcard at
    most 40 times: clear of OpenSpiel's two unstated draw rules (docs/peers.md)."""
    from rummy_spec.conformance.oracle.reference import ReferenceEngine

    ref = ReferenceEngine()
    game = NewGame(variant, (), 2, setup)
    ref.new(game)
    engine.new(game)
    taken: str | None = None
    upcards = 0
    for step in range(steps):
        want = ref.state()
        got = engine.state()
        over = want["phase"] in ("round-over", "game-over")
        keys = AFTER_ROUND if over else FIELDS
        diffs = differences({k: want[k] for k in keys}, got)
        if diffs:
            return [f"step {step}: {k}: reference {w!r}, engine {g!r}" for k, w, g in diffs]
        if over:
            return []
        legal = ref.legal()
        if sorted(map(_key, legal)) != sorted(map(_key, engine.legal())):
            return [f"step {step}: legal actions differ"]
        if not throw_back:
            legal = [a for a in legal if not (a["type"] == "discard" and a["card"] == taken)
                     and not (a["type"] == "draw" and a["source"] == "discard"
                              and upcards >= 40)] or legal
        tries = [near_miss(want, rng) for _ in range(rng.randrange(3))]
        going_out = [a for a in legal if a["type"] in ("knock", "lay_off")]
        tries.append(rng.choice(going_out) if going_out and rng.random() < 0.6
                     else rng.choice(legal))
        for action in tries:
            w, e = ref.act(action), engine.act(action)
            if (w.accepted, w.reason) != (e.accepted, e.reason):
                return [f"step {step}: {action}: reference {w.text}, engine {e.text}"]
            if w.accepted:
                if action["type"] == "draw":
                    taken = want["discard_top"] if action["source"] == "discard" else None
                    upcards += action["source"] == "discard"
                break
    return []


def _key(action: JSON) -> str:
    return json.dumps(action, sort_keys=True)


def near_miss(state: JSON, rng: random.Random) -> JSON:
    """An action that is often refused: the wrong player, a card not held, a wrong step."""
    player = rng.choice([state["turn"], 1 - state["turn"]])
    kind = rng.choice(["draw", "discard", "knock", "pass", "lay_off", "dead_hand", "meld"])
    action: JSON = {"type": kind, "player": player}
    hand = state["hands"][player] or PACK
    if kind == "draw":
        action["source"] = rng.choice(["stock", "discard"])
    if kind in ("discard", "knock", "lay_off"):
        action["card"] = rng.choice(hand if rng.random() < 0.8 else PACK)
    if kind == "lay_off":
        action["meld"] = rng.randrange(len(state["table"]) + 1)
    if kind == "meld":
        action["melds"] = [hand[:3]]
    return action
