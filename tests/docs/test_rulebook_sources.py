"""A rulebook page names its sources as a reader can find them, and opens with the object
of the game.

No page shows the path of a collected text (``seeds/000_<hash>.txt``), the project's notes
(``VARIANTS.md``, ``AXES.md``) or the short codes those notes give their sources ("E2, OPT,
IG, WM"): a source is a published work, by title and publisher or site, with an address
where there is one.
"""

from __future__ import annotations

import re
from typing import Literal

import pytest

from rummy_spec.lang import Library, builtin_library
from rummy_spec.rulebook import build_page, render

LIB = builtin_library()
CASES = [(name, ()) for name in sorted(LIB.decls)] + [
    (name, (option,)) for name in sorted(LIB.decls) for option in LIB.decls[name].options]
_FILES = re.compile(r"seeds/|\b\d{3}_[0-9a-f]{8,}\.txt\b|\bVARIANTS\.md\b|\bAXES\.md\b")
# the keys of the project's source notes, and its short names for the variants (not
# 7H: a card)
_CODE_WORDS = (
    "S0 S1 S2 S3 S4 THR LR CGIO MG RRB PVZ WLIV WLIV-old EET WAM OBS WSH SWB SPR NWR BLG WKH "
    "CSG WTS FDX E2 OPT IG WM ENOW AMD QGR SGB CCJ KGB GX BCR WCR DOC PAS TOR BRUM PGR JDH BGA "
    "SPG BCON LQS TRD BUK CONT CR-W CR-P CR-B LIV SH TS 12S P10 RUM GIN")
_CODES = re.compile(r"(?<![\w-])(?:" + "|".join(re.escape(c) for c in _CODE_WORDS.split())
                    + r")(?![\w-])")


def internal_names(page: str) -> list[str]:
    """The internal file names and source codes a page shows."""
    return _FILES.findall(page) + _CODES.findall(page)


def _page(name: str, options: tuple[str, ...] = (), lib: Library = LIB) -> str:
    return render(build_page(lib, name, options), "md")


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{n}+{o[0]}" if o else n for n, o in CASES])
def test_a_page_shows_no_internal_name(name: str, options: tuple[str, ...]) -> None:
    assert internal_names(_page(name, options)) == []


@pytest.mark.parametrize("fmt", ["rst", "html"])
def test_no_internal_name_in_any_format(fmt: Literal["rst", "html"]) -> None:
    for name in sorted(LIB.decls):
        assert internal_names(render(build_page(LIB, name, ()), fmt)) == [], name


def test_a_planted_internal_name_is_found() -> None:
    """The check above finds a collected file, the notes and a source code on a page."""
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    lib.add_text('# Ambiguity defaults relied on (VARIANTS.md section 13): A10.\n'
                 'variant house "House" extends continental {\n'
                 '    source "seeds/000_0df333ef8851f81f.txt"\n'
                 '    source "E2, OPT, IG, WM"\n'
                 '    deal { cards 11 }\n}\n', "house.rummy")
    found = internal_names(_page("house", lib=lib))
    assert {"seeds/", "000_0df333ef8851f81f.txt", "VARIANTS.md", "E2", "OPT", "IG",
            "WM"} <= set(found)


@pytest.mark.parametrize("name", sorted(LIB.decls))
def test_every_source_is_a_published_work(name: str) -> None:
    """Each source names a work in words (a title and a publisher or site), not a code."""
    variant, _ = LIB.resolve(name, ())
    assert variant is not None and variant.sources
    for source in variant.sources:
        words = re.findall(r"[A-Za-z]{3,}", source.split("http")[0])
        assert len(words) >= 2 and "," in source, source
        address = re.search(r"https?://\S+", source)
        assert address is None or source.endswith(address.group(0)), source


@pytest.mark.parametrize("name", sorted(LIB.decls))
def test_a_page_opens_with_the_object_of_the_game(name: str) -> None:
    page = _page(name)
    first = page.split("## Overview\n\n", 1)[1].split("\n\n", 1)[0]
    assert first.startswith("The object of the game is to "), first
    assert first.endswith(".") and ". " not in first, first  # one sentence


def test_phase10_object_is_the_finishers_race() -> None:
    first = _page("phase10").split("## Overview\n\n", 1)[1].split("\n\n", 1)[0]
    assert first == ("The object of the game is to be the first to complete all 10 "
                     "contracts, in order and one per hand; of the players who complete "
                     "them in the same hand, the lowest total wins.")
