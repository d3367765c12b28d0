"""Traces: a game as JSON lines, and their replay with every step verified.

Line 1 is the header (variant, options, players, seed); then one line per action with
the digest of the state it led to; the last line holds the final state in full.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..lang import LookupFailure, SpecError, load
from . import codec
from .core import IllegalAction
from .game import Game, GameError
from .rules import DEAL_CAP, TURN_CAP
from .state import Action


class TraceError(Exception):
    """A trace that cannot be read or does not replay; the message says where."""


def trace_lines(game: Game, actions: Iterable[Action] | None = None) -> list[str]:
    """The trace of ``game`` (replaying ``actions`` from its start when given)."""
    replay = Game(game.variant, game.players, game.seed, game.setup, game.turn_cap,
                  game.deal_cap)
    lines = [codec.dumps(game.header())]
    for i, a in enumerate(actions if actions is not None else game.history):
        replay.apply(a)
        lines.append(codec.dumps({"step": i, "action": replay.action_json(a),
                                  "digest": codec.digest(replay.state_json())}))
    lines.append(codec.dumps({"final": replay.state_json()}))
    return lines


def write_trace(game: Game, path: Path) -> None:
    from ..outfile import write_text

    text = "\n".join(trace_lines(game)) + "\n"
    write_text(path, text, "--trace")


@dataclass
class Replayed:
    game: Game
    steps: int


def _json(line: str, where: str) -> dict[str, Any]:
    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        raise TraceError(f"{where}: not JSON ({err.msg})") from None
    if not isinstance(data, dict):
        raise TraceError(f"{where}: a JSON object is needed")
    return data


def replay(path: Path) -> Replayed:
    try:
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines() if ln.strip()]
    except (OSError, UnicodeDecodeError) as err:
        raise TraceError(f"{path}: cannot read ({err.__class__.__name__})") from None
    if len(lines) < 2:
        raise TraceError(f"{path}: a trace needs a header and a final line")
    head = _json(lines[0], f"{path}:1")
    if head.get("format") != "rummy-spec/trace":
        raise TraceError(f"{path}:1: not a rummy-spec trace (format field)")
    target = head.get("variant")
    if head.get("path") and Path(str(head["path"])).is_file():
        target = head["path"]
    try:
        variant = load(str(target), tuple(head.get("options") or ()))
        game = Game(variant, int(head["players"]), int(head["seed"]),
                    turn_cap=int(head.get("turn_cap", TURN_CAP)),
                    deal_cap=int(head.get("deal_cap", DEAL_CAP)))
    except (SpecError, LookupFailure, GameError, KeyError, TypeError, ValueError) as err:
        raise TraceError(f"{path}:1: cannot set up the game: {err}") from None
    steps = 0
    for n, line in enumerate(lines[1:-1], start=2):
        where = f"{path}:{n}"
        data = _json(line, where)
        try:
            action = game.parse_action(data.get("action"))
            game.apply(action)
        except codec.CodecError as err:
            raise TraceError(f"{where}: bad action: {err}") from None
        except IllegalAction as err:
            raise TraceError(f"{where}: the action is refused: {err}") from None
        got = codec.digest(game.state_json())
        if got != data.get("digest"):
            raise TraceError(f"{where}: state differs after step {data.get('step')} "
                             f"(digest {got}, trace says {data.get('digest')})")
        steps += 1
    final = _json(lines[-1], f"{path}:{len(lines)}")
    if codec.dumps(final.get("final")) != codec.dumps(game.state_json()):
        raise TraceError(f"{path}:{len(lines)}: the final state differs from the replay")
    return Replayed(game, steps)
