"""Lark's syntax errors, translated into diagnostics in the author's words."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from .errors import Diagnostic
from .span import Span

_DESCRIBED = {
    "INT": "a number",
    "STRING": 'a quoted title ("...")',
    "WORD": "a card, rank or code",
    "NAME": "a lower-case name",
    "COLOUR": "red or black",
    "FUNC": "ceil, floor, max or min",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "LPAR": "'('",
    "RPAR": "')'",
    "COLON": "':'",
    "COMMA": "','",
    "PLUS": "'+'",
    "MINUS": "'-'",
    "STAR": "'*'",
    "SLASH": "'/'",
    "__ANON_0": "'..'",
}
_KIND_WORDS = {"set", "sets", "run", "runs", "group", "groups"}
_WORD_AT = re.compile(r"[A-Za-z0-9_'\-]+")


@lru_cache(maxsize=1)
def _terminal_words() -> dict[str, list[str]]:
    from .syntax import parser

    words: dict[str, list[str]] = {}
    for term in parser().terminals:
        pattern = term.pattern
        if pattern.type == "str":
            words[term.name] = [pattern.value]
        else:
            raw = pattern.value
            m = re.fullmatch(r"\(\?:([a-z|\- ]+)\)", raw)
            if m:
                words[term.name] = m.group(1).split("|")
    return words


def _expected(names: set[str]) -> tuple[list[str], list[str]]:
    """(literal words, described placeholders) for a set of terminal names."""
    words: set[str] = set()
    described: set[str] = set()
    table = _terminal_words()
    for name in names:
        if name in _DESCRIBED and not name.startswith("__ANON"):
            described.add(_DESCRIBED[name])
        elif name in table:
            words.update(table[name])
        elif name in _DESCRIBED:
            described.add(_DESCRIBED[name])
    return sorted(w for w in words if w.isalpha() or "-" in w), sorted(described | {
        f"'{w}'" for w in words if not (w.isalpha() or "-" in w)})


def _message(found: str, names: set[str]) -> tuple[str, str, str]:
    words, described = _expected(names)
    kinds = _KIND_WORDS & set(words)
    in_contract = kinds and not {"deck", "deal", "contracts"} & set(words)
    if in_contract and found.isalpha():
        suggestion = difflib.get_close_matches(found, sorted(kinds), n=1)
        hint = f"did you mean '{suggestion[0]}'?" if suggestion else ""
        return "E012", f"no meld kind named '{found}' (a contract names set, run or group)", hint
    options = words + described
    shown = ", ".join(options[:14]) + (", ..." if len(options) > 14 else "")
    suggestion = difflib.get_close_matches(found, words, n=1) if found.isalnum() else []
    hint = f"did you mean '{suggestion[0]}'?" if suggestion else ""
    code = "E002" if found[:1].isalpha() else "E001"
    what = "unknown word" if code == "E002" else "unexpected"
    return code, f"{what} '{found}' here; expected {shown}", hint


def translate(err: UnexpectedInput, text: str, path: str) -> Diagnostic:
    if isinstance(err, UnexpectedEOF) or (
        isinstance(err, UnexpectedToken) and err.token.type == "$END"
    ):
        lines = text.rstrip("\n").split("\n")  # as the parser counts lines
        line = len(lines)
        col = len(lines[-1]) + 1
        return Diagnostic("E003", "the file ends before this variant or section is closed "
                          "(a '}' is missing)", Span(path, line, col, line, col + 1))
    if isinstance(err, UnexpectedToken):
        tok = err.token
        found = str(tok)
        line, col = tok.line or 1, tok.column or 1
        code, msg, hint = _message(found, set(err.expected))
        return Diagnostic(code, msg, Span(path, line, col, line, col + max(1, len(found))), hint)
    assert isinstance(err, UnexpectedCharacters)
    line, col = err.line, err.column
    m = _WORD_AT.match(text, err.pos_in_stream or 0)
    if m:
        found = m.group(0)
        code, msg, hint = _message(found, set(err.allowed or ()))
        return Diagnostic(code, msg, Span(path, line, col, line, col + len(found)), hint)
    char = text[err.pos_in_stream] if err.pos_in_stream is not None else "?"
    return Diagnostic("E004", f"the character '{char}' cannot appear here",
                      Span(path, line, col, line, col + 1))
