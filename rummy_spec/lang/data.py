"""Where the grammar and the built-in specs live: inside the wheel, or in the checkout."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent.parent


def _data_dir(name: str) -> Path:
    shipped = _PACKAGE / "_data" / name
    if shipped.is_dir():
        return shipped
    return _PACKAGE.parent / name


def grammar_path() -> Path:
    return _data_dir("grammar") / "rummy.lark"


def spec_dir() -> Path:
    return _data_dir("spec")


def builtin_specs() -> dict[str, Path]:
    """Built-in variant files by name (the file stem is the variant name)."""
    return {p.stem: p for p in sorted(spec_dir().glob("*.rummy"))}


def language_reference_path() -> Path:
    """docs/language.md: the clause tables the language server shows on hover."""
    return _data_dir("docs") / "language.md"
