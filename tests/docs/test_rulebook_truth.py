"""No sentence of a rulebook page contradicts the rules it describes.

Every built-in variant, alone and with each option, and the house variants in
tests/docs/house/ (children that override their parent's deal, buying and wild cards,
and a game of its own): the page's players, decks, jokers, cards dealt, wild cards,
contracts, buy limit and the notes it prints are read back from the Markdown (see
page_facts.py) and held against ``rummy-spec show --json``.  The reading is shown to fail
on pages made wrong on purpose.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from page_facts import Facts, contradictions

from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang.export import variant_to_json
from rummy_spec.rulebook import book, build_page, render

HOUSE = Path(__file__).parent / "house"
BUILTINS = builtin_library()
CASES = [(name, ()) for name in sorted(BUILTINS.decls)] + [
    (name, (option,)) for name in sorted(BUILTINS.decls)
    for option in BUILTINS.decls[name].options]
HOUSES = sorted(p.stem for p in HOUSE.glob("*.rummy"))


@cache
def _library(house: str | None) -> Library:
    if house is None:
        return BUILTINS
    lib = Library(dict(BUILTINS.decls), dict(BUILTINS.sources))
    path = HOUSE / f"{house}.rummy"
    lib.add_text(path.read_text(encoding="utf-8"), str(path))
    return lib


def _facts(lib: Library, name: str, options: tuple[str, ...]) -> Facts:
    variant, _ = lib.resolve(name, options)
    return cache(lambda players: variant_to_json(variant, players))


def _check(lib: Library, name: str, options: tuple[str, ...] = ()) -> list[str]:
    page = render(build_page(lib, name, options), "md")
    return contradictions(page, _facts(lib, name, options))


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{n}+{o[0]}" if o else n for n, o in CASES])
def test_a_built_in_page_states_its_rules(name: str, options: tuple[str, ...]) -> None:
    assert _check(BUILTINS, name, options) == []


@pytest.mark.parametrize("house", HOUSES)
def test_a_house_page_states_its_rules(house: str) -> None:
    lib = _library(house)
    assert _check(lib, house) == []
    for option in lib.decls[house].options:
        assert _check(lib, house, (option,)) == [], option


def test_the_overridden_notes_are_gone() -> None:
    """Eleven cards and no buying once down: the parent's "twelve cards" (A10) and "no
    buy limit, whether down or not" (A11) are not printed, although the house file names
    both; the notes that still hold are."""
    page = render(build_page(_library("continental_eleven"), "continental_eleven"), "md")
    notes = page[page.index("## Ambiguity defaults"):]
    assert "**A10," not in notes and "**A11," not in notes
    assert "**A9, Continental**" in notes and "**A53," in notes


# ----- the reading fails on wrong pages ---------------------------------------------------

def _wrong(name: str, old: str, new: str, house: str | None = None,
           options: tuple[str, ...] = ()) -> list[str]:
    lib = _library(house)
    page = render(build_page(lib, name, options), "md")
    head, rules = page.split("## Players and decks", 1)  # past the parent's comparison
    assert old in rules, old
    wrong = head + "## Players and decks" + rules.replace(old, new, 1)
    return contradictions(wrong, _facts(lib, name, options))


def test_a_wrong_deal_is_caught() -> None:
    found = _wrong("continental_eleven", "| 4 | 2 | 4 | 108 | 11 |", "| 4 | 2 | 4 | 108 | 12 |",
                   house="continental_eleven")
    assert any("dealt" in f for f in found), found


def test_a_wrong_buy_limit_is_caught() -> None:
    found = _wrong("shanghai", "Claims per player and hand: 3.",
                   "Claims per player and hand: unlimited.")
    assert any("buy limit" in f for f in found), found


def test_buying_once_down_misstated_is_caught() -> None:
    found = _wrong("continental_eleven", "Once you have gone down, you may not claim.",
                   "You may claim even after you have gone down.", house="continental_eleven")
    assert any("once down" in f for f in found), found


def test_wrong_wild_cards_are_caught() -> None:
    found = _wrong("liverpool_twos", "(`2C 2D 2H 2S JK`)", "(`JK`)", house="liverpool_twos")
    assert any("wild cards" in f for f in found), found


def test_a_wrong_contract_is_caught() -> None:
    found = _wrong("kitchen", "| 2 | 1 set + 1 run |", "| 2 | 2 runs |", house="kitchen")
    assert any("contract 2" in f for f in found), found


def test_a_buying_section_for_a_game_without_buying_is_caught() -> None:
    lib = _library("contract_plain")
    page = render(build_page(lib, "contract_plain"), "md")
    page = page.replace("## A turn", "## Claiming the upcard\n\nA player out of turn may "
                        "claim the upcard by calling “buy”.\n\n## A turn", 1)
    found = contradictions(page, _facts(lib, "contract_plain", ()))
    assert any("buying" in f for f in found), found


def test_the_old_notes_are_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A page printing every inherited note, as the rulebook once did, contradicts the
    house rules twice: twelve cards (A10) and no limit whether down or not (A11)."""
    monkeypatch.setattr(book, "holds", lambda number, variant, declared: True)
    lib = _library("continental_eleven")
    page = render(build_page(lib, "continental_eleven"), "md")
    found = contradictions(page, _facts(lib, "continental_eleven", ()))
    assert any("A10" in f for f in found) and any("A11" in f for f in found), found
