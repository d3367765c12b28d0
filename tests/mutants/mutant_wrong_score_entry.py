"""A wrong entry in the score table: J..K count 5 each where the spec says 10."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_spec.engine.rules import Rules

from .base import Mutant, misread


def _points(rules: Rules) -> dict[str, Any]:
    faces = rules.table.faces
    return {"points": tuple(5 if (faces[c].rank or 0) >= 11 else p
                            for c, p in enumerate(rules.points))}


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, lambda v: v, _points)


MUTANT = Mutant("wrong-score-entry", "J, Q and K score 5 instead of 10", "rummy", 2,
                frozenset({"score"}), install)
