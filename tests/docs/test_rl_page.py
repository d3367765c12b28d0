"""docs/rl.md runs as written: its ``pycon`` examples (the loop a researcher writes, the
OpenSpiel game) are doctests; skipped where the ``rl`` extra or pyspiel is absent."""

from __future__ import annotations

import doctest

import pytest
from docs_support import DOCS

PAGE = DOCS / "rl.md"


def test_the_rl_page_examples_pass() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("pyspiel")
    result = doctest.testfile(str(PAGE), module_relative=False, report=True,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 20
    assert result.failed == 0, f"{result.failed} of the page's examples fail (see above)"


def test_the_page_is_in_the_toctree() -> None:
    index = (DOCS / "index.rst").read_text(encoding="utf-8")
    assert "\n   rl\n" in index
