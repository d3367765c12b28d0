"""Scenarios: ``going out { needs a meld of N }`` (Canasta's rule that a side goes out
only once it has a canasta: Britannica, "Canasta: Going out",
https://www.britannica.com/topic/canasta/Going-out: "provided that the partnership has
made at least one canasta").  A player without a long enough meld of his side keeps two
cards after any meld or lay-off; a partner's long meld lets him go out."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import last_result, ok, refused

from rummy_spec.conformance import suite_root
from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant

HOUSE = (suite_root() / "examples" / "partnership_rummy.rummy").read_text(encoding="utf-8")


def variant(partners: bool) -> Variant:
    text = HOUSE.replace("game { partners across }",
                         "game { partners across }" if partners else "")
    text = text.replace("lay off { after going down }",
                        "lay off { after going down }\n    going out { needs a meld of 6 }")
    return variant_from_text(text, "partnership_rummy")


# seat 2 plays first and melds six diamonds; seat 0 then goes out on his hearts and nines
HANDS = ["4H 5H 6H 7H 8H 9C 9S", "AC AD 2H 3H 10C JC QC", "8D 9D 10D JD QD KD 2C",
         "AS 2S 3S 4C 5C 6C 7S"]


def to_seat_0(v: Variant) -> Game:
    g = scenario(v, 4, hands=HANDS, stock="KS KC 9H", discard="QS", dealer=1)
    ok(g, "draw", 2, source="stock")
    ok(g, "meld", 2, melds=[["8D", "9D", "10D", "JD", "QD", "KD"]])
    ok(g, "discard", 2, card="KS")
    ok(g, "draw", 3, source="stock")
    ok(g, "discard", 3, card="KC")
    ok(g, "draw", 0, source="stock")
    return g


def test_a_partners_long_meld_lets_a_player_go_out() -> None:
    g = to_seat_0(variant(partners=True))
    ok(g, "meld", 0, melds=[["4H", "5H", "6H", "7H", "8H"]])
    ok(g, "meld", 0, melds=[["9C", "9S", "9H"]])
    assert last_result(g).winner == 0 and last_result(g).ending == "out"


def test_without_a_long_meld_of_his_own_side_he_keeps_two_cards() -> None:
    """Each for himself, seat 2's six diamonds are not seat 0's: no meld may leave him
    one card or none, and a lay-off neither."""
    g = to_seat_0(variant(partners=False))
    ok(g, "meld", 0, melds=[["4H", "5H", "6H", "7H"]])
    assert refused(g, "meld", 0, melds=[["9C", "9S", "9H"]]) == "needs-meld-to-go-out"
    ok(g, "lay_off", 0, card="8H", meld=1)  # three left
    assert refused(g, "meld", 0, melds=[["9C", "9S", "9H"]]) == "needs-meld-to-go-out"
    ok(g, "discard", 0, card="9C")
    assert not g.state.game.results


def test_the_meld_that_goes_out_may_itself_be_the_long_one() -> None:
    g = scenario(variant(partners=False), 4, hands=["4H 5H 6H 7H 8H 9H 2C", *HANDS[1:]],
                 stock="10H KC", discard="QS")
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["4H", "5H", "6H", "7H", "8H", "9H", "10H"]])  # leaves 2C
    ok(g, "discard", 0, card="2C")
    assert last_result(g).winner == 0


def test_the_checker_refuses_what_the_rule_is_not_played_with() -> None:
    from rummy_spec.lang.library import Library, builtin_library

    for change, words in (("going out { needs a meld of 0 }", "at least 1"),
                          ("going out { needs a meld of 5 }\n    set { max 4 }\n"
                           "    run { max 4 }", "no meld may be that long")):
        lib = Library()
        lib.decls.update(builtin_library().decls)
        lib.add_text(HOUSE.replace("    players 4\n", f"    players 4\n    {change}\n"),
                     "<house>")
        _, problems = lib.resolve("partnership_rummy", ())
        errors = [p.render() for p in problems if p.severity == "error"]
        assert any(words in e for e in errors), errors
