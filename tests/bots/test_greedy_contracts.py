"""The greedy bot aims at a contract its near count cannot see whole, and makes the steps.

Twelve-Step's later steps ("1 set + 1 run of 10", "1 run of 13") need nearly every card
of the hand in one long run of one suit; counted by near cards alone, greedy threw the
run's end cards away for stray pairs and never made them, so its games ran to the deal
cap.  Contracts a near count sees whole (every Continental round, Twelve-Step's first
step) are still played by that count alone, as the golden traces were made.
"""

from __future__ import annotations

import pytest

from rummy_spec.bots.aims import aim, aimed
from rummy_spec.bots.simple import NEAR, _usefulness_in, greedy_bot
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import Move
from rummy_spec.lang import load
from rummy_spec.simulate import play_out


def _cards(game: Game, text: str) -> list[int]:
    return [game.rules.table.parse(t) for t in text.split()]


def _at_step(name: str, step: int) -> Game:
    """A two-player game whose first seat is on contract ``step`` (counted from 1)."""
    game = Game(load(name), 2, 0)
    game.state.game.seats[0].contract = step - 1
    return game


def test_aim_keeps_the_long_run_and_a_set_not_stray_cards() -> None:
    game = _at_step("twelve_step", 11)  # 1 set + 1 run of 10
    hand = _cards(game, "3H 4H 5H 6H 7H 9H 10H KS KD KC QD QC AS AC")
    wanted = aimed(game.rules, game.state, 0, NEAR)
    assert wanted == [[("run", 10), ("set", 3)]]
    kept = aim(game.rules, wanted, hand)
    assert sorted(kept.elements()) == sorted(_cards(game, "3H 4H 5H 6H 7H 9H 10H KS KD KC"))


def test_greedy_discards_a_stray_card_not_the_run_s_end() -> None:
    """The near count alone ranks 10H lowest (one suit-mate a rank away: 2, where each
    stray pair's card has 3) and would throw the run's end away; the aim keeps it."""
    game = _at_step("twelve_step", 11)
    state = game.state
    state.hand.turn = 0
    hand = state.hand.seats[0].hand = _cards(game, "3H 4H 5H 6H 7H 9H 10H KS KD KC QD QC AS AC")
    useful = _usefulness_in(game.rules, hand)
    assert game.rules.table.faces[min(hand, key=useful)].text == "10H"
    actions = [Move("discard", 0, card=c) for c in sorted(set(hand))]
    chosen = greedy_bot(0)(game.rules, state, actions)
    assert game.rules.table.faces[chosen.card or 0].text in {"AS", "AC"}  # spare, most points


def test_any_colour_runs_aim_across_colours() -> None:
    game = _at_step("phase10", 4)  # 1 run of 7, numbers of any colour
    hand = _cards(game, "3R 4B 5Y 6G 7R 11B 11Y 12R 12G 9B")
    kept = aim(game.rules, aimed(game.rules, game.state, 0, NEAR), hand)
    assert sorted(kept.elements()) == sorted(_cards(game, "3R 4B 5Y 6G 7R 9B"))


@pytest.mark.parametrize(("name", "step"), [("twelve_step", 1), ("twelve_step", 8)])
def test_contracts_in_the_near_count_s_sight_are_not_aimed_at(name: str, step: int) -> None:
    game = _at_step(name, step)
    assert aimed(game.rules, game.state, 0, NEAR) == []


def test_no_continental_round_is_aimed_at() -> None:
    """Every Continental round's melds are sets and runs of 4 or 5: greedy's play there
    is the near count's, as it always was."""
    game = Game(load("continental"), 4, 0)
    for round_ in range(1, len(game.rules.contracts) + 1):
        game.state.game.round = round_
        assert aimed(game.rules, game.state, 0, NEAR) == [], round_


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_greedy_makes_every_twelve_step_step(seed: int) -> None:
    """Two greedy players finish the game: a player makes the twelfth step well inside
    the deal cap (150), where they used to play all 150 deals and stop at step 11."""
    out = play_out(load("twelve_step"), 2, seed, "greedy")
    state = out.game.state
    assert out.game.over and not state.game.abandoned
    assert out.rounds <= 40
    assert max(seat.contract for seat in state.game.seats) == len(out.game.rules.contracts)


def test_greedy_makes_phase10_s_ten_phases() -> None:
    out = play_out(load("phase10"), 2, 0, "greedy")
    state = out.game.state
    assert out.game.over and not state.game.abandoned and out.rounds <= 15
    assert max(seat.contract for seat in state.game.seats) == len(out.game.rules.contracts)
