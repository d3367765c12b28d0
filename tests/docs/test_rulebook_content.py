"""What the generated rulebook says follows from the rules model, for any variant."""

from __future__ import annotations

import dataclasses
import io
import re
import tokenize
from pathlib import Path
from typing import Literal, get_args, get_origin, get_type_hints

import pytest
from docs_support import DOCS, ROOT

import rummy_spec.rulebook as rulebook_package
from rummy_spec.lang import Library, SpecError, builtin_library, model
from rummy_spec.rulebook import FORMATS, build_page, render
from rummy_spec.rulebook.ambiguities import REGISTER, relied_on
from rummy_spec.rulebook.doc import Page, Section, Table, section_lines

BUILTINS = sorted(builtin_library().decls)


def _page(text: str, name: str, options: tuple[str, ...] = (),
          players: int | None = None) -> Page:
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    lib.add_text(text, f"{name}.rummy")
    return build_page(lib, name, options, players)


def _section(page: Page, key: str) -> Section:
    return next(s for s in page.sections if s.key == key)


def _lines(page: Page, key: str) -> str:
    return "\n".join(section_lines(_section(page, key)))


def _model_words() -> set[str]:
    """Every Literal value of the rules model ("contract" is a wild-limit scope too)."""
    words: set[str] = set()

    def collect(hint: object) -> None:
        if get_origin(hint) is Literal:
            words.update(str(a) for a in get_args(hint))
        for arg in get_args(hint):
            collect(arg)

    for obj in vars(model).values():
        if isinstance(obj, type) and dataclasses.is_dataclass(obj):
            for hint in get_type_hints(obj, vars(model)).values():
                collect(hint)
    return words


def test_the_generator_names_no_variant() -> None:
    """No string literal in the rulebook code is a built-in variant's name (beyond words
    the model itself uses, and "rummy", the language's name for listings)."""
    names = set(BUILTINS) - _model_words() - {"rummy"}
    assert "continental" in names
    folder = Path(rulebook_package.__file__).parent
    for path in folder.glob("*.py"):
        tokens = tokenize.generate_tokens(io.StringIO(path.read_text("utf-8")).readline)
        for tok in tokens:
            if tok.type == tokenize.STRING:
                value = tok.string.strip("\"'rbf")
                assert value not in names, f"{path.name}:{tok.start[0]}: {tok.string}"


@pytest.mark.parametrize("name", BUILTINS)
def test_every_page_has_the_sections_of_its_rule_families(name: str) -> None:
    """Every page has the sections every game has; wild cards, contracts and claiming
    only where the variant has them; the parent comparison first, right after the
    overview."""
    page = build_page(builtin_library(), name)
    variant = builtin_library().resolve(name)[0]
    keys = [s.key for s in page.sections]
    for key in ("overview", "players-and-decks", "card-values", "melds", "deal",
                "turn", "laying-off", "going-out", "stock", "scoring", "end", "options",
                "listing"):
        assert key in keys, key
    assert ("wild-cards" in keys) == bool(variant.wilds.cards)
    assert ("contracts" in keys) == bool(variant.contracts.rounds)
    assert ("claiming" in keys) == (variant.claim is not None
                                    or variant.rummy_call is not None)
    # the page's own words (a meld example's verdict is the engine's message, which may
    # name wilds in general) say nothing of wild cards or claims the variant lacks
    rules = "\n".join(line.lower() for s in page.sections if s.compared
                      for line in section_lines(s) if "Verdict:" not in line)
    if not variant.wilds.cards:
        assert "wild" not in rules, name
    if variant.claim is None:
        assert "claim" not in rules and "buy" not in rules, name
    assert ("parent" in keys) == (builtin_library().decls[name].parent is not None)
    if "parent" in keys:
        assert keys[:2] == ["overview", "parent"]
    for fmt in FORMATS:
        text = render(page, fmt)
        assert page.title in text.replace("&#x27;", "'")


def test_a_formula_is_tabled_for_every_player_count() -> None:
    page = _page("""variant grow "Grow" {
        players 2+
        deck { decks ceil(players / 3), jokers 1 per deck }
        set {}
        deal { cards 7 }
        contracts { 1: 2 sets }
        score { 2..10: pip, J..K: 10, A: 1, joker: 20 }
    }""", "grow")
    table = next(b for b in _section(page, "players-and-decks").blocks if isinstance(b, Table))
    assert [r[0] for r in table.rows] == [str(n) for n in range(2, 13)]
    four = next(r for r in table.rows if r[0] == "4")
    assert four[1:4] == ("2", "2", "106")  # ceil(4/3) decks, a joker each, 104 + 2
    assert "The table stops at 12 players" in _lines(page, "players-and-decks")


