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

WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")
WHOLE_WORD = re.compile(r"[A-Za-z0-9_]+")


class GluedWords(Exception):
    """Two words written as one; ``start`` is where the whole word begins."""

    def __init__(self, first: Token) -> None:
        super().__init__(f"glued word at {first.line}:{first.column}")
        self.first = first


def _glued(prev: Token, tok: Token) -> bool:
    if prev.end_pos is None or tok.start_pos is None or prev.end_pos != tok.start_pos:
        return False
    return prev[-1:] in WORD_CHARS and tok[:1] in WORD_CHARS


class WholeWords(PostLex):
    """Passes tokens through, raising :class:`GluedWords` at two words with no gap.

    It sees every token of every spec, so the common case (a gap before the token) costs
    one comparison of positions."""

    always_accept = ()

    def process(self, stream: Iterator[Token]) -> Iterator[Token]:
        prev: Token | None = None
        end: int | None = None  # where the previous token ended
        for tok in stream:
            if end is not None and tok.start_pos == end and prev is not None \
                    and _glued(prev, tok):
                raise GluedWords(prev)
            yield tok
            prev, end = tok, tok.end_pos
