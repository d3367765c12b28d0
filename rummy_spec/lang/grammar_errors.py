"""Lark's syntax errors, translated into diagnostics in the author's words."""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

from lark import Token
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import meldkinds
from .clauses import Clause
from .errors import Diagnostic
from .grammar_parser import parser
from .span import Span
from .words import WHOLE_WORD, GluedWords

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
def _kind_words() -> set[str]:
    return {w for k in meldkinds.entries() for w in (k.name, k.plural)}
_WORD_AT = re.compile(r"[A-Za-z0-9_'\-]+")


@lru_cache(maxsize=1)
def _terminal_words() -> dict[str, list[str]]:
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


_FLAG_WORDS = {"pat"}
_OFF_WORDS = {"no", "not", "none", "off"}


def _message(found: str, names: set[str], text: str = "", pos: int = -1,
             ) -> tuple[str, str, str]:
    words, described = _expected(names)
    if found.lower() in _FLAG_WORDS and "'('" in described:
        return ("E002", f"'{found}' is a flag of the round and goes in parentheses",
                f"write '({found})' after the melds")
    kinds = _kind_words() & set(words)
    in_contract = kinds and not {"deck", "deal", "contracts"} & set(words)
    if in_contract and found.isalpha():
        suggestion = difflib.get_close_matches(found, sorted(kinds), n=1)
        hint = f"did you mean '{suggestion[0]}'?" if suggestion else ""
        kind_names = meldkinds.names()
        either = (", ".join(kind_names[:-1]) + " or " + kind_names[-1] if len(kind_names) > 1
                  else kind_names[0])
        return "E012", f"no meld kind named '{found}' (a contract names {either})", hint
    options = words + described
    shown = ", ".join(options[:14]) + (", ..." if len(options) > 14 else "")
    code = "E002" if found[:1].isalpha() else "E001"
    what = "unknown word" if code == "E002" else "unexpected"
    return code, f"{what} '{found}' here; expected {shown}", _hint(found, words, text, pos)


def _hint(found: str, words: list[str], text: str, pos: int) -> str:
    """A whole clause like the one written, else a word like the one written.

    A negation that is merely misplaced (``buy { no buying }``) is not "corrected" into a
    word that looks alike but means something else (``not``).
    """
    clause = _clause_hint(text, pos) if pos >= 0 else None
    if clause is not None:
        return clause if clause.endswith("move it there") else f"did you mean '{clause}'?"
    if found.lower() in _OFF_WORDS:  # 'no' -> 'not' would look alike and mean otherwise
        return "to switch the whole section off, write 'never'" if "never" in words else ""
    suggestion = difflib.get_close_matches(found, words, n=1) if found.isalnum() else []
    return f"did you mean '{suggestion[0]}'?" if suggestion else ""


_CLAUSE_START = re.compile(r"[{,\n]")
_CLAUSE_END = re.compile(r"[},#\n]")


def _clause_hint(text: str, pos: int) -> str | None:
    """The clause most like the one being written at ``pos``, among those allowed there."""
    from .clauses import closest_clause

    starts = [m.end() for m in _CLAUSE_START.finditer(text, 0, pos)]
    start = starts[-1] if starts else 0
    while start < pos and text[start] in " \t":
        start += 1
    end_match = _CLAUSE_END.search(text, pos)
    written = " ".join(text[start:end_match.start() if end_match else len(text)].split())
    first_words, _ = _expected(accepted_before(text, start))
    found = closest_clause(written, set(first_words), section_clauses(text, start))
    if found is None:
        return _elsewhere(written)
    numbers = iter(re.findall(r"\b\d+\b", written))  # the author's numbers, not 'N'
    return re.sub(r"\bN\b", lambda m: next(numbers, "N"), found)


