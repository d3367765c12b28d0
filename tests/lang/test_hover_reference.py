"""Hover in the editor gives each clause's own row of the language reference.

Every row of the reference's clause tables is written into a spec, in its section, and the
hover on its first word must show that row's meaning: ``ace high`` is not ``ace low``, and
the parent named after ``extends`` is not a contract round.
"""

from __future__ import annotations

import re

import pytest

from rummy_spec.lang import editor
from rummy_spec.lang.editor import Meaning

_FILL = {"N": "2", "EXPR": "2", "CLASS": "jokers", "LOW..HIGH": "2..9", "STEP": "reshuffle",
         "CODE": "R", "NAME": "red", "ELEMENT": "1 set"}


def _fill(word: str) -> str:
    bare = word.rstrip(":")
    return _FILL.get(bare, bare) + word[len(bare):]


def _written(row: Meaning) -> str:
    """The clause as an author writes it: the reference's example, else its syntax filled."""
    example = re.sub(r"^[a-z ]+\{\s*(.*?)\s*\}$", r"\1", row.example)
    first = row.syntax.split()[0]
    if example and (first.startswith("...") or example.split()[0] == _fill(first)
                    or example.split()[0] == first):
        return example
    return " ".join(_fill(w) for w in row.syntax.split() if w not in ("and", "..."))


def _spec(row: Meaning, clause: str) -> tuple[str, int, int]:
    """A spec holding the clause, and the 0-based line and column of its first word."""
    section = row.sections[0]
    if section == "players":
        line = f"    {clause}"
    elif section == "special":
        line = f'    special S "Skip" 4 {{ {clause} }}'
    else:
        line = f"    {section} {{ {clause} }}"
    text = f'variant house "House" extends continental {{\n{line}\n}}\n'
    return text, 1, line.index(clause)


def _clause_rows() -> list[Meaning]:
    rows = list(editor.reference_rows())
    assert len(rows) > 150  # the reference's tables were found and read
    return rows


@pytest.mark.parametrize("row", _clause_rows(), ids=lambda r: f"{r.sections[0]}:{r.syntax}")
def test_hover_shows_the_clauses_own_row(row: Meaning) -> None:
    text, line, column = _spec(row, _written(row))
    shown = editor.hover(text, line, column)
    assert shown is not None, text
    body = shown.split("\n\n")[1]
    assert body == row.meaning, (text, shown)


def test_ace_high_is_not_ace_low() -> None:
    text = 'variant house "House" extends continental {\n    run { ace high }\n}\n'
    shown = editor.hover(text, 1, 12)
    assert shown is not None
    assert "Q-K-A is a run, A-2-3 is not" in shown and "`ace high`" in shown
    assert "only below the 2" not in shown


@pytest.mark.parametrize("column", [30, 36, 40])  # on `extends`, on the parent's name
def test_hover_on_extends_names_the_parent(column: int) -> None:
    text = 'variant house "House" extends continental {\n    deal { cards 11 }\n}\n'
    shown = editor.hover(text, 0, column)
    assert shown is not None
    assert "`extends continental`" in shown and "Continental Rummy" in shown
    assert "contract" not in shown.replace("continental", "").lower()


def test_no_hover_on_the_variant_name() -> None:
    text = 'variant contracts "House" extends continental {\n    deal { cards 11 }\n}\n'
    assert editor.hover(text, 0, 10) is None


def test_hover_on_a_title_that_says_extends_is_not_the_parent() -> None:
    text = 'variant house "extends it" extends continental {\n    deal { cards 11 }\n}\n'
    assert editor.hover(text, 0, 16) is None  # inside the title
    shown = editor.hover(text, 0, 40)
    assert shown is not None and "`extends continental`" in shown


def test_a_singular_after_one_finds_the_plural_row() -> None:
    """``ends after 1 deal by each player`` is the row ``ends after N deals by each
    player``, not ``ends after N hands``."""
    text = ('variant house "House" extends remi51 {\n'
            '    game { ends after 1 deal by each player }\n}\n')
    shown = editor.hover(text, 1, 11)
    assert shown is not None and shown.startswith("**`ends after N deals by each player`**")
