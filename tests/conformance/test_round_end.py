"""The round's last step is judged: ``ended`` shows the round as it ended, compared with
the reference's and held to the card laws."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from rummy_spec.conformance import suite_root
from rummy_spec.conformance.oracle.differential import field_diffs
from rummy_spec.conformance.oracle.laws import StateLaws
from rummy_spec.conformance.oracle.observe import FIELDS, ROUND_END
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.suite.cases import load_case
from rummy_spec.conformance.wire.engine import NewGame

CASE = Path("gin_rlcard/knock/knock-after-a-draw.yaml")


def _after_knock() -> tuple[ReferenceEngine, dict[str, Any]]:
    root = suite_root() / "cases"
    case = load_case(root / CASE, root)
    ref = ReferenceEngine()
    ref.new(NewGame(case.variant, case.options, case.players, case.setup))
    for step in case.steps:
        if step.act is not None:
            ref.act(step.act)
    return ref, ref.state()


def test_the_reference_shows_the_round_as_it_ended_whole() -> None:
    ref, state = _after_knock()
    assert state["phase"] == "game-over"
    ended = state["ended"]
    cards = sum(map(len, ended["hands"])) + sum(len(m["cards"]) for m in ended["table"])
    assert cards + ended["discard_size"] + ended["stock_size"] == 52
    assert ended["table"]  # the knocker's melds, laid by the knock
    laws = StateLaws(ref._game().variant, 2)
    assert laws.state_faults(state) == []


def test_a_knock_card_that_never_reaches_the_pile_breaks_conservation() -> None:
    ref, state = _after_knock()
    laws = StateLaws(ref._game().variant, 2)
    lost = copy.deepcopy(state)
    lost["ended"]["discard_size"] -= 1
    broken = laws.state_faults(lost)
    assert [b.law for b in broken] == ["conservation"]
    assert broken[0].field.startswith("ended.") and "make 51" in broken[0].message
    diffs = field_diffs(state, lost, ROUND_END)
    assert [d[0] for d in diffs] == ["ended.discard_size"]


def test_ended_melds_are_compared_in_no_order_and_an_answer_without_it_is_not_judged(
        ) -> None:
    _, state = _after_knock()
    turned = copy.deepcopy(state)
    turned["ended"]["table"].reverse()
    for meld in turned["ended"]["table"]:
        meld["cards"].reverse()
    assert field_diffs(state, turned, ROUND_END) == []
    silent = {k: v for k, v in state.items() if k != "ended"}
    assert field_diffs(state, silent, FIELDS) == []
    assert field_diffs(state, {**state, "ended": None}, ROUND_END) != []
