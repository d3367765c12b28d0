"""The clauses that state two real gin engines' rules: the wall, a declared dead hand, no
upcard, forced gin, the knock bonus, flat knock scores, zero-sum hands, games of N hands,
the lay-off limit on runs, the card taken, the first dealer by seat.

Each clause sets exactly its model fields; in a child it overrides the parent's rule of
the same kind (one low-stock rule, one rule about the card taken); the built-in profiles
``gin_openspiel`` and ``gin_rlcard`` resolve to the rules their comments cite.
"""

from __future__ import annotations

import pytest

from rummy_spec.lang import Library, Variant, builtin_library
from rummy_spec.lang.export import variant_to_json

BASE = """\
variant knocker "Knock base" {
    players 2
    set { min 3, max 4 }
    run { min 3, ace low }
    deal { cards 10, first upcard offered }
    turn { no discarding the card taken }
    knock { deadwood 10, defender lays off }
    stock { dead at 2 }
    score { method deadwood, 2..10: pip, J..K: 10, A: 1 }
    game { ends at 100 points, winner highest }
}
"""


def resolve(child: str) -> Variant:
    lib = Library()
    lib.add_text(BASE + child, "profiles.rummy")
    variant, problems = lib.resolve("child")
    errors = [p for p in problems if p.severity == "error"]
    assert not errors, "\n".join(p.render(lib.sources) for p in errors)
    return variant


def child(*sections: str) -> Variant:
    return resolve('variant child "Child" extends knocker {\n' + "\n".join(sections) + "\n}\n")


@pytest.mark.parametrize(("clause", "how"), [
    ("wall at 2", "wall"), ("dead hand declared at 2", "declared"), ("dead at 3", "discard")])
def test_a_low_stock_clause_replaces_the_parents(clause: str, how: str) -> None:
    v = child(f"stock {{ {clause} }}")
    assert (v.stock.dead_how, v.stock.dead_at) == (how, int(clause.split()[-1]))


def test_no_upcard_also_withdraws_the_offer() -> None:
    v = child("deal { no upcard }")
    assert (v.deal.upcard, v.deal.upcard_offered) == (False, False)


def test_first_dealer_last_seat() -> None:
    assert child("deal { first dealer last seat }").deal.first_dealer == "last"


def test_the_card_taken() -> None:
    plain = child("turn { may discard the card taken }")
    assert (plain.turn.keep_taken_card, plain.turn.knock_taken_card) == (False, False)
    knock = child("turn { may knock with the card taken }")
    assert (knock.turn.keep_taken_card, knock.turn.knock_taken_card) == (True, True)


def test_knock_clauses() -> None:
    v = child("knock { knock bonus 20 }",
              "engine limits { gin forced, lay off at most 2 per run end }")
    assert v.knock is not None
    assert (v.limits.gin_forced, v.knock.knock_bonus, v.limits.run_layoff_limit) == (True, 20, 2)
    assert v.knock.defender_lays_off  # inherited
    never = child("knock { defender never lays off }")
    assert never.knock is not None and not never.knock.defender_lays_off


def test_score_and_game_clauses() -> None:
    v = child("score { method minus deadwood, zero sum }", "game { ends after 3 hands }")
    assert (v.score.method, v.score.zero_sum) == ("minus-deadwood", True)
    assert (v.game.ends, v.game.hands) == ("hands", 3)
    one = child("game { ends after 1 hand }")
    assert (one.game.ends, one.game.hands) == ("hands", 1)


def test_defaults_leave_gin_as_it_was() -> None:
    v = child()
    assert (v.stock.dead_how, v.deal.upcard, v.turn.knock_taken_card) == ("discard", True, False)
    assert v.knock is not None
    assert (v.limits.gin_forced, v.knock.knock_bonus, v.limits.run_layoff_limit) == (
        False, 0, None)
    assert not v.limits.stated
    assert (v.score.zero_sum, v.game.hands) == (False, None)


def test_openspiel_profile() -> None:
    v, problems = builtin_library().resolve("gin_openspiel")
    assert not [p for p in problems if p.severity == "error"]
    assert v.parent == "gin" and v.knock is not None
    assert v.deal.first_dealer == "last" and v.deal.upcard_offered
    assert not v.turn.keep_taken_card
    k = v.knock
    assert (k.deadwood, k.gin_bonus, k.big_gin_bonus, k.undercut_bonus) == (10, 25, None, 25)
    assert not k.undercut_on_equal and k.defender_lays_off and k.no_layoff_on_gin
    assert v.limits.run_layoff_limit == 2 and not v.limits.gin_forced
    assert v.limits.title == "OpenSpiel 2.0.2" and v.limits.stated
    assert (v.stock.dead_how, v.stock.dead_at) == ("wall", 2)
    assert (v.score.method, v.score.zero_sum) == ("deadwood", True)
    assert (v.game.ends, v.game.hands, v.game.game_bonus, v.game.line_bonus) == (
        "hands", 1, 0, 0)
    assert not v.game.shutout_doubles


def test_rlcard_profile() -> None:
    v, problems = builtin_library().resolve("gin_rlcard")
    assert not [p for p in problems if p.severity == "error"]
    assert v.parent == "gin" and v.knock is not None
    assert v.deal.first_dealer == "random" and not v.deal.upcard
    assert not v.deal.upcard_offered
    assert v.turn.keep_taken_card and v.turn.knock_taken_card
    k = v.knock
    assert (k.deadwood, k.gin_bonus, k.big_gin_bonus, k.knock_bonus) == (10, 100, None, 20)
    assert v.limits.gin_forced and not k.defender_lays_off
    assert (v.limits.title, v.limits.dead_hand_turn) == ("RLCard 1.2.0", 101)
    assert (v.stock.dead_how, v.stock.dead_at) == ("declared", 2)
    assert (v.score.method, v.score.zero_sum) == ("minus-deadwood", False)
    assert (v.game.ends, v.game.hands, v.game.game_bonus, v.game.line_bonus) == (
        "hands", 1, 0, 0)


def test_export_carries_the_new_fields() -> None:
    v, _ = builtin_library().resolve("gin_rlcard")
    data = variant_to_json(v, 2)
    assert data["deal"]["upcard"] is False
    assert data["stock"]["dead_how"] == "declared"
    assert data["engine_limits"]["gin_forced"] is True and data["knock"]["knock_bonus"] == 20
    assert "gin_forced" not in data["knock"] and "dead_hand_turn" not in data["stock"]
    assert data["score"]["method"] == "minus-deadwood"
    assert (data["game"]["ends"], data["game"]["hands"]) == ("hands", 1)
    assert data["deal"]["stock_after_deal"] == [31]
