"""The turn-order and hand-size laws on observed states (``conformance.laws`` with
``laws.turn``): who may answer a claim, where the turn may go, what a buy or a
draw from the stock adds to a hand.  Each is shown kept by a good step and broken by one
thing changed."""

from __future__ import annotations

from typing import Any

from rummy_spec.conformance import suite_root
from rummy_spec.conformance.oracle.laws import StateLaws
from rummy_spec.lang import load

JSON = dict[str, Any]
HANDS = [["2C", "3C"], ["4C", "5C"], ["6C", "7C"], ["8C", "9C"]]


def laws_of(name: str, players: int) -> StateLaws:
    return StateLaws(load(name), players)


def claim_state(pending: list[int]) -> JSON:
    return {"phase": "claim", "turn": 1, "hands": [list(h) for h in HANDS],
            "claim": {"pending": pending}, "discard_top": "KD", "offer": []}


def faults(laws: StateLaws, before: JSON, action: JSON, after: JSON) -> list[str]:
    return [b.law for b in laws.step_faults(before, action, True, after)]


def test_the_nearest_seat_of_the_window_answers_first() -> None:
    laws = laws_of("continental", 4)  # priority nearest
    before = claim_state([2, 3, 0])
    after = {**claim_state([2, 0]), "hands": [list(h) for h in HANDS]}
    assert faults(laws, before, {"type": "pass", "player": 2},
                  {**after, "claim": {"pending": [3, 0]}}) == []
    assert faults(laws, before, {"type": "pass", "player": 3}, after) == ["turn-order"]


def test_the_window_goes_round_from_the_refusers_left() -> None:
    laws = laws_of("continental", 4)
    before = claim_state([3, 2, 0])
    found = laws.step_faults(before, {"type": "pass", "player": 3}, True,
                             claim_state([2, 0]))
    assert [b.law for b in found] == ["turn-order"] and "not round" in found[0].message


def test_an_action_the_phase_does_not_take_breaks_turn_order() -> None:
    laws = laws_of("continental", 4)
    before = claim_state([2, 3, 0])
    after = claim_state([2, 3, 0])
    after["hands"][2].remove("6C")
    assert faults(laws, before, {"type": "discard", "player": 2, "card": "6C"},
                  after) == ["turn-order"]


def test_a_claim_answer_does_not_pass_the_turn() -> None:
    laws = laws_of("continental", 4)
    before = claim_state([2])
    hands = [list(h) for h in HANDS]
    hands[1].append("QS")  # the window closed: the refuser took his stock card
    closed = {"phase": "play", "turn": 1, "hands": hands, "claim": None,
              "discard_top": "KD", "offer": []}
    action = {"type": "pass", "player": 2}
    assert faults(laws, before, action, closed) == []
    assert faults(laws, before, action, {**closed, "turn": 2}) == ["turn-order"]
    assert faults(laws, before, action, {**closed, "hands": [list(h) for h in HANDS]}) == [
        "hand-sizes"]


def test_a_buy_takes_the_upcard_and_the_penalty_cards() -> None:
    laws = laws_of("continental", 4)  # a penalty card from the stock
    before = claim_state([2, 3, 0])
    paid = [list(h) for h in HANDS]
    paid[2] += ["KD", "QS"]
    after = {**claim_state([]), "hands": paid}
    action = {"type": "buy", "player": 2}
    assert faults(laws, before, action, after) == []
    unpaid = [list(h) for h in HANDS]
    unpaid[2] += ["KD"]
    assert faults(laws, before, action, {**after, "hands": unpaid}) == ["hand-sizes"]


def test_a_stock_draw_adds_one_card_and_the_turn_stays() -> None:
    laws = laws_of("rummy", 2)
    before = {"phase": "draw", "turn": 0, "hands": [["2C"], ["3C"]], "offer": []}
    after = {"phase": "play", "turn": 0, "hands": [["2C", "9H"], ["3C"]], "offer": []}
    action = {"type": "draw", "player": 0, "source": "stock"}
    assert faults(laws, before, action, after) == []
    assert faults(laws, before, action, {**after, "hands": [["2C"], ["3C"]]}) == [
        "hand-sizes"]
    assert faults(laws, before, action, {**after, "turn": 1}) == ["turn-order"]
    moved = {**after, "hands": [["2C"], ["3C", "9H"]]}
    assert faults(laws, before, {**action, "player": 1}, moved) == ["turn-order"]


def test_a_claimant_who_takes_at_once_gets_the_turn_and_gives_it_back() -> None:
    """``claimant takes at once``: a buy gives the buyer the turn (phase ``claimant``);
    his discard gives it back to ``claim.resumes``, and the refuser takes his stock card
    then.  Where the claimant waits, the same buy may not move the turn."""
    at_once = StateLaws(load(str(suite_root() / "examples" / "claim_at_once.rummy")), 4)
    before = claim_state([2, 3, 0])
    paid = [list(h) for h in HANDS]
    paid[2] += ["KD", "QS"]
    playing = {"phase": "claimant", "turn": 2, "hands": paid,
               "claim": {"pending": [], "resumes": 1}, "discard_top": None, "offer": []}
    buy = {"type": "buy", "player": 2}
    assert faults(at_once, before, buy, playing) == []
    assert faults(at_once, before, buy, {**playing, "turn": 1}) == ["turn-order"]
    assert faults(laws_of("continental", 4), before, buy, playing) == ["turn-order"]
    played = [list(h) for h in paid]
    played[2].remove("QS")
    played[1].append("9D")  # the refuser's stock card
    back = {"phase": "play", "turn": 1, "hands": played, "claim": None,
            "discard_top": "QS", "offer": []}
    discard = {"type": "discard", "player": 2, "card": "QS"}
    assert faults(at_once, playing, discard, back) == []
    assert faults(at_once, playing, discard, {**back, "turn": 3}) == ["turn-order"]
    no_draw = [list(h) for h in played]
    no_draw[1].remove("9D")
    assert faults(at_once, playing, discard, {**back, "hands": no_draw}) == ["hand-sizes"]
