"""500 Rum (``rummy500``) against its sources, fact by fact, through the public API.

Sources (the spec's): Bicycle, "500 Rum", https://bicyclecards.com/how-to-play/500-rum
(BICYCLE); pagat.com, "500 Rummy", https://www.pagat.com/rummy/500rum.html (PAGAT);
HowStuffWorks, "How to Play 500 Rum",
https://entertainment.howstuffworks.com/how-to-play-500-rum.htm (HSW).  Each test quotes
the few words of the fact it checks.
"""

from __future__ import annotations

import pytest

import rummy_spec
from rummy_spec import Action, Game

NAME = "rummy500"
# seat 0: 3-4-5H, 7-7-7, 9-10-JS and loose cards; seat 1: nothing melded in these tests
H0 = "3H 4H 5H 7C 7D 7S 9S 10S JS 2D 6C QD KC"
H1 = "2C 3C 4C 5D 6D 8C 9D QH KH KS AD 2S 8H"
OUT = "3H 4H 5H 7C 7D 7S 9S 10S JS QD QC QS 2D"  # all melds but 2D


def dealt(hands: tuple[str, str] = (H0, H1), stock: str = "2H",
          discard: str = "8D 6H 10D", totals: tuple[int, int] | None = None) -> Game:
    return Game.dealt(NAME, hands=hands, stock=stock, discard=discard, totals=totals)


def play(g: Game, *actions: Action) -> None:
    for a in actions:
        g.apply(a)


def go_out(g: Game) -> None:
    """Seat 0 with ``OUT`` draws 6H, melds everything and discards 2D."""
    play(g, Action.draw(0), Action.new_meld(0, "3H 4H 5H 6H"), Action.new_meld(0, "7C 7D 7S"),
         Action.new_meld(0, "9S 10S JS"), Action.new_meld(0, "QD QC QS"),
         Action.discard(0, "2D"))


def test_two_to_eight_players() -> None:
    """BICYCLE: "Two to eight persons may play"."""
    v = rummy_spec.load(NAME)
    assert (v.players.min, v.players.max) == (2, 8)
    Game(NAME, 8, seed=1)
    with pytest.raises(ValueError):
        Game(NAME, 9, seed=1)


@pytest.mark.parametrize(("players", "cards"), [(2, 52), (4, 52), (5, 104), (8, 104)])
def test_one_pack_a_double_pack_for_five_or_more(players: int, cards: int) -> None:
    """BICYCLE: "A standard 52-card pack is used. Five or more players should use a
    double pack"."""
    g = Game(NAME, players, seed=3)
    held = sum(len(g.hand(i)) for i in range(players))
    assert held + g.stock_size + 1 == cards  # the hands, the stock, the upcard


@pytest.mark.parametrize(("players", "dealt_each"), [(2, 13), (3, 7), (8, 7)])
def test_seven_cards_each_thirteen_with_two(players: int, dealt_each: int) -> None:
    """BICYCLE: "deals seven cards to each player (except in the two-hand game, in which
    each player receives 13 cards)"."""
    g = Game(NAME, players, seed=5)
    assert [len(g.hand(i)) for i in range(players)] == [dealt_each] * players


def test_an_upcard_starts_the_discard_pile() -> None:
    """BICYCLE: "the top card is turned face up ... to start the discard pile"."""
    g = Game(NAME, 3, seed=2)
    assert g.upcard is not None and g.state_json()["discard"] == [g.upcard]


def test_the_ace_is_high_or_low_in_a_sequence() -> None:
    """BICYCLE: "Ace (high or low)"; runs A-2-3 and Q-K-A both meld."""
    low = dealt((H0.replace("4H", "AH").replace("5H", "2H"), H1), stock="KD")
    play(low, Action.draw(0))
    assert low.legal(Action.new_meld(0, "AH 2H 3H"))
    high = dealt((H0.replace("KC", "KD").replace("6C", "AD"), H1.replace("AD", "6C")),
                 stock="KC")
    play(high, Action.draw(0))
    assert high.legal(Action.new_meld(0, "QD KD AD"))


