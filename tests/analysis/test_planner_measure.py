"""The planner's cheaper questions give the answers of its full measure.

``within`` asks the solver only whether a hand is at most so many cards short (fewer
lent wilds, far fewer candidate melds); the planner uses it to skip full measures of an
upcard that cannot help.  These tests hold it to ``reach`` on seeded hands, and the
planner's shortcut to the full measure at every draw and buy of whole games.  A pat
hand whose runs of one suit would join is measured under the gap rule (Contract 2p
seed 8 ran its pat round to the turn cap before).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from rummy_spec.bots import planner as P
from rummy_spec.bots.reach import reach, within
from rummy_spec.engine.records.rules import Rules, compile_variant
from rummy_spec.engine.records.state import State
from rummy_spec.lang import load
from rummy_spec.simulate import IN_PLAY, play_out


def _hands(rules: Rules, seed: int, count: int) -> Iterator[list[int]]:
    """Seeded hands from a narrow slice of the pack (so that many come near)."""
    rnd = random.Random(seed)
    pack = list(range(len(rules.table.faces)))
    suits = sorted({f.suit for f in rules.table.faces if f.suit is not None})[:2]
    near = [c for c in pack if rules.table.faces[c].suit in suits
            and (rules.table.faces[c].rank or 0) <= 9] + [
        c for c in pack if c in rules.wild]
    for _ in range(count):
        yield [rnd.choice(near) for _ in range(rnd.randint(6, 12))]


@pytest.mark.parametrize("name", ["contract", "liverpool", "phase10"])
def test_within_agrees_with_the_full_measure(name: str) -> None:
    rules = compile_variant(load(name), 2)
    told = 0
    for contract in rules.contracts:
        if contract.pat:
            assert within(rules, [0, 1, 2], contract, 1) is None
            continue
        for hand in _hands(rules, contract.number, 25):
            short = reach(rules, hand, contract).short
            for t in (0, 1, 2, 3):
                verdict = within(rules, hand, contract, t)
                if verdict is not None:
                    told += 1
                    assert verdict == (short <= t), (hand, contract.number, short, t)
    assert told > 200


GAMES = [("contract", (), 2, 3), ("contract", (), 5, 0), ("liverpool", (), 3, 1),
         ("contract", ("deuces_wild",), 3, 2)]


@pytest.mark.patches_engine  # the planner's shortcut is wrapped, which compiled callers never see
@pytest.mark.parametrize(("name", "options", "players", "seed"), GAMES,
                         ids=[f"{n}{'+' + '+'.join(o) if o else ''}-{p}-{s}"
                              for n, o, p, s in GAMES])
def test_shortcuts_answer_as_the_full_measure(monkeypatch: pytest.MonkeyPatch, name: str,
                                              options: tuple[str, ...], players: int,
                                              seed: int) -> None:
    """At every draw and buy of a game, an upcard called useless without a full measure
    leaves the hand, measured in full, as many cards short and melding as many
    naturals."""
    asked = {"upcard": 0}
    no_nearer = P._no_nearer

    def upcard(rules: Rules, state: State, player: int, hand: Any, card: int,
               goal: Any) -> bool:
        got = no_nearer(rules, state, player, hand, card, goal)
        if got:
            asked["upcard"] += 1
            after = P._goal(rules, state, player, [*hand, card])
            assert after is not None
            assert after.short == goal.short and after.melded == goal.melded
        return got

    monkeypatch.setattr(P, "_no_nearer", upcard)
    out = play_out(load(name, options), players, seed, "planner")
    assert out.game.over
    assert asked["upcard"] > 0


def test_a_pat_hand_whose_runs_would_join_is_measured_apart() -> None:
    """Seven clubs 7-K with a second 10 and the spades 3-7, against Contract's pat three
    runs: as if runs might touch it is complete (7-10, 10-K), but runs of one suit need
    a gap, so two clubs stay over whatever wilds it gets (6-9 and J-A, say).  Measured
    as if they might touch, it was a card short for ever (the card that 'completes' it
    lays no legal contract)."""
    rules = compile_variant(load("contract"), 2)
    table = rules.table
    clubs = [table.face(r, "C") for r in (7, 8, 9, 10, 10, 11, 12, 13)]
    spades = [table.face(r, "S") for r in (3, 4, 5, 6, 7)]
    pat = next(c for c in rules.contracts if c.pat)
    measured = reach(rules, clubs + spades, pat)
    assert measured.short >= 2


def test_contract_pat_round_ends_in_play() -> None:
    out = play_out(load("contract"), 2, 8, "planner")
    assert out.record is not None
    assert [r.kind for r in out.record.rounds if r.kind not in IN_PLAY] == []
