"""The lay-offs, swaps and shifts ``legal_actions`` lists are the legal ones among every
candidate, gated or not.

The listing skips building the candidates of a state where a check would refuse them
before it looks at the card or the meld (not the player's turn, not down where lay-offs
or swaps wait for that, wilds never freed from a set): the check makes that test first,
so each such candidate was refused anyway.  Here every built-in variant and option is
played by the greedy and the random bot, and at every state of a turn's play with melds
on the table the listed table plays are compared with the ungated candidates put
through ``legal`` one by one (as the listing did before it was gated).
"""

from __future__ import annotations

import pytest

from rummy_spec.bots import BOTS
from rummy_spec.engine.dispatch import core, moves
from rummy_spec.engine.game import Game
from rummy_spec.lang import load
from rummy_spec.lang.data import builtin_specs

TABLE_PLAYS = ("lay_off", "swap", "shift")


def _configs() -> list[tuple[str, tuple[str, ...]]]:
    out: list[tuple[str, tuple[str, ...]]] = []
    for name in sorted(builtin_specs()):
        out.append((name, ()))
        out += [(name, (o.name,)) for o in load(name).options]
    return out


CONFIGS = _configs()


def _compare(name: str, options: tuple[str, ...], bot: str, seed: int) -> tuple[int, int]:
    """(states compared, candidates the gates left out) over one short game."""
    v = load(name, options)
    players = max(v.players.min, min(4, v.players.max or 4))  # a fuller table
    game = Game(v, players, seed, turn_cap=40, deal_cap=2)
    choose = BOTS[bot](seed)
    compared = skipped = 0
    for _ in range(600):
        if game.over:
            break
        rules, state = game.rules, game.state
        listed = game.legal_actions()
        if state.hand.phase == "play" and state.hand.table and not rules.knocking:
            p = state.hand.turn
            every = moves._layoffs(rules, state, p) + moves._swaps(rules, state, p, False)
            legal = core.legal_subset(rules, state, every)
            assert [a for a in listed if a.type in TABLE_PLAYS] == legal
            assert all(core.legal(rules, state, a).ok for a in legal)
            compared += 1
            skipped += len(every) - len([a for a in listed if a.type in TABLE_PLAYS])
        game.apply_trusted(choose(rules, state, listed))
    return compared, skipped


@pytest.mark.parametrize(("name", "options"), CONFIGS,
                         ids=[n + "".join("+" + o for o in opts) for n, opts in CONFIGS])
def test_the_gated_table_plays_are_the_legal_candidates(name: str,
                                                        options: tuple[str, ...]) -> None:
    compared = 0
    for bot in ("greedy", "random"):
        for seed in range(3):
            compared += _compare(name, options, bot, seed)[0]
    knocking = load(name, options).knock is not None  # no table play in a knock game
    assert compared > 0 or knocking, "no state of table play was compared"


def test_the_gates_leave_candidates_out_in_continental() -> None:
    """Not a vacuous comparison: in Continental (lay-offs and swaps by down players
    only, wilds freed from runs only) the gates skip many candidates, and legal table
    plays are listed too."""
    compared, skipped = _compare("continental", (), "greedy", 0)
    assert compared > 50 and skipped > 100
