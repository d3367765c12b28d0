"""Whole words: a word that starts where the previous one ended is refused.

Lark's lexer matches a keyword wherever its letters are, so ``sameturn`` would read as
``same turn`` and ``runn`` as ``run n``.  The check sits between the lexer and the parser
(a Lark post-lexer): two tokens with no space between them, both made of letters or
digits where they meet, are one word the author wrote, and that word is the one the error
names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lark import Token
from lark.lark import PostLex

_WORD_CHAR = re.compile(r"[A-Za-z0-9_]")
WHOLE_WORD = re.compile(r"[A-Za-z0-9_]+")


class GluedWords(Exception):
    """Two words written as one; ``start`` is where the whole word begins."""

    def __init__(self, first: Token) -> None:
        super().__init__(f"glued word at {first.line}:{first.column}")
        self.first = first


def _glued(prev: Token, tok: Token) -> bool:
    if prev.end_pos is None or tok.start_pos is None or prev.end_pos != tok.start_pos:
        return False
    left, right = str(prev), str(tok)
    return bool(left and right and _WORD_CHAR.fullmatch(left[-1])
                and _WORD_CHAR.fullmatch(right[0]))


class WholeWords(PostLex):
    """Passes tokens through, raising :class:`GluedWords` at two words with no gap."""

    always_accept = ()

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        prev: Token | None = None
        for tok in stream:
            if prev is not None and _glued(prev, tok):
                raise GluedWords(prev)
            yield tok
            prev = tok