def test_meld_examples_are_judged_by_the_rules() -> None:
    strict = _page("""variant strict "Strict" {
        players 2..4
        deck { decks 1, jokers 2 }
        wilds { cards jokers, never outnumber naturals }
        set { min 3 }
        run { min 3, ace low }
        deal { cards 10 }
        contracts { 1: 1 set + 1 run }
        score { 2..10: pip, J..K: 10, A: 1, joker: 20 }
    }""", "strict")
    melds = _lines(strict, "melds")
    assert "2 wild, 1 natural" in melds  # the engine's own message
    assert "Shows: the ace high; Verdict: not a meld" in melds
    assert "Shows: the ace low; Verdict: legal: a run" in melds


def test_a_contract_only_limit_shows_both_verdicts() -> None:
    page = build_page(builtin_library(), next(
        n for n in BUILTINS if builtin_library().resolve(n)[0].wilds.never_outnumber
        == "contract"))
    assert "in a contract: not a meld" in _lines(page, "melds")
    assert "laid off later: legal" in _lines(page, "melds")


def test_an_option_table_shows_exactly_what_it_changes() -> None:
    page = _page("""variant opt "Opt" {
        players 2..4
        deck { decks 1 }
        set {}
        run {}
        deal { cards 10 }
        score { 2..10: pip, J..K: 10, A: 1 }
        game { ends at 100 points }
        option deal7 "Seven cards" { deal { cards 7 } }
        option high "Aces high" { run { ace high } }
    }""", "opt")
    options = _section(page, "options")
    tables = [b for b in options.blocks if isinstance(b, Table)]
    deal7 = {row[0]: row[1:] for row in tables[0].rows}
    assert "The deal" in deal7
    assert "10 cards" in deal7["The deal"][0] and "7 cards" in deal7["The deal"][1]
    assert "Melds" not in deal7
    high = {row[0]: row[1:] for row in tables[1].rows}
    assert set(high) == {"Melds"}
    assert "The ace is low only" in high["Melds"][0]
    assert "The ace is high only" in high["Melds"][1]


def test_an_option_switched_on_is_compared_with_the_page_without_it() -> None:
    text = """variant opt "Opt" {
        players 2..4
        deck { decks 1 }
        set {}
        deal { cards 10 }
        score { 2..10: pip, J..K: 10, A: 1 }
        game { ends at 100 points }
        option deal7 "Seven cards" { deal { cards 7 } }
    }"""
    page = _page(text, "opt", ("deal7",))
    assert "7 cards to each player" in _lines(page, "deal")
    table = next(b for b in _section(page, "options").blocks if isinstance(b, Table))
    row = next(r for r in table.rows if r[0] == "The deal")
    assert "10 cards" in row[1] and "7 cards" in row[2]


def test_ambiguity_numbers_come_from_the_spec_header() -> None:
    text = """# A house game.
# Ambiguity defaults relied on (VARIANTS.md section 13): A51, A99.
variant note "Notes" {
    players 2
    deck { decks 1 }
    set {}
    deal { cards 10 }
    score { 2..10: pip, J..K: 10, A: 1 }
    game { ends at 100 points }
}"""
    assert relied_on(text) == ["A51", "A99"]
    notes = _lines(_page(text, "note"), "ambiguities")
    assert REGISTER["A51"].question in notes
    assert "A99: named by the spec, but not in the register." in notes


def test_built_in_headers_agree_with_the_language_reference() -> None:
    """docs/language.md tables the A-numbers of each built-in spec: the same as parsed."""
    doc = (DOCS / "language.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(\w+)` \| (.+?) \|$", doc, re.MULTILINE))
    for name in BUILTINS:
        path = builtin_library().decls[name].path
        parsed = relied_on(Path(path).read_text(encoding="utf-8"))
        assert parsed == re.findall(r"A\d+", rows[name]), name
        assert all(a in REGISTER for a in parsed), name


def test_the_register_is_complete_and_in_order() -> None:
    assert list(REGISTER) == [f"A{n}" for n in range(1, 56)]
    assert all(a.question and a.default for a in REGISTER.values())


def test_rst_examples_in_the_docs_are_complete_variants() -> None:
    """Every rummy block of a hand-written .rst page loads with no diagnostic (or, marked
    ``:class: broken``, fails as it should): the Sphinx extension checks the same."""
    from test_tutorial import blocks

    checked = 0
    for path in sorted(DOCS.glob("*.rst")):
        for b in blocks(path.read_text(encoding="utf-8")):
            if b.language != "rummy":
                continue
            base = builtin_library()
            lib = Library(dict(base.decls), dict(base.sources))
            try:
                decls = lib.add_text(b.text, f"{path.name}:{b.line}")
                problems = [p.render(lib.sources) for d in decls
                            for p in lib.resolve(d.name)[1]]
            except SpecError as err:
                problems = [err.render()]
            if "broken" in b.options.get("class", ""):
                assert problems, f"{path.name}:{b.line}: marked broken, but checks cleanly"
            else:
                assert not problems, f"{path.name}:{b.line}: {problems}"
            checked += 1
    assert checked >= 3
    assert ROOT.joinpath("docs", ".gitignore").read_text().count("/rulebook/") == 1
