"""A rulebook :class:`Page` as reStructuredText, for Sphinx or for docutils alone.

``sphinx=True`` writes Sphinx's directives and roles (``code-block``, ``:doc:``); without
it the text uses plain docutils only (``code``), so ``rst2html`` renders it too.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .doc import Block, Figure, Items, Listing, Note, Page, Para, Table, inline

Links = Callable[[str], str | None]  # variant name -> a link target, or None


def no_links(name: str) -> str | None:
    return None


_SPECIAL = re.compile(r"([\\*`_|\[\]])")


def _escape(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", text)


class RstWriter:
    def __init__(self, links: Links = no_links, sphinx: bool = False) -> None:
        self.links = links
        self.sphinx = sphinx

    def page(self, page: Page) -> str:
        out = [_heading(page.title, "=", over=True)]
        for section in page.sections:
            out.append(_heading(section.title, "-"))
            for block in section.blocks:
                out.append(self.block(block))
        return "\n\n".join(out).rstrip() + "\n"

    def block(self, block: Block) -> str:
        if isinstance(block, Para):
            return self.text(block.text)
        if isinstance(block, Items):
            mark = "#." if block.ordered else "-"
            return "\n".join(f"{mark} {self.text(i)}" for i in block.items)
        if isinstance(block, Table):
            return self.table(block)
        if isinstance(block, Note):
            body = self.text(block.text)
            return f".. admonition:: {_escape(block.title)}\n   :class: note\n\n   {body}"
        if isinstance(block, Figure):
            return self.figure(block)
        return self.listing(block)

    def figure(self, block: Figure) -> str:
        alt = " ".join(block.alt.split())
        text = f".. figure:: {block.path}\n   :alt: {alt}\n   :width: 100%"
        if block.caption:
            text += "\n\n   " + self.text(block.caption)
        return text

    def table(self, t: Table) -> str:
        lines = [".. list-table::", "   :header-rows: 1", ""]
        for row in (t.header, *t.rows):
            for i, cell in enumerate(row):
                lead = "   * - " if i == 0 else "     - "
                paras = [self.text(p) for p in cell.split("\n")] or [""]
                lines.append(lead + paras[0])
                for more in paras[1:]:
                    lines += ["", "       " + more]
        return "\n".join(lines)

    def listing(self, block: Listing) -> str:
        directive = "code-block" if self.sphinx else "code"
        body = "\n".join(("   " + line) if line.strip() else "" for line in
                         block.text.splitlines())
        return f".. {directive}:: {block.language}\n\n{body}"

    def text(self, text: str) -> str:
        pieces: list[str] = []
        for kind, piece in inline(text):
            if kind == "text":
                pieces.append(_escape(piece))
            elif kind == "code":
                pieces.append(f"``{piece.strip()}``")
            elif kind == "cards":
                # the docs register a ``cards`` role that shows faces; plain docutils
                # gets the codes
                pieces.append(f":cards:`{piece}`" if self.sphinx else f"``{piece}``")
            else:
                target = self.links(piece)
                if target is not None and self.sphinx:
                    pieces.append(f":doc:`{target}`")
                else:
                    pieces.append(f"``{piece}``")
        return _guard("".join(pieces))


def _heading(title: str, mark: str, over: bool = False) -> str:
    text = _escape(title)
    line = mark * max(len(text), 3)
    return f"{line}\n{text}\n{line}" if over else f"{text}\n{line}"


# Inline markup needs a space or some punctuation on its outside: "``A``s" is no markup.
_OPEN_AFTER = " \t\n-:/'\"<([{"
_CLOSE_BEFORE = " \t\n-.,:;!?\\/'\")]}>"


def _guard(text: str) -> str:
    """Escaped spaces where an inline literal touches a character that would spoil it."""
    out: list[str] = []
    i = 0
    in_code = False
    while i < len(text):
        if text.startswith("``", i):
            if not in_code and i > 0 and text[i - 1] not in _OPEN_AFTER:
                out.append("\\ ")
            out.append("``")
            i += 2
            if in_code and i < len(text) and text[i] not in _CLOSE_BEFORE:
                out.append("\\ ")
            in_code = not in_code
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


def write(page: Page, links: Links = no_links, sphinx: bool = False) -> str:
    return RstWriter(links, sphinx).page(page)
