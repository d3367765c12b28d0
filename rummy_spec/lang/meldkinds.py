"""The meld kinds, each declared once: its words, grammar, model, checks and wording.

Every layer that needs to know the kinds (the parser's grammar, the builder, the checker,
the engine's meld check, the contract solver's least sizes, the rulebook's sentences, the
language server's reference rows) reads them from :data:`KINDS` here, in the order the
kinds are declared.  A kind's behaviour outside the language layer is named by a
``"module:function"`` hook, imported on first use, so this module imports nothing above
``lang``; a kind declared at run time (a plug-in, a test) may give the function itself.

Adding a kind is one :func:`register` call with its entry: see ``docs/contributing.md``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from . import kindrules as kr

Hook = str | Callable[..., Any]


def resolve(hook: Hook) -> Callable[..., Any]:
    """The function a hook names: ``"package.module:function"`` or the function itself.

    Looked up at each call (the module once imported), so a function patched in its module
    is the one called."""
    if not isinstance(hook, str):
        return hook
    module, _, name = hook.partition(":")
    loaded = sys.modules.get(module) or importlib.import_module(module)
    found: Callable[..., Any] = getattr(loaded, name)
    return found


@dataclass(frozen=True)
class MeldKindEntry:
    """One meld kind.

    ``clauses`` are the grammar alternatives of the kind's section (``"min" INT -> min``,
    one a line, the first without its bar); ``grammar`` any rules they use.  ``flags``
    map a clause alias to the model field and value it sets.  ``check`` is the engine's
    validity check, called as ``check(rules, hand, contract, ordered)`` with the cards of
    a candidate meld, answering a ``Meld`` or a ``Rejection``.  ``describe(variant,
    rule)`` is the rulebook's sentence (None: "A colour group is at least 3 cards" and the
    summary); ``examples(rules, rule, wild)`` the rulebook's example card groups (None:
    none); ``lay_off(rules, meld, card, end, contract)`` the meld with a card laid off
    (None: the meld and the card checked again as one meld of the kind);
    ``build(reader, deck)`` the model's fields when a clause needs more than a flag
    (None: the settings as they are).  ``rows`` are the reference rows (syntax, meaning,
    when absent) the language server shows for its clauses when the language reference
    does not document the kind.
    """

    name: str
    plural: str
    words: str  # the rulebook's name: "colour group"
    words_plural: str
    summary: str  # what its cards share, after its size: "of one colour, of any numbers"
    model: type
    clauses: str
    shape_code: str  # the reason code of cards that do not have this kind's shape
    check: Hook
    describe: Hook | None = None
    examples: Hook | None = None
    build: Hook | None = None
    lay_off: Hook | None = None
    grammar: str = ""
    flags: Mapping[str, tuple[str, Any]] = field(default_factory=dict)
    wild_cap: str | None = None  # the WildRules field capping its wilds ("at most N per set")
    all_wild: str | None = None  # the WildRules field allowing it of wilds only
    rows: tuple[tuple[str, str, str], ...] = ()

    @property
    def section_rule(self) -> str:
        return f"{self.name}_kind"

    @property
    def clause_rule(self) -> str:
        return f"{self.name}_clause"


_SIZE_CLAUSES = '"min" INT -> min\n| "max" INT -> max'

KINDS: dict[str, MeldKindEntry] = {}


def register(entry: MeldKindEntry) -> None:
    """Declare a kind (after the built-in ones); a name already declared is refused."""
    if entry.name in KINDS or entry.plural in {k.plural for k in KINDS.values()}:
        raise ValueError(f"the meld kind {entry.name!r} is declared already")
    if not entry.name.isidentifier() or not entry.name.islower():
        raise ValueError(f"a meld kind's name is one lower-case word, not {entry.name!r}")
    KINDS[entry.name] = entry
    notify_changed()


def unregister(name: str) -> None:
    """Take a kind declared with :func:`register` away again (tests)."""
    del KINDS[name]
    notify_changed()


_LISTENERS: list[Callable[[], None]] = []


def on_change(listener: Callable[[], None]) -> None:
    """Call ``listener`` whenever the kinds change (caches built from them are dropped)."""
    _LISTENERS.append(listener)


def notify_changed() -> None:
    for listener in _LISTENERS:
        listener()


def entry(name: str) -> MeldKindEntry:
    return KINDS[name]


def names() -> tuple[str, ...]:
    return tuple(KINDS)


def entries() -> Iterator[MeldKindEntry]:
    return iter(tuple(KINDS.values()))


def kind_of(word: str) -> str:
    """A kind's name from its word in a contract or a wild limit: ``runs`` -> ``run``."""
    for k in KINDS.values():
        if word == k.plural:
            return k.name
    return word


class HasKinds(Protocol):
    """A variant, as far as the registry asks it (the model's ``Variant``)."""

    def kind_rule(self, kind: str) -> Any: ...