def _elsewhere(written: str) -> str | None:
    """A clause of another section written word for word (``knock { gin forced }``,
    moved to ``engine limits``): where it belongs."""
    from .clauses import clauses

    for c in clauses():
        words = c.phrase.split()
        pattern = r"\s+".join(r"\d+" if w == "N" else re.escape(w) for w in words)
        if re.fullmatch(pattern, written):
            return f"'{written}' is a clause of '{c.section} {{ ... }}': move it there"
    return None


def section_clauses(text: str, offset: int) -> tuple[Clause, ...]:
    """The clauses of the section whose block holds ``offset`` (all, outside a section)."""
    from .clauses import clauses

    brace = _open_brace_before(text, offset)
    if brace is None:
        return clauses()
    opener = " ".join(text[max(text.rfind(c, 0, brace) for c in "{}\n,") + 1:brace].split())
    inside = tuple(c for c in clauses() if opener == c.section
                   or opener.startswith(c.section + " "))
    return inside or clauses()


def unclosed_brace(text: str) -> int | None:
    """The offset of the '{' never closed (comments and titles skipped).

    Braces pair up innermost first, so ``game { ends at 100 points`` followed by the
    variant's last ``}`` would seem to leave the variant open.  A ``}`` that starts its
    line is read as closing the brace opened on a line indented as far: braces opened
    further in, still open, are the ones never closed.
    """
    opened: list[tuple[int, int]] = []  # (offset, indent of its line)
    skipped: list[int] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "#":
            nl = text.find("\n", i)
            i = len(text) if nl < 0 else nl
            continue
        if ch == '"':
            close = text.find('"', i + 1)
            i = len(text) if close < 0 else close + 1
            continue
        if ch == "{":
            opened.append((i, _indent_at(text, i)))
        elif ch == "}" and opened:
            line_start = text.rfind("\n", 0, i) + 1
            if not text[line_start:i].strip():  # first on its line
                depth = i - line_start
                while len(opened) > 1 and opened[-1][1] > depth:
                    skipped.append(opened.pop()[0])
            opened.pop()
        i += 1
    if skipped:
        return skipped[0]
    return opened[-1][0] if opened else None


_SECTION_WORDS = {"source", "unstated", "players", "deck", "special", "wilds", *meldkinds.names(),
                  "deal", "cut", "contracts", "turn", "lay", "swap", "buy", "rummy", "going",
                  "knock", "stock", "score", "game", "option", "variant"}


def _opener(text: str, brace: int) -> str:
    """The words before a brace on its line: ``deal``, ``variant b "B"``."""
    return " ".join(text[text.rfind("\n", 0, brace) + 1:brace].split())


def _open_brace_before(text: str, pos: int) -> int | None:
    """The innermost '{' still open at ``pos``."""
    opened: list[int] = []
    i = 0
    while i < pos:
        ch = text[i]
        if ch == "#":
            nl = text.find("\n", i)
            i = pos if nl < 0 else nl
            continue
        if ch == '"':
            close = text.find('"', i + 1)
            i = pos if close < 0 else close + 1
            continue
        if ch == "{":
            opened.append(i)
        elif ch == "}" and opened:
            opened.pop()
        i += 1
    return opened[-1] if opened else None


def _opens_block(text: str, pos: int) -> bool:
    """Whether the words at ``pos`` open a block (``lay off {``) rather than being a clause
    that starts with a section's word (``knock { lay off at most 2 per run end }``)."""
    end = _CLAUSE_END.search(text, pos)
    return "{" in text[pos:end.start() if end else len(text)]


def _indent_at(text: str, pos: int) -> int:
    line_start = text.rfind("\n", 0, pos) + 1
    line = text[line_start:pos]
    return len(line) - len(line.lstrip(" \t"))


