"""One pass everywhere, and a parent's fault named at the child's own line.

An unknown meld kind in ``contracts`` must not hide a deck too small to deal or an
unknown card in ``score``; a fault the checker meets in a built-in parent's file while
checking a house variant is reported at the house line that causes it, naming the
parent's rule; a fault the parent has by itself is said to be the parent's.
"""

from __future__ import annotations

from pathlib import Path

from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang.errors import Diagnostic

HOUSE = """variant house "House" extends continental {
    players 2..8
    deck { decks 1 }
    contracts {
        1: 2 sets + 1 group
    }
    score { elves: 3 }
}
"""


def _errors(text: str, name: str, path: str = "house.rummy",
            lib: Library | None = None) -> list[Diagnostic]:
    if lib is None:
        lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(text, path)
    _, problems = lib.resolve(name)
    return [p for p in problems if p.severity == "error"]


def test_an_unknown_kind_hides_neither_a_small_deck_nor_a_bad_score_card() -> None:
    found = {(d.code, d.span.path, d.span.line) for d in _errors(HOUSE, "house")}
    assert found == {("E026", "house.rummy", 3), ("E012", "house.rummy", 5),
                     ("E016", "house.rummy", 7)}


def test_the_parents_deal_fault_is_named_at_the_house_line_that_causes_it() -> None:
    e026 = next(d for d in _errors(HOUSE, "house") if d.code == "E026")
    assert e026.span.line == 3  # 'deck { decks 1 }', not 'players 2..8' (4 players fit)
    assert "5 players x 12 cards" in e026.message
    assert "with the rule of 'continental' at continental.rummy:25" in e026.message


def test_a_fault_of_the_parent_itself_is_said_to_be_the_parents(tmp_path: Path) -> None:
    parent = tmp_path / "mid.rummy"
    parent.write_text('variant mid "Mid" extends continental {\n'
                      "    deal { cards 30 }\n}\n", encoding="utf-8")
    child = tmp_path / "leaf.rummy"
    text = ('variant leaf "Leaf" extends mid from "mid.rummy" {\n'
            "    score { joker: 20 }\n}\n")
    found = _errors(text, "leaf", str(child))
    assert [(d.code, d.span.path, d.span.line) for d in found] == [
        ("E026", str(parent), 2)]
    assert "a fault of 'mid' itself, not of the variant that extends it" in found[0].message


def test_the_language_server_shows_it_on_the_house_line() -> None:
    from rummy_spec.lang import editor

    found = {(d.code, d.span.line) for d in editor.diagnostics(HOUSE, "house.rummy")}
    assert ("E026", 3) in found
