"""Variant -> rulebook page, in reStructuredText, Markdown or standalone HTML.

Every statement on a page is generated from the checked model that the engine runs, so
the book and the behaviour cannot drift apart::

    from rummy_spec.lang import library_for
    from rummy_spec.rulebook import build_page, render

    lib, name = library_for("spec/continental.rummy")
    text = render(build_page(lib, name), "md")
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..lang import Library
from . import html, markdown, rst
from .book import build_page
from .doc import Page
from .rst import Links, no_links

Format = Literal["rst", "md", "html"]
FORMATS: tuple[Format, ...] = ("rst", "md", "html")


def render(page: Page, fmt: Format = "rst", links: Links = no_links,
           sphinx: bool = False) -> str:
    """The page as text in ``fmt``; ``links`` maps a variant name to its page, if any."""
    if fmt == "rst":
        return rst.write(page, links, sphinx)
    if fmt == "md":
        return markdown.write(page, links)
    return html.write(page, links)


def rulebook(lib: Library, name: str, fmt: Format = "rst", options: Sequence[str] = (),
             players: int | None = None, links: Links = no_links) -> str:
    """Build and render one variant's page in one call."""
    return render(build_page(lib, name, options, players), fmt, links)


__all__ = ["FORMATS", "Format", "Links", "Page", "build_page", "no_links", "render",
           "rulebook"]
