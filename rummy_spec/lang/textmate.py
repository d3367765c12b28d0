"""The TextMate grammar of spec files (editors/vscode/syntaxes/rummy.tmLanguage.json).

Generated from the Lark grammar's own words, so an editor colours exactly the words the
parser knows; a test keeps the shipped file equal to what this module writes.
"""

from __future__ import annotations

import json
import re

from . import meldkinds
from .clauses import clauses

_SECTION_WORDS = ["variant", "extends", "from", "option", "source", "unstated", "players",
                  "deck",
                  "special", "wilds", *meldkinds.names(), "deal", "cut", "contracts",
                  "turn", "lay", "off", "swap", "buy", "rummy", "call", "going", "out",
                  "knock", "stock", "score", "game"]


def _words() -> list[str]:
    """Every word of the grammar: its clauses' words and each keyword terminal."""
    from .grammar_errors import _terminal_words

    found: set[str] = set()
    for c in clauses():
        for w in c.phrase.split():
            found.update(p for p in w.split("|") if re.fullmatch(r"[a-z]+", p))
    for words in _terminal_words().values():
        found.update(w for w in words if re.fullmatch(r"[a-z]+", w))
    return sorted(found - set(_SECTION_WORDS) - {"players", "round", "unlimited", "ceil",
                                                   "floor"})


def _alternation(words: list[str]) -> str:
    return r"\b(?:" + "|".join(sorted(words, key=lambda w: (-len(w), w))) + r")\b"


def textmate_grammar() -> dict[str, object]:
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/"
                   "tmlanguage.json",
        "name": "rummy-spec",
        "scopeName": "source.rummy",
        "fileTypes": ["rummy"],
        "patterns": [
            {"name": "comment.line.number-sign.rummy", "match": "#.*$"},
            {"name": "string.quoted.double.rummy", "match": '"[^"\\n]*"'},
            {"name": "keyword.control.section.rummy", "match": _alternation(_SECTION_WORDS)},
            {"name": "keyword.other.clause.rummy", "match": _alternation(_words())},
            {"name": "support.function.rummy", "match": r"\b(?:ceil|floor|max|min)(?=\s*\()"},
            {"name": "variable.language.rummy", "match": r"\b(?:players|round|unlimited)\b"},
            {"name": "constant.numeric.rummy", "match": r"-?\b[0-9]+\b"},
            {"name": "keyword.operator.rummy", "match": r"\.\.|[+\-*/:]"},
        ],
    }


def textmate_json() -> str:
    return json.dumps(textmate_grammar(), indent=2) + "\n"


if __name__ == "__main__":  # python -m rummy_spec.lang.textmate > editors/vscode/...
    print(textmate_json(), end="")
