"""A wrong entry in the score table: kings count 5 where the spec says 10."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_spec.engine.rules import Rules

from .base import Mutant, misread


def _points(rules: Rules) -> dict[str, Any]:
    faces = rules.table.faces
    return {"points": tuple(5 if faces[c].rank == 13 else p
                            for c, p in enumerate(rules.points))}


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, lambda v: v, _points)


MUTANT = Mutant("wrong-score-entry", "kings score 5 instead of 10", "rummy", 2,
                frozenset({"score"}), install)
