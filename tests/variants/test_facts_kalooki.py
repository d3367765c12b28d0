"""Kalooki 40 (``kalooki``) against its sources, fact by fact, through the public API.

Sources (the spec's): Ludopoli, "Kalooki 40 Rules",
https://www.ludopoli.us/kalooki40_rules.aspx (LUDOPOLI); Equal Chance, "Kalooki",
http://equal-chance.co.uk/kalooki/index.html (EQUAL); ginplayeronline.com, "How to Play
Kaluki Rummy", http://www.ginplayeronline.com/kaluki-rummy.shtml (GPO); pagat.com's
"Kalookie in Britain" as copied by getwpt.com,
https://getwpt.com/cardgames/rummy/kaluki-europe-north-america (PAGAT); alberosa.net,
"Kalooki 40", http://www.alberosa.net/sca40flu_ml.asp?Lang=En (ALBEROSA); offsidebet.com,
"Kalooki 40 Rules", http://en.offsidebet.com/en-GB/rummy/info/2-7-4 (OFFSIDE).  Each test
quotes the few words of the fact it checks.
"""

from __future__ import annotations

import pytest

import rummy_spec
from rummy_spec import Action, Game

NAME = "kalooki"
# Q-Q-Q (30) with J-Q-K of clubs (30); 5-6-7H (18); A-A-A (33)
K0 = "QH QS QD JC QC KC 5H 6H 7H AH AS AD 4C"
K1 = "2C 3C 4D 5D 6S 8C 9H 10H KH KS 3D 3S 7C"
OUT = "QH QS QD 5H 6H 7H 8H 2C 3C 4C 9S 9D 9H"  # with QC: everything melds but 8H
LOSER = "AC JK KH 10H 9C 3D 7C 2S 4S 6D 8D JD KD"


def dealt(hands: tuple[str, str] = (K0, K1), stock: str = "8D", discard: str = "9C",
          totals: tuple[int, int] | None = None) -> Game:
    return Game.dealt(NAME, hands=hands, stock=stock, discard=discard, totals=totals)


def melds(player: int, *groups: str) -> Action:
    """Several melds laid at once: a first lay-down that must count 40."""
    return Action("meld", player, melds=tuple(tuple(g.split()) for g in groups))


def go_out(g: Game) -> None:
    g.apply(Action.draw(0))
    g.apply(melds(0, "QH QS QD QC", "5H 6H 7H", "2C 3C 4C", "9S 9D 9H"))
    g.apply(Action.discard(0, "8H"))


def test_two_to_four_players() -> None:
    """LUDOPOLI: "it is usually played with 2-4 players"."""
    v = rummy_spec.load(NAME)
    assert (v.players.min, v.players.max) == (2, 4)
    with pytest.raises(ValueError):
        Game(NAME, 5, seed=1)


def test_two_decks_and_four_jokers() -> None:
    """LUDOPOLI: "two standard card decks plus 4 jokers"."""
    g = Game(NAME, 2, seed=1)
    cards = [*g.hand(0), *g.hand(1), *g.state_json()["stock"], *g.state_json()["discard"]]
    assert len(cards) == 108 and cards.count("JK") == 4 and cards.count("QS") == 2


@pytest.mark.parametrize("players", [2, 3, 4])
def test_thirteen_cards_each(players: int) -> None:
    """LUDOPOLI: "each player receives 13 cards"."""
    g = Game(NAME, players, seed=2)
    assert [len(g.hand(i)) for i in range(players)] == [13] * players


def test_the_first_lay_down_counts_at_least_40() -> None:
    """LUDOPOLI: "the minimum total value that is required to lay down melds for the
    first time - 40"."""
    g = dealt()
    g.apply(Action.draw(0))
    assert g.legal(Action.new_meld(0, "QH QS QD")).code == "opening-too-low"
    assert g.legal(melds(0, "QH QS QD", "JC QC KC"))  # 60, laid together
    assert g.legal(Action.new_meld(0, "QH QS QD QC"))  # 40 exactly


def test_the_ace_counts_eleven_toward_the_40() -> None:
    """LUDOPOLI: "the ace is worth 11": three aces (33) fall short, with 5-6-7 (18)
    they make 51."""
    g = dealt()
    g.apply(Action.draw(0))
    assert g.legal(Action.new_meld(0, "AH AS AD")).code == "opening-too-low"
    assert g.legal(melds(0, "AH AS AD", "5H 6H 7H"))


def test_a_joker_counts_as_the_card_it_represents() -> None:
    """LUDOPOLI: "the jokers get the value of the card they represent": Q-Q-joker
    counts 30, not 30 plus the joker's 15 in hand."""
    g = dealt(stock="JK")
    g.apply(Action.draw(0))
    assert g.legal(Action.new_meld(0, "QH QS JK")).code == "opening-too-low"
    assert g.legal(melds(0, "QH QS JK", "JC QC KC"))


def test_after_opening_melds_of_any_value() -> None:
    """LUDOPOLI: laying down "can be done gradually": once opened, 5-6-7 (18) is laid
    alone."""
    g = dealt(stock="8D 8H 2D")
    for a in (Action.draw(0), melds(0, "QH QS QD", "JC QC KC"), Action.discard(0, "4C"),
              Action.draw(1), Action.discard(1, "8H"), Action.draw(0)):
        g.apply(a)
    assert g.legal(Action.new_meld(0, "5H 6H 7H"))


