"""Any variant as a PettingZoo environment (AEC API): ``rummy_spec.env.env("gin")``.

Agents are ``player_0`` .. ``player_{N-1}``, one per seat.  An agent's observation is a
dict: ``observation``, its view as a float32 array (:mod:`rummy_spec.rl.observation`),
and ``action_mask``, an int8 array over the variant's action range
(:mod:`rummy_spec.rl.encoding`), all zero for an agent not to act.  Rewards follow the
variant's scoring (``reward="points"``) or the game's result (``reward="win"``).  The
game ends when the variant says so; the engine's caps (turns in a round, deals in a
game) end every game, so there is no truncation.  ``reset(seed=...)`` deals the game of
that seed.  Needs the ``rl`` extra (PettingZoo, Gymnasium, NumPy); ``docs/rl.md``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .engine.records.rules import DEAL_CAP
from .lang.model import Variant
from .rl.table import REWARDS, Reward, Shape, Table, variant_of

__all__ = ["RummyEnv", "env", "raw_env"]


class RummyEnv(AECEnv[str, dict[str, Any], int]):  # type: ignore[misc]
    """A game of one variant, at a player count, as an AEC environment."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "rummy_spec_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, variant: str | Variant = "gin", players: int | None = None, *,
                 options: Sequence[str] = (), reward: Reward = "points",
                 render_mode: str | None = None, deal_cap: int = DEAL_CAP) -> None:
        super().__init__()
        if deal_cap < 1:
            raise ValueError(f"deal_cap must be 1 or more, not {deal_cap}")
        self.deal_cap = deal_cap
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.variant = variant_of(variant, options)
        self.players = self.variant.players.min if players is None else players
        self.shape = Shape(self.variant, self.players)
        self.reward_kind: Reward = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.players)]
        self.agents = self.possible_agents[:]
        size = self.shape.actions.size
        obs = self.shape.observations.size
        space = spaces.Dict({
            "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(obs,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)})
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._seed_rng = random.Random()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ----- the AEC cycle ----------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = random.Random(seed)
        deal = self._seed_rng.getrandbits(31)
        self.table = Table(self.variant, self.players, deal, self.shape, self.reward_kind,
                           deal_cap=self.deal_cap)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        assert self.table is not None
        actor = self.table.actor()
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]
        for agent in self.agents:
            self.infos[agent] = {"seat": self.possible_agents.index(agent),
                                 "to_act": agent == self.agent_selection and actor is not None}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.table is not None
        if action is None:
            raise ValueError(f"{agent} is to act: None is only for an agent whose game "
                             "is over")
        self._cumulative_rewards[agent] = 0.0
        rewards = self.table.step(int(action))
        for agent_name, r in zip(self.possible_agents, rewards, strict=True):
            self.rewards[agent_name] = r
        if self.table.over:
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"seat": self.possible_agents.index(a), "to_act": False,
                                 "winners": list(self.table.game.state.game.winners)}
        else:
            self._select()
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, Any]:
        assert self.table is not None
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.shape.actions.size, dtype=np.int8)
        if not self.table.over and self.table.actor() == seat:
            mask[self.table.legal_indices()] = 1
        return {"observation": self.table.observation(seat), "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None or self.table is None:
            return None
        g = self.table.game
        lines = [f"{self.variant.name}: round {g.state.game.round}, {g.state.hand.phase}"]
        for i, s in enumerate(g.state.hand.seats):
            lines.append(f"  seat {i}: {' '.join(g.card_text(s.hand))}")
        return "\n".join(lines)

    def close(self) -> None:
        self.table = None


def raw_env(variant: str | Variant = "gin", players: int | None = None, *,
            options: Sequence[str] = (), reward: Reward = "points",
            render_mode: str | None = None, deal_cap: int = DEAL_CAP) -> RummyEnv:
    """The environment itself (no wrappers)."""
    return RummyEnv(variant, players, options=options, reward=reward,
                    render_mode=render_mode, deal_cap=deal_cap)


def env(variant: str | Variant = "gin", players: int | None = None, *,
        options: Sequence[str] = (), reward: Reward = "points",
        render_mode: str | None = None, deal_cap: int = DEAL_CAP) -> RummyEnv:
    """The environment for ``variant`` (a built-in name or a ``.rummy`` path) at
    ``players`` seats (default: the variant's smallest table), ``options`` switched on;
    ``deal_cap``: the engine's cap on deals in a game (1: a single hand; a game stopped
    there has no winner)."""
    return raw_env(variant, players, options=options, reward=reward,
                   render_mode=render_mode, deal_cap=deal_cap)
