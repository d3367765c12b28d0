"""Scenarios: hands ended by counts of draws and throw-backs (AXES.md X56), as the peer
profiles state them: ``dead after N upcards thrown back`` and ``dead at upcard draw N``
(OpenSpiel), ``only dead hand from turn N`` (RLCard)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import last_result, ok, refused

from rummy_spec.engine.game import Game
from rummy_spec.lang import load

SEAT0 = "AS 2S 3S 4H 5H 6H 7C 8C 9C 5D"
SEAT1 = "AH 2H 3H 7S 8S 9S 10D JD QD KC"
STOCK = "QS QC JH 10H 10S 4C 6D"


def openspiel(upcard: str = "9D") -> Game:
    return scenario("gin_openspiel", 2, hands=[SEAT0, SEAT1], stock=STOCK, discard=upcard)


def test_two_throw_backs_in_a_row_end_the_hand_dead() -> None:
    """OpenSpiel (repeated_move_): seat 0 takes the first upcard and throws it back, then
    seat 1 takes it and throws it back: the hand is over, 0-0."""
    g = openspiel()
    ok(g, "draw", 0, source="discard")
    ok(g, "discard", 0, card="9D")
    assert not g.state.game.results and g.state.hand.throwbacks == 1
    ok(g, "draw", 1, source="discard")
    ok(g, "discard", 1, card="9D")
    res = last_result(g)
    assert (res.ending, res.scores) == ("dead", [0, 0])
    assert g.state.over


def test_another_discard_between_clears_the_count() -> None:
    g = openspiel()
    ok(g, "draw", 0, source="discard")
    ok(g, "discard", 0, card="9D")  # thrown back: 1
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="QS")  # the card drawn: 0 again
    assert g.state.hand.throwbacks == 0
    ok(g, "draw", 0, source="discard")
    ok(g, "discard", 0, card="QS")  # thrown back: 1
    ok(g, "draw", 1, source="discard")
    ok(g, "discard", 1, card="KC")  # kept QS: 0
    assert not g.state.game.results and g.state.hand.throwbacks == 0


def test_gin_has_no_throw_back_rule() -> None:
    """The parent refuses the throw-back itself (it keeps the card taken)."""
    g = scenario("gin", 2, hands=[SEAT0, SEAT1], stock=STOCK, discard="9D")
    ok(g, "draw", 0, source="discard")
    assert refused(g, "discard", 0, card="9D") == "keep-taken-card"


def _with_limits(name: str, **fields: Any) -> Game:
    """The profile with some of its engine's counts changed (small, to reach them in a
    scenario)."""
    v = load(name)
    v = dataclasses.replace(v, limits=dataclasses.replace(v.limits, **fields))
    hands = [SEAT0, SEAT1] if v.deal.upcard else [SEAT0 + " KD", SEAT1]
    return scenario(v, 2, hands=hands, stock=STOCK, discard="9D" if v.deal.upcard else "")


def test_the_nth_upcard_draw_is_not_made_and_the_hand_is_dead() -> None:
    """OpenSpiel (kMaxNumDrawUpcardActions, 50; 3 here): the first upcard's offer does not
    count; the third draw of the upcard ends the hand before the card is taken."""
    g = _with_limits("gin_openspiel", upcard_draws=3, throwbacks=9)
    ok(g, "draw", 0, source="discard")  # the first upcard's offer: not counted
    ok(g, "discard", 0, card="5D")
    ok(g, "draw", 1, source="discard")  # 1
    ok(g, "discard", 1, card="KC")
    ok(g, "draw", 0, source="discard")  # 2
    ok(g, "discard", 0, card="7C")
    assert g.state.hand.upcard_draws == 2 and not g.state.game.results
    before = [sorted(s.hand) for s in g.state.hand.seats]
    ok(g, "draw", 1, source="discard")  # 3: the hand is dead
    res = last_result(g)
    assert (res.ending, res.scores) == ("dead", [0, 0])
    assert res.details.get("upcard_draws") == 3
    assert [sorted(s.hand) for s in g.state.hand.seats] == before  # the card was not taken


def test_the_built_in_limits_of_openspiel() -> None:
    st = load("gin_openspiel").limits
    assert (st.throwbacks, st.upcard_draws, st.dead_hand_turn) == (2, 50, None)
    st = load("gin_rlcard").limits
    assert (st.throwbacks, st.upcard_draws, st.dead_hand_turn) == (None, None, 101)


def test_from_the_late_turn_only_a_dead_hand() -> None:
    """RLCard (max_move_count 200; turn 4 here): the first player only discards (turn 1),
    then every turn draws; from turn 4 on the player to draw may only declare the hand
    dead, whatever the stock holds."""
    g = _with_limits("gin_rlcard", dead_hand_turn=4)
    ok(g, "discard", 0, card="KD")  # turn 1
    assert refused(g, "dead_hand", 1) == "no-dead-hand"  # turn 2: the stock is not low
    ok(g, "draw", 1, source="stock")
    ok(g, "discard", 1, card="QS")
    ok(g, "draw", 0, source="discard")  # turn 3
    ok(g, "discard", 0, card="5D")
    assert refused(g, "draw", 1, source="stock") == "dead-hand-only"  # turn 4
    assert refused(g, "draw", 1, source="discard") == "dead-hand-only"
    assert [a.type for a in g.legal_actions()] == ["dead_hand"]
    ok(g, "dead_hand", 1)
    res = last_result(g)
    assert res.ending == "dead" and g.state.over
