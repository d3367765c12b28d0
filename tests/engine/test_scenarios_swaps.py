"""Scenarios: freeing wilds from the table and shifting them (AXES.md X20-X23)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario
from scenario_tools import FILL, at_round, down, from_stock, hand, ok, ready, refused, table

from rummy_spec.engine.game import Game

# Round 2 (1 set + 1 run): seat 0 holds a set of nines with a joker and a run 5H JK 7H 8H.
SWAP_HAND = "9C 9D JK 5H JK 7H 8H 6H 9S 3C 4C 10D"


def _down_with_wilds(name: str, players: int = 4, hand_text: str = SWAP_HAND) -> Game:
    g = ready(name, hand_text, players=players, round_=2)
    assert down(g, "9C 9D JK", "5H JK 7H 8H") == "ok"
    return g


def _next_turn_of_seat_zero(g: Game) -> None:
    """Seat 0 discards; every other seat draws and discards what it drew; seat 0 draws."""
    ok(g, "discard", 0, card="10D")
    for p in range(1, g.rules.players):
        before = list(g.state.hand.seats[p].hand)
        from_stock(g, p)
        new = list(g.state.hand.seats[p].hand)
        for c in before:
            new.remove(c)
        ok(g, "discard", p, card=g.card_text(new)[-1])
    from_stock(g, 0)


# ----- X20 liberation allowed from runs, sets, or never -------------------------------------


@pytest.mark.parametrize("name", ["seven_hand", "phase10", "liverpool"])
def test_no_swapping(name: str) -> None:
    """X20 (7H A7, P10, LIV: no rule): a wild on the table stays there."""
    if name == "phase10":
        g = ready("phase10", "1R 1B W 2R 2B 2G 1G 9B 10B 11B", draw="12R")
        assert down(g, "1R 1B W", "2R 2B 2G") == "ok"
        card = "1G"
    else:
        g = ready(name, "9C 9D JK 9S 5H 5S 5D 3C 4C 7D 10D", players=4)
        assert down(g, "9C 9D JK", "5H 5S 5D") == "ok"
        card = "9S"
    assert refused(g, "swap", 0, card=card, meld=0) == "swap-not-allowed"


def test_ten_step_no_freeing_but_shift() -> None:
    """X20/X23 (TS): no liberation at all, only the shift inside a run."""
    g = _down_with_wilds("ten_step")
    assert refused(g, "swap", 0, card="6H", meld=1) == "swap-not-allowed"
    assert refused(g, "swap", 0, card="9S", meld=0) == "swap-not-allowed"


@pytest.mark.parametrize("name", ["continental", "contract", "contract_wikipedia"])
def test_swap_from_runs_only(name: str) -> None:
    """X20 (CONT, CR-P, CR-W): a wild in a run may be freed; a wild in a set never (CR-P:
    jokers in sets are dead)."""
    g = _down_with_wilds(name, players=3 if name.startswith("contract") else 4)
    if name == "contract":
        _next_turn_of_seat_zero(g)
    assert refused(g, "swap", 0, card="9S", meld=0) == "swap-not-allowed"
    if name == "contract":
        ok(g, "swap", 0, card="6H", meld=1)
    else:
        ok(g, "swap", 0, card="6H", meld=1, wild_to=0)


def test_swap_from_sets_too_shanghai() -> None:
    """X20 (SH-WKH): wilds in sets may be freed too, by any natural of the set's rank."""
    g = _down_with_wilds("shanghai")
    _next_turn_of_seat_zero(g)
    ok(g, "swap", 0, card="9S", meld=0)
    assert table(g)[0].count("JK") == 0 and hand(g, 0)["JK"] == 1


def test_swap_from_sets_too_twelve_step() -> None:
    """X20 (12S, A37): a set's wild may be freed by a natural of its rank (here by another
    player, who must lay the freed wild at once)."""
    g = _twelve_step_two_down()
    ok(g, "swap", 1, card="9H", meld=0, wild_to=2)
    assert "JK" not in table(g)[0] and table(g)[2].count("JK") == 1


