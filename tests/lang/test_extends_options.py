"""``extends`` and options: a house variant or an option changes exactly what it names.

A child inherits every rule of its parent and overrides rule by rule (not section by
section); an option is a list of rules applied last, in the order the options are asked for.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rummy_spec.lang import Library, SpecError, Variant, load
from rummy_spec.lang import model as m
from rummy_spec.lang.expr import evaluate_int

FAMILY = """\
variant parent "Parent" {
    players 2..6
    deck { decks 2, jokers 2 per deck }
    wilds { cards jokers and twos, never outnumber naturals }
    set { min 3 }
    run { min 4, max 10, ace low or high }
    deal { cards 10, first dealer highest }
    contracts {
        1: 2 sets
        2: 1 set + 1 run
        3: 2 runs
    }
    buy { penalty 1, limit 3 }
    score { 2..9: 5, 10..K: 10, A: 20, joker: 50 }
    game { ends after all rounds, winner lowest }

    option short_deal "Short deal" { deal { cards 8 } }
    option dear_buys { buy { penalty 2, limit unlimited } }
    option nine_cards { deal { cards 9 } }
}

variant child "Child" extends parent {
    run { max 13 }
    score { joker: 25 }
    contracts { 2: 2 sets + 1 run }
}

variant grandchild extends child {
    deal { cards 11 }
    set { min 4 }
    option short_deal "Shorter deal" { deal { cards 7 } }
}
"""
PATH = "family.rummy"


@pytest.fixture(scope="module")
def library() -> Library:
    lib = Library()
    lib.add_text(FAMILY, PATH)
    return lib


def resolve(lib: Library, name: str, options: tuple[str, ...] = ()) -> Variant:
    variant, problems = lib.resolve(name, options)
    errors = [p for p in problems if p.severity == "error"]
    assert not errors, "\n".join(p.render(lib.sources) for p in errors)
    return variant


def cards_dealt(v: Variant, players: int = 4) -> int | None:
    return evaluate_int(v.deal.cards, players)


def score_of(v: Variant, text: str) -> int | None:
    (entry,) = [e for e in v.score.entries if e.text.lower() == text.lower()]
    return entry.points


def contract_rows(v: Variant) -> list[tuple[int, list[tuple[int, str, int | None]]]]:
    return [(c.number, [(e.count, e.kind, e.size) for e in c.elements])
            for c in v.contracts.rounds]


def line_of(text: str, needle: str) -> int:
    (line,) = [i for i, row in enumerate(text.splitlines(), 1) if needle in row]
    return line


# ----- extends -----------------------------------------------------------------------


def test_child_overrides_one_field_and_keeps_the_rest_of_the_section(library: Library) -> None:
    parent, child = resolve(library, "parent"), resolve(library, "child")
    assert parent.run is not None
    assert parent.run == m.RunRule(min=4, max=10, ace="either", span=parent.run.span)
    assert child.run is not None
    assert (child.run.min, child.run.max, child.run.ace) == (4, 13, "either")


def test_child_inherits_untouched_sections(library: Library) -> None:
    parent, child = resolve(library, "parent"), resolve(library, "child")
    for section in ("players", "deck", "wilds", "set", "deal", "claim", "game", "turn",
                    "layoff", "stock"):
        assert getattr(child, section) == getattr(parent, section), section
    assert (child.name, child.title, child.parent) == ("child", "Child", "parent")


def test_score_table_entry_override(library: Library) -> None:
    parent, child = resolve(library, "parent"), resolve(library, "child")
    assert score_of(parent, "joker") == 50
    assert score_of(child, "joker") == 25
    for text, points in (("2..9", 5), ("10..K", 10), ("A", 20)):
        assert score_of(child, text) == points == score_of(parent, text)
    assert len(child.score.entries) == len(parent.score.entries) == 4
    (joker,) = [e for e in child.score.entries if e.kind == "joker"]
    assert joker.span.line == line_of(FAMILY, "score { joker: 25 }")


def test_contract_round_override(library: Library) -> None:
    assert contract_rows(resolve(library, "parent")) == [
        (1, [(2, "set", None)]),
        (2, [(1, "set", None), (1, "run", None)]),
        (3, [(2, "run", None)]),
    ]
    assert contract_rows(resolve(library, "child")) == [
        (1, [(2, "set", None)]),
        (2, [(2, "set", None), (1, "run", None)]),
        (3, [(2, "run", None)]),
    ]


def test_multi_level_extends(library: Library) -> None:
    g = resolve(library, "grandchild")
    assert (g.name, g.title, g.parent) == ("grandchild", "grandchild", "child")
    assert cards_dealt(g) == 11  # its own
    assert g.deal.first_dealer == "highest"  # the same section, from the grandparent
    assert g.set is not None and g.set.min == 4  # its own
    assert g.run is not None and (g.run.min, g.run.max) == (4, 13)  # grandparent, parent
    assert score_of(g, "joker") == 25  # parent
    assert (g.players.min, g.players.max) == (2, 6)  # grandparent
    assert contract_rows(g)[1] == (2, [(2, "set", None), (1, "run", None)])  # parent
    assert g.claim is not None and g.claim.penalty == 1  # grandparent


def test_inherited_rules_keep_the_span_where_they_were_written(library: Library) -> None:
    g = resolve(library, "grandchild")
    assert g.deal.cards.span.line == line_of(FAMILY, "deal { cards 11 }")
    assert g.players.span.line == line_of(FAMILY, "players 2..6")
    assert g.run is not None and g.run.span.path == PATH


def test_extends_leaves_the_parent_untouched(library: Library) -> None:
    before = resolve(library, "parent")
    resolve(library, "grandchild")
    after = resolve(library, "parent")
    assert before == after
    assert cards_dealt(after) == 10 and score_of(after, "joker") == 50


def test_child_in_another_file_extends_a_parent_already_known(library: Library) -> None:
    lib = Library(dict(library.decls), dict(library.sources))
    lib.add_text('variant cousin extends parent { deck { decks 3 } }\n', "cousin.rummy")
    cousin = resolve(lib, "cousin")
    assert evaluate_int(cousin.deck.decks, 4) == 3
    assert cousin.deck.jokers_per_deck and evaluate_int(cousin.deck.jokers, 4) == 2


def test_extends_cycle_is_an_error() -> None:
    lib = Library()
    lib.add_text("variant a extends b { deal { cards 7 } }\n"
                 "variant b extends c { deal { cards 8 } }\n"
                 "variant c extends a { deal { cards 9 } }\n", "cycle.rummy")
    for name in "abc":
        _, problems = lib.resolve(name)
        codes = [p.code for p in problems]
        assert codes.count("E014") == 1, codes
        (cycle,) = [p for p in problems if p.code == "E014"]
        assert name in cycle.message
        assert cycle.span.path == "cycle.rummy" and cycle.span.column == 19


def test_unknown_parent_is_an_error_with_a_suggestion(library: Library) -> None:
    lib = Library(dict(library.decls), dict(library.sources))
    lib.add_text("variant orphan extends parnet { deal { cards 7 } }\n", "orphan.rummy")
    _, problems = lib.resolve("orphan")
    (unknown,) = [p for p in problems if p.code == "E013"]
    assert "parnet" in unknown.message
    assert "parent" in unknown.hint
    assert (unknown.span.line, unknown.span.column) == (1, 24)


# ----- options -----------------------------------------------------------------------


def test_option_changes_only_what_it_names(library: Library) -> None:
    plain = resolve(library, "parent")
    short = resolve(library, "parent", ("short_deal",))
    assert cards_dealt(plain) == 10 and cards_dealt(short) == 8
    assert short.deal.first_dealer == "highest"  # the rest of the section stays
    assert short.enabled == ("short_deal",) and plain.enabled == ()
    assert dataclasses.replace(short, deal=plain.deal, enabled=()) == plain


def test_option_on_a_section_with_several_fields(library: Library) -> None:
    plain = resolve(library, "parent")
    dear = resolve(library, "parent", ("dear_buys",))
    assert plain.claim is not None and dear.claim is not None
    assert (plain.claim.penalty, dear.claim.penalty) == (1, 2)
    assert plain.claim.limit is not None and evaluate_int(plain.claim.limit, 4) == 3
    assert dear.claim.limit is not None and evaluate_int(dear.claim.limit, 4) is None
    assert dataclasses.replace(dear, claim=plain.claim, enabled=()) == plain


def test_two_options_apply_in_the_order_asked(library: Library) -> None:
    assert cards_dealt(resolve(library, "parent", ("short_deal", "nine_cards"))) == 9
    assert cards_dealt(resolve(library, "parent", ("nine_cards", "short_deal"))) == 8
    both = resolve(library, "parent", ("short_deal", "dear_buys"))
    assert cards_dealt(both) == 8
    assert both.claim is not None and both.claim.penalty == 2
    assert both.enabled == ("short_deal", "dear_buys")


def test_options_are_inherited_and_applied_after_the_child(library: Library) -> None:
    child = resolve(library, "child", ("dear_buys",))
    assert child.claim is not None and child.claim.penalty == 2
    assert score_of(child, "joker") == 25
    g = resolve(library, "grandchild", ("nine_cards",))
    assert cards_dealt(g) == 9  # the option beats the grandchild's own 'cards 11'
    assert [o.name for o in g.options] == ["short_deal", "dear_buys", "nine_cards"]


def test_child_redeclares_an_option(library: Library) -> None:
    assert cards_dealt(resolve(library, "child", ("short_deal",))) == 8
    g = resolve(library, "grandchild", ("short_deal",))
    assert cards_dealt(g) == 7
    (info,) = [o for o in g.options if o.name == "short_deal"]
    assert info.title == "Shorter deal"


def test_unknown_option_is_an_error(library: Library) -> None:
    _, problems = library.resolve("parent", ("short_deal", "eighth_hand"))
    (unknown,) = [p for p in problems if p.code == "E015"]
    assert "eighth_hand" in unknown.message and "short_deal" in unknown.message
    assert unknown.span.line == 1


def test_options_through_load(tmp_path: Path) -> None:
    path = tmp_path / "family.rummy"
    path.write_text(FAMILY, encoding="utf-8")
    assert cards_dealt(load(str(path))) == 10  # the first variant of the file
    assert cards_dealt(load(str(path), ["short_deal", "nine_cards"])) == 9
    with pytest.raises(SpecError) as caught:
        load(str(path), ["no_such_option"])
    assert [d.code for d in caught.value.errors] == ["E015"]
    assert f"{path}:1:9: E015" in str(caught.value)
