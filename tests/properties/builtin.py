"""Every built-in variant (and each option that changes its melds or contracts), compiled
for the brute-force oracle of ``tests/engine/oracle.py``, with a small pool of faces per
variant from which random hands are drawn (few ranks and suits, so melds are common)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

from rummy_spec.decks import face_points
from rummy_spec.engine.melding.melds import MeldRules, compile_rules
from rummy_spec.lang import load
from rummy_spec.lang import model as m
from rummy_spec.lang.data import builtin_specs

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
import oracle

__all__ = ["BUILTIN", "COVERED", "Compiled", "Slot", "least", "oracle", "pure_of", "slots_of"]


@dataclass(frozen=True)
class Compiled:
    name: str
    variant: m.Variant
    rules: MeldRules
    points: tuple[int | None, ...]
    pool: tuple[int, ...]


def _pool(rules: MeldRules) -> tuple[int, ...]:
    t = rules.table
    ranks = [r for r in (t.low_rank, t.low_rank + 1, t.low_rank + 2, t.low_rank + 3,
                         t.high_rank - 1, t.high_rank)]
    faces = [t.face(r, s) for r in ranks for s in t.suits[:2]]
    faces += sorted(rules.wild)
    faces += [f.code for f in t.faces if f.special is not None and f.code not in rules.wild]
    return tuple(dict.fromkeys(faces))


def signature(v: m.Variant) -> tuple[object, ...]:
    return (v.deck, v.wilds, v.set, v.run, v.group, v.contracts, v.score, v.knock)


# the built-ins whose meld and score rules an entry of BUILTIN stands for (a variant with
# the same rules as one already compiled, such as a gin scored three games at once, is
# covered by that one)
COVERED: dict[str, str] = {}  # built-in name -> the key of the entry with its rules


def _compile() -> dict[str, Compiled]:
    out: dict[str, Compiled] = {}
    seen: dict[tuple[object, ...], str] = {}
    for name in builtin_specs():
        base = load(name)
        for option in [(), *((o.name,) for o in base.options)]:
            v = load(name, option)
            sig = signature(v)
            if sig in seen:
                if not option:
                    COVERED[name] = seen[sig]
                continue
            key = "+".join((name, *option))
            seen[sig] = key
            if not option:
                COVERED[name] = key
            rules = compile_rules(v)
            out[key] = Compiled(key, v, rules, face_points(v), _pool(rules))
    return out


BUILTIN = _compile()


Slot = tuple[m.MeldKind, int, bool]


def least(c: Compiled, kind: m.MeldKind) -> int:
    rule = {"set": c.variant.set, "run": c.variant.run, "group": c.variant.group}[kind]
    assert rule is not None
    return rule.min


def slots_of(c: Compiled, contract: m.Contract) -> tuple[list[Slot], list[Slot]]:
    """The contract's slots (kind, size, exact) and, for a minimum count, the extra
    melds that may be laid (each as large as the smallest slot of its kind)."""
    rules = c.variant.contracts
    exact = rules.size == "exact" and not contract.pat
    slots: list[Slot] = []
    smallest: dict[m.MeldKind, int] = {}
    for e in contract.elements:
        size = max(e.size, least(c, e.kind)) if e.size is not None else least(c, e.kind)
        slots += [(e.kind, size, exact)] * e.count
        smallest[e.kind] = min(smallest.get(e.kind, size), size)
    extras = [(k, s, exact) for k, s in smallest.items()] if rules.count == "minimum" else []
    return slots, extras


def pure_of(contract: m.Contract) -> list[bool]:
    """For each slot of :func:`slots_of`, in its order: must its meld hold no wild?"""
    return [flag for e in contract.elements for flag in [e.pure] * e.count]
