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
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.core import apply
from ..engine.moves import legal_actions
from ..engine.rules import Rules
from ..engine.state import Action, State

JSON = dict[str, Any]
NOT_COUNTED = frozenset({"go_down", "meld", "swap", "shift"})


def legal_non_meld(rules: Rules, state: State) -> list[Action]:
    return [a for a in legal_actions(rules, state) if a.type not in NOT_COUNTED]


def perft_count(rules: Rules, state: State, depth: int) -> int:
    if depth == 0:
        return 1
    done = len(state.results)
    total = 0
    for a in legal_non_meld(rules, state):
        after = apply(rules, state, a)
        if depth == 1 or len(after.results) > done or after.phase == "game-over":
            total += 1
        else:
            total += perft_count(rules, after, depth - 1)
    return total


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
    from . import SUITE_VERSION
    from .cases import read_yaml
    from .schema_check import errors, load_schema

    data = read_yaml(path)
    from . import suite_root

    found = errors(load_schema(suite_root() / "schema" / "perft.schema.json"), data)
    if found:
        where, what = found[0]
        raise PerftError(f"{path}: {where}: {what}")
    if data["suite"] > SUITE_VERSION:
        raise PerftError(f"{path}: suite: version {data['suite']} is newer than this runner")
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
    lines: list[str]


Reporter = Callable[[str], None]
