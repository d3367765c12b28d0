"""``rummy-spec meld`` and ``rummy-spec solve``: melds and contracts on known hands."""

from __future__ import annotations

import pytest

from rummy_spec.engine.records.reasons import all_reasons

from .helpers import Cli, one_clear_line


def test_a_run_of_four_hearts_is_a_legal_continental_meld(cli: Cli) -> None:
    code, out, err = cli("meld", "continental", "5H", "6H", "7H", "8H")
    assert (code, err) == (0, "")
    assert out == "legal run: 5H 6H 7H 8H\n"


def test_a_gap_in_a_run_is_refused_with_its_reason_code(cli: Cli) -> None:
    code, out, err = cli("meld", "continental", "5H", "6H", "8H", "9H")
    assert (code, err) == (1, "")
    assert out.startswith("not a meld: not-consecutive: ")
    assert out.split(": ")[1] in all_reasons()


def test_each_wild_is_shown_with_what_it_stands_for(cli: Cli) -> None:
    # Cards may come in any order and relaxed form; the run is shown low to high.
    code, out, _ = cli("meld", "continental", "8h", "JK", "5H", "7H")
    assert code == 0
    assert out.splitlines() == ["legal run: 5H JK 7H 8H", "  JK as 6H"]
    code, out, _ = cli("meld", "continental", "9S", "9C", "AD")
    assert code == 0
    assert out.splitlines() == ["legal set: 9C 9S AD", "  AD as a 9"]


def test_custom_decks_name_colours(cli: Cli) -> None:
    code, out, _ = cli("meld", "phase10", "7R", "8R", "W", "10R")
    assert code == 0
    assert out.splitlines()[1] == "  W as a 9 of any colour"
    code, out, _ = cli("meld", "phase10", "9R", "1R", "W", "4R", "12R", "4R", "7R")
    assert code == 0
    assert out.splitlines() == ["legal group: 1R 4R 4R 7R 9R 12R W", "  W as a red card"]


@pytest.mark.parametrize(("args", "code"), [
    (("--kind", "run", "5H", "6S", "7H", "8H"), "mixed-suits"),
    (("QH", "KH", "AH", "2H"), "wrap-around"),
    (("5H", "6H"), "too-short"),
])
def test_other_refusals_name_their_rule(cli: Cli, args: tuple[str, ...], code: str) -> None:
    exit_code, out, _ = cli("meld", "continental", *args)
    assert exit_code == 1
    assert out.startswith(f"not a meld: {code}: ")


@pytest.mark.parametrize(("args", "named"), [
    (("continental", "5H", "5X"), "card '5X': not a card of this deck"),
    (("rummy", "5H", "6H", "JK"), "card 'JK': the pack of rummy for 2 players holds no JK"),
    (("rummy", "5H", "5H", "5H"), "card '5H': given 3 times"),
    (("continental", "5H", "6H", "7H", "--kind", "pair"), "invalid choice: 'pair'"),
    (("nowhere", "5H"), "no built-in variant named 'nowhere'"),
])
def test_meld_usage_errors_are_one_clear_line(cli: Cli, args: tuple[str, ...],
                                              named: str) -> None:
    code, out, err = cli("meld", *args)
    assert code == 2 and out == ""
    assert named in one_clear_line(err)


HAND = ("5H", "5S", "5D", "9C", "9D", "9H", "2C", "3D", "4S", "7H", "8H", "10S")


def test_a_hand_with_two_sets_meets_continental_round_one(cli: Cli) -> None:
    code, out, err = cli("solve", "continental", "--round", "1", *HAND)
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        "continental round 1: 2 sets",
        "can be met:",
        "  set: 5D 5H 5S",
        "  set: 9C 9D 9H",
        "rest: 2C 3D 7H 8H 4S 10S (35 points)",  # 2..9 score 5, 10 scores 10
    ]


def test_a_hand_without_runs_cannot_meet_two_runs(cli: Cli) -> None:
    code, out, err = cli("solve", "continental", "--round", "3", *HAND)
    assert (code, err) == (1, "")
    assert out.splitlines() == ["continental round 3: 2 runs",
                                "cannot be met from these 12 cards"]


def test_solve_uses_wilds_and_says_what_they_stand_for(cli: Cli) -> None:
    code, out, _ = cli("solve", "continental", "--round", "2",
                       "5H", "5S", "JK", "9H", "10H", "AH", "QH", "2C")
    assert code == 0
    assert "  run: 9H 10H JK QH  (JK as JH)" in out.splitlines()
    assert "  set: 5H 5S AH  (AH as a 5)" in out.splitlines()
    assert out.splitlines()[-1] == "rest: 2C (5 points)"


def test_a_pat_contract_needs_every_card(cli: Cli) -> None:
    runs = ("2H", "3H", "4H", "5H", "6C", "7C", "8C", "9C", "10S", "JS", "QS", "KS")
    code, out, _ = cli("solve", "contract", "--round", "7", *runs)
    assert code == 0 and out.splitlines()[-1] == "rest: nothing (0 points)"
    code, out, _ = cli("solve", "contract", "--round", "7", *runs, "2D")
    assert code == 1 and "cannot be met" in out


def test_without_contracts_solve_shows_the_best_melds_and_deadwood(cli: Cli) -> None:
    code, out, _ = cli("solve", "gin", "5H", "6H", "7H", "9C", "9D", "9S", "KH", "2C", "3C",
                       "4C")
    assert code == 0
    assert out.splitlines()[-1] == "rest: KH (10 points)"
    assert len(out.splitlines()) == 5  # heading, three melds, rest


@pytest.mark.parametrize(("args", "named"), [
    (("continental", "--round", "8", "5H"), "--round 8: continental has contracts for rounds 1..7"),
    (("continental", "--round", "0", "5H"), "--round 0"),
    (("continental", "5H"), "name the contract: --round 1..7"),
    (("continental", "--round", "x", "5H"), "'x' is not a whole number"),
    (("continental", "--round", "1", "5H", "ZZ"), "card 'ZZ'"),
    (("gin", "--round", "1", "5H"), "gin has no contracts"),
    (("continental", "--round", "1", "--players", "3", "5H"), "--players 3"),
])
def test_solve_usage_errors_are_one_clear_line(cli: Cli, args: tuple[str, ...],
                                               named: str) -> None:
    code, out, err = cli("solve", *args)
    assert code == 2 and out == ""
    assert named in one_clear_line(err)
