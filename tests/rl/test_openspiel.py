"""The OpenSpiel game: OpenSpiel's random simulation test (gin and a house file here;
every built-in variant under ``-m slow``: ``make test-rl``), OpenSpiel's ISMCTS bot
playing it, and resampling that keeps the information state."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import rummy_spec.openspiel  # noqa: E402,F401  (registers the game)
from rummy_spec.lang.data import builtin_specs  # noqa: E402

from .house import house_file  # noqa: E402


def _game(variant: str) -> object:
    return pyspiel.load_game("python_rummy_spec", {"variant": variant, "deal_cap": 1})


def test_random_sim_test_passes_on_gin() -> None:
    pyspiel.random_sim_test(_game("gin"), num_sims=1, serialize=False, verbose=False)


def test_random_sim_test_passes_on_a_house_file(tmp_path: Path) -> None:
    pyspiel.random_sim_test(_game(house_file(tmp_path)), num_sims=1, serialize=False,
                            verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(builtin_specs()))
def test_random_sim_test_passes_on_every_variant(variant: str) -> None:
    pyspiel.random_sim_test(_game(variant), num_sims=1, serialize=False, verbose=False)


def _random_move(state: object, rng: random.Random) -> None:
    if state.is_chance_node():  # type: ignore[attr-defined]
        outcomes, probs = zip(*state.chance_outcomes(), strict=True)  # type: ignore[attr-defined]
        state.apply_action(rng.choices(outcomes, probs)[0])  # type: ignore[attr-defined]
    else:
        state.apply_action(rng.choice(state.legal_actions()))  # type: ignore[attr-defined]


def test_resampling_keeps_the_information_state_and_moves_hidden_cards() -> None:
    game = _game("gin")
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(4)
    while state.is_chance_node() or len(state.history()) < 40:
        _random_move(state, rng)
    player = state.current_player()
    other = 1 - player
    moved = 0
    for i in range(5):
        draws = random.Random(i)
        world = state.resample_from_infostate(player, draws.random)
        assert world.information_state_string(player) == state.information_state_string(
            player)
        assert world.legal_actions() == state.legal_actions()
        moved += world.information_state_string(other) != state.information_state_string(
            other)
    assert moved > 0


def test_chance_nodes_deal_the_pack_and_draw_from_the_unseen_stock() -> None:
    game = _game("gin")
    state = game.new_initial_state()  # type: ignore[attr-defined]
    assert state.is_chance_node()
    assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
    assert len(state.chance_outcomes()) == 52
    rng = random.Random(2)
    for _ in range(21):  # two hands of ten and the upcard
        _random_move(state, rng)
    assert not state.is_chance_node()
    draws = 0
    while not state.is_terminal() and draws < 3:
        legal = state.legal_actions()
        if 0 in legal:  # draw from the stock: a chance node chooses the card
            drawer = state.current_player()
            state.apply_action(0)
            assert state.is_chance_node()
            outcomes = state.chance_outcomes()
            assert len(outcomes) > 1
            card = outcomes[rng.randrange(len(outcomes))][0]
            held = state.core.table.game.state.hand.seats[drawer].hand.count(card)
            state.apply_action(card)  # the drawer takes the card chosen
            assert state.core.table.game.state.hand.seats[drawer].hand.count(card) == held + 1
            draws += 1
            continue
        _random_move(state, rng)
    assert draws == 3


def _ismcts_game(variant: str, seed: int, seat: int) -> list[float]:
    """OpenSpiel's ISMCTS bot (random rollouts, 2 simulations a move) at ``seat`` against
    uniform random play, one hand to its end; every move it makes is legal."""
    from open_spiel.python.algorithms import ismcts, mcts
    game = _game(variant)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=np.random.RandomState(seed))
    state = game.new_initial_state()  # type: ignore[attr-defined]
    rng = random.Random(seed)
    moves = 0
    while not state.is_terminal():
        if not state.is_chance_node() and state.current_player() == seat:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
        else:
            _random_move(state, rng)
    assert moves > 0
    returns: list[float] = state.returns()
    return returns


def test_openspiel_ismcts_bot_plays_gin_from_either_seat() -> None:
    for seat in (0, 1):
        returns = _ismcts_game("gin", seat, seat)
        assert len(returns) == 2 and set(returns) <= {-1.0, 0.0, 1.0}


@pytest.mark.slow
@pytest.mark.parametrize("variant", [*sorted(builtin_specs()), "house"])
def test_openspiel_ismcts_bot_plays_every_variant(variant: str, tmp_path: Path) -> None:
    name = house_file(tmp_path) if variant == "house" else variant
    returns = _ismcts_game(name, 1, 0)
    assert set(returns) <= {-1.0, 0.0, 1.0}
