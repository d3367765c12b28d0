"""The language stands on its own: nothing in ``rummy_spec.lang`` imports a part of the
package built on it (the engine, the deck shim, the CLI...), so no import cycle can run
through it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

LANG = Path(__file__).resolve().parents[2] / "rummy_spec" / "lang"
# what the language may import: itself, cards, the escaping of outside text for
# messages (rummy_spec.textsafe), the user's cache folder that keeps the parser
# (rummy_spec.usercache) and the bounded reading of input files (rummy_spec.infile); the
# last three import only the standard library
BELOW = ("rummy_spec.lang", "rummy_spec.cards", "rummy_spec.textsafe", "rummy_spec.usercache",
         "rummy_spec.infile")


def _imported(path: Path) -> set[str]:
    """The rummy_spec modules a file of the language imports, relative imports resolved."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name.startswith("rummy_spec"))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                base = node.module or ""
            else:
                parts = ["rummy_spec", "lang"][: 3 - node.level]
                base = ".".join(parts + ([node.module] if node.module else []))
            if not base.startswith("rummy_spec"):
                continue
            if node.module is None or base in ("rummy_spec", "rummy_spec.lang"):
                out.update(f"{base}.{a.name}" for a in node.names)
            else:
                out.add(base)
    return out


def test_the_language_imports_only_itself_and_cards() -> None:
    files = sorted(LANG.glob("*.py"))
    assert files
    wrong = {f.name: sorted(m for m in _imported(f) if not m.startswith(BELOW))
             for f in files}
    assert not {k: v for k, v in wrong.items() if v}


def test_the_check_module_sees_the_decks() -> None:
    """The relative import of the deck module is read as the language's own."""
    assert "rummy_spec.lang.decks" in _imported(LANG / "check.py")


def test_importing_decks_first_works() -> None:
    """The order that used to go round in a circle: the deck module before the language."""
    code = ("import rummy_spec.decks as d, rummy_spec.lang.decks as ld; "
            "assert d.full_deck is ld.full_deck")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_what_the_language_stands_on_imports_only_the_standard_library() -> None:
    for name in ("textsafe.py", "usercache.py"):
        assert not _imported(LANG.parent / name), name
