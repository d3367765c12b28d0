"""What the parser hands on: each variant as a flat list of positioned rule settings.

A setting is one rule (``run.min = 4``) with the span that stated it.  Sections and
``extends`` merge setting by setting, so a house variant names only what differs; options
are setting lists applied last.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token
from lark.tree import Meta

from .errors import Diagnostic
from .span import Span

Key = tuple[str | int, ...]

@dataclass(frozen=True)
class Setting:
    key: Key
    value: Any
    span: Span
    reset: bool = False  # a default restored (``no limits``): a later clause may restate it


@dataclass(frozen=True)
class RawCard:
    """A card class as written, resolved against the deck later: ``red aces``."""

    colour: str | None
    word: str
    span: Span


@dataclass
class OptionDecl:
    name: str
    title: str
    settings: list[Setting]
    span: Span


@dataclass
class VariantDecl:
    name: str
    title: str
    parent: str | None
    parent_span: Span | None
    settings: list[Setting]
    options: dict[str, OptionDecl]
    path: str
    span: Span
    problems: list[Diagnostic] = field(default_factory=list)
    parent_file: str | None = None  # ``extends NAME from "FILE"``, relative to this file
    dropped_options: list[tuple[str, Span]] = field(default_factory=list)  # ``no option X``



def span_of(path: str, meta: Meta | Token) -> Span:
    if isinstance(meta, Token):
        line, col = meta.line or 0, meta.column or 0
        return Span(path, line, col, meta.end_line or line, meta.end_column or col)
    if meta.empty:
        return Span(path, 0, 0, 0, 0)
    return Span(path, meta.line, meta.column, meta.end_line, meta.end_column)


def unquote(tok: Token) -> str:
    return str(tok)[1:-1]



class Clause:
    """A clause before it knows its section: field -> value, with its span."""

    def __init__(self, fields: list[tuple[Key, Any]], span: Span, reset: bool = False) -> None:
        self.fields = fields
        self.span = span
        self.reset = reset

