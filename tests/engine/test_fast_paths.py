"""The engine's fast paths give the answers of the plain ones they stand in for.

* the bit-parallel deadwood floor equals the counting floor, and is a lower bound of the
  best arrangement's deadwood;
* ``apply_in_place`` (what a Game uses) leaves the state ``apply`` returns, and a refused
  action changes nothing;
* the discards ``legal_actions`` lists in bulk are exactly the discards ``legal`` accepts.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec import decks
from rummy_spec.engine.dispatch import core, moves
from rummy_spec.engine.dispatch.core import IllegalAction
from rummy_spec.engine.game import Game
from rummy_spec.engine.records import codec
from rummy_spec.engine.records.rules import Rules, _floor_by_counts, compile_variant
from rummy_spec.engine.records.state import Move, State
from rummy_spec.lang import load
from rummy_spec.lang.data import builtin_specs


def _all_rules() -> list[tuple[str, Rules]]:
    out = []
    for name in sorted(builtin_specs()):
        base = load(name)
        for opts in [(), *[(o.name,) for o in base.options]]:
            v = load(name, opts)
            out.append((f"{name}{'+' + opts[0] if opts else ''}",
                        compile_variant(v, v.players.min)))
    return out


ALL_RULES = _all_rules()
BIT_RULES = [(n, r) for n, r in ALL_RULES
             if r.floor_layout is not None and r.floor_layout[1] is not None]


def test_the_bit_path_is_taken_where_expected() -> None:
    names = {n for n, _ in BIT_RULES}
    assert "gin" in names and "rummy" in names
    assert not any(n.startswith(("continental", "phase10")) for n in names)  # wilds, decks


@pytest.mark.parametrize(("name", "rules"), BIT_RULES, ids=[n for n, _ in BIT_RULES])
@settings(max_examples=150, deadline=None)
@given(data=st.data())
def test_bit_floor_equals_counting_floor(name: str, rules: Rules, data: st.DataObject
                                         ) -> None:
    pack = sorted(set(decks.full_deck(rules.variant, rules.players)))
    hand = data.draw(st.lists(st.sampled_from(pack), min_size=1, max_size=14, unique=True))
    floor = rules.deadwood_floor(hand)
    assert floor == _floor_by_counts(rules, hand)
    assert floor <= rules.arrange(hand).rest_points


def test_bit_floor_of_known_hands() -> None:
    rules = compile_variant(load("gin"), 2)
    code = {f.text: f.code for f in rules.table.faces}

    def floor(text: str) -> int:
        return rules.deadwood_floor([code[t] for t in text.split()])

    assert floor("AS 2S 3S") == 0  # a run, ace low
    assert floor("QS KS AS") == 1 + 10 + 10  # no run round the corner: all count
    assert floor("7H 7S 7D KC") == 10
    assert floor("7H 7S KC KD") == 7 + 7 + 10 + 10
    assert floor("4C 5C 6C 6D 6H") == 0  # 6C fits the run and the set: both shapes
    assert floor("2D 3D 5D") == 2 + 3 + 5


def _random_states(name: str, players: int, games: int, steps: int) -> list[tuple[Game, State]]:
    out = []
    for seed in range(games):
        game = Game(load(name), players, seed, turn_cap=60, deal_cap=3)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.over:
                break
            out.append((game, game.state.clone()))
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
    return out


@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("rummy", 3), ("phase10", 3),
                                                ("continental", 4), ("ten_step", 3)])
def test_apply_in_place_matches_apply(name: str, players: int) -> None:
    for game, state in _random_states(name, players, 3, 80)[::3]:
        rules = game.rules
        dump = codec.state_to_json(rules.table, state, rules.wild)
        for a in moves.legal_actions(rules, state)[:6]:
            copied = core.apply(rules, state, a)
            in_place = state.clone()
            core.apply_in_place(rules, in_place, a)
            assert codec.state_to_json(rules.table, in_place, rules.wild) == \
                codec.state_to_json(rules.table, copied, rules.wild)
        assert codec.state_to_json(rules.table, state, rules.wild) == dump  # apply copies
        refused = Move("discard", (state.hand.turn + 1) % rules.players, card=0)
        if core.legal(rules, state, refused).ok:
            continue
        kept = state.clone()
        with pytest.raises(IllegalAction):
            core.apply_in_place(rules, kept, refused)
        assert codec.state_to_json(rules.table, kept, rules.wild) == dump


def _chosen_skip(rules: Rules, card: int) -> bool:
    special = rules.special_of(card)
    return special is not None and special.skip == "chosen"


@pytest.mark.parametrize(("name", "players"), [("gin", 2), ("phase10", 3), ("rummy", 2),
                                                ("twelve_step", 3), ("seven_hand", 4)])
def test_bulk_discards_are_the_legal_discards(name: str, players: int) -> None:
    checked = 0
    for game, state in _random_states(name, players, 3, 120):
        rules = game.rules
        if state.hand.phase != "play":
            continue
        listed = {a for a in moves.legal_actions(rules, state) if a.type == "discard"}
        p = state.hand.turn
        every = [Move("discard", p, card=c, target=t)
                 for c in set(state.hand.seats[p].hand)
                 for t in ([None, *range(rules.players)] if _chosen_skip(rules, c) else [None])]
        assert listed == {a for a in every if core.legal(rules, state, a).ok}
        checked += 1
    assert checked > 20