def test_swap_needs_the_exact_natural() -> None:
    """X18/X20: a run's wild is freed only by the natural its position stands for."""
    g = _down_with_wilds("continental", hand_text="9C 9D JK 5H JK 7H 8H 6D 9S 3C 4C 10D")
    assert refused(g, "swap", 0, card="6D", meld=1, wild_to=0) == "no-wild-to-swap"


def test_a_wild_never_frees_a_wild() -> None:
    """X20 (A48): only a natural frees a wild; a 2 is wild even at its own place (12S)."""
    g = _twelve_step_two_down()
    assert refused(g, "swap", 1, card="2C", meld=0, wild_to=2) == "not-a-natural"


# ----- X21 who may liberate --------------------------------------------------------------------


def test_only_down_players_swap_continental() -> None:
    """X21 (CONT, CR-P, CR-W): only a player who is down frees a wild."""
    g = scenario("continental", 4, hands=["9C 9D JK 5H JK 7H 8H 9S 3C 4C 10D QD",
                                          "6H 7S 8S 9H 10S JS QS KD KC 2D 3D 4D",
                                          FILL, FILL],
                 stock="KC KD KH 10S 10C 10D QC QS", discard="QH")
    at_round(g, 2)
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["9C", "9D", "JK"], ["5H", "JK", "7H", "8H"]])
    ok(g, "discard", 0, card="10D")
    from_stock(g, 1)
    assert refused(g, "swap", 1, card="6H", meld=1, wild_to=1) == "not-down"


def _twelve_step_two_down() -> Game:
    """12S, both seats on contract 2 (1 set + 1 run): seat 0 and seat 1 go down."""
    g = scenario("twelve_step", 3, hands=["9C 9D JK 5H JK 7H 8H 9S 3C 4C 10D QD KD",
                                          "6H 7S 7D 7C 10S JS QS KS 9H 2C 3D 4D 10C",
                                          FILL],
                 stock="KC 5D KH 10H 6C 10D QC QS", discard="QH")
    for record in g.state.game.seats:
        record.contract = 1
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["9C", "9D", "JK"], ["5H", "JK", "7H", "8H"]])
    ok(g, "discard", 0, card="10D")
    from_stock(g, 1)
    ok(g, "go_down", 1, melds=[["7S", "7D", "7C"], ["10S", "JS", "QS", "KS"]])
    return g


def test_only_others_wilds_twelve_step() -> None:
    """X21 (12S): a player frees only other players' wilds, never his own."""
    g = _twelve_step_two_down()
    ok(g, "discard", 1, card="3D")
    from_stock(g, 2)
    ok(g, "discard", 2, card="KH")
    from_stock(g, 0)
    assert refused(g, "swap", 0, card="9S", meld=0, wild_to=3) == "swap-own-wild"
    g = _twelve_step_two_down()
    ok(g, "swap", 1, card="6H", meld=1, wild_to=3, end="high")
    assert table(g)[3] == ["10S", "JS", "QS", "KS", "JK"]


def _shanghai(hand_text: str) -> Game:
    """SH round 1 (2 sets of 3): seat 1 goes down with a joker in a set; seat 2 (not down)
    is about to play."""
    g = scenario("shanghai", 3, hands=["3D 4D 6D 7D 8D 10D JD QD KD 3S 4S",
                                       "9C 9D JK 7S 7D 7C QS KS 4H 5H 6H",
                                       hand_text],
                 stock="KC 10S 10H QH 8C 8H", discard="QC")
    from_stock(g, 0)
    ok(g, "discard", 0, card="KC")
    from_stock(g, 1)
    ok(g, "go_down", 1, melds=[["9C", "9D", "JK"], ["7S", "7D", "7C"]])
    ok(g, "discard", 1, card="10S")
    from_stock(g, 2)  # 10H
    return g


