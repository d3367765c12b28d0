"""The public API at ``rummy_spec``: a thin layer over the engine, answering as it does."""

from __future__ import annotations

import subprocess
import sys

import pytest

import rummy_spec
from rummy_spec import Action, Game, IllegalAction, Verdict
from rummy_spec.engine.game import GameError

HANDS = ["3H 4H 5H 6H 7C 7D 7S 9S 10S JS", "2C 3C 4C 5D 6D 8C 9D QH KH KC"]


def _game() -> Game:
    return Game.dealt("rummy", hands=HANDS, stock="QS 8H KD", discard="AS")


def test_importing_the_package_does_not_load_the_engine() -> None:
    """The API is looked up on first use, so the CLI and other entry points stay light."""
    code = ("import sys, rummy_spec; assert 'rummy_spec.engine.core' not in sys.modules; "
            "rummy_spec.Game; assert 'rummy_spec.engine.core' in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
    with pytest.raises(AttributeError, match="no attribute 'Gmae'"):
        rummy_spec.Gmae  # noqa: B018


def test_legal_actions_are_what_the_engine_lists() -> None:
    g = _game()
    g.apply(Action.draw(0))
    engine = [g.engine.action_json(a) for a in g.engine.legal_actions()]
    assert [a.to_json() for a in g.legal_actions()] == engine
    assert all(g.legal(a) for a in g.legal_actions())


def test_a_refusal_changes_nothing_and_carries_the_verdict() -> None:
    g = _game()
    before = g.state_json()
    with pytest.raises(IllegalAction) as err:
        g.apply(Action.discard(0, "JS"))
    assert err.value.verdict == Verdict(False, "must-draw-first", "the turn starts with a draw")
    assert g.state_json() == before and g.history == []


@pytest.mark.parametrize(("action", "words"), [
    (Action.discard(0, "XX"), "card: 'XX' is not a card"),
    (Action("jump", 0), "unknown action type 'jump'"),
    (Action.draw(0, source="table"), "source: 'stock' or 'discard'"),
])
def test_a_malformed_action_is_refused_bad_action(action: Action, words: str) -> None:
    g = _game()
    verdict = g.legal(action)
    assert not verdict and verdict.code == "bad-action" and words in verdict.message
    with pytest.raises(IllegalAction):
        g.apply(action)


def test_actions_round_trip_through_json() -> None:
    actions = [Action.draw(1, "discard"), Action.take_upcard(2), Action.buy(1),
               Action.decline(3), Action.go_down(0, "5H 5S 5D", ["9C", "9D", "9S"]),
               Action.new_meld(0, "3H 4H 5H"), Action.lay_off(0, "JK", 2, end="low"),
               Action.swap(1, "6H", 1, wild_to=0), Action.shift(1, "6H", 1),
               Action.discard(0, "SK", target=2), Action.knock(0), Action.knock(0, "QS"),
               Action.call(2), Action.give(1, "3D"), Action.dead_hand(0)]
    for a in actions:
        assert Action.from_json(a.to_json()) == a
    assert str(Action.lay_off(0, "JK", 2, end="low")) == "0 lay_off JK on 2 end=low"


def test_bad_games_are_refused_by_name() -> None:
    with pytest.raises(GameError, match="gin is for 2 players, not 3"):
        Game("gin", players=3)
    with pytest.raises(ValueError, match="'ZZ' is not a card"):
        Game.dealt("gin", hands=["ZZ", "AS"], stock="", discard="2S")
    with pytest.raises(ValueError, match="options are for a variant given by name"):
        Game(rummy_spec.load("rummy"), options=["jokers_wild"])
    with pytest.raises(ValueError, match="round 9 is not a round"):
        Game.dealt("continental", hands=["AS"] * 4, stock="", discard="2S", round=9)


def test_to_act_names_who_may_act_in_each_phase() -> None:
    """Gin's first upcard goes to the non-dealer, then the dealer; then the turn."""
    g = Game.dealt("gin", hands=["AS 2S 3S 4H 5H 6H 7C 8C 9C 8D",
                                 "AH 2H JS JH JD 3D 4D 5D KS 7D"],
                   stock="QS QD JD 10D", discard="9D")
    assert (g.phase, g.to_act) == ("offer", [0])
    g.apply(Action.decline(0))
    assert (g.phase, g.to_act) == ("offer", [1])
    g.apply(Action.decline(1))
    assert (g.phase, g.to_act) == ("draw", [0])
    assert {a.player for a in g.legal_actions()} == {0}
