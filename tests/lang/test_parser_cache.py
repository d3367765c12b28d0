"""The parser cache: stored once, read back, keyed by the grammar, never in the way."""

from __future__ import annotations

from pathlib import Path

import pytest
from lark import Lark

from rummy_spec.lang import parser_cache
from rummy_spec.lang.data import builtin_specs
from rummy_spec.lang.grammar_source import grammar_text


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


def test_a_file_cut_short_is_rebuilt_and_replaced(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(tmp_path))
    grammar = 'start: WORD+\n%import common.WORD\n%ignore " "\n'
    parser_cache.build(grammar)
    path = parser_cache.cache_file(grammar)
    assert path is not None
    whole = path.read_bytes()
    assert parser_cache._load(whole[: len(whole) // 2], parser_cache.cache_key(grammar)) is None
    for cut in (len(whole) // 2, 40, 10, 0):  # mid-table, just past the header, inside it
        path.write_bytes(whole[:cut])
        assert parser_cache.build(grammar).parse("two words") is not None
        again = path.read_bytes()  # stored again, whole: it loads back
        assert len(again) > cut
        assert parser_cache._load(again, parser_cache.cache_key(grammar)) is not None


def test_a_file_not_the_one_its_name_promises_is_not_used(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole, loadable parser of another grammar (or of another Lark, whose files are
    named apart) under this grammar's name is refused, not parsed with."""
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(tmp_path))
    mine, other = 'start: "a"\n', 'start: "b"\n'
    parser_cache.build(other)
    theirs, path = parser_cache.cache_file(other), parser_cache.cache_file(mine)
    assert theirs is not None and path is not None and theirs != path
    path.write_bytes(theirs.read_bytes())
    assert parser_cache.build(mine).parse("a") is not None  # "b"'s parser would refuse "a"
    assert path.read_bytes() != theirs.read_bytes()


def test_another_lark_version_reads_another_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import lark

    grammar = grammar_text()
    now = parser_cache.cache_key(grammar)
    monkeypatch.setattr(lark, "__version__", "0.0.1")
    assert parser_cache.cache_key(grammar) != now