def translate(err: UnexpectedInput, text: str, path: str) -> Diagnostic:
    if isinstance(err, UnexpectedEOF) or (
        isinstance(err, UnexpectedToken) and err.token.type == "$END"
    ):
        brace = unclosed_brace(text)
        if brace is not None:
            line, col = _line_col(text, brace)
            return Diagnostic("E003", f"this '{{' of '{_opener(text, brace)}' is never "
                              "closed: the file "
                              "ends first", Span(path, line, col, line, col + 1),
                              "add the missing '}'")
        lines = text.rstrip("\n").split("\n")  # as the parser counts lines
        line = len(lines)
        col = len(lines[-1]) + 1
        return Diagnostic("E003", "the file ends before this variant or section is closed "
                          "(a '}' is missing)", Span(path, line, col, line, col + 1))
    if isinstance(err, UnexpectedToken):
        tok = err.token
        if (str(tok) in _SECTION_WORDS and "RBRACE" in err.expected
                and _opens_block(text, tok.start_pos or 0)):
            brace = _open_brace_before(text, tok.start_pos or 0)
            if brace is not None:  # a new section begins inside one left open
                line, col = _line_col(text, brace)
                return Diagnostic(
                    "E003", f"this '{{' of '{_opener(text, brace)}' is not closed before "
                    f"'{tok}' on line {tok.line}", Span(path, line, col, line, col + 1),
                    "add the missing '}'")
        start = _word_start(text, tok.start_pos)
        if start is not None:  # the token is the tail of a longer word: name all of it
            line, col = _line_col(text, start)
            found = _whole_word(text, start)
            code, msg, hint = _message(found, accepted_before(text, start), text, start)
            return Diagnostic(code, msg, Span(path, line, col, line, col + len(found)), hint)
        found = str(tok)
        line, col = tok.line or 1, tok.column or 1
        code, msg, hint = _message(found, set(err.expected), text, tok.start_pos or 0)
        return Diagnostic(code, msg, Span(path, line, col, line, col + max(1, len(found))), hint)
    assert isinstance(err, UnexpectedCharacters)
    line, col = err.line, err.column
    m = _WORD_AT.match(text, err.pos_in_stream or 0)
    if m:
        found = m.group(0)
        code, msg, hint = _message(found, set(err.allowed or ()), text, err.pos_in_stream or 0)
        return Diagnostic(code, msg, Span(path, line, col, line, col + len(found)), hint)
    char = text[err.pos_in_stream] if err.pos_in_stream is not None else "?"
    return Diagnostic("E004", f"the character '{char}' cannot appear here",
                      Span(path, line, col, line, col + 1))


def accepted_before(text: str, pos: int) -> set[str]:
    """The terminals the parser would accept at ``pos``, fed every token before it."""
    interactive = parser().parse_interactive(text)
    tokens = interactive.lexer_thread.lex(interactive.parser_state)  # type: ignore[no-untyped-call]
    try:
        for tok in tokens:
            if tok.start_pos is not None and tok.start_pos >= pos:
                break
            interactive.feed_token(tok)
    except (UnexpectedInput, GluedWords):  # the word at pos itself does not lex here
        pass
    accepted: set[str] = interactive.accepts()  # type: ignore[no-untyped-call]
    return accepted


def _word_start(text: str, pos: int | None) -> int | None:
    """Where the word holding ``pos`` starts, when that is before ``pos``."""
    if pos is None:
        return None
    start = pos
    while start > 0 and WHOLE_WORD.fullmatch(text[start - 1]):
        start -= 1
    return start if start < pos and WHOLE_WORD.match(text, pos) else None


def _whole_word(text: str, start: int) -> str:
    found = WHOLE_WORD.match(text, start)
    return found.group(0) if found else text[start:start + 1]


def _line_col(text: str, pos: int) -> tuple[int, int]:
    line = text.count("\n", 0, pos) + 1
    return line, pos - (text.rfind("\n", 0, pos) + 1) + 1


def glued(first: Token, text: str, path: str) -> Diagnostic:
    """Two words written as one: name the whole word, as a misplaced word is named."""
    start = first.start_pos or 0
    found = _whole_word(text, start)
    code, msg, hint = _message(found, accepted_before(text, start), text, start)
    line, col = first.line or 1, first.column or 1
    return Diagnostic(code, msg, Span(path, line, col, line, col + len(found)), hint)
