"""A Pygments lexer for the rules language, for the docs and for any tool that uses Pygments.

Registered as the Pygments entry point ``rummy`` (see ``pyproject.toml``), so Sphinx,
``pygmentize -l rummy`` and the HTML rulebook all find it once the package is installed.
The alias ``rummy-fragment`` covers excerpts of a variant body in the docs.

The lexer follows ``grammar/rummy.lark``: declarations (``variant``, ``extends``,
``option``), section names before their braces, formulas (``players``, ``round``,
``ceil``, ``by players { ... }``), numbers, ranges, strings and comments.  Clause words
are plain names: the grammar reads them in context, and so does a reader.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, default, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

from .lang import meldkinds

# Section names: a word (or two) that opens a brace, perhaps after a title string.
# (``players N..M`` has no brace: it has a rule of its own.)
SECTIONS = (
    "deck", "special", "wilds", *meldkinds.names(), "deal", "cut", "contracts",
    "turn", "lay off", "swap", "buy", "rummy call", "going out", "knock", "stock", "score",
    "game",
)
_SECTION = (r"\b(" + "|".join(s.replace(" ", r"\s+") for s in SECTIONS)
            + r")\b(?=\s*(\"[^\"\n]*\"\s*)?\{)")


class RummyLexer(RegexLexer):
    """Lexer for rummy-spec variant files (``.rummy``)."""

    name = "Rummy spec"
    aliases: ClassVar[list[str]] = ["rummy", "rummy-fragment"]
    filenames: ClassVar[list[str]] = ["*.rummy"]
    mimetypes: ClassVar[list[str]] = ["text/x-rummy-spec"]
    url = "https://pypi.org/project/rummy-spec/"

    tokens: ClassVar[dict[str, list[object]]] = {
        "root": [
            (r"\s+", Whitespace),
            (r"#[^\n]*", Comment.Single),
            (r'"[^"\n]*"', String.Double),
            (r"\b(variant|option|extends)\b", Keyword.Declaration, "declared"),
            (r"\bsource\b", Keyword),
            (r"\bplayers\b(?=\s+\d)", Keyword),
            (_SECTION, Keyword),
            (r"\bby\b(?=\s+(players|round)\b)", Keyword.Pseudo),
            (words(("ceil", "floor", "max", "min"), suffix=r"\b(?=\s*\()"), Name.Builtin),
            (words(("players", "round"), prefix=r"\b", suffix=r"\b"), Name.Variable),
            (words(("unlimited", "else", "pip"), prefix=r"\b", suffix=r"\b"),
             Keyword.Constant),
            (r"\d+", Number.Integer),
            (r"\.\.", Operator),
            (r"[+\-*/:]", Operator),
            (r"[{}(),]", Punctuation),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r".", Text),
        ],
        # the name after ``variant``, ``option`` or ``extends``
        "declared": [
            (r"[ \t]+", Whitespace),
            (r"[a-z_][a-z0-9_]*", Name.Class, "#pop"),
            default("#pop"),
        ],
    }
