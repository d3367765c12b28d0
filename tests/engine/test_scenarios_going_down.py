"""Scenarios: going down with the contract, meld shapes, wild cards in melds, new melds
(AXES.md X7-X18, X33-X39, X46)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import FILL, down, last_result, ok, ready, refused, table

from rummy_spec.engine.game import Game

# ----- X38 the contract, all at once --------------------------------------------------------


def test_contract_met_goes_down_and_discard_follows() -> None:
    """X38: the whole contract is laid in one go; the player is then down and discards."""
    g = ready("continental", "5H 5S 5D 9C 9D 9S 2C 3C 4C 7D 8D 10H", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    assert g.state.hand.seats[0].down
    assert [sorted(m) for m in table(g)] == [["5D", "5H", "5S"], ["9C", "9D", "9S"]]
    ok(g, "discard", 0, card="KC")


def test_part_of_the_contract_is_not_enough() -> None:
    """X38: one set of '2 sets' is refused: all contract melds go down together."""
    g = ready("continental", "5H 5S 5D 9C 9D 9S 2C 3C 4C 7D 8D 10H", players=4)
    assert down(g, "5H 5S 5D") == "contract-not-met"
    assert not g.state.hand.seats[0].down and not g.state.hand.table


def test_contract_only_once_per_hand() -> None:
    """X38: a contract is laid once per hand."""
    g = ready("continental", "5H 5S 5D 9C 9D 9S 7C 7D 7H 8D 10H", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    assert down(g, "7C 7D 7H") == "already-down"


def test_wrong_contract_for_the_round_refused() -> None:
    """X34/X35: round 2 of CONT is 1 set + 1 run: two sets do not make it."""
    g = ready("continental", "5H 5S 5D 9C 9D 9S 2C 3C 4C 5C 10H", players=4, round_=2)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "contract-not-met"
    assert down(g, "9C 9D 9S", "2C 3C 4C 5C") == "ok"


def test_cards_not_held_refused() -> None:
    """X38: a player lays only cards he holds."""
    g = ready("continental", "5H 5S 5D 9C 9D 9S 2C 3C 4C 7D 8D 10H", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9H") == "not-in-hand"


def test_table_play_needs_the_draw_first() -> None:
    """X46b: nothing is laid before the draw."""
    g = scenario("continental", 4, hands=["5H 5S 5D 9C 9D 9S 2C 3C 4C 7D 8D 10H"] + [FILL] * 3,
                 stock="KC 8S", discard="QH")
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "must-draw-first"


# ----- X36 exact vs minimum -----------------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "contract", "liverpool", "ten_step",
                                  "seven_hand"])
def test_exact_count_no_extra_meld(name: str) -> None:
    """X36 (count exact): in hand 1 nobody may lay three sets for '2 sets'."""
    g = ready(name, "5H 5S 5D 9C 9D 9S 7C 7D 7H 10H", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S", "7C 7D 7H") == "contract-exact-count"
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"


def test_exact_size_contract() -> None:
    """X36 (CR-P size exact): only the cards the contract needs: a set of 4 is refused."""
    g = ready("contract", "5H 5S 5D 5C 9C 9D 9S 2C 3C 10H")
    assert down(g, "5H 5S 5D 5C", "9C 9D 9S") == "contract-exact-size"
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"


def test_exact_size_contract_runs() -> None:
    """X36 (CR-P size exact): a run of 5 for 'a run' (of 4) is refused."""
    g = ready("contract", "5H 5S 5D 2C 3C 4C 5C 6C 10H JH", round_=2)
    assert down(g, "5H 5S 5D", "2C 3C 4C 5C 6C") == "contract-exact-size"
    assert down(g, "5H 5S 5D", "2C 3C 4C 5C") == "ok"


@pytest.mark.parametrize("name", ["continental", "liverpool", "ten_step", "seven_hand",
                                  "shanghai", "twelve_step"])
def test_minimum_size_allows_longer_melds(name: str) -> None:
    """X36 (size minimum): a contract meld may be longer than its minimum."""
    g = ready(name, "5H 5S 5D 5C 9C 9D 9S 9H 3C 10H", players=4)
    assert down(g, "5H 5S 5D 5C", "9C 9D 9S 9H") == "ok"


def test_contract_specified_run_length() -> None:
    """X9/X35 (SH, TS step 5): '1 set of 3 + 1 run of 7': a run of 6 is not enough."""
    for name in ("shanghai", "ten_step"):
        g = ready(name, "5H 5S 5D 3C 4C 5C 6C 7C 8C 9C 10H", players=4, round_=5)
        assert down(g, "5H 5S 5D", "3C 4C 5C 6C 7C 8C") == "contract-not-met"
        assert down(g, "5H 5S 5D", "3C 4C 5C 6C 7C 8C 9C") == "ok"


# ----- X13 several melds of one kind -----------------------------------------------------------


def test_same_suit_runs_need_a_gap_contract() -> None:
    """X13 (CR-P): two runs of one suit must not join: 5-8H + 9-QH is one run; 4-7H +
    9-QH (a gap at 8) are two."""
    g = ready("contract", "5H 6H 7H 8H 9H 10H JH QH 4H 2C", round_=3)
    assert down(g, "5H 6H 7H 8H", "9H 10H JH QH") == "same-suit-runs-join"
    assert down(g, "4H 5H 6H 7H", "9H 10H JH QH") == "ok"


@pytest.mark.parametrize("name", ["continental", "seven_hand"])
def test_same_suit_runs_may_touch(name: str) -> None:
    """X13 (CONT, 7H): two same-suit runs may be rank-contiguous, laid as separate runs
    (5-8S and 9-QS; 7H: one long run split in two)."""
    g = ready(name, "5S 6S 7S 8S 9S 10S JS QS 2C 3D 10H", players=4, round_=3)
    assert down(g, "5S 6S 7S 8S", "9S 10S JS QS") == "ok"
    assert table(g) == [["5S", "6S", "7S", "8S"], ["9S", "10S", "JS", "QS"]]


def test_seven_hand_run_of_three() -> None:
    """X9 (7H): runs of 3 (3-4-5H + 6-7-8H for '2 runs')."""
    g = ready("seven_hand", "3H 4H 5H 6H 7H 8H 2C 3D 10H JC KD", players=4, round_=3)
    assert down(g, "3H 4H 5H", "6H 7H 8H") == "ok"


def test_several_sets_of_one_rank_allowed() -> None:
    """X13 (CONT): several sets of one rank may be laid separately (multi-deck)."""
    g = ready("continental", "5H 5S 5D 5H 5S 5D 2C 3C 4C 7D 8D 10H", players=4)
    assert down(g, "5H 5S 5D", "5H 5S 5D") == "ok"


def test_sets_of_different_ranks_csg() -> None:
    """X13 (SH option csg_house): the sets of one contract must be of different ranks."""
    g = ready("shanghai", "5H 5S 5D 5H 5S 5D 9C 9D 9S 7D 10H", options=("csg_house",))
    assert down(g, "5H 5S 5D", "5H 5S 5D") == "set-ranks-repeat"
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    g = ready("shanghai", "5H 5S 5D 5H 5S 5D 9C 9D 9S 7D 10H")
    assert down(g, "5H 5S 5D", "5H 5S 5D") == "ok"


# ----- X37 pat hands ----------------------------------------------------------------------------


def test_pat_round_must_meld_the_whole_hand_seven_hand() -> None:
    """X37 (7H hand 6: 3 sets, pat): going down must meld every card held, with no
    discard, and it ends the hand."""
    hand = "5H 5S 5D 5C 9C 9D 9S 9H 7C 7D 7H"
    g = ready("seven_hand", hand, draw="7S", players=4, round_=6)
    assert down(g, "5H 5S 5D", "9C 9D 9S", "7C 7D 7H") == "pat-required"
    assert down(g, "5H 5S 5D 5C", "9C 9D 9S 9H", "7C 7D 7H 7S") == "ok"
    res = last_result(g)
    assert res.winner == 0 and res.ending == "out" and res.scores[0] == 0
    assert g.state.game.round == 7


@pytest.mark.parametrize("name", ["contract", "liverpool"])
def test_pat_round_seven_three_runs(name: str) -> None:
    """X37 (CR-P, LIV round 7 'all out'): even the card just drawn must fit; size exact is
    lifted for the pat round (a run of 5 is fine)."""
    hand = "2H 3H 4H 5H 6C 7C 8C 9C 10S JS QS KS"
    g = ready(name, hand, draw="9S", round_=7)
    assert down(g, "2H 3H 4H 5H", "6C 7C 8C 9C", "10S JS QS KS") == "pat-required"
    assert down(g, "2H 3H 4H 5H", "6C 7C 8C 9C", "9S 10S JS QS KS") == "ok"
    res = last_result(g)
    assert res.winner == 0 and res.ending == "out" and res.details["by"] == "meld"
    assert g.state.hand.phase == "game-over"  # round 7 was the last


def test_pat_is_not_required_in_other_rounds() -> None:
    """X37: outside the pat round, going down with cards left over is fine."""
    g = ready("contract", "2H 3H 4H 5H 6C 7C 8C 9C 10S JS QS KS", draw="9S", round_=3)
    assert down(g, "2H 3H 4H 5H", "6C 7C 8C 9C") == "ok"


# ----- X39 / X46 new melds ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "contract", "ten_step", "seven_hand",
                                  "twelve_step", "liverpool", "shanghai"])
def test_no_new_melds_after_going_down(name: str) -> None:
    """X39: once down, a player never starts a new meld that hand; lay-offs only."""
    g = ready(name, "5H 5S 5D 9C 9D 9S 7C 7D 7H 10H JH", players=4)
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "ok"
    assert refused(g, "meld", 0, melds=[["7C", "7D", "7H"]]) == "no-new-melds"


def test_no_meld_before_going_down_in_a_contract_game() -> None:
    """X39/X44: in a contract game nothing is laid before the contract."""
    g = ready("continental", "5H 5S 5D 9C 9D 9S 7C 7D 7H 10H JH", players=4)
    assert refused(g, "meld", 0, melds=[["7C", "7D", "7H"]]) == "not-down"


def test_phase10_no_new_melds_after_the_phase() -> None:
    """X39 (P10): one phase per hand, then only hits."""
    g = ready("phase10", "1R 1B 1G 2R 2B 2G 3R 3B 3G 12R", draw="9B")
    assert down(g, "1R 1B 1G", "2R 2B 2G") == "ok"
    assert refused(g, "meld", 0, melds=[["3R", "3B", "3G"]]) == "no-new-melds"


def _rummy(options: tuple[str, ...] = ()) -> Game:
    return ready("rummy", "5H 5S 5D 9C 9D 9H 2C", draw="KD", options=options)


def test_rummy_melds_freely() -> None:
    """X39/X46 (RUM, Bicycle): no contract; any number of melds, on any turn."""
    g = _rummy()
    ok(g, "meld", 0, melds=[["5H", "5S", "5D"]])
    ok(g, "meld", 0, melds=[["9C", "9D", "9H"]])
    assert len(table(g)) == 2
    assert refused(g, "go_down", 0, melds=[["2C"]]) == "bad-action"  # no contract


def test_rummy_one_meld_per_turn_option() -> None:
    """X46 (RUM option one_meld_per_turn, PGR): at most one meld per turn."""
    g = _rummy(("one_meld_per_turn",))
    ok(g, "meld", 0, melds=[["5H", "5S", "5D"]])
    assert refused(g, "meld", 0, melds=[["9C", "9D", "9H"]]) == "melds-per-turn"
    ok(g, "discard", 0, card="KD")
    for p in (1, 2):
        ok(g, "draw", p, source="stock")
        ok(g, "discard", p, card=g.card_text(g.state.hand.seats[p].hand)[0])
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["9C", "9D", "9H"]])  # next turn, a new meld


# ----- X33 progression --------------------------------------------------------------------------


def test_individual_progression_each_player_on_his_own_contract() -> None:
    """X33 (12S): a player on contract 2 (1 set + 1 run) cannot lay contract 1 (2 sets)."""
    g = ready("twelve_step", "5H 5S 5D 9C 9D 9S 2C 3C 4C 5C 10H JH QH")
    g.state.game.seats[0].contract = 1
    assert down(g, "5H 5S 5D", "9C 9D 9S") == "contract-not-met"
    assert down(g, "9C 9D 9S", "3C 4C 5C 6C") == "not-in-hand"
    g = ready("twelve_step", "5H 5S 5D 9C 9D 9S 3C 4C 5C 6C 10H JH QH")
    g.state.game.seats[0].contract = 1
    assert down(g, "9C 9D 9S", "3C 4C 5C 6C") == "ok"


def test_phase_any_order_option() -> None:
    """X33 (P10 option any_order, Arkansas): phases in any order: phase 4 (a run of 7)
    before phase 1; a phase already made cannot be made again."""
    hand = "1R 2B 3G 4Y 5R 6B 7G 9Y 10Y 11Y"
    g = ready("phase10", hand, draw="12Y")
    assert down(g, "1R 2B 3G 4Y 5R 6B 7G") == "contract-not-met"
    g = ready("phase10", hand, draw="12Y", options=("any_order",))
    assert down(g, "1R 2B 3G 4Y 5R 6B 7G") == "ok"
    assert g.state.hand.seats[0].down_contract == 4
    g = ready("phase10", hand, draw="12Y", options=("any_order",))
    g.state.game.seats[0].completed = [4]
    assert down(g, "1R 2B 3G 4Y 5R 6B 7G") == "contract-not-met"


# ----- X9, X10, X11, X12 meld shapes --------------------------------------------------------


def test_run_minimum_four_continental() -> None:
    """X9 (CONT): a run needs 4 cards: 2-3-4C is too short."""
    g = ready("continental", "9C 9D 9S 2C 3C 4C 5C 7D 8D 10H JH", players=4, round_=2)
    assert down(g, "9C 9D 9S", "2C 3C 4C") == "too-short"
    assert down(g, "9C 9D 9S", "2C 3C 4C 5C") == "ok"


def test_set_minimum_three() -> None:
    """X11: a set needs 3 cards."""
    g = ready("continental", "5H 5S 9C 9D 9S 2C 3C 4C 5C 7D 8D", players=4)
    assert down(g, "5H 5S", "9C 9D 9S") == "too-short"


def test_set_maximum_four_single_deck() -> None:
    """X11 (RUM, GIN): a set holds at most 4 cards."""
    g = ready("rummy", "5H 5S 5D 5C 9C 9D 2C", draw="5H")
    assert refused(g, "meld", 0, melds=[["5H", "5S", "5D", "5C", "5H"]]) == "too-long"
    ok(g, "meld", 0, melds=[["5H", "5S", "5D", "5C"]])


def test_run_one_suit() -> None:
    """X10: a run is in one suit."""
    g = ready("continental", "9C 9D 9S 2C 3C 4D 5C 7D 8D 10H JH", players=4, round_=2)
    assert down(g, "9C 9D 9S", "2C 3C 4D 5C") == "mixed-suits"


def test_phase10_runs_of_any_colour_and_set_of_two() -> None:
    """X10/X11 (P10): runs mix colours; phase 9 asks for a set of 2."""
    g = ready("phase10", "1R 1B 1G 3R 4B 5G 6Y 9Y 10Y 11Y", draw="12Y")
    g.state.game.seats[0].contract = 1  # phase 2: 1 set of 3 + 1 run of 4
    assert down(g, "1R 1B 1G", "3R 4B 5G 6Y") == "ok"
    g = ready("phase10", "1R 1B 1G 1Y 1R 9Y 9G 5G 6Y 11Y", draw="12Y")
    g.state.game.seats[0].contract = 8  # phase 9: 1 set of 5 + 1 set of 2
    assert down(g, "1R 1B 1G 1Y 1R", "9Y 9G") == "ok"


def test_phase10_colour_group() -> None:
    """X12 (P10 phase 8): seven cards of one colour, any numbers."""
    g = ready("phase10", "1R 3R 5R 7R 9R 11R 12R 9Y 10Y 11Y", draw="2B")
    g.state.game.seats[0].contract = 7
    assert down(g, "1R 3R 5R 7R 9R 11R 12B") == "not-in-hand"
    assert down(g, "1R 3R 5R 7R 9R 11R 2B") == "mixed-colours"
    assert down(g, "1R 3R 5R 7R 9R 11R 12R") == "ok"


def test_phase10_run_cap_twelve() -> None:
    """X8 (P10): numbers run 1..12, so no run goes past 12."""
    g = ready("phase10", "6R 7B 8G 9Y 10R 11B 12G 1Y 1R 1B", draw="W")
    g.state.game.seats[0].contract = 4  # phase 5: a run of 8
    assert down(g, "6R 7B 8G 9Y 10R 11B 12G W") == "ok"
    assert [t.meld.ranks for t in g.state.hand.table] == [tuple(range(5, 13))]  # W is the 5


# ----- X7 aces in runs -----------------------------------------------------------------------


def test_ace_low_only_rummy() -> None:
    """X7 (RUM): A-2-3 is a run, Q-K-A is not."""
    g = ready("rummy", "AH 2H 3H QS KS AS 9C", draw="KD")
    assert refused(g, "meld", 0, melds=[["QS", "KS", "AS"]]) == "ace-position"
    ok(g, "meld", 0, melds=[["AH", "2H", "3H"]])


def test_ace_high_only_ten_step() -> None:
    """X7 (TS, A33): J-Q-K-A is a run; A low (A-joker-3-4) is not."""
    g = ready("ten_step", "AH JK 3H 4H 5C 5D 5S 9C 9D 9S JS", players=4, round_=2)
    assert down(g, "5C 5D 5S", "AH JK 3H 4H") == "ace-position"
    g = ready("ten_step", "AH KH QH JH 5C 5D 5S 9C 9D 9S JS", players=4, round_=2)
    assert down(g, "5C 5D 5S", "JH QH KH AH") == "ok"


@pytest.mark.parametrize(("name", "wrap"), [
    ("continental", "KS AS 2S 3S"), ("liverpool", "KS AS 2S 3S"), ("contract", "KS AS 2S 3S"),
    ("seven_hand", "KS AS 2S 3S"),
    ("shanghai", "KS AS JK 3S"), ("twelve_step", "KS AS JK 3S"),  # 2s are wild there
])
def test_ace_low_or_high_never_around_the_corner(name: str, wrap: str) -> None:
    """X7: A-2-3-4 and J-Q-K-A are runs; K-A-2-3 wraps and is refused."""
    hand = "AS 2S 3S 4S JC QC KC AC 5D 5H KS JK 3S"
    g = ready(name, hand, players=4, round_=3)
    assert down(g, "AS 2S 3S 4S", "JC QC KC AC") == "ok"
    g = ready(name, hand, players=4, round_=3)
    assert down(g, wrap, "JC QC KC AC") == "wrap-around"


# ----- X14 wild cards ------------------------------------------------------------------------


def test_red_aces_wild_black_aces_natural_continental() -> None:
    """X14 (CONT): jokers and red aces are wild; a black ace is an ordinary ace."""
    g = ready("continental", "5H 5S AH 9C 9D JK AS 2C 3C 4C 7D 8D", players=4)
    assert down(g, "5H 5S AS", "9C 9D JK") == "mixed-ranks"
    assert down(g, "5H 5S AH", "9C 9D JK") == "ok"
    assert [t.meld.wild_count for t in g.state.hand.table] == [1, 1]


@pytest.mark.parametrize("name", ["ten_step", "shanghai", "twelve_step"])
def test_twos_and_jokers_wild(name: str) -> None:
    """X14 (TS, SH, 12S): 2s and jokers are wild."""
    g = ready(name, "5H 5S 2C 9C 9D JK 7S 3C 4C 7D 8D 10H 10S", players=4)
    assert down(g, "5H 5S 2C", "9C 9D JK") == "ok"


@pytest.mark.parametrize("name", ["contract", "seven_hand", "liverpool"])
def test_only_jokers_wild(name: str) -> None:
    """X14 (CR-P, 7H, LIV): jokers only; a 2 is an ordinary card."""
    g = ready(name, "5H 5S 2C 9C 9D JK 7S 3C 4C 7D 8D", players=4)
    assert down(g, "5H 5S 2C", "9C 9D JK") == "mixed-ranks"


def test_contract_deuces_wild_option() -> None:
    """X14 (CR-P option deuces_wild): 2s become wild."""
    g = ready("contract", "5H 5S 2C 9C 9D JK 7S 3C 4C 7D", options=("deuces_wild",))
    assert down(g, "5H 5S 2C", "9C 9D JK") == "ok"


@pytest.mark.parametrize(("options", "wild"), [
    ((), None), (("jokers_wild",), "JK"), (("deuces_wild",), "2C")])
def test_rummy_wild_options(options: tuple[str, ...], wild: str | None) -> None:
    """X14 (RUM): no wilds in the base game; options make jokers or 2s wild."""
    g = ready("rummy", "5H 5S 2C 9D 9H 9C 4D", options=options)
    if wild == "2C":
        ok(g, "meld", 0, melds=[["5H", "5S", "2C"]])
    else:
        assert refused(g, "meld", 0, melds=[["5H", "5S", "2C"]]) == "mixed-ranks"
    if wild == "JK":
        g = ready("rummy", "5H 5S JK 9D 9H 9C 4D", options=options)
        ok(g, "meld", 0, melds=[["5H", "5S", "JK"]])


def test_phase10_wild_card() -> None:
    """X14 (P10): the Wild card stands for any number and colour."""
    g = ready("phase10", "1R 1B W 2R 2B 2G 3R 3B 3G 12R", draw="9B")
    assert down(g, "1R 1B W", "2R 2B 2G") == "ok"


# ----- X15 wild limits --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["continental", "liverpool", "shanghai"])
def test_wilds_never_outnumber_naturals(name: str) -> None:
    """X15 (CONT, LIV, SH-BLG): 8-8-W-W is fine, 8-W-W is not."""
    g = ready(name, "8H 8S JK JK 9C 9D 9S 8C JK 3C 4C 7D", players=4)
    assert down(g, "8H JK JK", "9C 9D 9S") == "wilds-outnumber-naturals"
    assert down(g, "8H 8S JK JK", "9C 9D 9S") == "ok"


@pytest.mark.parametrize("name", ["contract", "ten_step", "seven_hand", "twelve_step"])
def test_no_wild_limit_but_one_natural(name: str) -> None:
    """X15 (CR-P, TS, 7H, 12S: no limit, A4/A55) and A49: 8-W-W is fine; a meld of wilds
    only is not."""
    g = ready(name, "8H JK JK 9C 9D 9S JK JK JK 4C 7D 3C 5D", players=4)
    assert down(g, "JK JK JK", "9C 9D 9S") == "needs-natural"
    assert down(g, "8H JK JK", "9C 9D 9S") == "ok"


def test_contract_wikipedia_wild_limit_on_contract_melds() -> None:
    """X15 (CR-W, A16): wilds may not outnumber naturals in a contract meld."""
    g = ready("contract_wikipedia", "8H JK JK 9C 9D 9S 8S 4C 7D 3C")
    assert down(g, "8H JK JK", "9C 9D 9S") == "wilds-outnumber-naturals"
    assert down(g, "8H 8S JK", "9C 9D 9S") == "ok"


def test_phase10_needs_a_natural() -> None:
    """X15 (P10, ENOW A42): every phase meld holds at least one natural card."""
    g = ready("phase10", "W W W 2R 2B 2G 1R 3B 3G 12R", draw="9B")
    assert down(g, "W W W", "2R 2B 2G") == "needs-natural"
    assert down(g, "1R W W", "2R 2B 2G") == "ok"


# ----- X16 wild adjacency, X17 all-wild sets, X18 wild value -----------------------------------


@pytest.mark.parametrize("name", ["shanghai", "twelve_step"])
def test_no_two_wilds_side_by_side_in_a_run(name: str) -> None:
    """X16 (SH-WKH, 12S-RRB): in a run every two wilds are separated by a natural; sets may
    hold wilds side by side."""
    hand = "5H JK 2C 8H 9H 5C 5D 5S 2D JK 6H 7H 10D"
    g = ready(name, hand, players=4, round_=2)
    assert down(g, "5C 5D 5S", "5H JK 2C 8H") == "adjacent-wilds"
    assert down(g, "5C 5D 2D JK", "5H JK 7H 2C 9H") == "ok"


@pytest.mark.parametrize("name", ["continental", "contract"])
def test_adjacent_wilds_allowed_elsewhere(name: str) -> None:
    """X16: without the rule, two wilds may stand side by side in a run."""
    g = ready(name, "5H JK JK 8H 9H 9C 9D 9S 3C 4C 7D 10S", players=4, round_=2)
    assert down(g, "9C 9D 9S", "5H JK JK 8H") == "ok"


def test_all_wild_trio_continental() -> None:
    """X17 (CONT): a trio of wilds only (jokers and red aces) is a legal set."""
    g = ready("continental", "JK JK AH 9C 9D 9S 2C 3C 4C 7D 8D 10S", players=4)
    assert down(g, "JK JK AH", "9C 9D 9S") == "ok"
    assert g.state.hand.table[0].all_wild


def test_wild_in_a_run_stands_for_its_position() -> None:
    """X18: a wild in a run stands for the rank its position implies (5H JK 7H 8H: the
    joker is the 6H)."""
    g = ready("continental", "5H JK 7H 8H 9C 9D 9S 2C 3C 4C 7D 10S", players=4, round_=2)
    assert down(g, "9C 9D 9S", "5H JK 7H 8H") == "ok"
    wilds = g.state_json()["table"][1]["wilds"]
    assert wilds == [{"card": "JK", "position": 1, "stands_for": "6H"}]


# ----- options and remaining clauses -------------------------------------------------------------


def test_liverpool_eet_option_twos_wild_aces_high() -> None:
    """X7/X14 (LIV option eet): 2s are wild and aces are high only."""
    g = ready("liverpool", "2C 5H 5S 9C 9D 9S JH QH KH AH 3D", options=("eet",))
    assert down(g, "2C 5H 5S", "9C 9D 9S") == "ok"
    g = ready("liverpool", "AH 2C 3H 4H 5C 5D 5S 9C 9D 9S JS", options=("eet",), round_=2)
    assert down(g, "5C 5D 5S", "AH 2C 3H 4H") == "ace-position"
    g = ready("liverpool", "AH 2C 3H 4H 5C 5D 5S 9C 9D 9S JS", round_=2)
    assert down(g, "5C 5D 5S", "AH 2C 3H 4H") == "mixed-suits"  # base game: 2C is natural


def test_rummy_jokers_wild_option_ace_low_or_high() -> None:
    """X7 (RUM options jokers_wild, deuces_wild): with wilds, the ace may also be high."""
    g = ready("rummy", "QH KH AH 9C 9D 9S 2C", options=("jokers_wild",))
    ok(g, "meld", 0, melds=[["QH", "KH", "AH"]])
    g = ready("rummy", "QH KH AH 9C 9D 9S 2C")
    assert refused(g, "meld", 0, melds=[["QH", "KH", "AH"]]) == "ace-position"


def test_phase10_bigger_melds_allowed() -> None:
    """X36 (P10, A40): a phase meld may be larger than the phase asks."""
    g = ready("phase10", "1R 1B 1G 1Y 2R 2B 2G 2Y 3R 12R", draw="9B")
    assert down(g, "1R 1B 1G 1Y", "2R 2B 2G 2Y") == "ok"


def test_seven_hand_eighth_hand_one_long_run_pat() -> None:
    """X37 (7H option eighth_hand, A5): hand 8 is one run in one suit holding every card,
    with no discard."""
    hand = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H"
    g = ready("seven_hand", f"{hand} KS", draw="JH", players=4, options=("eighth_hand",),
              round_=8)
    assert down(g, f"{hand} JH") == "pat-required"
    g = ready("seven_hand", hand, draw="JH", players=4, options=("eighth_hand",), round_=8)
    assert down(g, f"{hand} JH") == "ok"
    assert g.state.hand.phase == "game-over"
