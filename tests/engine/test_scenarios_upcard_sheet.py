"""The clauses read off a hand's first upcard (the knock limit it sets, the factor its suit
multiplies the hand's score by) and several games scored at once, each played out by the
engine in house variants of the built-in specs (the built-in Oklahoma and Hollywood Gin
are checked fact by fact in tests/variants)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from scenario import variant_from_text
from variants.gin_facts import G1, deal, dealt, knock, last

from rummy_spec import Action, Game
from rummy_spec.engine.records.codec import state_from_json, state_to_json

ONE = "2C 3C 4C 5H 5S 5D 9S 10S JS AS"  # every card melded but the AS: 1 point

BY_COUNT = """variant by_count "Limit by the upcard's count" extends gin {
    knock { deadwood by upcard }
}
"""
SEVEN_IS_THREE = """variant seven_three "A seven allows three" extends gin {
    knock { deadwood by upcard, upcard 7 deadwood 3 }
}
"""
FIXED_AGAIN = """variant fixed "Oklahoma with a fixed limit" extends oklahoma_gin {
    knock { deadwood 8 }
}
"""
HEARTS_TRIPLE = """variant hearts "Hearts triple" extends gin {
    score { upcard hearts times 3 }
}
"""
RUMMY_SPADES = """variant rummy_spades "Spades double at rummy" extends rummy {
    score { upcard S doubles }
}
"""
RUMMY_TWO_GAMES = """variant rummy_two "Rummy, two games at once" extends rummy {
    game { games at once 2 }
}
"""
# Rummy, three players: seat 0 draws the JH and goes out with a run of seven hearts
HANDS = [h.split() for h in ("5H 6H 7H 8H 9H 10H 2C", "KC KD QC QD JC 4C 5C",
                             "2D 3D 4S 6S 7S 9C 9D")]


def out(game: Game) -> None:
    game.apply(Action.draw(0))
    game.apply(Action.new_meld(0, "5H 6H 7H 8H 9H 10H JH"))
    game.apply(Action.discard(0, "2C"))


def test_without_a_rank_of_its_own_an_ace_allows_its_count() -> None:
    """``deadwood by upcard`` alone: an ace counts 1, so a knock may leave the AS."""
    v = variant_from_text(BY_COUNT, "by_count")
    game = dealt(v, "AH", "KH", hands=(ONE, G1))
    assert knock(game, "KH")
    game = dealt(v, "AH", "2H", hands=(ONE, G1))
    assert knock(game, "AS").code == "deadwood-too-high"  # the 2H kept: 2 is more than 1


def test_a_rank_of_its_own_replaces_the_count() -> None:
    v = variant_from_text(SEVEN_IS_THREE, "seven_three")
    assert v.knock is not None and v.knock.upcard_deadwood == ((7, 3),)
    assert not knock(dealt(v, "7D", "4H"), "KH")  # 4 is more than 3
    assert knock(dealt(v, "7D", "3H"), "KH")
    assert knock(dealt(v, "8C", "4H"), "KH")  # an eight still counts 8


def test_a_childs_fixed_limit_replaces_the_parents_limit_by_upcard() -> None:
    v = variant_from_text(FIXED_AGAIN, "fixed")
    assert v.knock is not None and not v.knock.deadwood_by_upcard and v.knock.deadwood == 8
    assert knock(dealt(v, "AH", "8D"), "KH")  # the ace no longer means gin only


def test_a_factor_of_three_for_hearts() -> None:
    v = variant_from_text(HEARTS_TRIPLE, "hearts")
    game = dealt(v, "6H", "QS")
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores == (3 * (37 + 25), 0)
    game = dealt(v, "6S", "QS")
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores == (37 + 25, 0)


def test_a_factor_outside_gin_doubles_what_the_winner_collects() -> None:
    """At rummy the player going out collects the others' cards: a spade upcard doubles
    it (the factor applies to any scoring, not only a knock)."""
    v = variant_from_text(RUMMY_SPADES, "rummy_spades")
    plain = Game.dealt("rummy", hands=HANDS, stock=["JH"], discard=["3S"], dealer=2)
    doubled = Game.dealt(v, hands=HANDS, stock=["JH"], discard=["3S"], dealer=2)
    for game in (plain, doubled):
        out(game)
    assert doubled.results[-1].scores == tuple(2 * s for s in plain.results[-1].scores)
    assert plain.results[-1].scores[0] > 0


def test_the_first_upcard_is_kept_in_the_saved_state() -> None:
    game = deal("oklahoma_gin", "6S", "8S")
    game.apply(Action.draw(0, "discard"))
    data = game.state_json()
    assert data["first_upcard"] == "6S" and data["discard"] == []
    engine = game.engine
    back = state_from_json(engine.rules.table, data, engine.rules.wild)
    assert back.hand.first_upcard == engine.state.hand.first_upcard
    assert state_to_json(engine.rules.table, back, engine.rules.wild) == data


def test_two_games_at_once_at_rummy() -> None:
    """At rummy (the winner collects) with two games at once: the second hand a player
    wins is entered in both games."""
    v = variant_from_text(RUMMY_TWO_GAMES, "rummy_two")
    game = Game.dealt(v, hands=HANDS, stock=["JH"], discard=["3S"], dealer=2,
                      totals=(10, 0, 0))
    out(game)
    won = game.results[-1].scores[0]
    seats = game.state_json()["seats"]
    assert seats[0]["sheet"] == [10 + won, won] and game.totals[0] == 10 + 2 * won
    assert game.results[-1].details["games"] == [1, 2]
