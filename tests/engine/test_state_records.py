"""The state's two records: the game record lives from deal to deal, the hand record is
made new at each deal, and the JSON form stays one object whatever the records hold."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from rummy_spec.bots import random_bot
from rummy_spec.engine.game import Game
from rummy_spec.engine.records import codec
from rummy_spec.engine.records import state as state_module
from rummy_spec.engine.records.state import GameRecord, HandRecord, Seat, SeatRecord
from rummy_spec.lang import load


def _names(*classes: type) -> list[str]:
    return [f.name for cls in classes for f in fields(cls)]


def test_the_json_form_names_every_field_of_both_records_once() -> None:
    state_fields = _names(GameRecord, HandRecord)
    assert sorted(codec.STATE_KEYS) == sorted(set(state_fields))
    assert state_fields.count("seats") == 2  # each record has its part of every seat
    assert sorted(codec.SEAT_KEYS) == sorted(_names(SeatRecord, Seat))


def test_each_deal_makes_a_new_hand_record_and_keeps_the_game_record() -> None:
    g = Game(load("gin"), 2, seed=1)
    bot = random_bot(1)
    game, hand = g.state.game, g.state.hand
    deals = 0
    while len(g.state.game.results) < 2 and not g.over:
        g.apply_trusted(bot(g.rules, g.state, g.legal_actions()))
        if g.state.hand is not hand:  # a deal: the round just ended is in the results
            deals += 1
            assert g.state.game is game and len(game.results) == deals
            assert g.state.hand.turn_no == 0 and g.state.hand.table == []
            hand = g.state.hand
    assert deals == 2 and game.deal_no == 3


def test_a_clone_shares_no_record_and_no_list() -> None:
    g = Game(load("continental"), 4, seed=2)
    bot = random_bot(2)
    for _ in range(30):
        g.apply_trusted(bot(g.rules, g.state, g.legal_actions()))
    before = g.state_json()
    copy = g.state.clone()
    assert copy.game is not g.state.game and copy.hand is not g.state.hand
    copy.hand.seats[0].hand.clear()
    copy.hand.stock.pop()
    copy.game.seats[1].total += 5
    copy.game.seats[1].completed.append(9)
    copy.game.results.clear()
    assert g.state_json() == before


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: {**d, "bogus": 1}, "not a saved state: unknown field(s) bogus"),
    (lambda d: {k: v for k, v in d.items() if k not in ("round", "stock")},
     "not a saved state: missing field(s) round, stock"),
    (lambda d: {**d, "seats": [{**d["seats"][0], "zz": 1}, d["seats"][1]]},
     "not a saved state: seats[0]: unknown field(s) zz"),
])
def test_a_saved_state_names_a_field_no_record_has_or_one_it_lacks(
        change: Callable[[dict[str, Any]], dict[str, Any]], words: str) -> None:
    g = Game(load("gin"), 2, seed=1)
    table, wild = g.rules.table, g.rules.wild
    saved = g.state_json()
    again = codec.state_from_json(table, saved, wild)
    assert codec.state_to_json(table, again, wild) == saved
    with pytest.raises(codec.CodecError) as err:
        codec.state_from_json(table, change(saved), wild)
    assert str(err.value) == words


_RECORDS = ("SeatRecord", "Seat", "Claim", "GameRecord", "HandRecord", "State")


def _annotations() -> dict[str, dict[str, str]]:
    """Each record's fields as written in state.py (read from the source: the compiled
    build keeps no item types)."""
    source = Path(str(state_module.__file__)).parent / "state.py"  # beside an extension too
    tree = ast.parse(source.read_text("utf-8"))
    return {node.name: {item.target.id: ast.unparse(item.annotation)
                        for item in node.body if isinstance(item, ast.AnnAssign)
                        and isinstance(item.target, ast.Name)}
            for node in tree.body if isinstance(node, ast.ClassDef) and node.name in _RECORDS}


def test_the_clone_table_names_every_field_that_holds_a_record() -> None:
    written = _annotations()
    assert set(written) == set(_RECORDS)
    holding = {cls: {name: kind for name, kind in names.items()
                     if any(re.search(rf"\b{r}\b", kind) for r in _RECORDS)}
               for cls, names in written.items()}
    assert {cls: names for cls, names in holding.items() if names} == state_module.OWNED


def test_a_clone_copies_each_field_as_its_type_asks() -> None:
    """Every list field is a new list with the same items (records in it cloned), every
    record field a new record, every other value the same (shared) value."""
    g = Game(load("continental"), 4, seed=3)
    bot = random_bot(3)
    while g.state.hand.claim is None:
        g.apply_trusted(bot(g.rules, g.state, g.legal_actions()))
    written = _annotations()
    checked = 0

    def same(old: Any, new: Any) -> None:
        nonlocal checked
        assert type(new) is type(old) and new is not old
        for f in fields(old):
            a, b = getattr(old, f.name), getattr(new, f.name)
            kind = written[type(old).__name__][f.name]
            checked += 1
            if isinstance(a, list):
                assert b is not a and len(b) == len(a)
                for x, y in zip(a, b, strict=True):
                    if type(x).__name__ in _RECORDS:
                        same(x, y)
                    else:
                        assert x is y or x == y
            elif type(a).__name__ in _RECORDS:
                same(a, b)
            else:  # shared (a compiled record hands out a number as a new int object)
                assert b is a or (isinstance(a, int) and b == a), (f.name, kind)

    same(g.state, g.state.clone())
    assert checked > 50


@pytest.mark.parametrize("data", [5, "state", None, [1, 2], {"seats": [5]}])
def test_a_saved_state_that_is_not_an_object_is_refused_by_name(data: object) -> None:
    """Untrusted JSON: whatever its shape, the codec answers with its own error (in the
    compiled build a parameter typed ``dict`` refused an int with a bare TypeError)."""
    g = Game(load("gin"), 2, 1)
    with pytest.raises(codec.CodecError, match="not a saved state"):
        codec.state_from_json(g.rules.table, data, g.rules.wild)