def test_anyone_may_swap_who_then_goes_down_shanghai() -> None:
    """X21 (SH-WKH): a player not yet down may take a joker if he then goes down that turn;
    until he does he may not discard."""
    g = _shanghai("9S 5C 5S 2D 3H 6C 8S AC AD 4C JH")
    ok(g, "swap", 2, card="9S", meld=0)
    assert hand(g, 2)["JK"] == 1
    assert refused(g, "discard", 2, card="AC") == "must-go-down"
    ok(g, "go_down", 2, melds=[["5C", "5S", "JK"], ["AC", "AD", "2D"]])
    ok(g, "discard", 2, card="JH")


def test_swap_refused_when_the_player_could_not_go_down_shanghai() -> None:
    """X21 (SH-WKH): a player who could not go down with the joker may not take it."""
    g = _shanghai("9S 5C 3S 2D 3H 6C 8S AC KD 4C JH")
    assert refused(g, "swap", 2, card="9S", meld=0) == "must-go-down"


# ----- X22 fate of the freed wild ---------------------------------------------------------------


def test_freed_wild_to_table_at_once_continental() -> None:
    """X22 (CONT): the freed wild must at once go onto a meld on the table, where it must
    fit (wild limits included)."""
    g = ready("continental", "9C 9D JK JK 5H JK 7H 8H 6H 9S 3C 4C 10D", players=4,
              round_=2)
    assert down(g, "9C 9D JK JK", "5H JK 7H 8H") == "ok"
    assert refused(g, "swap", 0, card="6H", meld=1) == "freed-wild-to-table"
    assert refused(g, "swap", 0, card="6H", meld=1, wild_to=0) == "wilds-outnumber-naturals"


@pytest.mark.parametrize("end", ["low", "high"])
def test_freed_wild_not_moved_within_its_run_continental(end: str) -> None:
    """X22/X23 (CONT, seeds/001): a down player "cannot play his 5 of hearts and move the
    wild card somewhere else in the straight": the wild freed from a run may go onto any
    other meld, never back into its own run (that would be a shift, which CONT has not)."""
    g = ready("continental", "9C 9D JK 5H JK 7H 8H 6H 9S 3C 4C 10D", players=4, round_=2)
    assert down(g, "9C 9D JK", "5H JK 7H 8H") == "ok"
    assert refused(g, "swap", 0, card="6H", meld=1, wild_to=1, end=end) == \
        "shift-not-allowed"
    assert refused(g, "shift", 0, card="6H", meld=1) == "shift-not-allowed"
    assert not any(a.type == "swap" and a.wild_to == a.meld for a in g.legal_actions())
    ok(g, "swap", 0, card="6H", meld=1, wild_to=0)
    assert table(g) == [["9C", "9D", "JK", "JK"], ["5H", "6H", "7H", "8H"]]
    assert hand(g, 0)["JK"] == 0 and hand(g, 0)["6H"] == 0


def test_freed_wild_onto_any_meld_contract_wikipedia() -> None:
    """X22 (CR-W): the freed wild goes onto any meld (here the set, with no limit on
    later lay-offs)."""
    g = _down_with_wilds("contract_wikipedia", players=3,
                         hand_text="9C 9D 9H JK 5H JK 7H 8H 6H 9S")
    ok(g, "swap", 0, card="6H", meld=1, wild_to=0)
    assert table(g)[0].count("JK") == 2


def test_freed_wild_to_hand_contract() -> None:
    """X22 (CR-P): the freed joker goes into the hand for free use."""
    g = _down_with_wilds("contract", players=3)
    _next_turn_of_seat_zero(g)
    ok(g, "swap", 0, card="6H", meld=1)
    assert hand(g, 0)["JK"] == 1 and table(g)[1] == ["5H", "6H", "7H", "8H"]


def test_swap_waits_for_the_next_turn_contract() -> None:
    """X43/X22 (CR-P): nothing more is laid in the turn of going down, a swap included."""
    g = _down_with_wilds("contract", players=3)
    assert refused(g, "swap", 0, card="6H", meld=1) == "layoff-next-turn"


