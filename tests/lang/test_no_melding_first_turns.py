"""``turn { no melding in the first N turns each }``: no table play in each player's first
N turns of a hand (Remi 51, after askarte.com: nobody opens or goes out in the first two
rounds of turns).  The clause reaches the model, its faults are reported, the engine
refuses table play until the hand's N x players turns are past, and the rulebook says it."""

from __future__ import annotations

from rummy_spec import Action, Game
from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang import model as m

RUMMY_HANDS = ("3H 4H 5H 7C 7D 7S 9S 10S JS 2D", "2C 3C 4C 5D 6D 8C 9D QH KH KS")


def _resolve(text: str) -> tuple[m.Variant, list[str]]:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(text, "x.rummy")
    v, problems = lib.resolve("x")
    return v, [p.code for p in problems]


def _child(parent: str, body: str) -> tuple[m.Variant, list[str]]:
    return _resolve(f'variant x "X" extends {parent} {{\n    {body}\n}}\n')


def test_the_clause_sets_the_turns() -> None:
    v, codes = _child("rummy", "turn { no melding in the first 2 turns each }")
    assert (v.turn.no_meld_turns, codes) == (2, [])
    assert _child("rummy", "players 2")[0].turn.no_meld_turns is None


def test_none_is_e021_and_a_knock_game_is_e032() -> None:
    assert _child("rummy", "turn { no melding in the first 0 turns each }")[1] == ["E021"]
    assert _child("gin", "turn { no melding in the first 1 turn each }")[1] == ["E032"]


def _game(turns: int) -> Game:
    v, _ = _child("rummy", f"players 2\n    turn {{ no melding in the first {turns} turns "
                  "each }")
    return Game.dealt(v, hands=RUMMY_HANDS, stock="2H KD 8H 6C 9H", discard="8D")


def test_table_play_waits_until_every_player_has_had_his_turns() -> None:
    g = _game(2)
    g.apply(Action.draw(0))
    assert g.legal(Action.new_meld(0, "7C 7D 7S")).code == "too-early-to-meld"
    assert all(a.type in ("discard",) for a in g.legal_actions())
    for a in (Action.discard(0, "2D"), Action.draw(1), Action.discard(1, "KS"),
              Action.draw(0)):
        g.apply(a)
    assert g.legal(Action.new_meld(0, "7C 7D 7S")).code == "too-early-to-meld"
    for a in (Action.discard(0, "JS"), Action.draw(1), Action.discard(1, "KH"),
              Action.draw(0)):
        g.apply(a)
    assert g.legal(Action.new_meld(0, "7C 7D 7S"))


def test_one_turn_each() -> None:
    g = _game(1)
    g.apply(Action.draw(0))
    assert g.legal(Action.new_meld(0, "3H 4H 5H")).code == "too-early-to-meld"
    for a in (Action.discard(0, "2D"), Action.draw(1)):
        g.apply(a)
    assert g.legal(Action.new_meld(1, "2C 3C 4C")).code == "too-early-to-meld"
    for a in (Action.discard(1, "KS"), Action.draw(0)):
        g.apply(a)
    assert g.legal(Action.new_meld(0, "3H 4H 5H"))


def test_the_rulebook_says_it() -> None:
    from rummy_spec.rulebook import rulebook

    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    page = " ".join(rulebook(lib, "remi51", "md").split())
    assert ("Not in your first 2 turns of a hand: until everyone has played 2 turns, nobody "
            "melds, lays off or frees a wild card, so nobody goes out either.") in page
