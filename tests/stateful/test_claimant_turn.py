"""The turn-order law where a claimant takes at once (``claimant takes at once``, the
house file ``conformance/examples/claim_at_once.rummy``): a buy gives the claimant a turn
out of order, and his discard gives the turn back to the seat it interrupted, the order
of play unchanged.  The shipped state machine plays the house variant finding no broken
law; games played step by step reach the claimant's turn, keep the laws there, and a
turn that went anywhere else after the claimant's discard is caught."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis.stateful import run_state_machine_as_test

from rummy_spec.bots import random_bot
from rummy_spec.conformance import suite_root
from rummy_spec.conformance.oracle.laws import StateLaws, broken_laws
from rummy_spec.conformance.oracle.observe import observe
from rummy_spec.engine.game import Game
from rummy_spec.lang import load
from rummy_spec.lang.library import Library, builtin_library
from rummy_spec.lang.model import Variant
from rummy_spec.testing import engine_state_machine, profile

AT_ONCE = str(suite_root() / "examples" / "claim_at_once.rummy")
PLAYERS = 4


def _child(parent: str, buy: str) -> Variant:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(f'variant x "X" extends {parent} {{\n    buy {{ {buy} }}\n}}\n', "x.rummy")
    variant, problems = lib.resolve("x")
    assert not [p for p in problems if p.severity == "error"], problems
    return variant


@pytest.mark.parametrize("window", ["after refusal", "between turns", "at any time"])
def test_machine_finds_no_broken_law_where_the_claimant_takes_at_once(window: str) -> None:
    v = load(AT_ONCE) if window == "after refusal" else _child(
        "shanghai" if window == "between turns" else "continental",
        f"{window}, claimant takes at once")
    assert v.claim is not None and not v.claim.claimant_waits and v.claim.window == {
        "after refusal": "after-refusal", "between turns": "between-turns",
        "at any time": "any-time"}[window]
    machine = engine_state_machine(v, PLAYERS)
    run_state_machine_as_test(machine, settings=profile())


def claimant_turns(games: int = 6) -> list[tuple[dict[str, Any], dict[str, Any],
                                                 dict[str, Any]]]:
    """(before, action, after) of each claimant's closing discard in games where every
    claim that may be made is made, each step checked against the laws."""
    v = load(AT_ONCE)
    laws = StateLaws(v, PLAYERS)
    found = []
    for seed in range(games):
        g, bot, rng = Game(v, PLAYERS, seed), random_bot(seed), random.Random(seed)
        while not g.over and len(g.history) < 400:
            actions = g.legal_actions()
            buys = [a for a in actions if a.type == "buy"]
            a = rng.choice(buys) if buys else bot(g.rules, g.state, actions)
            before, act = observe(g), g.action_json(a)
            g.apply(a)
            after = observe(g)
            broken = broken_laws(laws, before, act, True, after)
            assert not broken, (seed, act, broken)
            if before["phase"] == "claimant" and act["type"] == "discard" and \
                    after["phase"] not in ("round-over", "game-over"):
                found.append((before, act, after))
    return found


def test_the_claimants_turn_goes_back_to_the_seat_it_interrupted() -> None:
    seen = claimant_turns()
    assert len(seen) >= 5, len(seen)
    laws = StateLaws(load(AT_ONCE), PLAYERS)
    for before, act, after in seen:
        back = before["claim"]["resumes"]
        assert after["turn"] == back != act["player"] and after["claim"] is None
        for wrong in ({**after, "turn": (act["player"] + 1) % PLAYERS},
                      {**after, "turn": act["player"]}):
            if wrong["turn"] == back:
                continue
            found = [b.law for b in broken_laws(laws, before, act, True, wrong)]
            assert "turn-order" in found, (before, act, wrong)
