"""A special card turned as the first upcard acts on the first player (X30, X42).

Phase 10 (the Fundex booklet): "if the dealer starts the discard pile with a Skip card,
the first player is skipped".  In the language: ``special SK ... { acts when turned up }``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import ok, refused

from rummy_spec.engine.game import Game
from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang.model import Variant
from rummy_spec.rulebook import build_page, render

HANDS = ["1R 1B 1G 2R 2B 2G 3R 4R 5R 6G", "7R 7B 7G 8R 8B 8G 9R 10R 11R 12R",
         "3B 4B 5B 6B 7Y 8Y 9Y 10Y 11Y SK"]
PLAIN = ("variant plain extends phase10 {\n"
         "    special SK \"Skip\" 4 { skips next player, never taken from pile }\n}\n")


def _deal(variant: str | Variant, upcard: str, options: tuple[str, ...] = ()) -> Game:
    return scenario(variant, 3, hands=HANDS, stock="3G 4G 5G 6Y 7G 1Y", discard=upcard,
                    options=options)


def test_a_skip_turned_up_skips_the_first_player() -> None:
    g = _deal("phase10", "SK")
    assert g.state.hand.turn == 1
    assert refused(g, "draw", 0, source="stock") == "not-your-turn"
    assert refused(g, "draw", 1, source="discard") == "never-taken"
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="12R")
    ok(g, "draw", 2, source="stock")
    ok(g, "discard", 2, card="11Y")
    assert g.state.hand.turn == 0  # his skip is spent: he plays when his turn comes again


def test_another_upcard_leaves_the_first_player_alone() -> None:
    g = _deal("phase10", "9B")
    assert g.state.hand.turn == 0
    ok(g, "draw", 0, source="stock")


def test_without_the_clause_a_skip_turned_up_does_nothing() -> None:
    g = _deal(variant_from_text(PLAIN, "plain"), "SK")
    assert g.state.hand.turn == 0
    ok(g, "draw", 0, source="stock")


def test_the_chooser_option_still_skips_the_first_player() -> None:
    g = _deal("phase10", "SK", ("skip_chooser",))
    assert g.state.hand.turn == 1


def test_no_repeat_skips_counts_the_turned_up_skip() -> None:
    """With no repeat skips (option opt_skips), the player a turned-up Skip passed over
    cannot be skipped again before he has played: seat 2's Skip does not hit seat 0."""
    g = _deal("phase10", "SK", ("opt_skips",))
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="12R")
    ok(g, "draw", 2, source="stock")
    ok(g, "discard", 2, card="SK")
    assert g.state.hand.turn == 0
    g = _deal("phase10", "9B", ("opt_skips",))  # without the turned-up Skip he is hit
    for seat, card in ((0, "6G"), (1, "12R")):
        ok(g, "draw", seat, source="stock")
        ok(g, "discard", seat, card=card)
    ok(g, "draw", 2, source="stock")
    ok(g, "discard", 2, card="SK")
    assert g.state.hand.turn == 1


def test_the_rulebook_says_so_only_with_the_clause() -> None:
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    lib.add_text(PLAIN, "plain.rummy")
    said = "If the dealer turns up a Skip to start the discard pile, it acts on the first player"

    def turn(name: str) -> str:
        return render(build_page(lib, name, ()), "md").split("## A turn", 1)[1].split("\n## ")[0]

    assert said in turn("phase10")
    assert said not in turn("plain")
