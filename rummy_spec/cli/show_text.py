"""What ``show`` prints for people: the resolved rules for one player count, in the
rulebook's words.

The sections are the rulebook's own (``rulebook.book.rules_sections``), written for the
one player count asked: the same sentences and tables a rulebook page has, as plain text,
and only the sections the variant has (no buying section where nobody buys).  A variant
that extends another, or any variant shown ``--diff PARENT``, ends with what it changes:
the lines of the rules that differ between the two, as the rulebook's comparison finds
them.  ``show --json`` is the form for programs.
"""

from __future__ import annotations

import textwrap
from pathlib import PurePath

from ..lang import model as m
from ..rulebook.book import rules_sections
from ..rulebook.compare import NOTHING, differences
from ..rulebook.doc import Block, Figure, Items, Listing, Note, Page, Para, Table, plain
from ..rulebook.words import Scope

WIDTH = 92
INDENT = "  "


def render_text(variant: m.Variant, players: int, against: m.Variant | str | None = None
                ) -> str:
    """The rules of ``variant`` for ``players``, and what it changes from ``against`` (a
    sentence instead: why it is compared with nothing)."""
    out = _heading(variant, players)
    for section in rules_page(variant, players).sections:
        out += ["", section.title]
        for block in section.blocks:
            out += [INDENT + line if line else "" for line in block_text(block)]
    if isinstance(against, str):
        out += ["", *_wrap(against, "", "")]
    elif against is not None:
        out += ["", *change_lines(against, variant, players)]
    return "\n".join(out).rstrip() + "\n"


def rules_page(variant: m.Variant, players: int) -> Page:
    return Page(variant.title, variant.name,
                tuple(rules_sections(Scope.of(variant, players))))


def change_lines(before: m.Variant, after: m.Variant, players: int) -> list[str]:
    """What ``after`` changes from ``before`` for ``players``: per section, each line of
    the rules only ``before`` has (``-``) and only ``after`` has (``+``)."""
    rows = differences(rules_page(before, players), rules_page(after, players))
    head = f"What {after.name} changes from {before.name}, for {players} players"
    if not rows:
        return [head, INDENT + "nothing: the rules come out the same"]
    out = [head + " (- " + before.name + ", + " + after.name + "):"]
    for title, gone, came in rows:
        out.append(INDENT + title)
        for mark, lines in (("-", gone), ("+", came)):
            if lines != NOTHING:
                for line in lines.split("\n"):
                    out += [INDENT + w for w in _wrap(plain(line), f"  {mark} ", "    ")]
    return out


def _heading(v: m.Variant, players: int) -> list[str]:
    p = v.players
    allowed = (f"{p.min} or more" if p.max is None
               else str(p.min) if p.min == p.max else f"{p.min}..{p.max}")
    head = [f"{v.title}  ({v.name}, {PurePath(v.path).name})"]
    if v.parent:
        head.append(f"extends {v.parent}")
    head.append(f"for {players} players (this variant: {allowed} players)")
    for o in v.options:
        state = "on" if o.name in v.enabled else "off"
        head.append(f"option {o.name} \"{o.title}\": {state}")
    for s in dict.fromkeys(v.sources):
        head.append(f"source: {s}")
    return head


def block_text(block: Block) -> list[str]:
    """One rulebook block as plain lines (markup removed, prose wrapped)."""
    if isinstance(block, Para):
        return _wrap(plain(block.text))
    if isinstance(block, Items):
        lines: list[str] = []
        for n, item in enumerate(block.items, 1):
            mark = f"{n}. " if block.ordered else "- "
            lines += _wrap(plain(item), mark, " " * len(mark))
        return lines
    if isinstance(block, Table):
        return _table(block)
    if isinstance(block, Note):
        return _wrap(f"{plain(block.title)}: {plain(block.text)}")
    if isinstance(block, Figure):
        return _wrap(plain(block.alt))
    assert isinstance(block, Listing)
    return block.text.rstrip("\n").splitlines()


def _wrap(text: str, first: str = "", rest: str = "") -> list[str]:
    return textwrap.wrap(text, WIDTH - len(INDENT), initial_indent=first,
                         subsequent_indent=rest, break_on_hyphens=False) or [first.rstrip()]


def _table(t: Table) -> list[str]:
    rows = [[plain(c).replace("\n", "; ") for c in row] for row in (t.header, *t.rows)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(t.header))]
    return ["  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip()
            for row in rows]
