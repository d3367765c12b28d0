"""perft: counts of legal non-meld action sequences from fixed positions.

Conventions (stated again in each ``conformance/perft/*.yaml`` header):

* the actions counted are every legal action that lays no new meld: draw (stock,
  upcard), buy, pass, discard (each distinct card; a chosen Skip once per target), call
  (each distinct card the caller may throw, or once where the caller throws none),
  give, knock (each distinct card, and big gin with no discard), and lay_off (each
  distinct card onto each table meld; a wild onto a run once per end).  go_down, meld,
  swap and shift are never counted and never played;
* every player entitled to act counts (claimants in a claim window, givers, callers);
* an action that ends the round is a leaf: what follows it is not counted;
* ``perft(0) = 1``; ``perft(d)`` sums ``perft(d - 1)`` over the counted actions.
"""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..oracle.counting import perft_count
from ..oracle.reference import ReferenceEngine
from ..suite.variants import not_claimed
from ..wire.engine import Engine, EngineError, NewGame, SkipGame
from .replies import action_text

JSON = dict[str, Any]

PERFT_CONVENTIONS = """\
Each position is an explicit deal (setup) and the moves leading from it.  counts[d-1] is
perft(d): the number of sequences of d legal actions from the position, where
- only actions that lay no new meld count: draw (stock, upcard), buy, pass, discard (each
  distinct card; a Skip whose target is chosen once per target), call (each distinct card
  the caller may throw, or once where he throws none), give, knock (each distinct card,
  and big gin without a discard) and lay_off (each distinct card onto each table meld; a
  wild onto a run once per end).  go_down, meld, swap and shift are never played;
- every player entitled to act counts: claimants in a claim window, callers, givers;
- an action that ends the round is a leaf: nothing after it is counted;
- perft(0) = 1, and perft(d) sums perft(d-1) over the counted actions.
Table melds are numbered as in the protocol (PROTOCOL.md)."""


# ----- perft files -----------------------------------------------------------------------

@dataclass(frozen=True)
class Position:
    """One fixed position: a deal, the actions leading from it, counts by depth."""

    name: str
    variant: str
    options: tuple[str, ...]
    players: int
    setup: JSON
    moves: tuple[JSON, ...]
    counts: tuple[int, ...]  # counts[d - 1] = perft(d)


@dataclass(frozen=True)
class PerftFile:
    path: Path
    suite: int
    conventions: str
    positions: tuple[Position, ...]


class PerftError(ValueError):
    """A perft file that cannot be used; the message names file and field."""


def load_perft(path: Path) -> PerftFile:
    from .. import SUITE_VERSION, suite_root
    from ..suite.cases import CaseError, read_yaml
    from ..suite.schema_check import errors, load_schema

    try:
        data = read_yaml(path)
    except CaseError as err:
        raise PerftError(str(err)) from None
    found = errors(load_schema(suite_root() / "schema" / "perft.schema.json"), data)
    if found:
        where, what = found[0]
        raise PerftError(f"{path}: {where}: {what}")
    if data["suite"] > SUITE_VERSION:
        raise PerftError(f"{path}: suite: version {data['suite']} is newer than this runner")
    from ..suite.variants import case_spec

    try:
        case_spec({"variant": data["positions"][0]["variant"], **data}, path)
    except ValueError as err:
        raise PerftError(f"{path}: {err}") from None
    positions = tuple(
        Position(p["name"], p["variant"], tuple(p.get("options", ())), p["players"],
                 p["setup"], tuple(p.get("moves", ())), tuple(p["counts"]))
        for p in data["positions"])
    return PerftFile(path, data["suite"], data["conventions"], positions)


def perft_files(root: Path, patterns: tuple[str, ...] = ()) -> list[Path]:
    files = sorted(root.glob("*.yaml"))
    if patterns:
        files = [f for f in files if any(fnmatch.fnmatchcase(f.stem, g) for g in patterns)]
    return files


@dataclass
class PositionResult:
    file: str
    position: str
    status: str  # passed | failed | errored | skipped
    lines: list[str] = field(default_factory=list)


def _at(engine: Engine, pos: Position, extra: list[JSON] | None = None) -> None:
    """Set the engine at ``pos`` (and after ``extra`` actions); EngineError if refused."""
    engine.new(NewGame(pos.variant, pos.options, pos.players, pos.setup))
    for i, move in enumerate([*pos.moves, *(extra or [])]):
        v = engine.act(move)
        if not v.accepted:
            raise EngineError("error", f"move {i} ({action_text(move)}) was refused: {v.text}")


def _key(action: JSON) -> str:
    return json.dumps(action, sort_keys=True)


def divide(engine: Engine, pos: Position, depth: int) -> list[str]:
    """perft(depth) split by first action, reference against engine: the differing ones."""
    ref = ReferenceEngine()
    _at(ref, pos)
    want = {_key(a): a for a in ref.legal()}
    _at(engine, pos)
    got = {_key(a): a for a in engine.legal()}
    lines = [f"  divide at depth {depth} (first action: reference count, engine count):"]
    for key in sorted(set(want) | set(got)):
        action = want.get(key) or got[key]
        expected = _count_after(ref, pos, action, depth) if key in want else None
        found = _count_after(engine, pos, action, depth) if key in got else None
        if expected != found:
            lines.append(f"    {action_text(action)}: expected {_shown(expected)}, "
                         f"got {_shown(found)}")
    return lines


def _shown(count: int | None) -> str:
    return "not listed" if count is None else str(count)


def _count_after(engine: Engine, pos: Position, action: JSON, depth: int) -> int:
    _at(engine, pos, [action])
    if depth == 1:
        return 1
    state = engine.state()
    if state["phase"] in ("round-over", "game-over"):
        return 1
    return engine.perft(depth - 1)


def check_position(engine: Engine, pf: PerftFile, pos: Position, depth: int | None
                   ) -> PositionResult:
    result = PositionResult(pf.path.name, pos.name, "passed")
    try:
        _at(engine, pos)
        for d, expected in enumerate(pos.counts[: depth or len(pos.counts)], start=1):
            got = engine.perft(d)
            if got != expected:
                result.status = "failed"
                result.lines = [f"depth {d}: expected {expected}, got {got}",
                                *divide(engine, pos, d)]
                return result
    except SkipGame as why:
        result.status, result.lines = "skipped", [f"the engine declined the game: {why}"]
    except EngineError as err:
        result.status, result.lines = "errored", [f"engine {err.kind}: {err.message}"]
        engine.restart()
    return result


def check_files(engine: Engine, files: list[Path], depth: int | None = None,
                variants: Sequence[str] = ()) -> list[PositionResult]:
    """Every position of ``files`` (only those of ``variants``, when given)."""
    hello = engine.hello()
    out: list[PositionResult] = []
    for path in files:
        pf = load_perft(path)
        for pos in pf.positions:
            if variants and pos.variant not in variants:
                continue
            if "perft" not in hello.features or not hello.supports(pos.variant):
                why = ("the engine does not claim feature 'perft'" if "perft" not in
                       hello.features else not_claimed(pos.variant))
                out.append(PositionResult(path.name, pos.name, "skipped", [why]))
                continue
            out.append(check_position(engine, pf, pos, depth))
    return out


def reference_counts(pos: Position, depth: int) -> list[int]:
    """perft(1..depth) of a position, by the reference."""
    ref = ReferenceEngine()
    _at(ref, pos)
    assert ref.game is not None
    return [perft_count(ref.game.rules, ref.game.state, d) for d in range(1, depth + 1)]
