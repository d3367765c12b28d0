"""``core.rules_holding``: every place the dispatch holds an engine function, with a
replacement put in its place, so that swapping a function swaps it everywhere."""

from __future__ import annotations

from rummy_spec.engine.dispatch import core
from rummy_spec.engine.families import knocking, meld_play
from rummy_spec.engine.families.plans import AnyRule
from rummy_spec.engine.records.reasons import Verdict, no
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import Move, State


def refuse(rules: Rules, state: State, a: Move) -> Verdict:
    return no("bad-action")


def do_nothing(rules: Rules, state: State, a: Move, plan: object) -> None:
    return None


def test_a_check_held_in_several_phases_is_found_in_each() -> None:
    found = core.rules_holding(meld_play.check_lay_off, refuse)
    assert {(key, phase) for phase, table in core.RULES.items() for key, rule in table.items()
            if rule.check is meld_play.check_lay_off} == {
        (key, phase) for table, key, _ in found for phase, t in core.RULES.items()
        if t is table}
    assert {phase for phase, t in core.RULES.items() for table, _, _ in found
            if t is table} >= {"play", "layoff"}
    for table, key, rule in found:
        assert rule.check is refuse and rule.act is table[key].act


def test_an_effect_is_found_and_nothing_is_changed() -> None:
    before = {phase: dict(table) for phase, table in core.RULES.items()}
    found = core.rules_holding(knocking.knock, do_nothing)
    assert found and all(rule.act is do_nothing and rule.check is table[key].check
                         for table, key, rule in found)
    assert {phase: dict(table) for phase, table in core.RULES.items()} == before


def test_a_function_the_dispatch_does_not_hold_gives_nothing() -> None:
    rules: list[AnyRule] = [rule for _, _, rule in core.rules_holding(refuse, refuse)]
    assert rules == []
