"""Rule families, each clause declared once: its grammar, its model field, its checks, the
engine's check and effect, its rulebook sentence and its reference row.

A family is the section of the language that states one part of the game (the claim
family: ``buy { ... }``).  Its entry names the model class the section builds and the
engine functions that play it and the rulebook function that words it (``"module:function"``
hooks, as in :mod:`.meldkinds`); each of its :class:`ClauseEntry` ties one clause's
grammar alternative to the model field it sets and names where it is checked, played,
worded and documented.  The grammar's clause rule of the family, and the parser's flag
and value tables for it, are generated from the entries.

A clause declared beyond the model's own fields keeps its value in the model's ``more``
(field name, value) pairs and brings its own checker rule, engine check and effect and
rulebook sentence: such a clause is one :func:`add_clause` call (``docs/contributing.md``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from . import model as m
from .check_err import Err
from .meldkinds import Hook, notify_changed, resolve

__all__ = ["CLAIM", "FAMILIES", "ClauseEntry", "Family", "add_clause", "check_clauses",
           "clause_checks",
           "clause_effects", "clause_value", "grammar_part", "on", "remove_clause", "resolve"]


@dataclass(frozen=True)
class ClauseEntry:
    """One clause of a family.

    ``grammar`` is its alternative (``"claimant" "waits"``), ``alias`` its name in the
    parse tree.  ``sets`` are the (field, value) pairs it states; ``valued`` the field its
    one argument fills and how the argument is read (``int``, ``str``, ``expr``); neither:
    the syntax builder has a method of the alias's name.  ``reference`` is the syntax of
    its row in the language reference (``row`` the row itself, for a clause the reference
    does not document).  ``engine`` names the engine functions that read its field.

    A clause of its own field (not in the model class) gives ``check(rules, state,
    action)`` (a refusal ``Verdict`` or None), ``effect(rules, state, action)``,
    ``sentence(variant, value)`` (its rulebook sentence, None: none) and
    ``checker(variant, value, err)`` (the spec's faults); each runs when the clause is on.
    """

    alias: str
    grammar: str
    reference: str
    sets: tuple[tuple[str, Any], ...] = ()
    valued: tuple[str, str] | None = None
    engine: tuple[str, ...] = ()
    check: Hook | None = None
    effect: Hook | None = None
    sentence: Hook | None = None
    checker: Hook | None = None
    row: tuple[str, str] | None = None  # (meaning, when absent)

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(f for f, _ in self.sets) + ((self.valued[0],) if self.valued else ())


@dataclass(frozen=True)
class Family:
    """A rule family: its section, model, engine rules, rulebook words and clauses."""

    name: str  # the model's section: "claim"
    words: str  # the section's opening word: "buy"
    model: type
    clause_rule: str  # the grammar rule of its clauses: "claim_clause"
    engine: Mapping[str, tuple[str, str]]  # action -> (check hook, effect hook)
    rulebook: str  # the rulebook function that words the family
    clauses: dict[str, ClauseEntry] = field(default_factory=dict)

    def own_fields(self) -> frozenset[str]:
        return frozenset(f.name for f in dataclasses.fields(self.model))

    def extra(self) -> Iterator[ClauseEntry]:
        """The clauses whose fields the model class does not hold."""
        own = self.own_fields()
        return (c for c in self.clauses.values() if any(f not in own for f in c.fields))


def clause_value(rule: Any, name: str) -> Any:
    """A clause's value in a family's rule: its own field, or one of ``more``."""
    if any(f.name == name for f in dataclasses.fields(rule)):
        return getattr(rule, name)
    return dict(rule.more).get(name)


def grammar_part(family: Family) -> str:
    lines = [c.grammar.strip() + " -> " + c.alias for c in family.clauses.values()]
    return f"?{family.clause_rule}: " + "\n    | ".join(lines)


def add_clause(family: str, clause: ClauseEntry) -> None:
    """Declare a clause of a family (after its others); an alias in use is refused."""
    found = FAMILIES[family]
    if clause.alias in found.clauses:
        raise ValueError(f"the clause {clause.alias!r} is declared already")
    found.clauses[clause.alias] = clause
    _changed()


def remove_clause(family: str, alias: str) -> None:
    del FAMILIES[family].clauses[alias]
    _changed()


def _changed() -> None:
    notify_changed()  # the grammar and every table built from it are made again


# ----- the claim family ---------------------------------------------------------------------

_CLAIMS = "rummy_spec.engine.families.claims"
_WINDOW = (f"{_CLAIMS}:eligible_claimants", f"{_CLAIMS}:check_exposed_claim")
# the claimant's turn out of order, and the turn given back after it
_CLAIMANT = (f"{_CLAIMS}:claim", f"{_CLAIMS}:exposed_claim",
             "rummy_spec.engine.families.turnorder:next_turn")


def _claim(alias: str, grammar: str, reference: str, *sets: tuple[str, Any],
           valued: tuple[str, str] | None = None, engine: tuple[str, ...] = ()) -> ClauseEntry:
    return ClauseEntry(alias, grammar, reference, tuple(sets), valued, engine)


CLAIM = Family(
    name="claim", words="buy", model=m.Claim, clause_rule="claim_clause",
    engine={"buy": (f"{_CLAIMS}:check_claim", f"{_CLAIMS}:claim"),
            "pass": (f"{_CLAIMS}:check_claim", f"{_CLAIMS}:claim"),
            "exposed buy": (f"{_CLAIMS}:check_exposed_claim", f"{_CLAIMS}:exposed_claim")},
    rulebook="rummy_spec.rulebook.claims:claiming",
)
for _entry in (
    _claim("window_after_refusal", '"after" "refusal"', "after refusal",
           ("window", "after-refusal"), engine=_WINDOW),
    _claim("window_between_turns", '"between" "turns"', "between turns",
           ("window", "between-turns"), engine=_WINDOW),
    _claim("window_any_time", '"at" "any" "time"', "at any time", ("window", "any-time"),
           engine=_WINDOW),
    _claim("priority_nearest", '"priority" "nearest"', "priority nearest",
           ("priority", "nearest"), engine=(f"{_CLAIMS}:check_claim",)),
    _claim("priority_first_caller", '"priority" "first" "caller"', "priority first caller",
           ("priority", "first-caller"), engine=(f"{_CLAIMS}:check_claim",)),
    _claim("penalty", '"penalty" INT', "penalty N", valued=("penalty", "int"),
           engine=(f"{_CLAIMS}:check_claim", f"{_CLAIMS}:eligible_claimants")),
    _claim("limit", '"limit" expr', "limit EXPR", valued=("limit", "expr"),
           engine=(f"{_CLAIMS}:buys_spent",)),
    _claim("limit_carry", '"limit" expr "carry" "over"', "limit EXPR carry over",
           engine=(f"{_CLAIMS}:buys_spent",)),
    _claim("own_discard", '"own" "discard"', "own discard", ("own_discard", True),
           engine=(f"{_CLAIMS}:eligible_claimants",)),
    _claim("not_when_down", '"not" "when" "down"', "not when down", ("when_down", False),
           engine=(f"{_CLAIMS}:eligible_claimants",)),
    _claim("claimant_waits", '"claimant" "waits"', "claimant waits",
           ("claimant_waits", True), engine=_CLAIMANT),
    _claim("claimant_at_once", '"claimant" "takes" "at" "once"', "claimant takes at once",
           ("claimant_waits", False), engine=_CLAIMANT),
    _claim("needed_for_contracts", '"needed" "for" "contracts"', "needed for contracts",
           ("needed_for_contracts", True)),
    _claim("pile_after", '"pile" PILE_STATE', "pile open", valued=("pile_after", "str")),
    _claim("chain", '"chain"', "chain", ("chain", True),
           engine=(f"{_CLAIMS}:claim", f"{_CLAIMS}:exposed_claim")),
    _claim("buy_never", '"never"', "never"),
):
    CLAIM.clauses[_entry.alias] = _entry

FAMILIES: dict[str, Family] = {"claim": CLAIM}


def on(rule: Any, clause: ClauseEntry) -> bool:
    """Is a clause of its own field stated in this rule (its field set, not the default)?"""
    return any(clause_value(rule, f) not in (None, False) for f in clause.fields)


def clause_checks(family: Family, rule: Any) -> Iterator[tuple[ClauseEntry, Callable[..., Any]]]:
    """The engine checks of the stated clauses that bring their own."""
    for c in family.extra():
        if c.check is not None and on(rule, c):
            yield c, resolve(c.check)


def check_clauses(v: m.Variant, err: Err) -> None:
    """The checker rules of the stated clauses declared beyond their models' fields."""
    for family in FAMILIES.values():
        rule = getattr(v, family.name, None)
        if rule is None:
            continue
        for clause in family.extra():
            if clause.checker is not None and on(rule, clause):
                resolve(clause.checker)(v, clause_value(rule, clause.fields[0]), err)


def clause_effects(family: Family, rule: Any) -> Iterator[Callable[..., Any]]:
    for c in family.extra():
        if c.effect is not None and on(rule, c):
            yield resolve(c.effect)

