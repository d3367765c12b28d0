"""The clauses of the language as phrases (``no discarding the card taken``), read from the
grammar itself, so suggestions, completion and hover can never list a clause the parser
does not know.

A phrase is the clause's words with its arguments as placeholders: ``melds per turn N``.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache

from . import meldkinds
from .grammar_source import grammar_text

# clause rule of the grammar -> the section word(s) that open its block (the meld kinds'
# are added from their entries: see _section_of)
SECTION_OF_RULE: dict[str, str] = {
    "deck_clause": "deck", "special_clause": "special", "wild_clause": "wilds",
    "deal_clause": "deal", "cut_clause": "cut",
    "contract_clause": "contracts", "turn_clause": "turn", "layoff_clause": "lay off",
    "swap_clause": "swap", "claim_clause": "buy", "call_clause": "rummy call",
    "out_clause": "going out", "knock_clause": "knock", "stock_clause": "stock",
    "score_clause": "score", "game_clause": "game", "limit_clause": "engine limits",
}
# an argument of a clause -> how a phrase shows it
_PLACEHOLDERS: dict[str, str] = {
    "INT": "N", "expr": "N", "card_class": "CARDS", "colour": "CODE NAME", "kind_word": "KIND",
    "ace_mode": "low|high|low or high", "DEALER_CHOICE": "highest|lowest|random",
    "PROGRESSION": "together|individual", "EXACTNESS": "exact|minimum", "element": "MELDS",
    "PILE_STATE": "open|dead|closed", "stock_step": "STEP", "card_pattern": "CARDS",
    "points": "POINTS", "METHOD": "penalty|collect|deadwood", "WINNER": "lowest|highest",
}
_ITEM = re.compile(r'"[^"]*"|[()]|[A-Za-z_]+[?*+]?|[?*+|]')
_RULE = re.compile(r"^\??(\w+):(.*)$")


@dataclass(frozen=True)
class Clause:
    section: str  # the section's opening words: "lay off"
    alias: str  # the grammar's name for it: "layoff_same_turn"
    phrase: str  # "same turn", "melds per turn N"

    @property
    def first_word(self) -> str:
        return self.phrase.split()[0]


_GROUP = re.compile(r'\(\s*("[^"]*")\s*\|[^)]*\)(?![?*+])')


def _phrase(alternative: str) -> str:
    alternative = _GROUP.sub(r"\1", alternative)  # ("hands" | "hand") -> "hands"
    words: list[str] = []
    depth = 0
    for item in _ITEM.findall(alternative):
        if item == "(":
            depth += 1
        elif item == ")":
            depth -= 1
        elif depth or item[-1] in "?*+" or item == "|":
            continue
        elif item.startswith('"'):
            words.append(item[1:-1])
        else:
            words.append(_PLACEHOLDERS.get(item, item.upper()))
    return " ".join(words)


@lru_cache(maxsize=1)
def clauses() -> tuple[Clause, ...]:
    """Every clause of every section, in grammar order."""
    out: list[Clause] = []
    rule = ""
    for raw in grammar_text().splitlines():
        line = raw.split("//")[0].strip()
        head = _RULE.match(line)
        if head:
            rule, line = head.group(1), head.group(2)
        elif not line.startswith("|"):
            rule = "" if not line else rule
            continue
        section = _section_of(rule)
        if section is None or "->" not in line:
            continue
        body, alias = line.lstrip("|").rsplit("->", 1)
        out.append(Clause(section, alias.strip(), _phrase(body)))
    return tuple(out)


def _section_of(rule: str) -> str | None:
    kinds = {k.clause_rule: k.name for k in meldkinds.entries()}
    return SECTION_OF_RULE.get(rule, kinds.get(rule))


meldkinds.on_change(clauses.cache_clear)


def closest_clause(written: str, first_words: set[str],
                   among: tuple[Clause, ...] | None = None) -> str | None:
    """The clause most like ``written`` among those (of ``among``: the section's, when
    known) starting with one of ``first_words``."""
    candidates = {c.phrase for c in (clauses() if among is None else among)
                  if c.first_word in first_words}
    if not written or not candidates:
        return None
    found = difflib.get_close_matches(written, sorted(candidates), n=1, cutoff=0.6)
    return found[0] if found and found[0] != written else None
