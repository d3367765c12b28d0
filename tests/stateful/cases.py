"""The stateful suite's cases: every spec file x player counts x each option."""

from __future__ import annotations

from pathlib import Path

from rummy_spec.lang import load
from rummy_spec.lang.data import spec_dir

OPEN_CAP = 6  # player counts tried for an open range ("2+") stop here


def player_counts(low: int, high: int | None) -> list[int]:
    """The minimum, a typical count (half way) and the maximum (capped when open)."""
    top = high if high is not None else max(low, OPEN_CAP)
    return sorted({low, low + (top - low) // 2, top})


def spec_files() -> list[Path]:
    return sorted(spec_dir().glob("*.rummy"))


def cases(quick: bool = False) -> list[tuple[str, int, tuple[str, ...]]]:
    out: list[tuple[str, int, tuple[str, ...]]] = []
    for path in spec_files():
        base = load(str(path))
        options = [(), *((o.name,) for o in base.options)]
        for option in options[:1] if quick else options:
            counts = player_counts(base.players.min, base.players.max)
            for n in counts[:1] if quick else counts:
                out.append((str(path), n, option))
    return out


def case_id(case: tuple[str, int, tuple[str, ...]]) -> str:
    path, n, option = case
    return f"{Path(path).stem}-{'+'.join(option) or 'base'}-{n}p"
