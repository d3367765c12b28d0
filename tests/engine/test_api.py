"""The public API at ``rummy_spec``: a thin layer over the engine, answering as it does."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable

import pytest

import rummy_spec
from rummy_spec import (
    Action,
    Game,
    GameError,
    IllegalAction,
    LookupFailure,
    Outcome,
    Setup,
    SpecError,
    Verdict,
)

HANDS = ["3H 4H 5H 6H 7C 7D 7S 9S 10S JS", "2C 3C 4C 5D 6D 8C 9D QH KH KC"]


def _game() -> Game:
    return Game.dealt("rummy", hands=HANDS, stock="QS 8H KD", discard="AS")


def test_importing_the_package_does_not_load_the_engine() -> None:
    """The API is looked up on first use, so the CLI and other entry points stay light."""
    code = ("import sys, rummy_spec; assert 'rummy_spec.engine.dispatch.core' not in sys.modules; "
            "rummy_spec.Game; assert 'rummy_spec.engine.dispatch.core' in sys.modules")
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
    (Action.new_meld(0, "3H 4H ZZ"), "melds: 'ZZ' is not a card"),
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
                   stock="QS QD JC 10D", discard="9D")
    assert (g.phase, g.to_act) == ("offer", [0])
    g.apply(Action.decline(0))
    assert (g.phase, g.to_act) == ("offer", [1])
    g.apply(Action.decline(1))
    assert (g.phase, g.to_act) == ("draw", [0])
    assert {a.player for a in g.legal_actions()} == {0}


@pytest.mark.parametrize(("make", "words"), [
    (lambda: Action("dance", 0), "unknown action type 'dance'"),  # type: ignore[arg-type]
    (lambda: Action.draw(0, source="table"),  # type: ignore[arg-type]
     "source: 'stock' or 'discard', got 'table'"),
    (lambda: Action("discard", 0), "a discard action needs card"),
    (lambda: Action("pass", 0, card="KS"), "a pass action takes no card"),
    (lambda: Action.discard(-1, "KS"), "player: a seat number"),
    (lambda: Action.discard(True, "KS"), "player: a seat number"),
    (lambda: Action.lay_off(0, "KS", 1, end="middle"),  # type: ignore[arg-type]
     "end: 'low' or 'high'"),
    (lambda: Action.discard(0, 12), "card: card text"),  # type: ignore[arg-type]
    (lambda: Action.go_down(0), "melds: at least one meld"),
    (lambda: Action.go_down(0, ""), "each meld is one or more cards"),
    (lambda: Action.from_json({"player": 0}), "an object with 'type' and 'player'"),
])
def test_a_malformed_action_is_refused_when_made(make: Callable[[], object],
                                                 words: str) -> None:
    with pytest.raises(ValueError) as err:
        make()
    assert words in str(err.value)


def test_the_errors_a_program_meets_are_exported() -> None:
    with pytest.raises(LookupFailure):
        Game("no_such_variant")
    with pytest.raises(GameError):
        Game("gin", players=5)
    assert issubclass(SpecError, Exception) and issubclass(GameError, ValueError)
    for name in ("GameError", "LookupFailure", "SpecError", "IllegalAction", "Outcome",
                 "RoundOutcome", "Setup", "View"):
        assert name in rummy_spec.__all__ and getattr(rummy_spec, name) is not None


GIN = ["AS 2S 3S 4H 5H 6H 7C 8C 9C 8D", "AH 2H JS JH JD 3D 4D 5D KS 7D"]


def test_a_card_dealt_twice_is_refused_naming_it() -> None:
    with pytest.raises(ValueError, match=r"JD is dealt 2 times \(hand 1, stock\) but "
                                         r"the pack holds it once"):
        Game.dealt("gin", hands=GIN, stock="QS QD JD 10D", discard="9D")
    with pytest.raises(ValueError, match=r"AS is dealt 10 times \(hand 0, hand 0"):
        Game.dealt("gin", hands=["AS " * 10, GIN[1]], stock="", discard="9D")
    with pytest.raises(ValueError, match="JD is dealt 2 times"):
        Game("gin", setup=Setup(hands=GIN, stock="QS QD JD", discard="9D"))
    # Continental's pack at four players has two decks: a card twice is possible, not three
    hands = ["5H 5H 2H 9C 9D 9S KS 2C 3C 4C 7D 8D",
             "6H 7H 8H 9H 10S JS QS KD KC 2D 3D 4D",
             "6C 7C 8C 10C JC QC 3S 4S 6S 7S 8S 10D",
             "AS 2S 3H 4H 10H JH QH KH JD QD 9H 6D"]
    Game.dealt("continental", hands=hands, stock="2H", discard="AD")
    with pytest.raises(ValueError, match=r"5H is dealt 3 times \(hand 0, hand 0, stock\) "
                                         r"but the pack holds it 2 times"):
        Game.dealt("continental", hands=hands, stock="5H", discard="AD")


def test_a_hand_of_the_wrong_size_or_a_card_not_in_the_pack_is_refused() -> None:
    with pytest.raises(ValueError, match="hand 1 has 9 cards; round 1 deals 10"):
        Game.dealt("gin", hands=[GIN[0], GIN[1][:-3]], stock="", discard="9D")
    with pytest.raises(ValueError, match="hand 0: 'ZZ' is not a card"):
        Game("gin", setup=Setup(hands=["ZZ", "AS"], discard="2S"))
    with pytest.raises(ValueError,
                       match=r"JK is dealt once \(stock\) but the pack does not hold it"):
        Game.dealt("gin", hands=GIN, stock="JK", discard="9D")
    with pytest.raises(ValueError, match="hands: one hand per seat"):
        Setup(hands="AS 2S 3S", discard="9D")
    with pytest.raises(ValueError, match="3 players but the setup deals 2 hands"):
        Game("gin", players=3, setup=Setup(hands=GIN, discard="9D"))


def test_setup_takes_card_text_and_plays_as_dealt() -> None:
    setup = Setup(hands=GIN, stock="QS QD JC 10D", discard="9D", totals=[90, 30])
    g = Game("gin", setup=setup)
    assert g.hand(1) == GIN[1].split() and g.upcard == "9D" and g.totals == [90, 30]
    assert g.stock_size == 4 and g.to_act == [0]


def _knocked() -> Game:
    g = Game.dealt("gin", hands=GIN, stock="QS QD JC 10D", discard="9D",
                   totals=[90, 30], hands_won=[0, 1])
    for a in (Action.decline(0), Action.decline(1), Action.draw(0), Action.knock(0, "QS"),
              Action.decline(1)):
        assert g.outcome() is None
        g.apply(a)
    return g


def test_the_outcome_and_the_rounds_played() -> None:
    g = _knocked()
    out = g.outcome()
    assert isinstance(out, Outcome)
    assert (out.winners, out.totals, out.abandoned) == ((0,), (227, 55), False)
    [r] = out.rounds
    assert (r.round, r.ending, r.winner) == (1, "knock", 0)
    assert g.results == list(out.rounds)
    r.details["held"].append(99)  # the details are a copy: the game's record stays
    assert g.results[0].details["held"] == g.engine.state.game.results[0].details["held"]
    assert 99 not in g.engine.state.game.results[0].details["held"]
    assert str(out).startswith("won by 0 after 1 round(s)")


def test_copy_is_independent_and_undo_takes_back_one_action() -> None:
    g = _game()
    g.apply(Action.draw(0))
    twin = g.copy()
    twin.apply(Action.new_meld(0, "3H 4H 5H 6H"))
    assert g.table == [] and twin.table == [["3H", "4H", "5H", "6H"]]
    assert len(g.history) == 1 and len(twin.history) == 2
    before = g.state_json()
    assert twin.undo() == Action.new_meld(0, "3H 4H 5H 6H")
    assert twin.state_json() == before and twin.history == g.history
    assert twin.undo() == Action.draw(0)
    assert twin.state_json() == _game().state_json()
    with pytest.raises(IndexError, match="no action to undo"):
        twin.undo()


def test_undo_after_a_view_keeps_the_views_right() -> None:
    g = _game()
    g.apply(Action.take_upcard(0))
    g.view(1)
    g.apply(Action.discard(0, "KD" if "KD" in g.hand(0) else g.hand(0)[0]))
    g.undo()
    fresh = _game()
    fresh.apply(Action.take_upcard(0))
    assert g.view(1) == fresh.view(1) and g.view(0) == fresh.view(0)


def test_every_listed_engine_move_is_a_well_formed_action() -> None:
    """Random play over variants of every family: each move the engine lists converts to
    a public action (its constructor's checks pass) and back to the same move."""
    import random

    for name, players in (("continental", 4), ("gin", 2), ("phase10", 2),
                          ("rummy", 3), ("contract", 3), ("ten_step", 3), ("seven_hand", 3)):
        g = Game(name, players=players, seed=3)
        rng = random.Random(1)
        for _ in range(300):
            if g.over:
                break
            listed = g.engine.legal_actions()
            public = g.legal_actions()
            assert [g._inward(a) for a in public] == listed
            g.apply(rng.choice(public))