def test_rummy_jokers_wild_option_swaps_into_hand() -> None:
    """X20-X22 (RUM option jokers_wild): on his turn a player frees a table joker from a
    run or a set into his hand."""
    g = scenario("rummy", 3, hands=["5H JK 7H 9C 9D JK 2C", "6H 9S 8H KS 10S JS QS",
                                    "AS AD 3S 4S 6S 7S 8S"],
                 stock="KD KC 2D 3D 4D 5D", discard="QH", options=("jokers_wild",))
    ok(g, "draw", 0, source="stock")
    ok(g, "meld", 0, melds=[["5H", "JK", "7H"]])
    ok(g, "meld", 0, melds=[["9C", "9D", "JK"]])
    ok(g, "discard", 0, card="KD")
    ok(g, "draw", 1, source="stock")
    ok(g, "swap", 1, card="6H", meld=0)
    ok(g, "swap", 1, card="9S", meld=1)
    assert hand(g, 1)["JK"] == 2


# ----- X23 shifting a wild -----------------------------------------------------------------------


def test_shift_to_end_ten_step() -> None:
    """X23/X43 (TS): a natural takes the joker's place inside a run and the joker moves to
    an end of the same run; on one's own run only from the turn after going down."""
    g = _down_with_wilds("ten_step")
    assert refused(g, "shift", 0, card="6H", meld=1) == "own-melds-next-turn"
    _next_turn_of_seat_zero(g)
    ok(g, "shift", 0, card="6H", meld=1)
    assert table(g)[1] == ["5H", "6H", "7H", "8H", "JK"]
    assert hand(g, 0)["JK"] == 0


def test_shift_needs_a_meld_on_the_table_and_the_card_held_ten_step() -> None:
    """X23 (TS): a shift names a meld on the table and a card its player holds."""
    g = _down_with_wilds("ten_step")
    _next_turn_of_seat_zero(g)
    assert refused(g, "shift", 0, card="6H", meld=len(table(g))) == "no-such-meld"
    assert hand(g, 0)["4H"] == 0
    assert refused(g, "shift", 0, card="4H", meld=1) == "not-in-hand"
    ok(g, "shift", 0, card="6H", meld=1)


def test_shift_to_the_end_the_player_names_ten_step() -> None:
    """X23 (TS): the joker moves "to the top or bottom of the same run": where both ends
    take it, the player names the end (``end``); without it the top.  legal_actions
    offers both."""
    g = _down_with_wilds("ten_step")
    _next_turn_of_seat_zero(g)
    shifts = [g.action_json(a) for a in g.legal_actions() if a.type == "shift"]
    assert {s.get("end") for s in shifts if s["card"] == "6H"} == {None, "low"}
    ok(g, "shift", 0, card="6H", meld=1, end="low")
    assert table(g)[1] == ["JK", "5H", "6H", "7H", "8H"]
    assert g.state_json()["table"][1]["wilds"][0]["stands_for"] == "4H"


def test_shift_on_another_players_run_at_once_ten_step() -> None:
    """X23/X43 (TS): in the turn of going down, the shift works on another player's run."""
    g = scenario("ten_step", 3, hands=["9C 9D 9S 5H JK 7H 8H 3C 4C 10D QD",
                                       "6S 6D 6C 10C JC QC KC 6H KD 4D 3D", FILL[:-3]],
                 stock="KC KH QS JS", discard="QH")
    at_round(g, 2)
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["9C", "9D", "9S"], ["5H", "JK", "7H", "8H"]])
    ok(g, "discard", 0, card="KC")
    from_stock(g, 1)
    ok(g, "go_down", 1, melds=[["6S", "6D", "6C"], ["10C", "JC", "QC", "KC"]])
    ok(g, "shift", 1, card="6H", meld=1)
    assert table(g)[1] == ["5H", "6H", "7H", "8H", "JK"]


