"""A ``new`` request may place its deal in the middle of a game: the hands each seat has
won and the buys each made in earlier rounds, as case files and PROTOCOL.md allow.

The request is checked against the published schema (an outside runner validates what it
sends by it), and sent to the reference engine through the protocol's own handler, which
must play the deal from that position; ``setup_of``, which the state machine sends to an
outside engine at a new deal, must state the buys carried as well.
"""

from __future__ import annotations

from jsonschema import Draft202012Validator

from rummy_spec.conformance.oracle.reference import ReferenceEngine, setup_from_json, setup_of
from rummy_spec.conformance.wire.engine import NewGame
from rummy_spec.conformance.wire.protocol import message_schema
from rummy_spec.conformance.wire.server import handle
from rummy_spec.engine.game import Game
from rummy_spec.lang import load

OPTIONS = ("nwr_buys",)  # Shanghai's buys of 3 a hand in rounds 1-7, unused ones carried


def _round_three() -> tuple[Game, dict[str, object]]:
    """A seeded Shanghai deal (four players), restated as round 3 with hands won and
    buys used: a position no fresh game has."""
    v = load("shanghai", OPTIONS)
    setup = {**setup_of(Game(v, 4, seed=3)), "round": 3, "hands_won": [1, 0, 1, 0],
             "buys_used": [0, 6, 2, 1]}
    return Game(v, 4, seed=0, setup=setup_from_json(v, setup)), setup


def test_a_new_request_stating_hands_won_and_buys_used_fits_the_schema() -> None:
    _, setup = _round_three()
    request = {"cmd": "new", "seq": 1, **NewGame("shanghai", OPTIONS, 4, setup).message()}
    check = Draft202012Validator(message_schema("new", "request"))
    assert [e.message for e in check.iter_errors(request)] == []
    wrong = {**request, "setup": {**setup, "buys_used": [0, -1, 2, 1]}}
    assert [e.message for e in check.iter_errors(wrong)] == ["-1 is less than the minimum of 0"]


def test_the_reference_plays_the_deal_from_the_position_the_request_states() -> None:
    _, setup = _round_three()
    engine = ReferenceEngine()
    reply = handle(engine, {"cmd": "new", "seq": 1,
                            **NewGame("shanghai", OPTIONS, 4, setup).message()})
    assert reply == {"ok": True}
    assert engine.game is not None
    record = engine.game.state.game
    assert record.round == 3
    assert [s.hands_won for s in record.seats] == [1, 0, 1, 0]
    # rounds 1 and 2 allow 3 buys each: 6 less the buys used, carried into round 3
    assert [s.buy_credit for s in record.seats] == [6, 0, 4, 5]


def test_a_new_deal_sent_on_states_the_buys_carried() -> None:
    game, _ = _round_three()
    sent = setup_of(game)
    assert sent["buys_used"] == [0, 6, 2, 1] and sent["hands_won"] == [1, 0, 1, 0]
    again = Game(game.variant, 4, seed=0, setup=setup_from_json(game.variant, sent))
    assert [s.buy_credit for s in again.state.game.seats] == [6, 0, 4, 5]


def test_without_carried_buys_none_are_stated() -> None:
    v = load("shanghai")  # buys limited, none carried over
    setup = {**setup_of(Game(v, 4, seed=3)), "round": 2}
    assert "buys_used" not in setup_of(Game(v, 4, seed=0, setup=setup_from_json(v, setup)))
