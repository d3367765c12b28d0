"""docs/choices.md: every place the engine decides for a player, each with its resolution
and the test or case that shows it.  The tests and cases it names exist, and the page is
in the site."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "docs" / "choices.md"


def _rows() -> list[list[str]]:
    rows = []
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("| ") and not line.startswith("| What is decided"):
            rows.append([cell.strip() for cell in line.strip("|").split(" | ")])
    return rows


def test_every_entry_has_a_resolution_and_what_shows_it() -> None:
    rows = _rows()
    assert len(rows) >= 20
    for decided, resolution, shown in rows:
        assert decided and resolution and re.search(r"test_\w+|`\w+/[\w/-]+`", shown), decided


def test_the_tests_and_cases_named_exist() -> None:
    text = PAGE.read_text(encoding="utf-8")
    defined = {m for f in (ROOT / "tests").rglob("test_*.py")
               for m in re.findall(r"^def (test_\w+)", f.read_text(encoding="utf-8"), re.M)}
    files = {f.stem for f in (ROOT / "tests").rglob("test_*.py")}
    named = set(re.findall(r"\btest_\w+", text)) - files
    assert named and named <= defined, sorted(named - defined)
    cases = ROOT / "conformance" / "cases"
    ids = set(re.findall(r"`((?:gin|gin_eaai|gin_openspiel|continental)/[\w/-]+)`", text))
    assert ids and all((cases / f"{i}.yaml").is_file() for i in ids), ids


def test_the_page_is_in_the_site() -> None:
    index = (ROOT / "docs" / "index.rst").read_text(encoding="utf-8")
    assert re.search(r"^   choices$", index, re.M)
