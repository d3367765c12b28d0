"""Names the docs tests share (the fixtures themselves are in conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

Result = tuple[int, str, str]  # exit code, stdout, stderr
Cli = Callable[..., Result]


@dataclass(frozen=True)
class Build:
    """A finished ``sphinx-build -W -n`` of docs/ into a temporary directory."""

    code: int
    output: str
    html: Path
