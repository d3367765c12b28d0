"""A new meld kind is one entry of the registry (``rummy_spec.lang.meldkinds``).

The fixture below declares a toy kind, the flush (cards of one suit, any ranks), with its
model, its grammar clauses, its engine check, its rulebook sentence and example and its
reference row, all in this file: no other module is touched.  The tests show the kind
parsed, built, checked, laid and laid off on by the engine, described in the rulebook,
exported and explained on hover; and gone again once the entry is taken away.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rummy_spec.decks import card_table
from rummy_spec.engine.families.setup import Deal
from rummy_spec.engine.game import Game
from rummy_spec.engine.melding.meldrules import MeldRules
from rummy_spec.engine.melding.melds import (
    Meld,
    Rejection,
    compile_rules,
    reject,
    size_fault,
    split,
    validate,
    wild_fault,
)
from rummy_spec.lang import Library, SpecError, meldkinds
from rummy_spec.lang import model as m
from rummy_spec.lang.clauses import clauses
from rummy_spec.lang.editor import hover, reference_rows
from rummy_spec.lang.export import variant_to_json
from rummy_spec.lang.grammar_source import grammar_text
from rummy_spec.lang.span import BUILTIN, Span
from rummy_spec.rulebook import markdown
from rummy_spec.rulebook.book import build_page
from rummy_spec.rulebook.melds import Example
from rummy_spec.simulate import play_out


@dataclass(frozen=True)
class FlushRule:
    min: int = 4
    max: int | None = None
    plain: bool = False  # no wild card in a flush
    span: Span = BUILTIN


def check_flush(rules: MeldRules, hand: tuple[int, ...], contract: bool,
                ordered: bool = False) -> Meld | Rejection:
    rule = rules.rule("flush")
    if rule is None:
        return reject("no-such-kind", "flush")
    bad = size_fault(rule, len(hand), rule.max)
    if bad:
        return bad
    naturals, wilds = split(rules, hand)
    suits = {rules.suit[c] for c in naturals}
    if len(suits) > 1:
        return reject("mixed-suits", " ".join(rules.table.texts(naturals)))
    if rule.plain and wilds:
        return reject("too-many-wilds", "a plain flush holds none")
    bad = wild_fault(rules, "flush", len(naturals), len(wilds), contract)
    if bad:
        return bad
    return Meld("flush", tuple(naturals + wilds),
                tuple(rules.rank[c] for c in naturals) + (0,) * len(wilds),
                suits.pop() if suits else None, (False,) * len(naturals) + (True,) * len(wilds))


def describe_flush(v: m.Variant, rule: FlushRule) -> str:
    return (f"A flush is at least {rule.min} cards of one suit, of any ranks"
            + (", with no wild card." if rule.plain else "."))


def flush_examples(rules: MeldRules, rule: FlushRule, wild: int | None) -> list[Example]:
    t = rules.table
    hearts = tuple(t.face(r, "H") for r in (2, 5, 9, 13, 11, 4)[: rule.min])
    return [Example("flush", hearts, f"{rule.min} hearts"),
            Example("flush", (*hearts[:-1], t.face(3, "S")), "two suits mixed")]


FLUSH = meldkinds.MeldKindEntry(
    name="flush", plural="flushes", words="flush", words_plural="flushes",
    summary="cards of one suit, of any ranks", model=FlushRule,
    clauses='"min" INT -> min\n| "max" INT -> max\n| "plain" -> flush_plain',
    shape_code="mixed-suits", check=check_flush, describe=describe_flush,
    examples=flush_examples, flags={"flush_plain": ("plain", True)},
    rows=(("plain", "a flush holds no wild card", "wild cards may stand in a flush"),),
)

SPEC = """variant toy "Toy" {
    players 2..4
    deck { jokers 2 }
    wilds { cards jokers }
    set { min 3 }
    flush { min 4, plain }
    deal { cards 10 }
    contracts { 1: 1 flush + 1 set }
    score { A..K: 10, joker: 25 }
}
variant toy_sets extends toy {
    no flush
    contracts { 1: 2 sets }
}
"""


@pytest.fixture
def flush() -> Iterator[meldkinds.MeldKindEntry]:
    meldkinds.register(FLUSH)
    try:
        yield FLUSH
    finally:
        meldkinds.unregister("flush")


def _library() -> Library:
    lib = Library()
    lib.add_text(SPEC, "toy.rummy")
    return lib


def _toy() -> m.Variant:
    variant, problems = _library().resolve("toy")
    assert not [p for p in problems if p.severity == "error"], problems
    return variant


def test_the_kind_is_unknown_without_its_entry() -> None:
    assert "flush" not in meldkinds.names()
    with pytest.raises(SpecError):
        _library()


def test_the_kind_is_parsed_and_built(flush: meldkinds.MeldKindEntry) -> None:
    v = _toy()
    assert v.meld_kinds() == ("set", "flush")
    assert v.kind_rule("flush") == FlushRule(min=4, plain=True, span=v.kind_rule("flush").span)
    assert v.contracts.rounds[0].elements[0].kind == "flush"
    child, problems = _library().resolve("toy_sets")
    assert child.kind_rule("flush") is None and child.meld_kinds() == ("set",), problems
    assert "flush_kind" in grammar_text() and '"flushes"' in grammar_text()


def test_the_checker_reads_the_kind(flush: meldkinds.MeldKindEntry) -> None:
    lib = Library()
    lib.add_text(SPEC.replace("min 4, plain", "min 5, max 4"), "bad.rummy")
    _, problems = lib.resolve("toy")
    assert [p.code for p in problems if p.severity == "error"] == ["E020"], problems
    assert "flush: min 5 is above max 4" in problems[0].message


def test_the_engine_checks_the_kind(flush: meldkinds.MeldKindEntry) -> None:
    v = _toy()
    rules = compile_rules(v)
    table = card_table(v.deck)

    def cards(text: str) -> tuple[int, ...]:
        return tuple(table.parse(c) for c in text.split())

    got = validate(rules, "flush", cards("2H 5H 9H KH"))
    assert isinstance(got, Meld) and got.kind == "flush" and got.suit == "H"
    assert validate(rules, None, cards("2H 5H 9H KH")) == got  # found among the kinds
    mixed = validate(rules, "flush", cards("2H 5H 9H KS"))
    assert isinstance(mixed, Rejection) and mixed.code == "mixed-suits"
    plain = validate(rules, "flush", cards("2H 5H 9H JK"))
    assert isinstance(plain, Rejection) and plain.code == "too-many-wilds"
    short = validate(rules, "flush", cards("2H 5H 9H"))
    assert isinstance(short, Rejection) and short.code == "too-short"


def test_a_flush_is_laid_and_laid_off_on(flush: meldkinds.MeldKindEntry) -> None:
    v = _toy()
    table = card_table(v.deck)

    def cards(text: str) -> list[int]:
        return [table.parse(c) for c in text.split()]

    setup = Deal(dealer=1, hands=[cards("2H 5H 9H KH 7C 7D 7S 3D 4C 8S"),
                                   cards("2C 3C 4D 5S 6S 8D 9D 10D JD QD")],
                  stock=cards("AH AC AD AS KS KC"), discard=cards("QS"))
    game = Game(v, 2, seed=0, setup=setup)

    def act(**data: Any) -> str:
        action = game.parse_action(data)
        verdict = game.legal(action)
        if verdict.ok:
            game.apply(action)
        return verdict.code

    assert act(type="draw", player=0, source="stock") == "ok"
    bad = [["2H", "5H", "9H", "8S"], ["7C", "7D", "7S"]]
    assert act(type="go_down", player=0, melds=bad) != "ok"  # not a flush: not the contract
    assert act(type="go_down", player=0,
               melds=[["2H", "5H", "9H", "KH"], ["7C", "7D", "7S"]]) == "ok"
    laid = [(t.meld.kind, game.card_text(t.meld.cards)) for t in game.state.hand.table]
    assert laid == [("flush", ["2H", "5H", "9H", "KH"]), ("set", ["7C", "7D", "7S"])]
    assert act(type="lay_off", player=0, card="8S", meld=0) != "ok"  # a spade on hearts
    assert act(type="lay_off", player=0, card="AH", meld=0) == "ok"
    assert sorted(game.card_text(game.state.hand.table[0].meld.cards)) == [
        "2H", "5H", "9H", "AH", "KH"]


def test_bots_play_a_game_of_the_kind_to_its_end(flush: meldkinds.MeldKindEntry) -> None:
    """The contract solver has no shapes for the kind: bots never lay a flush, but a
    seeded game still ends (at its turn cap) instead of failing."""
    outcome = play_out(_toy(), 2, 0, "greedy", turn_cap=60)
    assert outcome.record is not None and outcome.abandoned_rounds == 1
    assert all(t.meld.kind != "flush" for t in outcome.game.state.hand.table)


def test_the_rulebook_describes_the_kind(flush: meldkinds.MeldKindEntry) -> None:
    page = markdown.write(build_page(_library(), "toy"))
    assert "The melds are sets and flushes." in page
    assert "- A flush is at least 4 cards of one suit, of any ranks, with no wild card." in page
    assert "| `2H 5H 9H KH` | 4 hearts | legal: a flush |" in page
    assert "| `2H 5H 9H 3S` | two suits mixed | not a meld: " in page
    assert "| 1 flush + 1 set |" in page


def test_the_reference_lists_the_kind(flush: meldkinds.MeldKindEntry) -> None:
    text = SPEC.split("variant toy_sets")[0]
    line = text.splitlines().index("    flush { min 4, plain }")
    shown = hover(text, line, text.splitlines()[line].index("plain") + 1)
    assert shown is not None and "a flush holds no wild card" in shown, shown
    assert "wild cards may stand in a flush" in shown
    data = variant_to_json(_toy(), 2)
    assert data["meld_kinds"]["flush"]["min"] == 4 and data["meld_kinds"]["flush"]["plain"]
    schema = json.loads((Path(__file__).resolve().parents[2] / "schema"
                         / "variant.schema.json").read_text(encoding="utf-8"))
    errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    assert not errors, errors


def test_taking_the_entry_away_forgets_the_kind() -> None:
    meldkinds.register(FLUSH)
    assert "flush" in meldkinds.names()
    meldkinds.unregister("flush")
    assert "flush_kind" not in grammar_text() and "flush" not in meldkinds.names()
    with pytest.raises(SpecError):
        _library()


def test_a_kind_is_declared_once() -> None:
    with pytest.raises(ValueError, match="declared already"):
        meldkinds.register(meldkinds.entry("set"))


def test_every_built_in_kind_is_documented_and_its_hooks_exist() -> None:
    """Each built-in kind's clauses have a row in the language reference, and each hook
    its entry names is a function the layers can call."""
    rows = reference_rows()
    for kind in meldkinds.entries():
        documented = {r.syntax.split()[0] for r in rows if kind.name in r.sections}
        phrases = {c.phrase.split()[0] for c in clauses() if c.section == kind.name}
        assert phrases and phrases <= documented, (kind.name, phrases - documented)
        for hook in (kind.check, kind.describe, kind.examples, kind.build, kind.lay_off):
            assert hook is None or callable(meldkinds.resolve(hook)), (kind.name, hook)
