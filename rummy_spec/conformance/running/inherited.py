"""The parent's cases a house variant inherits.

A house variant (``variant backyard extends continental``) changes some of its parent's
rules and keeps the rest.  Each case of the parent is replayed on the reference playing
the house variant: where every verdict and every state the case expects holds there
too, the rules the case depends on are ones the house did not change, and the case is
the house variant's as well (its id ``HOUSE/TOPIC/NAME``, its rule marked as inherited).
``run --variant HOUSE.rummy --inherit`` runs them beside the house's own cases, so an
engine of a house variant is tested on everything it shares with its parent without
pretending to be the parent.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..oracle.reference import ReferenceEngine
from ..suite.cases import Case, load_cases, variant
from .runner import run_case


def inherited_cases(house: str, root: Path) -> tuple[list[Case], int]:
    """(the parent's cases the house variant plays alike, the parent's cases left out:
    those its rule changes answer otherwise, or that cannot be dealt under its rules)."""
    parent = variant(house).parent
    if parent is None:
        return [], 0
    reference = ReferenceEngine()
    hello = reference.hello()
    kept: list[Case] = []
    cases = [c for c in load_cases(root, [parent]) if not c.options]
    for c in cases:
        topic_name = c.id.split("/", 1)[1]
        mine = replace(c, id=f"{house}/{topic_name}", variant=house,
                       rule=f"{c.rule} (inherited from {parent})")
        if run_case(reference, hello, mine).status == "passed":
            kept.append(mine)
    return kept, len(cases) - len(kept)
