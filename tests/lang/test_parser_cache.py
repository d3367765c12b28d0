"""The parser cache: stored once, read back, keyed by the grammar, never in the way."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark

from rummy_spec.lang import parser_cache
from rummy_spec.lang.data import builtin_specs, grammar_text


def _shape(text: str, parser: object) -> list[tuple[object, ...]]:
    tree = parser.parse(text)  # type: ignore[attr-defined]
    return [(t.data, t.meta.line, t.meta.column, t.meta.end_line, t.meta.end_column,
             tuple(str(c) for c in t.children if not hasattr(c, "data")))
            for t in tree.iter_subtrees_topdown()]


def test_a_stored_parser_is_read_back_and_parses_alike(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(tmp_path / "cache"))
    grammar = grammar_text()
    built = parser_cache.build(grammar)
    stored = parser_cache.cache_file(grammar)
    assert stored is not None and stored.is_file()
    assert [p.name for p in stored.parent.iterdir()] == [stored.name]  # no leftovers

    def no_building(*args: object, **kwargs: object) -> None:
        raise AssertionError("built although the cache holds the parser")

    monkeypatch.setattr(Lark, "__init__", no_building)
    loaded = parser_cache.build(grammar)
    for path in builtin_specs().values():
        text = path.read_text(encoding="utf-8")
        assert _shape(text, loaded) == _shape(text, built), path.name


def test_another_grammar_gets_another_file() -> None:
    assert parser_cache.cache_key("start: \"a\"") != parser_cache.cache_key("start: \"b\"")


def test_a_damaged_file_is_rebuilt_and_replaced(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(tmp_path))
    grammar = 'start: WORD\n%import common.WORD\n'
    path = parser_cache.cache_file(grammar)
    assert path is not None
    path.write_bytes(b"not a parser")
    assert parser_cache.build(grammar).parse("hello") is not None
    assert path.read_bytes() != b"not a parser"
    assert parser_cache.build(grammar).parse("again") is not None


def test_an_unwritable_place_means_no_cache(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(blocker / "cache"))  # under a file: no folder
    assert parser_cache.build('start: "a"').parse("a") is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-file"]


def test_the_cache_can_be_turned_off_and_follows_xdg(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_SPEC_CACHE", "off")
    assert parser_cache.cache_dir() is None
    assert parser_cache.build('start: "a"').parse("a") is not None
    monkeypatch.delenv("RUMMY_SPEC_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert parser_cache.cache_dir() == tmp_path / "rummy-spec"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # not absolute: ignored, per XDG
    assert parser_cache.cache_dir() == Path.home() / ".cache" / "rummy-spec"
