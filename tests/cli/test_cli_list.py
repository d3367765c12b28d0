"""``rummy-spec list``: one line per built-in variant."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from rummy_spec.cli import listing, listing_cache
from rummy_spec.cli.base import lines
from rummy_spec.lang import builtin_library
from rummy_spec.lang.data import builtin_specs

from .helpers import Cli, one_clear_line


def test_lists_every_built_in_variant_one_line_each(cli: Cli) -> None:
    code, out, err = cli("list")
    assert code == 0 and err == ""
    lines = out.splitlines()
    names = [line.split()[0] for line in lines]
    assert sorted(names) == sorted(builtin_library().decls)
    assert set(builtin_specs()) <= set(names)  # every spec file declares its namesake


def test_a_line_holds_name_title_players_and_rounds(cli: Cli) -> None:
    _, out, _ = cli("list")
    line = next(x for x in out.splitlines() if x.startswith("continental "))
    assert "Continental Rummy" in line
    assert "4..8 players" in line
    assert "7 rounds" in line


def test_list_takes_no_arguments(cli: Cli) -> None:
    code, out, err = cli("list", "continental")
    assert code == 2 and out == ""
    assert "unrecognized arguments: continental" in one_clear_line(err)


def test_the_cached_list_is_the_list_of_every_built_in_parsed_and_checked(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(tmp_path))
    full = listing.rows()  # every built-in spec parsed, resolved and checked
    assert {r[0] for r in full} == set(builtin_library().decls)
    code, first, _ = cli("list")  # made afresh, then stored
    assert code == 0 and first == lines(*listing.table(full))
    key = listing_cache.key(listing_cache.inputs())
    assert listing_cache.stored(key) == full

    def no_parsing() -> list[list[str]]:
        raise AssertionError("parsed although the cache holds the rows")

    monkeypatch.setattr(listing, "rows", no_parsing)
    assert cli("list") == (0, first, "")  # answered from the cache alone


def test_a_variant_added_in_the_process_is_not_listed_or_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The built-in library is shared by the whole process: a caller's own variant added to
    it is no built-in, and a cached list made then must not keep it for later runs."""
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(tmp_path))
    lib = builtin_library()
    monkeypatch.setattr(lib, "decls", dict(lib.decls))  # restored after the test
    lib.add_text('variant mine "Mine" extends rummy {\n}\n', "mine.rummy")
    assert "mine" in lib.decls
    assert "mine" not in {r[0] for r in listing.rows()}


def test_a_changed_spec_or_source_is_another_key(tmp_path: Path) -> None:
    files = listing_cache.inputs()
    names = {p.name for p in files}
    assert {f"{s}.rummy" for s in builtin_specs()} <= names
    assert {"rummy.lark", "model.py", "check.py", "listing.py"} <= names
    copies = []
    for i, path in enumerate(files):
        copy = tmp_path / str(i) / path.name
        copy.parent.mkdir()
        copy.write_bytes(path.read_bytes())
        copies.append(copy)
    assert listing_cache.key(copies) == listing_cache.key(files)
    for changed in (copies[1], copies[-1]):  # a spec, a source file
        before = listing_cache.key(copies)
        changed.write_bytes(changed.read_bytes() + b"\n")
        assert listing_cache.key(copies) != before
    before = listing_cache.key(copies)
    copies[2].unlink()
    assert listing_cache.key(copies) != before


@pytest.mark.parametrize("damage", [b"", b"[[\"gin\", \"Gin\"", b"not json", b"\xff\xfe",
                                    b"{\"gin\": 1}", b"[[\"gin\", \"Gin Rummy\", \"2\"]]",
                                    b"[[1, 2, 3, 4, 5]]"])
def test_a_damaged_cached_list_is_made_afresh_and_replaced(
    cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: bytes
) -> None:
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(tmp_path))
    key = listing_cache.key(listing_cache.inputs())
    (tmp_path / f"list-{key}.json").write_bytes(damage)
    code, out, err = cli("list")
    assert code == 0 and err == ""
    assert out == lines(*listing.table(listing.rows()))
    assert listing_cache.stored(key) == listing.rows()


def test_an_unwritable_cache_still_lists(cli: Cli, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    monkeypatch.setenv("RUMMY_SPEC_CACHE", str(blocker / "cache"))
    code, out, err = cli("list")
    assert code == 0 and err == "" and "continental" in out
    monkeypatch.setenv("RUMMY_SPEC_CACHE", "off")
    assert cli("list") == (code, out, err)


def test_a_cached_list_loads_neither_the_language_nor_lark(tmp_path: Path) -> None:
    code = ("import sys; from rummy_spec.cli import main; main(['list']); "
            "print(sorted(m for m in sys.modules if m.startswith(('rummy_spec.lang.', "
            "'rummy_spec.engine', 'lark')) or m in ('typing', 'dataclasses')), file=sys.stderr)")
    env = {**os.environ, "RUMMY_SPEC_CACHE": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           timeout=120, check=False, env=env) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0]
    assert runs[0].stdout == runs[1].stdout and "continental" in runs[1].stdout
    assert "rummy_spec.lang.syntax" in runs[0].stderr  # the first run parsed the specs
    assert runs[1].stderr.strip() == "['rummy_spec.lang.data']"  # the second read the cache
