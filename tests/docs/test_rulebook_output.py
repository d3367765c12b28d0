"""The rulebook's files and pictures: written whole and readable by others, a table of
contents and print styles in the HTML, a turn diagram that follows the model, plain
``--help``."""

from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest
from docs_support import Cli

from rummy_spec.cli import build_parser
from rummy_spec.cli.helptext import plain
from rummy_spec.lang import builtin_library
from rummy_spec.outfile import OutputError, write_text
from rummy_spec.rulebook.diagram import claim_window, describe, turn_steps, turn_svg

LIB = builtin_library()


def test_the_html_file_is_readable_by_others_and_has_contents(cli: Cli,
                                                             tmp_path: Path) -> None:
    target = tmp_path / "gin.html"
    old = os.umask(0o022)
    try:
        code, _, err = cli("rulebook", "gin", "--format", "html", "--output", str(target))
    finally:
        os.umask(old)
    assert (code, err) == (0, "")
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    html = target.read_text(encoding="utf-8")
    assert '<nav class="contents"' in html and 'href="#scoring"' in html
    assert "@media print" in html
    # it carries its own turn diagram, with the diagram in words
    assert '<img src="data:image/svg+xml;base64,' in html
    assert f'alt="{escape(describe(LIB.resolve("gin")[0]))}"' in html
    assert list(tmp_path.iterdir()) == [target]  # no temporary file left beside it


def test_a_failed_write_leaves_the_old_file(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "page.md"
    target.write_text("old\n", encoding="utf-8")

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OutputError, match="No space left"):
        write_text(target, "new\n")
    assert target.read_text(encoding="utf-8") == "old\n"
    assert list(tmp_path.iterdir()) == [target]


@pytest.mark.parametrize("name", sorted(LIB.decls))
def test_the_turn_diagram_follows_the_model(name: str) -> None:
    variant = LIB.resolve(name)[0]
    titles = [s.title for s in turn_steps(variant)]
    assert titles[0] == "Draw"
    assert titles[-1] == ("Discard or knock" if variant.knock else "Discard")
    assert ("Go down" in titles) == bool(variant.contracts.rounds and not variant.knock)
    assert ("Free a wild" in titles) == (variant.swap.allowed and not variant.knock)
    window = claim_window(variant)
    assert (window is None) == (variant.claim is None)
    svg = turn_svg(variant)
    assert svg.startswith("<svg") and svg.count("<rect") == len(titles)
    assert f'<desc id="d">{escape(describe(variant))}</desc>' in svg


def _parsers(parser: argparse.ArgumentParser) -> Iterator[argparse.ArgumentParser]:
    yield parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in dict.fromkeys(action.choices.values()):
                yield from _parsers(sub)


def test_every_help_text_is_plain() -> None:
    count = 0
    for parser in _parsers(build_parser()):
        text = parser.format_help()
        for mark in ("``", ":class:", ":func:", ":mod:", ":meth:", "::\n"):
            assert mark not in text, (parser.prog, mark)
        count += 1
    assert count > 13


def test_plain_removes_the_markup() -> None:
    assert plain("``--format`` picks :class:`~rummy_spec.rulebook.doc.Page` and *this*") == \
        "--format picks Page and this"
    assert plain("Example::\n\n    x") == "Example:\n\n    x"


def test_card_faces_carry_their_words() -> None:
    from rummy_spec.rulebook.faces import cards_html

    html = cards_html("7H QS JK R5")
    assert 'aria-label="7 of hearts, queen of spades, joker, R5"' in html
    assert "7♥" in html and "Q♠" in html and 'title="7H QS JK R5"' in html
    assert 'style="color:#c0262d"' in html.split("Q♠")[0]  # hearts red, spades not


@pytest.mark.parametrize("name", sorted(LIB.decls))
def test_the_worked_scoring_example_is_the_engines(name: str) -> None:
    """Each card's points and the total, read back from the page, are what the engine
    charges for those cards."""
    from rummy_spec.engine.records.rules import compile_variant
    from rummy_spec.lang.check_stakes import counts_unread
    from rummy_spec.rulebook import build_page
    from rummy_spec.rulebook.doc import Table, plain

    variant = LIB.resolve(name)[0]
    scoring = next(s for s in build_page(LIB, name).sections if s.key == "scoring")
    tables = [b for b in scoring.blocks if isinstance(b, Table) and b.header == ("Card",
                                                                                "Points")]
    if variant.knock is not None:
        assert any("as deadwood" in plain(getattr(b, "text", "")) for b in scoring.blocks)
        return
    if counts_unread(variant):  # no rule counts a hand (Conquian): nothing to work out
        assert not tables
        return
    assert len(tables) == 1
    rules = compile_variant(variant, LIB.resolve(name)[0].players.min)
    table = rules.table
    rows = tables[0].rows
    cards = [table.parse(plain(card)) for card, _ in rows[:-1]]
    for code, (_, points) in zip(cards, rows[:-1], strict=True):
        assert int(points) == rules.hand_points([code])
    assert rows[-1] == ("Together", str(rules.hand_points(cards)))
