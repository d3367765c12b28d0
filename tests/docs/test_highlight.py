"""The Pygments lexer: found through its entry point, and it reads every spec cleanly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from docs_support import DOCS
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, Number, String, _TokenType

from rummy_spec.highlight import RummyLexer
from rummy_spec.lang import builtin_library

SPECS = sorted({builtin_library().decls[n].path for n in builtin_library().decls})


def _of(token: _TokenType, kind: _TokenType) -> bool:
    """Is ``token`` the token kind ``kind`` or one of its subkinds?"""
    return token[: len(kind)] == kind


def _tokens(text: str) -> list[tuple[_TokenType, str]]:
    return [(t, v) for t, v in RummyLexer().get_tokens(text) if v.strip()]


def test_pygments_finds_the_lexer_by_name_and_file_name() -> None:
    assert isinstance(get_lexer_by_name("rummy"), RummyLexer)
    assert isinstance(get_lexer_by_name("rummy-fragment"), RummyLexer)
    assert isinstance(get_lexer_for_filename("house.rummy"), RummyLexer)


@pytest.mark.parametrize("path", SPECS, ids=[Path(p).stem for p in SPECS])
def test_every_built_in_spec_lexes_without_an_error_token(path: str) -> None:
    text = Path(path).read_text(encoding="utf-8")
    tokens = list(RummyLexer().get_tokens(text))
    assert not [v for t, v in tokens if _of(t, Error)]
    assert "".join(v for _, v in tokens) == text


def test_every_docs_example_lexes_without_an_error_token() -> None:
    doc = (DOCS / "language.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```rummy(?:-fragment)?\n(.*?)^```", doc, re.MULTILINE | re.DOTALL)
    assert len(blocks) > 5
    for block in blocks:
        assert not [v for t, v in RummyLexer().get_tokens(block) if _of(t, Error)]


def test_the_parts_of_a_spec_get_their_token_kinds() -> None:
    tokens = _tokens('# house\nvariant house "House" extends continental {\n'
                     "    players 4..8\n"
                     "    deck { decks max(2, ceil(players / 2)), jokers 2 per deck }\n"
                     "    buy \"May I?\" { limit by round { 1..3: 1, else: unlimited } }\n"
                     '    option short "Short" { deal { cards 7 } }\n}\n')
    kinds = dict((v, t) for t, v in reversed(tokens))
    assert _of(kinds["# house"], Comment)
    assert all(_of(kinds[word], Keyword.Declaration) for word in ("variant", "extends"))
    assert _of(kinds["house"], Name.Class) and _of(kinds["continental"], Name.Class)
    assert _of(kinds['"House"'], String)
    assert all(_of(kinds[word], Keyword) for word in ("deck", "buy", "deal"))
    assert _of(kinds["ceil"], Name.Builtin) and _of(kinds["max"], Name.Builtin)
    assert (Name.Variable, "players") in tokens and (Name.Variable, "round") in tokens
    assert _of(kinds["unlimited"], Keyword.Constant)
    assert _of(kinds["4"], Number)
    # a clause word is a plain name, not a keyword
    assert kinds["jokers"] is Name
