"""The trusted apply plays exactly as the checked one, and still refuses what is wrong.

Bots and simulation apply actions ``legal_actions`` just listed, through
``Game.apply_trusted`` (once the path that skipped a separate check pass; now every
apply checks once and acts once, and this keeps the two callers' paths equal).
Each variant is played twice from the same seed, once each way, and every state along
the way is compared; then actions that are not legal are given to the trusted path,
which must refuse them as the checked path does and leave the state as it was.
"""

from __future__ import annotations

import random

import pytest

from rummy_spec.bots import BOTS
from rummy_spec.engine.dispatch import core
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.codec import digest
from rummy_spec.engine.records.state import Move
from rummy_spec.lang import load
from rummy_spec.lang.data import builtin_specs

VARIANTS = sorted(builtin_specs())


def _play(name: str, bot: str, seed: int, trusted: bool) -> list[str]:
    v = load(name)
    game = Game(v, v.players.min, seed, turn_cap=30, deal_cap=2)
    choose = BOTS[bot](seed)
    seen = [digest(game.state_json())]
    while not game.over and len(seen) < 400:
        action = choose(game.rules, game.state, game.legal_actions())
        (game.apply_trusted if trusted else game.apply)(action)
        seen.append(digest(game.state_json()))
    return seen


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("name", VARIANTS)
def test_trusted_and_checked_play_alike(name: str, bot: str) -> None:
    for seed in range(2):
        assert _play(name, bot, seed, True) == _play(name, bot, seed, False)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_trusted_path_refuses_as_the_checked_one(name: str) -> None:
    v = load(name)
    game = Game(v, v.players.min, 3, turn_cap=30, deal_cap=2)
    rng = random.Random(name)
    refused = 0
    for _ in range(60):
        if game.over:
            break
        legal = game.legal_actions()
        hand = game.state.hand.seats[game.state.hand.turn].hand
        others = [Move("draw", (game.state.hand.turn + 1) % game.players, source="stock"),
                  Move("draw", game.players + 1, source="stock")]
        if hand:  # a hand emptied by a discard plays on (Conquian): no card to name
            others += [Move("discard", game.state.hand.turn, card=rng.choice(hand)),
                       Move("lay_off", game.state.hand.turn, card=rng.choice(hand), meld=99),
                       Move("knock", game.state.hand.turn, card=rng.choice(hand))]
        for bad in others:
            if bad in legal:
                continue
            verdict = core.legal(game.rules, game.state, bad)
            assert not verdict.ok
            before = digest(game.state_json())
            with pytest.raises(core.IllegalAction) as caught:
                game.apply_trusted(bad)
            assert caught.value.verdict.code == verdict.code
            assert digest(game.state_json()) == before
            refused += 1
        game.apply_trusted(legal[rng.randrange(len(legal))])
    assert refused > 0
