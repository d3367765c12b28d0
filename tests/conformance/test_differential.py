"""The differential step on engines in-process: melds compared by their cards and wild
meanings, reason codes compared or not, and each law named when an engine's own state
breaks it."""

from __future__ import annotations

from typing import Any

import pytest

from rummy_spec.conformance.oracle.differential import Differential
from rummy_spec.conformance.oracle.laws import StateLaws
from rummy_spec.conformance.oracle.observe import meld_key
from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.suite.cases import load_cases
from rummy_spec.conformance.wire.engine import NewGame, Verdict, new_game
from rummy_spec.lang import load

JSON = dict[str, Any]


def _case(case_id: str) -> NewGame:
    case = next(c for c in load_cases() if c.id == case_id)
    return new_game(case)


def _pair(engine: ReferenceEngine, game: NewGame, **kw: Any) -> Differential:
    reference = ReferenceEngine()
    reference.new(game)
    engine.new(game)
    return Differential(reference, engine, **kw)


class ListsMeldsBackwards(ReferenceEngine):
    """Lists every meld's cards high to low, its wilds' positions to match."""

    def state(self) -> JSON:
        seen = super().state()
        for meld in seen["table"]:
            n = len(meld["cards"])
            meld["cards"].reverse()
            for w in meld["wilds"]:
                w["position"] = n - 1 - w["position"]
        return seen


class OtherCodes(ReferenceEngine):
    def act(self, action: JSON) -> Verdict:
        v = super().act(action)
        return v if v.accepted else Verdict(False, "no", v.message)


def test_a_meld_is_compared_by_its_cards_and_wild_meanings_not_their_order() -> None:
    a = {"owner": 0, "kind": "run", "cards": ["2C", "JK", "4C"],
         "wilds": [{"position": 1, "card": "JK", "stands_for": "3C"}]}
    b = {"owner": 0, "kind": "run", "cards": ["4C", "JK", "2C"],
         "wilds": [{"position": 1, "card": "JK", "stands_for": "3C"}]}
    assert meld_key(a) == meld_key(b)
    wrong = {**b, "wilds": [{"position": 1, "card": "JK", "stands_for": "5C"}]}
    assert meld_key(a) != meld_key(wrong)


def test_an_engine_listing_melds_its_own_way_agrees() -> None:
    game = _case("continental/swap/free-a-run-joker-onto-the-table")
    case = next(c for c in load_cases() if c.id == "continental/swap/free-a-run-joker-onto-"
                "the-table")
    pair = _pair(ListsMeldsBackwards(), game)
    assert not [f for f in pair.start() if f.law == "state"]
    for step in case.steps:
        if step.act is not None:
            found = pair.step(step.act).findings
            assert not [f for f in found if f.law == "state"], [f.text() for f in found]


@pytest.mark.parametrize(("codes", "agree"), [("exact", False), ("accepted", True)])
def test_reason_codes_are_compared_only_in_exact_mode(codes: Any, agree: bool) -> None:
    game = _case("rummy/turn/must-draw-first")
    pair = _pair(OtherCodes(), game, codes=codes)
    pair.start()
    done = pair.step({"type": "discard", "player": 0, "card": "JS"})
    assert not done.reference.accepted
    assert (not done.findings) == agree, [f.text() for f in done.findings]


def _state() -> tuple[StateLaws, JSON]:
    engine = ReferenceEngine()
    engine.new(_case("continental/swap/free-a-run-joker-onto-the-table"))
    game = engine._game()
    return StateLaws(game.variant, game.state.game.players), engine.state()


def test_a_good_state_keeps_every_law() -> None:
    laws, state = _state()
    assert laws.state_faults(state) == [] and laws.deal_faults(state) == []


def test_a_card_lost_or_made_breaks_conservation() -> None:
    laws, state = _state()
    lost = {**state, "discard": state["discard"][1:], "discard_size": state["discard_size"] - 1}
    assert [b.law for b in laws.state_faults(lost)] == ["conservation"]
    hands = [list(h) for h in state["hands"]]
    hands[0][0] = hands[0][1] = hands[1][0]  # the pack has two of each: three is one too many
    made = {**state, "hands": hands}
    found = laws.state_faults(made)
    assert [b.law for b in found] == ["conservation"] and "more often" in found[0].message


def test_a_wild_standing_for_the_wrong_place_breaks_table_meld() -> None:
    laws, state = _state()
    meld: JSON = {"owner": 0, "kind": "run", "cards": ["2C", "JK", "4C", "5C"],
            "wilds": [{"position": 1, "card": "JK", "stands_for": "6C"}]}
    hands = [list(h) for h in state["hands"]]
    for c in meld["cards"]:  # the cards come from the hands, so the count holds
        for h in hands:
            if c in h:
                h.remove(c)
                break
    found = laws.state_faults({**state, "hands": hands, "table": [meld]})
    assert [b.law for b in found] == ["table-meld"] and "stands for 6C" in found[0].message


def test_a_step_that_changes_another_hand_or_skips_a_seat_is_named() -> None:
    variant = load("rummy")
    laws = StateLaws(variant, 3)
    before = {"phase": "play", "turn": 0, "hands": [["2C", "3C"], ["4C"], ["5C"]]}
    after = {"phase": "draw", "turn": 2, "hands": [["3C"], ["5C"], ["5C"]]}
    action = {"type": "discard", "player": 0, "card": "2C"}
    assert {b.law for b in laws.step_faults(before, action, True, after)} == {
        "hand-sizes", "turn-order"}
    assert [b.law for b in laws.step_faults(before, action, False, after)] == [
        "refused-changes-nothing"] * 3
