"""The rulebook of a partnership game (``game { partners ... }``): the partnership rule,
a team's target and win, and the lay-off rule of the team's melds where lay-offs wait for
going down; the same page without partners says none of it."""

from __future__ import annotations

from rummy_spec.conformance import suite_root
from rummy_spec.lang import Library, builtin_library
from rummy_spec.rulebook import build_page
from rummy_spec.rulebook.doc import section_lines

HOUSE = (suite_root() / "examples" / "partnership_rummy.rummy").read_text(encoding="utf-8")


def _end(text: str, name: str) -> str:
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    lib.add_text(text, f"{name}.rummy")
    page = build_page(lib, name, (), None)
    return "\n".join(section_lines(next(s for s in page.sections if s.key == "end")))


def test_the_end_of_the_game_states_the_partnerships() -> None:
    words = _end(HOUSE, "partnership_rummy")
    assert "partnerships: each player's partner sits opposite" in words
    assert "the first and third seats play against the second and fourth" in words
    assert "once a player's partner has melded, he may add cards to the team's melds" in words
    assert "the player who goes out collects from the other team only" in words
    assert "The game ends when a team's total reaches 100 points" in words
    assert "Tied teams share the win." in words


def test_alternate_seats_and_lay_offs_at_any_time() -> None:
    text = (HOUSE.replace("partners across", "partners alternate")
            .replace("lay off { after going down }", ""))
    words = _end(text, "partnership_rummy")
    assert "every other seat is on the same team" in words
    assert "team's melds" not in words  # lay-offs need no meld of one's own here


def test_without_partners_nothing_of_teams_is_said() -> None:
    words = _end(HOUSE.replace("game { partners across }", ""), "partnership_rummy")
    assert "partner" not in words and "team" not in words
    assert "The game ends when a player's total reaches 100 points" in words
