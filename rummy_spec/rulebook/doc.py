"""A rulebook page as plain data: sections of paragraphs, lists, tables, notes and listings.

The writers (reStructuredText, Markdown, HTML) each turn one :class:`Page` into text, so
the three formats say the same thing.  Text carries three kinds of inline markup only:
```code``` in backticks; ``{variant:NAME}``, a reference to another variant's page that
each writer makes a link where it can; and ``{cards:7C 7D 7H}``, card codes that the HTML
formats show as faces with suit glyphs (see :mod:`.faces`) and the others as code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Para:
    text: str


@dataclass(frozen=True)
class Items:
    items: tuple[str, ...]
    ordered: bool = False


@dataclass(frozen=True)
class Table:
    """Rows of cells; a cell's lines are apart by ``\\n``.

    ``keyed``: the first column numbers the rows (players, rounds), so comparisons read
    the table column by column ("Dealt: 12 for 4-8") rather than row by row.
    """

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    keyed: bool = False


@dataclass(frozen=True)
class Note:
    """An aside: an ambiguity default, a caveat.  ``title`` opens it in bold."""

    title: str
    text: str


@dataclass(frozen=True)
class Listing:
    """A verbatim listing: a spec file (``language`` "rummy") or a shell session."""

    text: str
    language: str = "rummy"


@dataclass(frozen=True)
class Figure:
    """A picture beside the text: ``path`` relative to the page, ``alt`` the picture in
    words (for screen readers and for formats that show no pictures), ``caption`` below."""

    path: str
    alt: str
    caption: str = ""


Block = Para | Items | Table | Note | Listing | Figure


@dataclass(frozen=True)
class Section:
    title: str
    key: str  # a stable id: the anchor, and what the diff tables match sections by
    blocks: tuple[Block, ...]
    compared: bool = True  # part of the rules (False: overview, options, notes, listing)


@dataclass(frozen=True)
class Page:
    title: str
    name: str  # the variant's name
    sections: tuple[Section, ...] = field(default_factory=tuple)


# ----- inline markup ----------------------------------------------------------------------

_INLINE = re.compile(r"`([^`]+)`|\{variant:([A-Za-z_][A-Za-z0-9_]*)\}|\{cards:([^{}]+)\}")


def inline(text: str) -> list[tuple[str, str]]:
    """Text as (kind, text) pieces: kind "text", "code", "variant" or "cards"."""
    out: list[tuple[str, str]] = []
    pos = 0
    for m in _INLINE.finditer(text):
        if m.start() > pos:
            out.append(("text", text[pos:m.start()]))
        if m.group(1) is not None:
            out.append(("code", m.group(1)))
        elif m.group(2) is not None:
            out.append(("variant", m.group(2)))
        else:
            out.append(("cards", m.group(3)))
        pos = m.end()
    if pos < len(text):
        out.append(("text", text[pos:]))
    return out


def plain(text: str) -> str:
    """Text with its markup removed."""
    return "".join(piece for _, piece in inline(text))


def block_lines(block: Block) -> list[str]:
    """A block as comparable lines, inline markup kept (a table: see ``_table_lines``)."""
    if isinstance(block, Para):
        return [block.text]
    if isinstance(block, Items):
        return list(block.items)
    if isinstance(block, Table):
        return _table_lines(block)
    if isinstance(block, Note):
        return [f"{block.title}: {block.text}"]
    if isinstance(block, Figure):
        return [block.alt]
    return block.text.splitlines()


def _table_lines(t: Table) -> list[str]:
    """Row by row ("A: 15"; "Cards: `7C 7D 7H`; Verdict: legal"), or for a keyed table
    column by column, one line per run of equal values ("Dealt to each: 12" when every row
    agrees, else "Decks for players 2-4: 2", "Decks for players 5-8: 3")."""
    if not t.keyed:
        if len(t.header) == 2:
            return [f"{a}: {b}" for a, b in t.rows]
        return ["; ".join(f"{h}: {c}" for h, c in zip(t.header, row, strict=True))
                for row in t.rows]
    keys = [row[0] for row in t.rows]
    where = plain(t.header[0]).lower()
    out: list[str] = []
    for col in range(1, len(t.header)):
        runs: list[tuple[str, str, str]] = []  # (first key, last key, value)
        for key, row in zip(keys, t.rows, strict=True):
            if runs and runs[-1][2] == row[col]:
                runs[-1] = (runs[-1][0], key, row[col])
            else:
                runs.append((key, key, row[col]))
        if len(runs) == 1:
            out.append(f"{t.header[col]}: {runs[0][2]}")
            continue
        for first, last, value in runs:
            span = first if first == last else f"{first}-{last}"
            out.append(f"{t.header[col]} for {where} {span}: {value}")
    return out


def section_lines(section: Section) -> list[str]:
    return [line for b in section.blocks for line in block_lines(b)]


def cards(text: str) -> str:
    """Card codes (``7C 7D 7H``) to be shown as card faces where a format can."""
    return "{cards:" + " ".join(text.replace("{", "").replace("}", "").split()) + "}"


def code(text: object) -> str:
    """``text`` as an inline code span (backticks inside are dropped)."""
    return "`" + str(text).replace("`", "") + "`"
