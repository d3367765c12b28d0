"""The PettingZoo environment: PettingZoo's own api_test on sampled variants (every
built-in variant and a house file under ``-m slow``: ``make test-rl``), the action
encoding against the engine's legal actions, seeded resets, and out-of-turn seats."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from rummy_spec.env import RummyEnv, env  # noqa: E402
from rummy_spec.lang.data import builtin_specs  # noqa: E402
from rummy_spec.rl.encoding import WAIT  # noqa: E402

from .house import house_file, partnership_file  # noqa: E402

SAMPLED = [("gin", 2), ("continental", 4), ("ten_step", 3)]


@pytest.mark.parametrize(("variant", "players"), SAMPLED)
def test_api_test_passes_on_sampled_variants(variant: str, players: int) -> None:
    api_test(env(variant, players), num_cycles=200, verbose_progress=False)


def test_api_test_passes_on_a_house_file(tmp_path: Path) -> None:
    api_test(env(house_file(tmp_path)), num_cycles=200, verbose_progress=False)


def test_api_test_passes_with_partners() -> None:
    api_test(env(partnership_file(), 4), num_cycles=200, verbose_progress=False)


def test_partners_share_their_points_rewards() -> None:
    """A points reward is the team's: both partners gain what either scores."""
    e = RummyEnv(partnership_file(), 4, reward="points")
    e.reset(seed=3)
    rng = random.Random(3)
    shared = 0
    for _agent in e.agent_iter(max_iter=6000):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = list(np.flatnonzero(obs["action_mask"]))
        # random, but a seat that can meld or lay off does (so rounds end by going out)
        assert e.table is not None
        by_index = e.table.moves()[1]
        plays = [a for a in legal if a in by_index
                 and by_index[a].type in ("meld", "lay_off")]
        e.step(int(rng.choice(plays or legal)))
        r = [e.rewards[a] for a in e.possible_agents]
        assert r[0] == r[2] and r[1] == r[3]
        shared += r[0] != 0
    assert shared, "no round scored in the game"


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(builtin_specs()))
def test_api_test_passes_on_every_variant(variant: str) -> None:
    api_test(env(variant), num_cycles=1000, verbose_progress=False)


def _play(e: RummyEnv, seed: int, steps: int) -> list[int]:
    e.reset(seed=seed)
    rng = random.Random(seed)
    chosen = []
    for _agent in e.agent_iter(max_iter=steps):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        a = int(rng.choice(list(legal)))
        chosen.append(a)
        e.step(a)
    return chosen


def test_a_seeded_reset_replays_the_same_game() -> None:
    e = env("continental", 4)
    first = _play(e, 11, 300)
    assert first == _play(e, 11, 300)
    assert first != _play(e, 12, 300)


@pytest.mark.parametrize(("variant", "players"), SAMPLED)
def test_the_mask_is_the_engine_legal_actions_one_index_each(variant: str,
                                                             players: int) -> None:
    """Each position's mask has one index for each action the engine lists for the seat
    to act (distinct actions, distinct indices), and playing an index plays its action."""
    e = env(variant, players)
    e.reset(seed=3)
    rng = random.Random(3)
    table = e.table
    assert table is not None
    for _ in range(300):
        if table.over:
            break
        actor, by_index = table.moves()
        assert actor is not None
        engine = [a for a in table.game.legal_actions() if a.player == actor]
        assert sorted(by_index.values(), key=str) == sorted(engine, key=str)
        mask = e.observe(e.possible_agents[actor])["action_mask"]
        assert set(np.flatnonzero(mask)) == set(table.legal_indices())
        for other in e.possible_agents:
            if other != e.possible_agents[actor]:
                assert not e.observe(other)["action_mask"].any()
        index = rng.choice(table.legal_indices())
        if index in by_index:
            history = len(table.game.history)
            e.step(index)
            assert table.game.history[history] == by_index[index]
        else:
            e.step(index)


def test_out_of_turn_seats_are_asked_before_the_seat_in_turn() -> None:
    """Ten Step's rummy calls: a seat that may call on the last discard is asked (call
    or wait) before the seat in turn draws; its wait hands the turn on."""
    e = env("ten_step", 3)
    asked = 0
    for seed in range(6):
        e.reset(seed=seed)
        table = e.table
        assert table is not None
        rng = random.Random(seed)
        for _ in range(400):
            if table.over:
                break
            actor, by_index = table.moves()
            assert actor is not None
            first = table._first()[0]
            wait = e.shape.actions.block("no_card").start + WAIT
            if actor != first:
                asked += 1
                assert wait in table.legal_indices()
                assert {a.type for a in by_index.values()} <= {"call", "buy"}
                table.step(wait)
                assert table.actor() != actor
                continue
            assert wait not in table.legal_indices()
            table.step(rng.choice(table.legal_indices()))
    assert asked > 0


def test_rewards_follow_the_scoring() -> None:
    """Points: the sum of a seat's rewards is its total, negated where the lowest total
    wins (Continental)."""
    for variant, players, sign in (("gin", 2, 1.0), ("continental", 4, -1.0)):
        e = env(variant, players)
        e.reset(seed=5)
        got = dict.fromkeys(e.possible_agents, 0.0)
        rng = random.Random(5)
        for agent in e.agent_iter(max_iter=8000):
            obs, reward, term, trunc, _ = e.last()
            got[agent] += reward
            e.step(None if term or trunc else
                   int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
        for agent in e.agents:
            got[agent] += e._cumulative_rewards[agent]
        assert e.table is not None
        totals = [s.total for s in e.table.game.state.game.seats]
        assert any(totals)
        assert [got[a] for a in e.possible_agents] == pytest.approx(
            [sign * t for t in totals])


@pytest.mark.parametrize(("variant", "players"), [*SAMPLED, ("phase10", 2), ("gin", 2)])
def test_the_observation_is_the_view_as_an_array(variant: str, players: int) -> None:
    """The environment's array, read from the record the view is made from, is the one
    made from the view's JSON, for every seat at every step of a random game (to its
    end: the knocker's hand shown, the hands shown when a round ends)."""
    e = env(variant, players)
    e.reset(seed=8)
    table = e.table
    assert table is not None
    rng = random.Random(8)
    observer = e.shape.observer
    shown = 0
    for _ in range(600):
        for seat in range(players):
            view = table.view(seat)
            shown += bool(view["revealed"]) or view["last_round"] is not None
            assert np.array_equal(table.observation(seat), observer.observation(view))
        if table.over:
            break
        table.step(rng.choice(table.legal_indices()))
    assert shown > 0


def test_two_actions_on_one_index_are_refused() -> None:
    """Were the layout to put two legal actions on one index, the position is refused
    with EncodingError rather than one of them dropped."""
    from rummy_spec.rl.encoding import EncodingError

    e = env("gin")
    e.reset(seed=1)
    table = e.table
    assert table is not None
    table.moves()
    table._moves = None
    encoder = table.shape.encoder
    encoder.indices = lambda actions: [0] * len(actions)  # type: ignore[method-assign]
    with pytest.raises(EncodingError, match="share an index"):
        table.moves()
