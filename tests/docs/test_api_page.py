"""docs/api.rst runs as written: every ``>>>`` example on the page is a doctest, so the
page cannot drift from the API it documents."""

from __future__ import annotations

import doctest
import re

from docs_support import DOCS

PAGE = DOCS / "api.rst"


def test_every_example_block_is_a_doctest() -> None:
    """A ``pycon`` block without prompts would show code that nothing runs."""
    text = PAGE.read_text(encoding="utf-8")
    bodies = re.split(r"^\.\. code-block:: pycon\s*$", text, flags=re.M)[1:]
    assert len(bodies) >= 8
    for body in bodies:
        first = next(line for line in body.splitlines() if line.strip())
        assert first.strip().startswith(">>> "), first


def test_the_api_page_examples_pass() -> None:
    result = doctest.testfile(str(PAGE), module_relative=False, report=True,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 40
    assert result.failed == 0, f"{result.failed} of the page's examples fail (see above)"
