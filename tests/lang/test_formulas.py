"""Formulas over ``players`` and ``round``: exact arithmetic, functions, piecewise tables.

Each formula is written as an author would write it (the right side of ``deal { cards ...
}``), parsed by the real grammar, and evaluated with concrete expected values.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec.lang import Library
from rummy_spec.lang.expr import EvalError, Expr, evaluate, evaluate_int, render, uses_round
from rummy_spec.lang.syntax import parse


def formula(text: str) -> Expr:
    (decl,) = parse(f"variant f {{ deal {{ cards {text} }} }}\n", "formula.rummy")
    (setting,) = [s for s in decl.settings if s.key == ("deal", "cards")]
    value = setting.value
    assert not isinstance(value, (int, str, tuple)), value
    expr: Expr = value
    return expr


def values(text: str, players: range, round_: int = 1) -> list[int | None]:
    expr = formula(text)
    return [evaluate_int(expr, n, round_) for n in players]


# ----- arithmetic and functions -------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("7", 7),
        ("2 + 3 * 4", 14),
        ("(2 + 3) * 4", 20),
        ("20 - 5 - 3", 12),  # left to right
        ("24 / 4 / 2", 3),  # left to right
        ("-3 + 10", 7),
        ("- -3", 3),
        ("2 * -3 + 10", 4),
        ("10 - 2 * 3", 4),
    ],
)
def test_arithmetic_precedence(text: str, expected: int) -> None:
    assert evaluate_int(formula(text), 4) == expected


def test_ceil_and_floor_of_halves() -> None:
    players = range(2, 9)
    assert values("ceil(players / 2)", players) == [1, 2, 2, 3, 3, 4, 4]
    assert values("floor(players / 2)", players) == [1, 1, 2, 2, 3, 3, 4]
    assert values("ceil(players / 3)", players) == [1, 1, 2, 2, 2, 3, 3]


def test_ceil_and_floor_of_negative_fractions() -> None:
    assert evaluate_int(formula("ceil(0 - players / 2)"), 3) == -1
    assert evaluate_int(formula("floor(0 - players / 2)"), 3) == -2


def test_max_and_min() -> None:
    players = range(2, 9)
    # Continental: two decks for 4 players, then one more deck per two players.
    assert values("max(2, ceil(players / 2))", players) == [2, 2, 2, 3, 3, 4, 4]
    assert values("min(10, 16 - players)", players) == [10, 10, 10, 10, 10, 9, 8]
    assert values("max(1, 2, players, 5)", players) == [5, 5, 5, 5, 6, 7, 8]
    assert values("min(max(players, 3), 6)", players) == [3, 3, 4, 5, 6, 6, 6]


def test_round_variable() -> None:
    expr = formula("5 + round")
    assert [evaluate_int(expr, 4, r) for r in range(1, 8)] == [6, 7, 8, 9, 10, 11, 12]
    assert evaluate_int(formula("round * players"), 3, 4) == 12


# ----- exact fractions ----------------------------------------------------------------


def test_division_is_exact() -> None:
    assert evaluate(formula("players / 3"), 2) == Fraction(2, 3)
    assert evaluate(formula("7 / 2"), 4) == Fraction(7, 2)
    # 1/3 * 3 is exactly 1 (no floating-point 0.9999...), so it is a whole number.
    assert evaluate_int(formula("players / 3 * 3"), 2) == 2
    assert evaluate_int(formula("1 / 3 + 1 / 3 + 1 / 3"), 4) == 1
    assert evaluate_int(formula("ceil(10 / 3 * 3)"), 4) == 10


def test_a_fraction_is_not_a_whole_number() -> None:
    with pytest.raises(EvalError, match="whole number"):
        evaluate_int(formula("players / 2"), 3)
    assert evaluate_int(formula("players / 2"), 4) == 2


def test_division_by_zero_is_an_error() -> None:
    expr = formula("6 / (players - 3)")
    assert evaluate_int(expr, 2) == -6
    with pytest.raises(EvalError, match="division by zero"):
        evaluate(expr, 3)
    assert evaluate_int(expr, 5) == 3


# ----- piecewise tables ---------------------------------------------------------------


def test_table_by_players_with_open_range() -> None:
    text = "by players { 2: 10, 3..4: 7, 5+: 6 }"
    assert values(text, range(2, 10)) == [10, 7, 7, 6, 6, 6, 6, 6]


def test_table_by_round_with_else_row() -> None:
    expr = formula("by round { 1..3: 6, 4: 8, else: 10 }")
    assert [evaluate_int(expr, 4, r) for r in range(1, 8)] == [6, 6, 6, 8, 10, 10, 10]


def test_table_rows_are_tried_in_order() -> None:
    expr = formula("by players { 2..4: 1, 3: 9, else: 5 }")
    assert [evaluate_int(expr, n) for n in range(2, 7)] == [1, 1, 1, 5, 5]


def test_table_rows_hold_formulas_and_tables_nest() -> None:
    expr = formula("by players { 2..3: players * 3, else: by round { 1: 6, else: 7 } }")
    assert evaluate_int(expr, 2) == 6
    assert evaluate_int(expr, 3) == 9
    assert [evaluate_int(expr, 5, r) for r in (1, 2, 3)] == [6, 7, 7]


def test_table_inside_arithmetic() -> None:
    assert values("2 * by players { 2..3: 1, else: 2 } + 1", range(2, 6)) == [3, 3, 5, 5]


def test_table_without_a_row_is_an_error() -> None:
    expr = formula("by players { 2..3: 10, 5: 6 }")
    assert evaluate_int(expr, 3) == 10
    with pytest.raises(EvalError, match=r"no row .*players = 4"):
        evaluate(expr, 4)
    with pytest.raises(EvalError, match=r"no row .*round = 2"):
        evaluate(formula("by round { 1: 10 }"), 4, 2)


# ----- unlimited ----------------------------------------------------------------------


def test_unlimited_is_none() -> None:
    assert evaluate(formula("unlimited"), 4) is None
    assert evaluate_int(formula("unlimited"), 4) is None
    assert evaluate_int(formula("by players { 2..4: unlimited, else: 2 }"), 3) is None
    assert evaluate_int(formula("by players { 2..4: unlimited, else: 2 }"), 5) == 2


@pytest.mark.parametrize("text", ["unlimited + 1", "2 * unlimited", "max(1, unlimited)",
                                  "ceil(unlimited)"])
def test_unlimited_takes_no_part_in_arithmetic(text: str) -> None:
    with pytest.raises(EvalError, match="unlimited"):
        evaluate(formula(text), 4)


def test_negating_unlimited_stays_unlimited() -> None:
    assert evaluate(formula("-unlimited"), 4) is None


# ----- what a formula depends on, and how it prints -------------------------------------


@pytest.mark.parametrize(
    ("text", "depends"),
    [
        ("players * 2", False),
        ("round + 5", True),
        ("max(2, -round)", True),
        ("by round { 1: 6, else: 7 }", True),
        ("by players { 2: 10, else: round }", True),
        ("by players { 2: 10, else: 7 }", False),
    ],
)
def test_uses_round(text: str, depends: bool) -> None:
    assert uses_round(formula(text)) is depends


@pytest.mark.parametrize(
    "text",
    [
        "max(2, ceil(players / 2))",
        "(players + 1) * 2 - round",
        "by players { 2: 10, 3..4: 7, 5+: 6, else: 1 }",
        "unlimited",
    ],
)
def test_render_reads_back_to_the_same_values(text: str) -> None:
    original = formula(text)
    again = formula(render(original))
    for players in range(2, 9):
        for round_ in (1, 2, 7):
            assert evaluate(again, players, round_) == evaluate(original, players, round_)


# ----- formulas inside a variant --------------------------------------------------------


def test_formulas_reach_the_model() -> None:
    lib = Library()
    lib.add_text(
        """variant f "Formulas" {
            players 3..8
            deck { decks max(2, ceil(players / 2)), jokers 2 per deck }
            wilds { cards jokers }
            set { min 3 }
            run { min 4 }
            deal { cards by round { 1..2: 10, else: 12 } }
            contracts { 1: 2 sets, 2: 1 set + 1 run, 3: 2 runs }
            buy { penalty 1, limit by players { 3..4: 3, else: unlimited } }
            score { 2..9: 5, 10..K: 10, A: 20, joker: 50 }
            game { ends after all rounds }
        }""",
        "f.rummy",
    )
    variant, problems = lib.resolve("f")
    assert [p for p in problems if p.severity == "error"] == []
    assert [evaluate_int(variant.deck.decks, n) for n in range(3, 9)] == [2, 2, 3, 3, 4, 4]
    assert [evaluate_int(variant.deal.cards, 5, r) for r in (1, 2, 3)] == [10, 10, 12]
    assert variant.claim is not None and variant.claim.limit is not None
    assert evaluate_int(variant.claim.limit, 4) == 3
    assert evaluate_int(variant.claim.limit, 5) is None


# ----- the whole-number shortcut gives what exact fractions give -----------------------

def _formula_trees() -> st.SearchStrategy[Expr]:
    from rummy_spec.lang.expr import BinOp, Call, Case, Neg, Num, Table, Unlimited, Var
    from rummy_spec.lang.span import Span

    at = Span("f.rummy", 1, 1, 1, 2)
    leaves = st.one_of(st.builds(Num, st.integers(-5, 12), st.just(at)),
                       st.builds(Var, st.sampled_from(["players", "round"]), st.just(at)),
                       st.just(Unlimited(at)))

    def grow(inner: st.SearchStrategy[Expr]) -> st.SearchStrategy[Expr]:
        row = st.builds(Case, st.none() | st.integers(1, 6), st.none() | st.integers(1, 8),
                        inner, st.just(at))
        return st.one_of(
            st.builds(BinOp, st.sampled_from("+-*/"), inner, inner, st.just(at)),
            st.builds(Neg, inner, st.just(at)),
            st.builds(Call, st.sampled_from(["ceil", "floor", "max", "min"]),
                      st.lists(inner, max_size=3).map(tuple), st.just(at)),
            st.builds(Table, st.sampled_from(["players", "round"]),
                      st.lists(row, max_size=3).map(tuple), st.just(at)))

    return st.recursive(leaves, grow, max_leaves=8)


def _outcome(f: Callable[[], object]) -> object:
    try:
        return f()
    except (EvalError, ArithmeticError, ValueError, IndexError) as err:
        return (type(err), str(err))


@settings(max_examples=300, deadline=None)
@given(_formula_trees(), st.integers(1, 8), st.integers(1, 10))
def test_the_whole_number_path_agrees_with_exact_fractions(expr: Expr, players: int,
                                                           rnd: int) -> None:
    from rummy_spec.lang.expr import _exact

    exact = _outcome(lambda: _exact(expr, players, rnd))
    assert _outcome(lambda: evaluate(expr, players, rnd)) == exact

    def exact_int() -> int | None:
        v = _exact(expr, players, rnd)
        if v is None:
            return None
        if v.denominator != 1:
            raise EvalError(f"gives {float(v):g}, not a whole number")
        return int(v)

    got = _outcome(lambda: evaluate_int(expr, players, rnd))
    assert got == _outcome(exact_int)
    assert type(got) is type(_outcome(exact_int))
