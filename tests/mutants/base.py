"""What a hand-written engine mutant is, and the two ways one is made.

A mutant is one rule bug put into the reference engine with ``pytest.MonkeyPatch``:
either the engine *misreads* one setting of the variant (it compiles the variant with
that setting changed, while the state machine judges by the real one), or one engine
function is *wrapped* so it does one thing wrong.  Each mutant names the variant it is
run against (one where the bug is reachable) and the laws expected to catch it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from rummy_spec.conformance.broken.patches import section as section  # the mutants use it
from rummy_spec.engine import game
from rummy_spec.engine.dispatch import core
from rummy_spec.engine.melding.melds import compile_rules
from rummy_spec.engine.records.rules import Rules
from rummy_spec.lang import model as m


@dataclass(frozen=True)
class Mutant:
    name: str
    bug: str
    variant: str
    players: int
    laws: frozenset[str]
    install: Callable[[pytest.MonkeyPatch], None]
    options: tuple[str, ...] = ()


def misread(mp: pytest.MonkeyPatch, change: Callable[[m.Variant], m.Variant],
            rules_change: Callable[[Rules], dict[str, Any]] | None = None) -> None:
    """The engine plays a variant with one rule changed (the judge keeps the real one)."""
    original: Callable[[m.Variant, int], Rules] = vars(game)["compile_variant"]

    def compile_variant(variant: m.Variant, players: int) -> Rules:
        rules = original(variant, players)
        wrong = change(variant)
        extra = rules_change(rules) if rules_change is not None else {}
        if "cache" in {f.name for f in dataclasses.fields(rules)}:
            extra["cache"] = {}  # never share memos with the real variant's rules
        return dataclasses.replace(rules, variant=wrong, melds=compile_rules(wrong), **extra)

    mp.setattr(game, "compile_variant", compile_variant)


Handler = Callable[..., Any]


def wrap(mp: pytest.MonkeyPatch, module: Any, name: str,
         make: Callable[[Handler], Handler]) -> None:
    """Replace ``module.name`` by ``make(original)``, wherever the engine holds it."""
    original = getattr(module, name)
    wrapped = make(original)
    mp.setattr(module, name, wrapped)
    for table, key, rule in core.rules_holding(original, wrapped):  # the dispatch's copy
        mp.setitem(table, key, rule)
