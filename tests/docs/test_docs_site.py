"""The Sphinx site: it builds with -W -n, holds a generated page per built-in variant with
its contract table, and every internal link and anchor in it resolves."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from docs_support import Build

from rummy_spec.lang import builtin_library
from rummy_spec.lang.counts import minimum_cards

BUILTINS = sorted(builtin_library().decls)


class _Page(HTMLParser):
    """What the tests read from a built page: ids, links, and tables as rows of cell text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None
        self._row: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None and self.tables:
            self.tables[-1].append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def _read(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def test_the_docs_build_without_a_warning(built_docs: Build) -> None:
    assert built_docs.code == 0, built_docs.output
    assert "WARNING" not in built_docs.output, built_docs.output
    for page in ("index", "install", "quickstart", "tutorial", "language", "implementer",
                 "rulebook/index", "rulebook/ambiguities", "reference/cli", "axes",
                 "glossary", "design", "mutation", "peers", "changelog"):
        assert (built_docs.html / f"{page}.html").is_file(), page


@pytest.mark.parametrize("name", BUILTINS)
def test_each_variant_page_has_its_figures(built_docs: Build, name: str) -> None:
    """How it plays: the turn diagram and the bot-game figures, each an SVG file in the
    build with its words for screen readers."""
    html = (built_docs.html / "rulebook" / f"{name}.html").read_text(encoding="utf-8")
    assert 'id="how-it-plays"' in html
    tags = re.findall(r"<img [^>]*>", html)
    images = [(re.search(r'src="([^"]+)"', t).group(1),  # type: ignore[union-attr]
               re.search(r'alt="([^"]*)"', t).group(1)) for t in tags]  # type: ignore[union-attr]
    shown = {Path(src).name: alt for src, alt in images}
    assert f"{name}-turn.svg" in shown and f"{name}-plays.svg" in shown, images
    assert "bot games: median final score" in shown[f"{name}-plays.svg"]
    assert shown[f"{name}-turn.svg"].startswith("A turn: Draw")
    for src, _ in images:
        figure = (built_docs.html / "rulebook" / unquote(src)).resolve()
        assert figure.is_file() and figure.read_text(encoding="utf-8").lstrip().startswith(
            ("<?xml", "<svg")), src


def test_the_rulebook_index_compares_every_variant(built_docs: Build) -> None:
    page = _read(built_docs.html / "rulebook" / "index.html")
    table = next(t for t in page.tables if t[0][:3] == ["Variant", "Players", "Decks"])
    titles = [row[0] for row in table[1:]]
    lib = builtin_library()
    assert titles == [lib.resolve(n)[0].title for n in BUILTINS]
    # wider than the page: it scrolls in the theme's box, which the shadows of rummy.css
    # mark, and the text says so
    html = (built_docs.html / "rulebook" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<div class="[^"]*table-wrapper[^"]*rummy-comparison|'
                     r'<div class="[^"]*rummy-comparison[^"]*table-wrapper', html)
    assert "scrolls sideways in its box" in html


def test_the_command_line_reference_has_every_command(built_docs: Build) -> None:
    from rummy_spec.cli import commands

    html = (built_docs.html / "reference" / "cli.html").read_text(encoding="utf-8")
    for command in commands():
        assert f"rummy-spec {command.name}" in html, command.name
    assert "``" not in html


@pytest.mark.parametrize("name", BUILTINS)
def test_each_built_in_variant_has_its_page_with_its_contract_table(
        built_docs: Build, name: str) -> None:
    assert built_docs.code == 0, built_docs.output
    variant, _ = builtin_library().resolve(name)
    path = built_docs.html / "rulebook" / f"{name}.html"
    page = _read(path)
    html = path.read_text(encoding="utf-8")
    assert variant.title.replace("'", "&#39;") in html or variant.title in html
    players = next(t for t in page.tables if t[0][:2] == ["Players", "Decks"])
    assert [row[0] for row in players[1:]] == [
        str(n) for n in range(variant.players.min, (variant.players.max or 12) + 1)]
    if not variant.contracts.rounds:
        assert "Rounds and contracts" not in html
        return
    table = next(t for t in page.tables if "Fewest cards" in t[0])
    rows = table[1:]
    assert len(rows) == len(variant.contracts.rounds)
    for row, contract in zip(rows, variant.contracts.rounds, strict=True):
        assert row[0] == str(contract.number)
        assert row[2] == str(minimum_cards(variant, contract))
        for element in contract.elements:
            assert f"{element.count} " in row[1]


def test_the_rulebook_index_lists_every_built_in_variant(built_docs: Build) -> None:
    links = _read(built_docs.html / "rulebook" / "index.html").links
    for name in BUILTINS:
        assert any(urlsplit(link).path.endswith(f"{name}.html") for link in links), name


def test_a_variant_that_extends_links_to_its_parent_and_tables_the_differences(
        built_docs: Build) -> None:
    lib = builtin_library()
    child = next(n for n in BUILTINS if lib.decls[n].parent is not None)
    parent = lib.decls[child].parent
    page = _read(built_docs.html / "rulebook" / f"{child}.html")
    assert f"{parent}.html" in " ".join(page.links)
    assert any(t[0][0] == "Rule" and len(t) > 1 for t in page.tables)


def test_every_internal_link_and_anchor_resolves(built_docs: Build) -> None:
    root = built_docs.html
    pages = {p: _read(p) for p in root.rglob("*.html")}
    broken = []
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc or link.startswith("mailto:"):
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                broken.append(f"{path.relative_to(root)}: {link}")
                continue
            if parts.fragment and target.suffix == ".html":
                ids = pages[target].ids if target in pages else _read(target).ids
                if parts.fragment not in ids:
                    broken.append(f"{path.relative_to(root)}: {link} (no such anchor)")
    assert not broken, "\n".join(broken)


def test_spec_listings_are_highlighted_as_rules(built_docs: Build) -> None:
    html = (built_docs.html / "rulebook" / "continental.html").read_text(encoding="utf-8")
    assert re.search(r'class="highlight-rummy', html)
    # the lexer marks declarations and section names, not only plain text
    assert '<span class="kd">variant</span>' in html
    assert '<span class="k">deck</span>' in html


def test_the_peers_page_charts_the_race_it_records(built_docs: Build) -> None:
    html = (built_docs.html / "peers.html").read_text(encoding="utf-8")
    assert "peers-race.svg" in html
    alt = re.search(r'alt="The race, hands per second: ([^"]*)"', html)
    assert alt is not None
    # the chart's figures are the page's own: each engine's hands/s from its listing
    for engine, speed in re.findall(r"(rummy-spec (?:pure |compiled )?\(\w+\)|OpenSpiel "
                                    r"\((?:pyspiel|C\+\+ loop)\)|RLCard \(raw game\)) (\d+) "
                                    r"hands per second", alt.group(1)):
        assert re.search(rf"{re.escape(engine)}\s+{speed}\s", html), engine
