"""Traces: a game as JSON lines, and their replay with every step verified.

Line 1 is the header (variant, options, players, seed, and ``spec_sha256``, the digest
of the spec file's text the variant was declared in); then one line per action with
the digest of the state it led to; the last line holds the final state in full.

A trace is outside input.  Replay names its variant by name only: the variant is looked
up among the built-in specs and the spec files the user gives (``--spec FILE``), never in
a path the trace holds (a crafted trace would otherwise print any file it names), and
when the header carries a digest the spec's text must match it.  Every line is bounded
(length, JSON depth, integer size) and the header's numbers are checked against the
variant before a game is set up.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...lang import Library, LookupFailure, SpecError, builtin_library, limits
from ...textsafe import outside_text
from ..dispatch.core import IllegalAction
from ..game import Game, GameError
from ..records import codec
from ..records.state import DEAL_CAP, TURN_CAP, Move


class TraceError(Exception):
    """A trace that cannot be read or does not replay; the message says where."""


def trace_lines(game: Game, actions: Iterable[Move] | None = None) -> list[str]:
    """The trace of ``game`` (replaying ``actions`` from its start when given)."""
    replay = Game(game.variant, game.players, game.seed, game.setup, game.turn_cap,
                  game.deal_cap)
    header = game.header()
    digest = spec_digest(game.variant.path)
    if digest is not None:
        header["spec_sha256"] = digest
    lines = [codec.dumps(header)]
    for i, a in enumerate(actions if actions is not None else game.history):
        replay.apply(a)
        lines.append(codec.dumps({"step": i, "action": replay.action_json(a),
                                  "digest": codec.digest(replay.state_json())}))
    lines.append(codec.dumps({"final": replay.state_json()}))
    return lines


def write_trace(game: Game, path: Path) -> None:
    from ...outfile import write_text

    text = "\n".join(trace_lines(game)) + "\n"
    write_text(path, text, "--trace")


def spec_digest(path: str) -> str | None:
    """The SHA-256 of the text of the spec file a variant was declared in (None when the
    text cannot be had)."""
    text = builtin_library().sources.get(path)
    if text is None:
        try:
            text = limits.read_spec(Path(path)).removeprefix(limits.BOM)
        except (OSError, SpecError):
            return None
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass
class Replayed:
    game: Game
    steps: int


MOST_TRACE_BYTES = 256 * 1024 * 1024  # a trace file (a long game is a few megabytes)
MOST_LINE = 16 * 1024 * 1024  # one line (the final state is the longest)
MOST_DIGITS = 18  # an integer in a trace: seeds, counts, steps
MOST_CAP = 1_000_000  # turn_cap and deal_cap


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MOST_DIGITS:
        raise ValueError(f"an integer of {len(text)} digits (at most {MOST_DIGITS})")
    return int(text)


def _json(line: str, where: str) -> dict[str, Any]:
    if len(line) > MOST_LINE:
        raise TraceError(f"{where}: the line is too long ({len(line):,} characters; at most "
                         f"{MOST_LINE:,})")
    try:
        data = json.loads(line, parse_int=_bounded_int)
    except json.JSONDecodeError as err:
        raise TraceError(f"{where}: not JSON ({err.msg})") from None
    except RecursionError:
        raise TraceError(f"{where}: the JSON is nested too deeply") from None
    except ValueError as err:
        raise TraceError(f"{where}: {err}") from None
    if not isinstance(data, dict):
        raise TraceError(f"{where}: a JSON object is needed")
    return data


def _header_int(head: dict[str, Any], key: str, where: str, low: int, high: int,
                default: int | None = None) -> int:
    value = head.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool):
        raise TraceError(f"{where}: {key}: a whole number is needed, not "
                         f"{outside_text(json.dumps(value), 40)}")
    if not low <= value <= high:
        raise TraceError(f"{where}: {key} {value}: must be from {low} to {high}")
    return value


def library_with(specs: Sequence[Path]) -> Library:
    """The built-in variants and those of ``specs`` (the files the user names)."""
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    for spec in specs:
        try:
            lib.add_file(spec)
        except LookupFailure as err:
            raise TraceError(f"--spec: {err}") from None
    return lib


def _variant(head: dict[str, Any], where: str, lib: Library) -> Any:
    name = head.get("variant")
    if not isinstance(name, str) or name not in lib.decls:
        shown = outside_text(json.dumps(name), 60)
        raise TraceError(f"{where}: variant {shown} is neither built in nor declared in a "
                         "spec file given with --spec (a trace's 'path' is never read)")
    want = head.get("spec_sha256")
    if want is not None:
        text = lib.sources.get(lib.decls[name].path, "")
        if hashlib.sha256(text.encode("utf-8")).hexdigest() != want:
            raise TraceError(f"{where}: the trace was made from another text of variant "
                             f"'{name}' (spec_sha256 differs; give the spec file it was made "
                             "with, --spec FILE)")
    options = head.get("options") or []
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise TraceError(f"{where}: options: a list of names is needed")
    variant, problems = lib.resolve(name, tuple(options))
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise SpecError(errors, lib.sources)
    return variant


def replay(path: Path, specs: Sequence[Path] = (), library: Library | None = None
           ) -> Replayed:
    """Replay the trace at ``path``; its variant comes from the built-ins or ``specs``."""
    try:
        if not path.is_file():
            raise TraceError(f"{path}: not a regular file")
        if path.stat().st_size > MOST_TRACE_BYTES:
            raise TraceError(f"{path}: too large for a trace (more than "
                             f"{MOST_TRACE_BYTES // 2**20} MB)")
        # JSON Lines end at "\n" alone: splitlines() would also cut at a U+2028 or a form
        # feed, which JSON allows raw inside a string
        lines = [ln.removesuffix("\r") for ln in path.read_text(encoding="utf-8").split("\n")
                 if ln.strip()]
    except (OSError, UnicodeDecodeError) as err:
        raise TraceError(f"{path}: cannot read ({err.__class__.__name__})") from None
    if len(lines) < 2:
        raise TraceError(f"{path}: a trace needs a header and a final line")
    head = _json(lines[0], f"{path}:1")
    if head.get("format") != "rummy-spec/trace":
        raise TraceError(f"{path}:1: not a rummy-spec trace (format field)")
    where = f"{path}:1"
    try:
        variant = _variant(head, where, library or library_with(specs))
        p = variant.players
        high = min(p.max if p.max is not None else limits.MOST_PLAYERS, limits.MOST_PLAYERS)
        players = _header_int(head, "players", where, p.min, high)
        seed = _header_int(head, "seed", where, -(2**63), 2**63 - 1)
        turn_cap = _header_int(head, "turn_cap", where, 1, MOST_CAP, TURN_CAP)
        deal_cap = _header_int(head, "deal_cap", where, 1, MOST_CAP, DEAL_CAP)
        game = Game(variant, players, seed, turn_cap=turn_cap, deal_cap=deal_cap)
    except SpecError as err:
        first = err.errors[0] if err.errors else None
        raise TraceError(f"{where}: cannot set up the game: "
                         f"{first.message if first else 'the spec has errors'}") from None
    except (LookupFailure, GameError, KeyError, TypeError, ValueError) as err:
        raise TraceError(f"{where}: cannot set up the game: "
                         f"{outside_text(str(err), 200)}") from None
    steps = 0
    for n, line in enumerate(lines[1:-1], start=2):
        where = f"{path}:{n}"
        data = _json(line, where)
        try:
            action = game.parse_action(data.get("action"))
            game.apply(action)
        except codec.CodecError as err:
            raise TraceError(f"{where}: bad action: {outside_text(str(err), 200)}") from None
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise TraceError(f"{where}: bad action ({err.__class__.__name__})") from None
        except IllegalAction as err:
            raise TraceError(f"{where}: the action is refused: "
                             f"{outside_text(str(err), 200)}") from None
        got = codec.digest(game.state_json())
        if got != data.get("digest"):
            raise TraceError(f"{where}: state differs after step "
                             f"{outside_text(str(data.get('step')), 20)} (digest {got}, trace "
                             f"says {outside_text(str(data.get('digest')), 80)})")
        steps += 1
    final = _json(lines[-1], f"{path}:{len(lines)}")
    if codec.dumps(final.get("final")) != codec.dumps(game.state_json()):
        raise TraceError(f"{path}:{len(lines)}: the final state differs from the replay")
    return Replayed(game, steps)
