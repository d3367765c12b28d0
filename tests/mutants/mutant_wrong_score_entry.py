"""A wrong entry in the score table: 2..10 count 5 each where the spec says pip value."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_spec.engine.records.rules import Rules

from .base import Mutant, misread


def _points(rules: Rules) -> dict[str, Any]:
    faces = rules.table.faces
    return {"points": tuple(5 if 2 <= (faces[c].rank or 0) <= 10 else p
                            for c, p in enumerate(rules.points))}


def install(mp: pytest.MonkeyPatch) -> None:
    misread(mp, lambda v: v, _points)


MUTANT = Mutant("wrong-score-entry", "2..10 score 5 each instead of their pip value", "rummy",
                2, frozenset({"score"}), install)
