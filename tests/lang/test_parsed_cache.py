"""Parsed files kept for reuse give what a fresh parse gives: declarations, models, messages."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy_spec.lang import Library, SpecError, parsed_cache, syntax, syntax_tables
from rummy_spec.lang.data import builtin_specs
from rummy_spec.lang.decls import VariantDecl

BUILTINS = {name: (str(path), path.read_text(encoding="utf-8"))
            for name, path in builtin_specs().items()}


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cache"
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(folder))
    parsed_cache.forget()
    yield folder
    parsed_cache.forget()


def _no_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(text: str, path: str) -> list[VariantDecl]:
        raise AssertionError(f"{path} parsed again although it is kept")

    monkeypatch.setattr(syntax, "parse_afresh", refuse)


def _everything(lib: Library) -> list[object]:
    """Every variant with no option and each option on, with its diagnostics."""
    out: list[object] = []
    for name, decl in sorted(lib.decls.items()):
        for options in [(), *((o,) for o in decl.options)]:
            out.append((name, options, *lib.resolve(name, options)))
    return out


def test_the_kept_declarations_equal_a_fresh_parse(cache: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = {name: syntax.parse_afresh(text, path) for name, (path, text) in BUILTINS.items()}
    for path, text in BUILTINS.values():
        syntax.parse(text, path)  # parsed and stored
    assert len(list(cache.glob("parsed-*.pickle"))) == len(BUILTINS)
    parsed_cache.forget()  # a new process: only the folder remembers
    _no_parsing(monkeypatch)
    for name, (path, text) in BUILTINS.items():
        assert syntax.parse(text, path) == fresh[name], name  # read from the folder
        assert syntax.parse(text, path) == fresh[name], name  # kept in the process


def test_every_model_and_message_is_the_same_through_the_cache(
        cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    long_way = Library()
    for path, text in BUILTINS.values():
        long_way.decls.update({d.name: d for d in syntax.parse_afresh(text, path)})
    for path, text in BUILTINS.values():
        syntax.parse(text, path)
    parsed_cache.forget()
    _no_parsing(monkeypatch)
    short_way = Library()
    for path, text in BUILTINS.values():
        short_way.add_text(text, path)
    assert _everything(short_way) == _everything(long_way)


def test_a_damaged_file_is_refused_and_parsed_afresh(cache: Path) -> None:
    path, text = BUILTINS["gin"]
    fresh = syntax.parse_afresh(text, path)
    syntax.parse(text, path)
    (stored,) = cache.glob("parsed-*.pickle")
    data = stored.read_bytes()
    for damaged in (data[: len(data) // 2], data[:-1] + bytes([data[-1] ^ 1]), b"junk"):
        stored.write_bytes(damaged)
        parsed_cache.forget()
        assert syntax.parse(text, path) == fresh
    assert stored.read_bytes() == data  # stored again, whole


def test_a_changed_text_or_table_gets_another_key(monkeypatch: pytest.MonkeyPatch) -> None:
    path, text = BUILTINS["gin"]
    key = parsed_cache.cache_key(text, path)
    assert parsed_cache.cache_key(text + "\n", path) != key
    assert parsed_cache.cache_key(text, path + "x") != key
    monkeypatch.setitem(syntax_tables.FLAGS, "wrap", ("run", "wrapp", True))
    assert parsed_cache.cache_key(text, path) != key


def test_a_syntax_error_is_reported_the_same_each_time(cache: Path) -> None:
    messages = []
    for _ in range(2):
        with pytest.raises(SpecError) as err:
            syntax.parse('variant x {\n  players 2..4\n  run { min }\n}\n', "bad.rummy")
        messages.append([(d.code, d.message, d.span) for d in err.value.diagnostics])
    assert messages[0] == messages[1] and messages[0][0][2].line == 3
    assert not cache.exists() or not list(cache.iterdir())


def test_only_built_in_files_are_stored_on_disk(cache: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _, text = BUILTINS["gin"]
    first = syntax.parse(text, "mine.rummy")
    assert not cache.exists() or not list(cache.iterdir())
    _no_parsing(monkeypatch)
    assert syntax.parse(text, "mine.rummy") == first  # kept in the process all the same


def test_a_caller_changing_its_copy_changes_nothing_kept(cache: Path) -> None:
    path, text = BUILTINS["contract"]
    first = syntax.parse(text, path)
    before = [list(d.settings) for d in first]
    first[0].settings.clear()
    first[0].options.clear()
    again = syntax.parse(text, path)
    assert [d.settings for d in again] == before and again[0].options


def test_the_cache_turned_off_writes_nothing(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RUMMY_SPEC_CACHE", "off")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    parsed_cache.forget()
    path, text = BUILTINS["gin"]
    assert syntax.parse(text, path) == syntax.parse_afresh(text, path)
    assert list(tmp_path.iterdir()) == []


def test_a_built_in_file_named_another_way_is_stored_too(cache: Path) -> None:
    path, text = BUILTINS["gin"]
    names = {os.path.relpath(path),
             str(Path(path).parent / ".." / Path(path).parent.name / Path(path).name)}
    for named in names:
        assert syntax.parse(text, named) == syntax.parse_afresh(text, named)
    assert len(list(cache.glob("parsed-*.pickle"))) == len(names)


def test_a_built_in_file_being_edited_is_kept_in_the_process_only(cache: Path) -> None:
    path, text = BUILTINS["gin"]
    edited = text.replace("variant gin", "variant gin_edited", 1)
    assert edited != text
    first = syntax.parse(edited, path)
    assert not cache.exists() or not list(cache.iterdir())
    assert syntax.parse(edited, path) == first and first[0].name == "gin_edited"
