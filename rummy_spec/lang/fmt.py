"""The canonical layout of spec text: ``rummy-spec fmt`` and the language server's formatting.

The layout follows the parse tree: each variant item and each clause of a block that the
author spread over lines starts its own line, four spaces deeper per block; a block
written on one line stays on one line with its clauses joined by ", ".  Inside a clause
words are one space apart (none around ``..``, none before ``,`` ``:`` ``)``).  Comments
stay where they were: at the end of their line, or on a line of their own; one blank
line is kept where the author left one or more.

The result is checked before it is returned: it must parse to the same rules as the
input, or :class:`FormatError` is raised and nothing should be written.
"""

from __future__ import annotations

import bisect
import collections
import contextlib
import dataclasses
import gc
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree
from lark.exceptions import UnexpectedInput

from .errors import Diagnostic, SpecError
from .limits import MOST_TEXT
from .span import Span
from .syntax import Setting, parse, parser
from .syntax_tables import SECTIONS
from .words import GluedWords

INDENT = "    "
_LAYOUT = " \t\r\x0c"  # what may end a line and is not text (str.rstrip() takes more)
# every section of the grammar (the parser's own table, so a new one is never missed)
_SECTIONS = set(SECTIONS) | {"special_body"}
_HEADS = {"title", "extends", "extends_file"}


class FormatError(Exception):
    """The formatted text would not mean what the input meant: a bug in the formatter."""


@dataclass(frozen=True)
class _Tok:
    start: int
    end: int
    text: str


@dataclass
class _Layout:
    """What the tree says about the tokens: where lines start, which braces are blocks."""

    line_starts: set[int] = dataclasses.field(default_factory=set)
    opens: dict[int, bool] = dataclasses.field(default_factory=dict)  # offset -> multi-line
    closes: dict[int, bool] = dataclasses.field(default_factory=dict)
    separators: set[int] = dataclasses.field(default_factory=set)  # commas between clauses
    joins: set[int] = dataclasses.field(default_factory=set)  # a clause after one on its line


def format_text(text: str, path: str = "<text>") -> str:
    """The canonical form of ``text``; raises :class:`SpecError` when it does not parse,
    or when the canonical form would be larger than a spec may be (E060)."""
    with _collector_paused():
        return _format(text, path)


