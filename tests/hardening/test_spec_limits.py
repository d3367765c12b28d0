"""Spec limits, each just below (accepted) and just above (refused, with its code), and
positions that agree with the parser's line count.  The files of tests/lang/bad/ show
each code once; these tests show the edges and the commands that used to run for ever."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_spec.cli import run
from rummy_spec.cli.cardtext import read_cards
from rummy_spec.cli.solve import best_way_down
from rummy_spec.engine.records.rules import compile_variant
from rummy_spec.engine.solving.search import SearchTooBig
from rummy_spec.lang import Library, SpecError, builtin_library, load
from rummy_spec.lang.limits import (
    MOST_CARDS,
    MOST_DECKS,
    MOST_NESTING,
    MOST_NUMBER,
    MOST_PLAYERS,
    MOST_TERMS,
    MOST_TEXT,
)

TAIL = """    set { min 3 }
    run { min 3 }
    score { A: 1, 2..10: pip, J..K: 10, joker: 25 }
    game { ends at 100 points }
}
"""


def spec(players: str = "2..4", deck: str = "decks 1", cards: str = "7") -> str:
    return (f'variant b "B" {{\n    players {players}\n    deck {{ {deck} }}\n'
            f"    deal {{ cards {cards} }}\n" + TAIL)


def codes(text: str) -> list[str]:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    try:
        lib.add_text(text, "t.rummy")
        _, found = lib.resolve("b", ())
    except SpecError as err:
        return [d.code for d in err.errors]
    return [d.code for d in found if d.severity == "error"]


@pytest.mark.parametrize("below, above, code", [
    (spec(players=f"2..{MOST_PLAYERS}", deck=f"decks {MOST_DECKS}"),
     spec(players=f"2..{MOST_PLAYERS + 1}", deck=f"decks {MOST_DECKS}"), "E056"),
    (spec(deck=f"decks {MOST_DECKS}"), spec(deck=f"decks {MOST_DECKS + 1}"), "E057"),
    (spec(deck=f"decks 16 jokers {MOST_CARDS - 16 * 52}"),
     spec(deck=f"decks 16 jokers {MOST_CARDS - 16 * 52 + 1}"), "E058"),
    (spec(deck=f"decks {MOST_NUMBER} / {MOST_NUMBER}"),
     spec(deck=f"decks {MOST_NUMBER + 1} / {MOST_NUMBER}"), "E053"),
    (spec(deck=f"decks {MOST_NUMBER} / 500000 * players"),
     spec(deck=f"decks {MOST_NUMBER} * 2 / 2 * players - {MOST_NUMBER} * players + 1"),
     None),  # a large intermediate is fine: the value counts
    (spec(cards="+".join(["0"] * (MOST_TERMS - 1) + ["7"])),
     spec(cards="+".join(["0"] * MOST_TERMS + ["7"])), "E054"),
    (spec(cards="max(1," * (MOST_NESTING - 1) + "7" + ")" * (MOST_NESTING - 1)),
     spec(cards="max(1," * MOST_NESTING + "7" + ")" * MOST_NESTING), "E055"),
    (spec(cards="-(" * (MOST_NESTING - 3) + "-7" + ")" * (MOST_NESTING - 3)),
     spec(cards="-(" * MOST_NESTING + "-7" + ")" * MOST_NESTING), "E055"),
])
def test_each_limit_just_below_and_just_above(below: str, above: str, code: str | None
                                              ) -> None:
    assert codes(below) == []
    if code is not None:
        assert codes(above)[:1] == [code]


def test_a_value_above_the_limit_at_some_player_count() -> None:
    assert codes(spec(deck=f"decks players * {MOST_NUMBER // 2} - {MOST_NUMBER} + 1")
                 )[:1] == ["E053"]


def test_a_flat_sum_of_10000_terms_is_too_long_not_too_deep() -> None:
    with pytest.raises(SpecError) as caught:
        Library().add_text(spec(cards="+".join(["1"] * 10_000)), "t.rummy")
    (d,) = caught.value.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E054", 4, 18)
    assert "10000 numbers and variables" in d.message


def test_a_flat_sum_of_100000_terms_is_a_file_too_large() -> None:
    text = spec(cards="+".join(["1"] * 100_000))
    with pytest.raises(SpecError) as caught:
        Library().add_text(text, "t.rummy")
    (d,) = caught.value.diagnostics
    assert d.code == "E060" and f"{len(text):,} characters" in d.message
    assert codes(spec() + "#" * (MOST_TEXT - len(spec()))) == []
    assert codes(spec() + "#" * (MOST_TEXT - len(spec()) + 1)) == ["E060"]


def test_nested_too_deeply_points_into_the_formula() -> None:
    with pytest.raises(SpecError) as caught:
        Library().add_text(spec(cards="(" * 2000 + "-" * 2000 + "7" + ")" * 2000), "t.rummy")
    (d,) = caught.value.diagnostics
    assert d.code == "E055" and d.span.line == 4 and d.span.column > 18


def test_a_number_of_thousands_of_digits(tmp_path: Path) -> None:
    path = tmp_path / "big.rummy"
    path.write_text(spec(cards="9" * 5000), encoding="utf-8")
    out = run(["check", str(path)])
    assert out.code == 1 and f"{path}:4:18: E053 number-too-large" in out.out
    assert "(5000 digits)" in out.out and len(out.out) < 3000


@pytest.mark.parametrize("command", [["show"], ["rulebook"], ["simulate", "--games", "1"],
                                     ["play"]])
def test_a_million_decks_is_refused_at_once(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "huge.rummy"
    path.write_text('variant h "H" extends gin { deck { decks 1000000 } }\n', encoding="utf-8")
    out = run([command[0], str(path), *command[1:]])
    assert out.code == 1 and "E057 too-many-decks" in out.err


@pytest.mark.parametrize("separator", ["\f", "\r\n"])
def test_the_caret_is_under_the_line_the_parser_counted(separator: str) -> None:
    text = f'variant b "B" {{{separator}    players 2..4 {separator}\n    deck {{ decks 1x }}\n'
    with pytest.raises(SpecError) as caught:
        Library().add_text(text, "t.rummy")
    (d,) = caught.value.diagnostics
    shown = caught.value.render().splitlines()
    line = text.split("\n")[d.span.line - 1]
    assert shown[1].endswith(line.removesuffix("\r").replace("\f", "\ufffd"))
    assert "decks 1x" in shown[1]


def test_a_line_separator_is_refused_where_it_stands() -> None:
    with pytest.raises(SpecError) as caught:
        Library().add_text('variant b "B" {\n  # a\u2028b\n}\n', "t.rummy")
    (d,) = caught.value.diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E052", 2, 6)


def test_an_empty_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "empty.rummy"
    path.write_text("", encoding="utf-8")
    out = run(["check", str(path)])
    assert out.code == 1 and f"{path}:1:1: E050 empty-file: the file is empty" in out.out
    assert "'}' is missing" not in out.out


def test_solve_of_a_whole_pack_says_too_many_cards() -> None:
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    pack = [r + s for s in "CDHS" for r in ranks]
    for variant, rnd, extra in (("continental", "7", []), ("continental", "7", ["JK"] * 4),
                                ("shanghai", "10", []), ("continental", "7", pack[:26] * 2),
                                ("continental", "7", [*pack[:40], "JK", "JK"])):
        hand = extra if len(extra) > 4 else pack + extra
        out = run(["solve", variant, "--round", rnd, "--players", "4", *hand])
        assert out.code == 1, out
        assert "too many cards to search" in out.err and out.err.count("\n") == 1


def test_the_budget_itself_stops_a_hand_within_the_card_limit() -> None:
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    # two stray spades: a hand whose best way melds every card is settled by looking its
    # last melds up, well within the budget
    hand = [*[r + s for s in "CDHS" for r in ranks][:28], "5S", "9S", "JK", "JK"]
    v = load("continental")
    rules = compile_variant(v, 4)
    cards = read_cards(v, 4, hand)
    with pytest.raises(SearchTooBig):
        best_way_down(rules, cards, v.contracts.rounds[6])


def test_a_real_hand_is_far_below_the_budget() -> None:
    out = run(["solve", "continental", "--round", "7", "2C", "3C", "4C", "5C", "6D", "7D",
               "8D", "9D", "10H", "JH", "QH", "KH", "5S"])
    assert out.code == 0 and "can be met" in out.out
    assert issubclass(SearchTooBig, Exception)


def test_simulate_with_100_players_is_refused() -> None:
    out = run(["simulate", "seven_hand", "--players", "100"])
    assert out.code == 2 and f"at most {MOST_PLAYERS}" in out.err
