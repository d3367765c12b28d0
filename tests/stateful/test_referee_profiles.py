"""The referee on a gin profile's hand ended by throw-backs, with the dealer taking the
offered upcard first (a sequence the state machine found: the referee lost the card the
dealer took in the offer, and judged the engine's dead hand wrong)."""

from __future__ import annotations

import pytest

from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import RoundResult
from rummy_spec.lang import load
from rummy_spec.laws.variant import Laws, LawViolation
from rummy_spec.testing.referee import Referee

STEPS = [
    {"type": "pass", "player": 0},
    {"type": "draw", "player": 1, "source": "discard"},
    {"type": "discard", "player": 1, "card": "UP"},
    {"type": "draw", "player": 0, "source": "discard"},
    {"type": "discard", "player": 0, "card": "UP"},
]


def play(seed: int) -> tuple[Game, Referee]:
    variant = load("gin_openspiel")
    g = Game(variant, 2, seed=seed)
    ref = Referee(Laws(variant, 2), g.state.clone())
    up = g.rules.table.text(g.state.hand.discard[-1])
    for step in STEPS:
        data = {k: (up if v == "UP" else v) for k, v in step.items()}
        pre = g.state.clone()
        action = g.parse_action(data)
        g.apply(action)
        ref.check_step(pre, action, g.state)
        ref.check_state(g.state)
    return g, ref


@pytest.mark.parametrize("seed", [0, 1])
def test_two_throw_backs_after_the_dealer_takes_the_offer(seed: int) -> None:
    g, _ = play(seed)
    res = g.state.game.results[-1]
    assert (res.ending, res.scores) == ("dead", [0, 0]) and g.state.over


def test_the_referee_still_catches_a_wrong_dead_hand() -> None:
    variant = load("gin_openspiel")
    g = Game(variant, 2, seed=0)
    ref = Referee(Laws(variant, 2), g.state.clone())
    pre = g.state.clone()
    action = g.parse_action({"type": "pass", "player": 0})
    g.apply(action)
    post = g.state.clone()  # a pass on the offer, reported as ending the hand dead
    post.game.results = [RoundResult(1, [0, 0], None, "dead")]
    post.hand.phase = "game-over"
    with pytest.raises(LawViolation):
        ref.check_step(pre, action, post)
