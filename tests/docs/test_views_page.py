"""docs/views.md runs as written: its ``pycon`` examples are doctests."""

from __future__ import annotations

import doctest

from docs_support import DOCS

PAGE = DOCS / "views.md"


def test_the_views_page_examples_pass() -> None:
    result = doctest.testfile(str(PAGE), module_relative=False, report=True,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 12
    assert result.failed == 0, f"{result.failed} of the page's examples fail (see above)"


def test_the_page_is_in_the_toctree() -> None:
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert "\n   views\n" in index
