"""The grammar as the parser reads it: the grammar file with the meld kinds' rules and the
claim family's clauses filled in from their registries.  Kept apart from ``data`` (where
files live), which listing the built-in specs loads without the language."""

from __future__ import annotations

from functools import lru_cache

from . import families, meldkinds
from .data import grammar_path

MELD_KINDS_MARK = "//%meld-kinds"
CLAIM_CLAUSES_MARK = "//%claim-clauses"


@lru_cache(maxsize=1)
def grammar_text() -> str:
    """The grammar file with its meld kind rules filled in from the declared kinds."""
    text = grammar_path().read_text(encoding="utf-8")
    text = text.replace(MELD_KINDS_MARK, meldkinds.grammar_part(), 1)
    return text.replace(CLAIM_CLAUSES_MARK, families.grammar_part(families.CLAIM), 1)


meldkinds.on_change(grammar_text.cache_clear)