def test_sequences_do_not_go_round_the_corner() -> None:
    """HSW: sequences "cannot go round the corner"."""
    g = dealt((H0.replace("KC", "KD").replace("6C", "AD"), H1.replace("AD", "6C")),
              stock="KC")
    play(g, Action.draw(0))
    assert g.legal(Action.new_meld(0, "KD AD 2D")).code == "wrap-around"


def test_sets_of_three_or_four_sequences_of_three_or_more() -> None:
    """BICYCLE: "matched sets of three or four, and in sequences of three or more cards
    of the same suit"."""
    g = dealt(stock="7H")
    play(g, Action.draw(0))
    assert g.legal(Action.new_meld(0, "7C 7D")).code == "too-short"
    assert g.legal(Action.new_meld(0, "7C 7D 7S 7H"))
    assert g.legal(Action.new_meld(0, "3H 4H")).code == "too-short"
    assert g.legal(Action.new_meld(0, "3H 4H 5H"))


def test_any_card_of_the_pile_may_be_drawn() -> None:
    """BICYCLE: a player "may draw either the top card of the stock or any card from the
    discard pile"; PAGAT: "more than one card can be taken in order to reach a card lower
    down which you can use in a meld"."""
    g = dealt()
    assert g.legal(Action.take_deep(0, 2))  # 6H, under the upcard 10D: it melds with 3-4-5H
    play(g, Action.take_deep(0, 2))
    assert g.upcard == "8D"


def test_every_card_above_the_one_taken_comes_too() -> None:
    """HSW: "When you take a card from the discard pile, you must take all cards above the
    one you take"."""
    g = dealt()
    play(g, Action.take_deep(0, 2))
    assert {"6H", "10D"} <= set(g.hand(0)) and len(g.hand(0)) == 15


def test_the_card_taken_is_used_at_once() -> None:
    """HSW: a card of the pile is taken "as long as that card is immediately used in a
    meld or lay off"."""
    g = dealt()
    play(g, Action.take_deep(0, 2))
    assert g.legal(Action.discard(0, "KC")).code == "must-meld-taken"
    assert g.legal(Action.new_meld(0, "7C 7D 7S")).code == "must-meld-taken"
    play(g, Action.new_meld(0, "3H 4H 5H 6H"))
    assert g.legal(Action.discard(0, "KC"))


def test_a_card_that_cannot_be_used_is_not_taken() -> None:
    """PAGAT: a card lower down is taken to reach "a card ... which you can use in a
    meld": 8D (three deep) fits no meld of seat 0, nor does the upcard 10D alone."""
    g = dealt()
    assert g.legal(Action.take_deep(0, 3)).code == "taken-card-unusable"
    assert g.legal(Action.take_upcard(0)).code == "taken-card-unusable"


def test_the_card_taken_may_be_laid_off() -> None:
    """HSW: "immediately used in a meld or lay off"."""
    g = dealt(stock="2H", discard="7H 6H 10D")
    play(g, Action.draw(0), Action.new_meld(0, "7C 7D 7S"), Action.discard(0, "KC"))
    play(g, Action.take_deep(1, 4))  # 7H, with 6H, 10D and KC above it
    play(g, Action.lay_off(1, "7H", 0))
    assert sorted(g.table[0]) == ["7C", "7D", "7H", "7S"]


def test_melds_score_for_the_player_who_lays_them() -> None:
    """BICYCLE: "each player scores the value of the sets he melds"."""
    g = dealt((OUT, H1), stock="6H", discard="8D JD")
    go_out(g)
    (result,) = g.results
    assert result.scores[0] == (3 + 4 + 5 + 6) + 21 + (9 + 10 + 10) + 30