def test_sets_of_three_or_four_of_different_suits() -> None:
    """EQUAL: "A "set" contains 3-4 cards of the same value but they must be of different
    suits"."""
    g = dealt(stock="QH")
    g.apply(Action.draw(0))
    assert g.legal(Action.new_meld(0, "QH QS QH")).code == "set-suits-repeat"
    assert g.legal(Action.new_meld(0, "QH QS QD QC QH")).code == "too-long"
    assert g.legal(Action.new_meld(0, "QH QS QD QC"))


def test_runs_of_three_or_more_of_one_suit() -> None:
    """EQUAL: "a "run" consists of 3 or more consecutive cards of the same suit"."""
    g = dealt(stock="KD")
    g.apply(Action.draw(0))
    assert g.legal(Action.new_meld(0, "JC QC KD")).code == "mixed-suits"
    assert g.legal(melds(0, "JC QC KC", "QH QS QD"))


def test_the_ace_is_high_or_low_in_a_run() -> None:
    """GPO: an ace "can be used in a high run ... Or ... in a low run"."""
    high = dealt((K0.replace("QH", "10C"), K1), stock="AC")
    high.apply(Action.draw(0))
    assert high.legal(Action.new_meld(0, "10C JC QC KC AC"))
    low = dealt((K0.replace("4C", "3D"), K1.replace("3D", "4C")), stock="2D")
    low.apply(Action.draw(0))
    assert low.legal(melds(0, "AD 2D 3D", "QH QS QD"))


def test_a_joker_substitutes_for_any_card() -> None:
    """EQUAL: "a Joker can be used as a substitute for any card"."""
    g = dealt((K0.replace("KC", "AC"), K1), stock="JK")
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "JC QC JK AC", "QH QS QD"))


def test_cards_are_added_to_melds_only_after_opening() -> None:
    """ALBEROSA: "After opening they can add cards to their own or their opponent's
    melds"; EQUAL calls it building."""
    g = dealt(stock="10C KD")
    g.apply(Action.draw(0))
    g.apply(melds(0, "QH QS QD", "JC QC KC"))
    assert g.legal(Action.lay_off(0, "10C", 1))
    g.apply(Action.discard(0, "4C"))
    g.apply(Action.draw(1))
    assert g.legal(Action.lay_off(1, "KD", 0)).code == "not-down"


def test_the_discard_is_taken_only_to_be_melded_at_once() -> None:
    """OFFSIDE: "a player can draw a card from the discard card only if he is using it to
    lay down melds in the same turn": 9C melds with nothing; QC opens Q-Q-Q-Q (40)."""
    g = dealt()
    assert g.legal(Action.take_upcard(0)).code == "taken-card-unusable"
    g = dealt(discard="9C QC")
    g.apply(Action.take_upcard(0))
    assert g.legal(Action.discard(0, "4C")).code == "must-meld-taken"
    g.apply(Action.new_meld(0, "QH QS QD QC"))
    assert g.legal(Action.discard(0, "4C"))


def test_the_last_card_is_discarded() -> None:
    """LUDOPOLI: "They must then discard their last card onto the discard pile"."""
    g = dealt((OUT, LOSER), stock="QC")
    g.apply(Action.draw(0))
    every = melds(0, "QH QS QD QC", "5H 6H 7H 8H", "2C 3C 4C", "9S 9D 9H")
    assert g.legal(every).code == "must-keep-discard"
    g.apply(melds(0, "QH QS QD QC", "5H 6H 7H", "2C 3C 4C", "9S 9D 9H"))
    g.apply(Action.discard(0, "8H"))
    assert g.results[0].ending == "out" and g.results[0].winner == 0


def test_penalty_points_for_the_cards_left() -> None:
    """LUDOPOLI: "Royal cards are worth 10 each, Ace = 11 and a joker is worth 15", and
    "all number cards are worth their value in penalty points"."""
    g = dealt((OUT, LOSER), stock="QC")
    go_out(g)
    want = 11 + 15 + 10 + 10 + 9 + 3 + 7 + 2 + 4 + 6 + 8 + 10 + 10
    assert g.results[0].scores == (0, want)


def test_the_stock_is_remade_from_the_discards_but_the_last() -> None:
    """LUDOPOLI: "the discard pile will be reshuffled to form a new stock pile, but the
    last card that was thrown out, will remain"."""
    g = dealt()
    seat = 0
    while g.stock_size:
        g.apply(Action.draw(seat))
        drawn = g.hand(seat)[-1]
        g.apply(Action.discard(seat, drawn))
        seat = 1 - seat
    top, pile = g.upcard, len(g.state_json()["discard"])
    g.apply(Action.draw(seat))
    assert g.upcard == top and g.stock_size == pile - 2  # the rest, less the card drawn


def test_the_game_ends_past_150_penalty_points() -> None:
    """PAGAT: "Anyone who accumulates more than 150 penalty points over a series of hands
    is eliminated"; with two players the other wins."""
    over = dealt((OUT, LOSER), stock="QC", totals=(100, 50))
    go_out(over)
    assert over.over and over.totals == [100, 155] and over.winners == [0]
    on = dealt((OUT, LOSER), stock="QC", totals=(100, 10))
    go_out(on)
    assert not on.over and on.round == 2
