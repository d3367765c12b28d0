"""A variant's meld rules compiled once: faces, wilds, kinds, limits and run geometry.

Everything the meld checks and the solver ask per card is a tuple lookup here, so no
check re-reads the variant model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...cards import CardTable
from ...decks import card_table, wild_faces
from ...lang.model import GroupRule, MeldKind, RunRule, Scope, SetRule, Variant, WildRules
from .runs import RunSpace, relaxations, run_space


@dataclass(frozen=True, eq=False, slots=True)
class MeldRules:
    """A variant's meld rules, compiled once: faces, wilds, kinds, limits, run geometry."""

    table: CardTable
    wild: frozenset[int]
    set: SetRule | None
    run: RunRule | None
    group: GroupRule | None
    wilds: WildRules
    kinds: tuple[MeldKind, ...]
    space: RunSpace | None
    relaxed: tuple[tuple[str, RunSpace], ...]
    rank: tuple[int, ...]  # per face: the natural rank; 0 for a wild or a special card
    suit: tuple[str | None, ...]
    is_wild: tuple[bool, ...]
    is_natural: tuple[bool, ...]
    more: tuple[tuple[str, Any], ...] = ()  # the rules of kinds beyond set, run and group
    # faces of a rank left out of sets that make a set alone as the hand's last play
    # (``set { going out with black threes }``)
    last_only: frozenset[int] = frozenset()

    def rule(self, kind: MeldKind) -> Any:
        """The rule of a meld kind (None: the variant has none of it)."""
        if kind == "set":
            return self.set
        if kind == "run":
            return self.run
        if kind == "group":
            return self.group
        return dict(self.more).get(kind)

    def in_scope(self, scope: Scope | None, contract: bool) -> bool:
        return scope == "all" or (scope == "contract" and contract)


_RULES: dict[int, tuple[Variant, MeldRules]] = {}


def compile_rules(variant: Variant) -> MeldRules:
    """The meld rules of a variant, compiled once per variant object."""
    hit = _RULES.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    table = card_table(variant.deck)
    wild = wild_faces(variant)
    is_wild = tuple(f.code in wild for f in table.faces)
    is_natural = tuple(f.rank is not None and not w for f, w in zip(table.faces, is_wild,
                                                                     strict=True))
    rank = tuple(f.rank if n and f.rank is not None else 0
                 for f, n in zip(table.faces, is_natural, strict=True))
    run = variant.run
    rules = MeldRules(
        table=table, wild=wild, set=variant.set, run=run, group=variant.group,
        wilds=variant.wilds, kinds=variant.meld_kinds(),
        space=run_space(table, run) if run is not None else None,
        relaxed=relaxations(table, run) if run is not None else (),
        rank=rank, suit=tuple(f.suit for f in table.faces), is_wild=is_wild,
        is_natural=is_natural, more=variant.more_kinds,
        last_only=frozenset(
            f.code for f in table.faces for rank, colour in (
                variant.set.going_out_only if variant.set is not None else ())
            if f.rank == rank and (colour is None or f.colour == colour)))
    if len(_RULES) > 256:
        _RULES.clear()
    _RULES[id(variant)] = (variant, rules)
    return rules
