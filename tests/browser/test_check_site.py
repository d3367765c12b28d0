"""The browser check finds what it claims to find, on a small site broken on purpose.

It needs Chromium (Debian's ``chromium``; ``.ci/run`` installs it); without it the test
is skipped here, and CI runs the check on the real site (``make docs-browser``).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from browser.check_site import check

CHROMIUM = shutil.which("chromium")

GOOD_SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10">'
            '<rect width="20" height="10"/></svg>')


def _site(folder: Path) -> None:
    (folder / "fig.svg").write_text(GOOD_SVG, encoding="utf-8")
    (folder / "index.html").write_text(
        '<!DOCTYPE html><html><head><title>i</title></head><body>'
        '<img src="fig.svg" alt="a figure"><a href="other.html#here">ok</a>'
        '<a href="other.html#nowhere">bad anchor</a><a href="gone.html">bad page</a>'
        '</body></html>', encoding="utf-8")
    (folder / "other.html").write_text(
        '<!DOCTYPE html><html><head><title>o</title></head><body><p id="here">x</p>'
        '<img src="missing.svg" alt="lost"><img src="fig.svg">'
        '<script>console.error("boom")</script></body></html>', encoding="utf-8")


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium on PATH")
def test_the_check_reports_each_kind_of_fault(tmp_path: Path) -> None:
    _site(tmp_path)
    assert CHROMIUM is not None
    faults = check(tmp_path, CHROMIUM)
    text = "\n".join(faults)
    assert "index.html: a link to other.html#nowhere, an anchor not on it" in faults, text
    assert "index.html: a link to gone.html, which does not exist" in faults, text
    assert any(f.startswith("other.html: the image") and "missing.svg" in f
               and "did not load" in f for f in faults), text
    assert any("has no alt text" in f for f in faults), text
    assert any("console error: boom" in f for f in faults), text
    assert not any(f.startswith("index.html: the image") for f in faults), text
    assert "other.html#here" not in text