def test_shifted_joker_never_above_the_ace_ten_step() -> None:
    """X23 (TS, A35): with aces high only, a joker shifted out of J-Q-JK-A goes below the
    jack, never above the ace."""
    g = ready("ten_step", "9C 9D 9S JH QH JK AH KH 3C 4C 10D", players=4, round_=2)
    assert down(g, "9C 9D 9S", "JH QH JK AH") == "ok"
    _next_turn_of_seat_zero(g)
    ok(g, "shift", 0, card="KH", meld=1)
    assert table(g)[1] == ["JK", "JH", "QH", "KH", "AH"]
    assert g.state_json()["table"][1]["wilds"][0]["stands_for"] == "10H"


def test_shift_contract_from_the_next_turn() -> None:
    """X23 (CR-P): the shift exists, but like every table play it waits for the turn after
    going down."""
    g = _down_with_wilds("contract", players=3)
    assert refused(g, "shift", 0, card="6H", meld=1) == "layoff-next-turn"
    _next_turn_of_seat_zero(g)
    ok(g, "shift", 0, card="6H", meld=1)
    assert len(table(g)[1]) == 5


@pytest.mark.parametrize("name", ["continental", "contract_wikipedia", "twelve_step",
                                  "shanghai"])
def test_no_shift(name: str) -> None:
    """X23 (CONT: a wild may not be slid along a run; CR-W: no shift; 12S, SH)."""
    g = _down_with_wilds(name, players=3 if name == "contract_wikipedia" else 4)
    assert refused(g, "shift", 0, card="6H", meld=1) == "shift-not-allowed"


# ----- swap limits of published engines' house rules: which wilds, who ---------------------
def _shanghai_with(clause: str) -> Game:
    from scenario import variant_from_text

    v = variant_from_text(f'variant s "S" extends shanghai {{\n    swap {{ {clause} }}\n}}\n',
                          "s")
    g = ready(v, "9C 9D 2H 5H JK 7H 8H 6H 9S 3C 4C 10D", players=4, round_=2)
    assert down(g, "9C 9D 2H", "5H JK 7H 8H") == "ok"
    _next_turn_of_seat_zero(g)
    return g


def test_swap_only_jokers_not_twos() -> None:
    """Only the named wilds may be freed: the joker of the run, not the two of the set."""
    g = _shanghai_with("only jokers")
    assert refused(g, "swap", 0, card="9S", meld=0) == "swap-not-allowed"
    ok(g, "swap", 0, card="6H", meld=1)
    assert hand(g, 0)["JK"] == 1


def test_swap_by_players_not_yet_down() -> None:
    """A player who is down may no longer free wilds."""
    g = _shanghai_with("by players not yet down")
    assert refused(g, "swap", 0, card="6H", meld=1) == "swap-not-allowed"


def test_swap_refused_when_going_down_would_leave_nothing_to_discard_shanghai() -> None:
    """X21 (SH-WKH) with the discard going out needs: round 7 (3 runs of 4) and a hand of
    twelve after the draw that only all twelve, the joker among them, would lay.  Taking
    the joker would bar the discard (must go down) while going down would leave no card to
    discard (must keep one): the swap is refused, so the player is never left without a
    legal move."""
    g = scenario("shanghai", 3, round_=7,
                 hands=["4H 5H JK 7H 8C 9C 10C JC 3S 4S 5S 6S AH",
                        "6H 6D 7D 8D 9D 9S 10S JS 10H JH QH",
                        "3C 4C 5C 6C 7C 9H AS AD KS KC 8S"],
                 stock="KD KH QD QS 3D 4D 5D", discard="QC")
    from_stock(g, 0)  # KD
    ok(g, "go_down", 0, melds=[["4H", "5H", "JK", "7H"], ["8C", "9C", "10C", "JC"],
                               ["3S", "4S", "5S", "6S"]])
    ok(g, "discard", 0, card="KD")
    from_stock(g, 1)  # KH: twelve cards, 6H among them for the joker's place
    assert refused(g, "swap", 1, card="6H", meld=0) == "must-go-down"
    assert g.legal_actions()