def test_cards_in_hand_count_against_their_holder() -> None:
    """BICYCLE (as quoted by its copies): the point value of the cards "remaining in
    their hand" is subtracted; a score may fall below zero."""
    g = dealt((OUT, H1), stock="6H", discard="8D JD")
    go_out(g)
    held = 2 + 3 + 4 + 5 + 6 + 8 + 9 + 10 + 10 + 10 + 15 + 2 + 8
    assert g.results[0].scores[1] == -held < 0


def test_lay_offs_count_for_the_one_who_lays_them() -> None:
    """HSW: "Since these lay offs count to your score"."""
    g = dealt((OUT, H1.replace("8H", "7H")), stock="6H 10C 8S", discard="8D JD")
    play(g, Action.draw(0), Action.new_meld(0, "7C 7D 7S"), Action.discard(0, "2D"),
         Action.draw(1), Action.lay_off(1, "7H", 0), Action.discard(1, "KS"),
         Action.draw(0), Action.new_meld(0, "3H 4H 5H 6H"), Action.new_meld(0, "9S 10S JS"),
         Action.new_meld(0, "QD QC QS"), Action.discard(0, "8S"))
    zero, one = g.results[0].scores
    assert zero == 21 + 18 + 29 + 30  # his three sevens, not the 7H laid on them
    hand = 2 + 3 + 4 + 5 + 6 + 8 + 9 + 10 + 10 + 15 + 2 + 10
    assert one == 7 - hand


def test_an_ace_melded_low_counts_one() -> None:
    """BICYCLE: "An ace counts as 15 points, except in the sequence 3, 2, A, when it
    counts as 1"."""
    other = H1.replace("AD", "6C").replace("QH", "5H")
    low = "AD 2D 3D 7C 7D 7S 9S 10S JS QD QC QS 4H"  # A-2-3D
    g = dealt((low, other), stock="4D", discard="8D JD")
    play(g, Action.draw(0), Action.new_meld(0, "AD 2D 3D 4D"), Action.new_meld(0, "7C 7D 7S"),
         Action.new_meld(0, "9S 10S JS"), Action.new_meld(0, "QD QC QS"),
         Action.discard(0, "4H"))
    assert g.results[0].scores[0] == (1 + 2 + 3 + 4) + 21 + 29 + 30
    high = "QD KD AD 7C 7D 7S 9S 10S JS QC QS QH 4H"  # Q-K-A: the ace counts 15
    g = dealt((high, other), stock="JD", discard="8D 5C")
    play(g, Action.draw(0), Action.new_meld(0, "JD QD KD AD"), Action.new_meld(0, "7C 7D 7S"),
         Action.new_meld(0, "9S 10S JS"), Action.new_meld(0, "QC QS QH"),
         Action.discard(0, "4H"))
    assert g.results[0].scores[0] == (10 + 10 + 10 + 15) + 21 + 29 + 30


def test_ace_fifteen_face_cards_ten_others_their_pips() -> None:
    """BICYCLE: "An ace counts as 15 points ... Face cards count as 10 points each. Other
    cards count their pip value" (in hand here, where the ace is never 1)."""
    g = dealt((OUT, "AC AD AH AS KH KS KD 2C 3C 5D 6D 8C 9D"), stock="6H", discard="8D JD")
    go_out(g)
    assert g.results[0].scores[1] == -(4 * 15 + 3 * 10 + 2 + 3 + 5 + 6 + 8 + 9)


def test_the_first_to_500_wins_with_the_highest_score() -> None:
    """BICYCLE (as quoted by its copies): the first player whose score reaches +500
    wins; of two who reach it in one hand, the highest score wins."""
    g = dealt((OUT, H1), stock="6H", discard="8D JD", totals=(420, 490))
    go_out(g)
    assert g.over and g.totals[0] >= 500 and g.winners == [0]
    on = dealt((OUT, H1), stock="6H", discard="8D JD", totals=(100, 490))
    go_out(on)
    assert not on.over and on.round == 2