class ContractPart(Protocol):
    """A contract element, as far as the registry asks it (the model's ``Element``)."""

    @property
    def kind(self) -> str: ...

    @property
    def size(self) -> int | None: ...


def rule_of(variant: HasKinds, kind: str) -> Any:
    """The variant's rule for a meld kind (None: the variant has no melds of it)."""
    return variant.kind_rule(kind)


def least_size(variant: HasKinds, element: ContractPart) -> int:
    """The fewest cards each meld of a contract element holds: its own size, else the
    kind's minimum (0 when the variant has no such kind, which the checker refuses)."""
    if element.size is not None:
        return element.size
    rule = rule_of(variant, element.kind)
    return rule.min if rule is not None else 0


def wild_cap(wilds: object, kind: str) -> int | None:
    """The most wild cards one meld of ``kind`` may hold (None: no cap)."""
    cap = KINDS[kind].wild_cap if kind in KINDS else None
    return getattr(wilds, cap) if cap is not None else None


def all_wild(wilds: object, kind: str) -> bool:
    """May a meld of ``kind`` be made of wilds only?"""
    flag = KINDS[kind].all_wild if kind in KINDS else None
    return bool(getattr(wilds, flag)) if flag is not None else False


def grammar_part() -> str:
    """The grammar's meld kind rules, generated from the entries (see ``grammar/``)."""
    kinds = list(KINDS.values())
    out = ["?meld_kind: " + " | ".join(k.section_rule for k in kinds)]
    for k in kinds:
        out.append(f'{k.section_rule}: "{k.name}" "{{" ({k.clause_rule} ","?)* "}}"')
        lines = [line.strip() for line in k.clauses.strip().splitlines()]
        out.append(f"?{k.clause_rule}: {lines[0]}")
        out.extend(f"    {line}" for line in lines[1:])
        if k.grammar:
            out.append(k.grammar.strip())
    out.append(f'?kind_removal: "no" "{kinds[0].name}" -> no_{kinds[0].name}')
    out.extend(f'    | "no" "{k.name}" -> no_{k.name}' for k in kinds[1:])
    out.append("!kind_word: " + " | ".join(f'"{k.name}" | "{k.plural}"' for k in kinds))
    return "\n".join(out)


# ----- the built-in kinds ------------------------------------------------------------------

_MELDS = "rummy_spec.engine.melding.melds"
_BOOK = "rummy_spec.rulebook.melds"

register(MeldKindEntry(
    name="set", plural="sets", words="set", words_plural="sets",
    summary="of one rank, of any suits",
    model=kr.SetRule, clauses=_SIZE_CLAUSES + '\n| "different" "suits" -> different_suits'
    '\n| "without" card_class ("and" card_class)* -> set_without'
    '\n| "going" "out" "with" card_class ("and" card_class)* -> set_going_out',
    shape_code="mixed-ranks", check=f"{_MELDS}:check_set",
    build="rummy_spec.lang.build:set_fields",
    describe=f"{_BOOK}:describe_set", examples=f"{_BOOK}:set_examples",
    flags={"different_suits": ("different_suits", True)},
    wild_cap="max_per_set", all_wild="all_wild_sets",
))
register(MeldKindEntry(
    name="run", plural="runs", words="run", words_plural="runs",
    summary="of consecutive ranks in one suit",
    model=kr.RunRule,
    clauses=_SIZE_CLAUSES + """
        | "ace" ace_mode -> ace
        | "ace" "at" "both" "ends" -> ace_both_ends
        | "around" "the" "corner" -> wrap
        | "any" "colour" -> any_colour
        | "one" "suit" -> one_suit
        | "without" card_class ("and" card_class)* -> run_without""",
    grammar='!ace_mode: "low" | "high" | "low" "or" "high"',
    shape_code="mixed-suits", check=f"{_MELDS}:check_run",
    describe=f"{_BOOK}:describe_run", examples=f"{_BOOK}:run_examples",
    build="rummy_spec.lang.build:run_fields", lay_off=f"{_MELDS}:lay_off_run",
    flags={"ace_both_ends": ("ace_both_ends", True), "wrap": ("wrap", True),
           "any_colour": ("any_colour", True), "one_suit": ("any_colour", False)},
    wild_cap="max_per_run", all_wild="all_wild_runs",
))
register(MeldKindEntry(
    name="group", plural="groups", words="colour group", words_plural="colour groups",
    summary="of one colour, of any numbers",
    model=kr.GroupRule, clauses=_SIZE_CLAUSES,
    shape_code="mixed-colours", check=f"{_MELDS}:check_group",
    examples=f"{_BOOK}:group_examples",
    all_wild="all_wild_groups",
))

__all__ = ["KINDS", "Hook", "MeldKindEntry", "all_wild", "entries", "entry", "grammar_part",
           "kind_of", "least_size", "names", "notify_changed", "on_change", "register",
           "resolve", "rule_of", "unregister", "wild_cap"]
