"""Completion after ``extends``: built-in names, the file's own variants, spec files."""

from __future__ import annotations

from pathlib import Path

from rummy_spec.lang import builtin_library
from rummy_spec.lang.parents import parent_completions


def _texts(text: str, here: Path | None, roots: list[Path]) -> list[str] | None:
    found = parent_completions(text, text.count("\n"), len(text.split("\n")[-1]), here, roots)
    return None if found is None else [p.text for p in found]


def test_after_extends_every_parent_is_offered(tmp_path: Path) -> None:
    (tmp_path / "family").mkdir()
    (tmp_path / "family" / "grandma.rummy").write_text("", encoding="utf-8")
    (tmp_path / ".hidden").mkdir()
    (tmp_path / ".hidden" / "x.rummy").write_text("", encoding="utf-8")
    here = tmp_path / "house.rummy"
    text = 'variant base "B" extends gin {\n}\nvariant house "H" extends '
    got = _texts(text, here, [tmp_path])
    assert got == [*sorted(builtin_library().decls), "base", '"family/grandma.rummy"']


def test_what_is_typed_narrows_and_from_takes_files(tmp_path: Path) -> None:
    (tmp_path / "house.rummy").write_text("", encoding="utf-8")
    (tmp_path / "other.rummy").write_text("", encoding="utf-8")
    here = tmp_path / "mine.rummy"
    assert _texts('variant a "A" extends liv', here, [tmp_path]) == ["liverpool"]
    assert _texts('variant a "A" extends "h', here, [tmp_path]) == ['"house.rummy"']
    assert _texts('variant a "A" extends x from ', here, [tmp_path]) == [
        '"house.rummy"', '"other.rummy"']
    found = parent_completions('variant a "A" extends "h', 0, 24, here, [tmp_path])
    assert found is not None and found[0].column == 22  # the quote is replaced too


def test_elsewhere_nothing_is_offered(tmp_path: Path) -> None:
    assert _texts('variant a "A" extends gin {\n    deal { ', None, [tmp_path]) is None
    assert _texts('variant a "A" ', None, [tmp_path]) is None
    assert parent_completions("extends ", 5, 0, None, []) is None  # a line past the end