@contextlib.contextmanager
def _collector_paused() -> Iterator[None]:
    """Three parses of a large file build hundreds of thousands of objects, none of them
    garbage until the end; the cycle collector, run again and again over all of them,
    made the time grow with the square of the size.  Reference counting still frees."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _format(text: str, path: str) -> str:
    decls = parse(text, path)  # the author's errors, as check reports them
    try:
        tree = parser().parse(text)
        tokens = _tokens(text)
    except (UnexpectedInput, GluedWords) as err:  # pragma: no cover - parse() raised first
        raise FormatError(str(err)) from None
    layout = _Layout()
    for variant in tree.children:
        assert isinstance(variant, Tree)
        _plan_variant(variant, tokens, text, layout)
    out = _emit(text, tokens, _comments(text), layout)
    if len(out) > MOST_TEXT:  # aligned comments and indents can grow a file past the limit
        raise SpecError([Diagnostic(
            "E060", f"formatted, the file would be too large ({len(out):,} characters; "
            f"at most {MOST_TEXT:,}); it was left as it was", Span(path, 1, 1, 1, 2))],
            {path: text})
    try:
        again = parse(out, path)
    except SpecError as err:
        raise FormatError(f"the formatted text does not parse: {err}") from None
    if _meaning(again) != _meaning(decls):
        raise FormatError("the formatted text would state different rules")
    return out


# ----- reading --------------------------------------------------------------------------
def _tokens(text: str) -> list[_Tok]:
    interactive = parser().parse_interactive(text)
    found = [_Tok(t.start_pos or 0, t.end_pos or 0, str(t))
             for t in interactive.iter_parse()
             if t.type != "$END"]
    return found


def _comments(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            close = text.find('"', i + 1)
            i = len(text) if close < 0 else close + 1
        elif ch == "#":
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            # only layout is trimmed: a no-break space or a U+0085 is the comment's own
            out.append(_Tok(i, end, text[i:end].rstrip(_LAYOUT)))
            i = end
        else:
            i += 1
    return out


def _span(node: Tree[Token] | Token) -> tuple[int, int]:
    if isinstance(node, Token):
        return node.start_pos or 0, node.end_pos or 0
    return node.meta.start_pos, node.meta.end_pos


def _block(node: Tree[Token], tokens: list[_Tok], text: str, layout: _Layout,
           force_lines: bool = False) -> bool:
    """Mark the braces of a block; returns whether it is laid out one clause per line."""
    start, end = _span(node)
    first, last = _between(tokens, start, end)  # by bisection: linear in the whole file
    opening = next(tokens[i] for i in range(first, last) if tokens[i].text == "{")
    closing = tokens[last - 1]
    multi = force_lines or "\n" in text[opening.start:closing.start]
    layout.opens[opening.start] = multi
    layout.closes[closing.start] = multi
    return multi


def _plan_variant(variant: Tree[Token], tokens: list[_Tok], text: str, layout: _Layout) -> None:
    layout.line_starts.add(_span(variant)[0])
    _block(variant, tokens, text, layout, force_lines=True)
    for item in variant.children:
        if isinstance(item, Tree) and item.data not in _HEADS:
            layout.line_starts.add(_span(item)[0])
            _plan_item(item, tokens, text, layout)
    _mark_separators(variant, tokens, layout)


def _plan_item(item: Tree[Token], tokens: list[_Tok], text: str, layout: _Layout) -> None:
    name = str(item.data)
    if name == "option":
        multi = _block(item, tokens, text, layout)
        for section in item.children:
            if isinstance(section, Tree) and section.data not in _HEADS:
                if multi:
                    layout.line_starts.add(_span(section)[0])
                _plan_item(section, tokens, text, layout)
        _mark_separators(item, tokens, layout)
    elif name == "special":
        for child in item.children:
            if isinstance(child, Tree) and child.data == "special_body":
                _plan_item(child, tokens, text, layout)
    elif name in _SECTIONS:
        multi = _block(item, tokens, text, layout)
        previous: int | None = None
        for clause in item.children:
            if isinstance(clause, Tree) and clause.data not in _HEADS:
                start, end = _span(clause)
                if previous is None and multi:
                    layout.line_starts.add(start)
                elif previous is not None:
                    if multi and "\n" in text[previous:start]:
                        layout.line_starts.add(start)  # the author's line breaks are kept
                    else:
                        layout.joins.add(start)
                previous = end
        _mark_separators(item, tokens, layout)


def _mark_separators(node: Tree[Token], tokens: list[_Tok], layout: _Layout) -> None:
    """Commas directly inside a block (between its clauses, not inside one)."""
    start, end = _span(node)
    inner = [_span(c) for c in node.children if isinstance(c, Tree)]  # in order
    first, last = _between(tokens, start, end)
    k = 0
    for t in tokens[first:last]:
        while k < len(inner) and inner[k][1] <= t.start:
            k += 1
        if t.text == "," and not (k < len(inner) and inner[k][0] <= t.start):
            layout.separators.add(t.start)


def _between(tokens: list[_Tok], start: int, end: int) -> tuple[int, int]:
    """The index range of the tokens that start in ``[start, end)``."""
    return (bisect.bisect_left(tokens, start, key=lambda t: t.start),
            bisect.bisect_left(tokens, end, key=lambda t: t.start))


# ----- writing --------------------------------------------------------------------------
_NO_SPACE_BEFORE = {",", ":", ")", ".."}
_NO_SPACE_AFTER = {"(", ".."}


def _emit(text: str, tokens: list[_Tok], comments: list[_Tok], layout: _Layout) -> str:
    lines: list[str] = []
    line = ""
    depth = 0
    blocks: list[bool] = []  # multi-line flag of each open block
    pending = collections.deque(comments)
    prev: _Tok | None = None
    trailing: list[tuple[int, str, str]] = []  # (line index, code, comment)

    def newline(indent: int, blank: bool = False) -> None:
        nonlocal line
        if line.strip(" "):
            lines.append(line.rstrip(" "))
        if blank and lines and lines[-1] != "":
            lines.append("")
        line = INDENT * indent

    last_end = 0  # where the last token or comment written ended, in the input

    def flush_comments(before: int, indent: int) -> None:
        nonlocal line, last_end
        while pending and pending[0].start < before:
            c = pending.popleft()
            gap = text[last_end:c.start]
            last_end = c.end
            if prev is not None and "\n" not in gap and line.strip(" "):
                trailing.append((len(lines), line.rstrip(" "), c.text))  # at the end of its line
                line = line.rstrip(" ") + "  " + c.text
                newline(indent)
            else:
                newline(indent, blank=_blank_line(gap) and last_end > 0)
                line += c.text
                newline(indent)

    for tok in tokens:
        closing = tok.start in layout.closes
        flush_comments(tok.start, depth - 1 if closing else depth)
        gap = text[last_end:tok.start] if prev else ""
        last_end = tok.end
        at_line_start = not line.strip(" ")
        if tok.start in layout.separators:  # written again below, canonically
            prev = tok
            continue
        if closing:
            multi = blocks.pop()
            depth -= 1
            if multi:
                newline(depth)
                line += "}"
            else:
                line = line.rstrip(" ") + " }"
        elif tok.start in layout.line_starts and (not blocks or blocks[-1]):
            if not at_line_start:
                newline(depth, blank=_blank_line(gap))
            elif _blank_line(gap) and lines:
                newline(depth, blank=True)
            line += tok.text
        elif tok.start in layout.joins:
            line = line.rstrip(" ") + ", " + tok.text
        elif tok.start in layout.opens:
            line = line.rstrip(" ") + " {"
            blocks.append(layout.opens[tok.start])
            depth += 1
            if not layout.opens[tok.start]:
                line += " "
        else:
            if at_line_start:
                line += tok.text
            else:
                line = _join(line, prev, tok, gap)
        prev = tok
    flush_comments(len(text) + 1, 0)
    newline(0)
    _align(lines, trailing)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(_spaced_variants(lines)) + "\n"


COMMENT_COLUMN = 44  # trailing comments start here, or two spaces after a longer line


def _align(lines: list[str], trailing: list[tuple[int, str, str]]) -> None:
    """Trailing comments of consecutive lines start in one column."""
    runs: list[list[tuple[int, str, str]]] = []
    for item in trailing:
        # a variant's line gets a blank line before it (_spaced_variants): a new run
        if runs and runs[-1][-1][0] == item[0] - 1 and not (item[1] + " ").startswith("variant "):
            runs[-1].append(item)
        else:
            runs.append([item])
    for run in runs:
        column = max(COMMENT_COLUMN, *(len(code) + 2 for _, code, _ in run))
        for index, code, comment in run:
            lines[index] = code.ljust(column) + comment


def _join(line: str, prev: _Tok | None, tok: _Tok, gap: str) -> str:
    if tok.text in ("{", "}") or (prev is not None and prev.text == "{"):
        return line.rstrip(" ") + " " + tok.text  # a table inside a clause: by round { ... }
    if prev is not None and (prev.text in _NO_SPACE_AFTER or tok.text in _NO_SPACE_BEFORE):
        return line.rstrip(" ") + tok.text
    if prev is not None and prev.text in {",", ":"}:
        return line.rstrip(" ") + " " + tok.text
    if not gap:
        return line + tok.text
    return line.rstrip(" ") + " " + tok.text


def _blank_line(gap: str) -> bool:
    return gap.count("\n") >= 2 and any(not row.strip() for row in gap.split("\n")[1:-1])


def _spaced_variants(lines: list[str]) -> list[str]:
    """One blank line before each variant after the first (and its leading comments)."""
    out: list[str] = []
    for row in lines:
        if row.startswith("variant ") and out and out[-1] != "":
            j = len(out)
            while j > 0 and out[j - 1].startswith("#"):
                j -= 1
            if j > 0 and out[j - 1] != "":
                out.insert(j, "")
        out.append(row)
    return out


# ----- meaning ----------------------------------------------------------------------------
def _meaning(decls: list[Any]) -> list[Any]:
    return [_strip(d) for d in decls]


def _strip(value: Any) -> Any:
    """A value with every source position removed, for comparing two parses."""
    if type(value).__name__ == "Span":
        return None
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if isinstance(value, Setting) and value.key[0] in ("source", "unstated"):
            # its key holds its line and column
            return (value.key[0], _strip(value.value))
        fields = tuple((f.name, _strip(getattr(value, f.name)))
                       for f in dataclasses.fields(value)
                       if f.name not in ("span", "parent_span", "path", "problems"))
        return (type(value).__name__, *fields)
    if isinstance(value, (list, tuple)):
        return tuple(_strip(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _strip(v)) for k, v in value.items()))
    return value
