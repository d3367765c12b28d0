"""A rulebook :class:`Page` as Markdown (GitHub-flavoured: pipe tables, fenced listings)."""

from __future__ import annotations

import re

from .doc import Block, Figure, Items, Listing, Note, Page, Para, Table, inline
from .rst import Links, no_links

_SPECIAL = re.compile(r"([\\*\[\]<>|`]|(?<!\w)_|_(?!\w))")


def _escape(text: str) -> str:
    return _SPECIAL.sub(r"\\\1", text)


def _code(text: str) -> str:
    fence = "``" if "`" in text else "`"
    return f"{fence}{text}{fence}"


class MarkdownWriter:
    def __init__(self, links: Links = no_links) -> None:
        self.links = links

    def page(self, page: Page) -> str:
        out = [f"# {_escape(page.title)}"]
        for section in page.sections:
            out.append(f"## {_escape(section.title)}")
            out.extend(self.block(b) for b in section.blocks)
        return "\n\n".join(out).rstrip() + "\n"

    def block(self, block: Block) -> str:
        if isinstance(block, Para):
            return self.text(block.text)
        if isinstance(block, Items):
            return "\n".join(f"{f'{n}.' if block.ordered else '-'} {self.text(i)}"
                             for n, i in enumerate(block.items, 1))
        if isinstance(block, Table):
            return self.table(block)
        if isinstance(block, Note):
            return f"> **{_escape(block.title)}**: {self.text(block.text)}"
        if isinstance(block, Figure):
            alt = _escape(" ".join(block.alt.split()))
            caption = f"\n\n{self.text(block.caption)}" if block.caption else ""
            return f"![{alt}]({block.path}){caption}"
        return self.listing(block)

    def table(self, t: Table) -> str:
        def row(cells: tuple[str, ...]) -> str:
            return "| " + " | ".join("<br>".join(self.text(p) for p in c.split("\n"))
                                     for c in cells) + " |"

        return "\n".join([row(t.header), "|" + "---|" * len(t.header), *map(row, t.rows)])

    def listing(self, block: Listing) -> str:
        return f"```{block.language}\n{block.text.rstrip()}\n```"

    def text(self, text: str) -> str:
        out: list[str] = []
        for kind, piece in inline(text):
            if kind == "text":
                out.append(_escape(piece))
            elif kind in ("code", "cards"):
                out.append(_code(piece))
            else:
                target = self.links(piece)
                out.append(f"[{_code(piece)}]({target})" if target else _code(piece))
        return "".join(out)


def write(page: Page, links: Links = no_links) -> str:
    return MarkdownWriter(links).page(page)
