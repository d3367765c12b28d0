"""Clauses added for the house rules of published engines, each played out by the engine."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import ok, refused

JOKER_KEPT = """variant kept "Jokers stay" extends rummy {
    deck { jokers 2 }
    wilds { cards jokers }
    score { joker: 15 }
    turn { no discarding jokers }
}
"""


def test_no_discarding_jokers() -> None:
    """A joker may not be discarded while another card is held; other cards may."""
    v = variant_from_text(JOKER_KEPT, "kept")
    assert [c.text for c in v.turn.no_discard] == ["jokers"]
    g = scenario(v, 3, hands=["5H 5S 5D 9C 9D 9H JK", "6H 7H 8H 9S 10S JS QS",
                              "AS AD 3S 4S 6S 7S 8S"],
                 stock="KD KC 2D 3D 4D 5C", discard="QH")
    ok(g, "draw", 0, source="stock")
    assert refused(g, "discard", 0, card="JK") == "card-never-discarded"
    ok(g, "discard", 0, card="KD")


def test_no_discarding_a_card_the_deck_lacks_is_an_error() -> None:
    from rummy_spec.lang import Library

    lib = Library()
    lib.add_text(JOKER_KEPT.replace("no discarding jokers", "no discarding elves"), "k.rummy")
    from rummy_spec.lang import builtin_library

    lib.decls.update({k: d for k, d in builtin_library().decls.items() if k != "kept"})
    _, problems = lib.resolve("kept")
    assert [p.code for p in problems if p.severity == "error"] == ["E016"]


def test_no_discarding_jokers_in_the_rulebook() -> None:
    from rummy_spec.rulebook.play import _discard_step

    v = variant_from_text(JOKER_KEPT, "kept")
    assert "Jokers may never be discarded, unless it is the last card" in _discard_step(v)
