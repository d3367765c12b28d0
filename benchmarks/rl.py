"""Environment steps per second, random legal play: rummy-spec's PettingZoo environment
against RLCard's gin environment and OpenSpiel's gin through pyspiel.

One step is one move of a player, with what a learning loop reads before it: rummy-spec,
``env.last()`` (the observation array and the action mask) then ``env.step``; RLCard,
``env.step`` (which returns the next player's state: its observation and legal actions);
OpenSpiel, the player's ``observation_tensor`` and ``legal_actions`` then
``apply_action`` (chance nodes, the deal and each card off the stock, are applied too
but not counted as steps).  Each plays single hands, as the peers' environments do
(rummy-spec: ``deal_cap=1``; ``gin_rlcard`` against RLCard and ``gin_openspiel`` against
OpenSpiel, the profiles that play their rules), and Continental at four players is
rummy-spec alone.  The contestants take turns a game at a time until each has had
``--seconds`` of CPU time (interleaved: a slow spell of the machine falls on all alike).
The first line says which build is loaded (pure Python or compiled).

Run ``python -m benchmarks.rl [--seconds S]``; needs the ``rl`` and ``peers`` extras.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.build import form

Game = Callable[[int], int]  # plays the game of a seed; the steps it took


def rummy_spec_env(variant: str, players: int, deal_cap: int | None) -> Game:
    import numpy as np

    from rummy_spec.engine.records.rules import DEAL_CAP
    from rummy_spec.env import env

    e = env(variant, players, deal_cap=DEAL_CAP if deal_cap is None else deal_cap)

    def play(seed: int) -> int:
        e.reset(seed=seed)
        rng = random.Random(seed)
        steps = 0
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        return steps
    return play


def rlcard_env() -> Game:
    import rlcard

    e = rlcard.make("gin-rummy")

    def play(seed: int) -> int:
        e.seed(seed)
        rng = random.Random(seed)
        state, _ = e.reset()
        steps = 0
        while not e.is_over():
            legal = list(state["legal_actions"])
            state, _ = e.step(legal[rng.randrange(len(legal))])
            steps += 1
        return steps
    return play


def openspiel_gin() -> Game:
    import pyspiel

    game = pyspiel.load_game("gin_rummy")

    def play(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            state.observation_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        return steps
    return play


def contestants(only_ours: bool) -> list[tuple[str, Game]]:
    out: list[tuple[str, Game]] = [
        ("rummy-spec env, gin_rlcard 2p", rummy_spec_env("gin_rlcard", 2, 1)),
        ("rummy-spec env, gin_openspiel 2p", rummy_spec_env("gin_openspiel", 2, 1)),
        ("rummy-spec env, continental 4p", rummy_spec_env("continental", 4, 1))]
    if only_ours:
        return out
    for name, make in (("RLCard gin-rummy env", rlcard_env),
                       ("OpenSpiel gin_rummy (pyspiel)", openspiel_gin)):
        try:
            out.append((name, make()))
        except ImportError as err:
            print(f"{name}: not installed ({err.name}); the peers extra has it")
    return out


@dataclass
class Row:
    name: str
    games: int = 0
    steps: int = 0
    cpu: float = 0.0


def race(players: list[tuple[str, Game]], seconds: float) -> list[Row]:
    """Each contestant's games, steps and CPU seconds, taking turns a game at a time."""
    rows = [Row(name) for name, _ in players]
    seed = 0
    while min(r.cpu for r in rows) < seconds:
        for row, (_, play) in zip(rows, players, strict=True):
            if row.cpu >= seconds:
                continue
            t0 = time.process_time()
            row.steps += play(seed)
            row.cpu += time.process_time() - t0
            row.games += 1
        seed += 1
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.rl", description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="CPU seconds each contestant plays (10)")
    parser.add_argument("--ours", action="store_true",
                        help="rummy-spec's environments only (no peers)")
    args = parser.parse_args(argv)
    if not args.seconds > 0:
        parser.error("--seconds must be more than 0")
    try:
        players = contestants(args.ours)
    except ImportError as err:
        print(f"the rl extra is needed ({err.name}): pip install -e '.[rl,peers]'",
              file=sys.stderr)
        return 1
    print(f"build: {form()}")
    rows = race(players, args.seconds)
    print(f"{'environment':<34}{'games':>7}{'steps':>9}{'steps/s':>10}{'steps/game':>12}")
    rate = {r.name: r.steps / r.cpu for r in rows}
    for r in rows:
        print(f"{r.name:<34}{r.games:>7}{r.steps:>9}{rate[r.name]:>10.0f}"
              f"{r.steps / r.games:>12.1f}")
    ours, theirs = rate.get("rummy-spec env, gin_rlcard 2p"), rate.get("RLCard gin-rummy env")
    if ours and theirs:
        print(f"rummy-spec gin / RLCard gin: {ours / theirs:.2f}x (goal, compiled: 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
