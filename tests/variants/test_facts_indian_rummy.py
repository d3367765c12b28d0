"""Indian Rummy (``indian_rummy``) against its sources, fact by fact, through the public API.

Sources (the spec's): RummyCulture support, "Common Terminologies",
https://support.rummyculture.com/support/solutions/articles/31000156199-common-terminologies
(CULTURE); RummyOn, "FAQ", https://rummyon.com/faq/ (RUMMYON); NexGen Playtech, "FAQ",
https://nexgenplaytech.com/home/faq (NEXGEN); Rummy Passion, "Points Rummy",
https://www.slideserve.com/rummypassion/points-rummy-rummy-passion (PASSION).  Each test
quotes the few words of the fact it checks.
"""

from __future__ import annotations

import pytest

import rummy_spec
from rummy_spec import Action, Game

NAME = "indian_rummy"
# seat 0: A-2-3S (pure), 5-6H with 9D standing for 7H (9s are wild: 9C turned under the
# stock), K-K-K, 4-5-6-7D; with QC drawn, QC is the fourteenth card, discarded
DECLARER = "AS 2S 3S 5H 6H 9D KC KD KH 4D 5D 6D 7D"
DECLARATION = ("AS 2S 3S", "5H 6H 9D", "KC KD KH", "4D 5D 6D 7D")
# seat 1: 2-3-4-5C (pure) and 10D-JK-QD; loose 7S 8S 10H 2H 3H 8C (38)
LOSER = "2C 3C 4C 7S 8S JK 10H 10D QD 2H 3H 5C 8C"
# no pure run anywhere: all thirteen count (95)
NO_LIFE = "KS QS JD 10C 10S QH 8C 8D 7C 6S JK 2D 4H"


def dealt(hands: tuple[str, ...] = (DECLARER, LOSER), turned: str = "9C",
          draw: str = "QC") -> Game:
    """A deal whose turned card (the stock's last, under it) is ``turned``."""
    return Game.dealt(NAME, hands=hands, stock=f"{draw} 4H 8H JC {turned}", discard="KS")


def declare(g: Game, *melds: str, keep: str = "QC") -> None:
    g.apply(Action.draw(0))
    g.apply(Action.go_down(0, *melds))
    g.apply(Action.discard(0, keep))


def test_two_to_six_players() -> None:
    """CULTURE: "Every rummy table can sit two to six players in a game"."""
    v = rummy_spec.load(NAME)
    assert (v.players.min, v.players.max) == (2, 6)
    with pytest.raises(ValueError):
        Game(NAME, 7, seed=1)


def test_a_printed_joker_in_every_pack() -> None:
    """CULTURE: "A single deck of cards has 52 cards and a printed joker"."""
    g = Game(NAME, 2, seed=3)
    s = g.state_json()
    cards = [*g.hand(0), *g.hand(1), *s["stock"], *s["discard"]]
    assert len(cards) == 2 * 53 and cards.count("JK") == 2 and cards.count("7H") == 2


@pytest.mark.parametrize("players", [2, 4, 6])
def test_thirteen_cards_each(players: int) -> None:
    """RUMMYON: "Each player is dealt 13 cards face down"."""
    g = Game(NAME, players, seed=4)
    assert [len(g.hand(i)) for i in range(players)] == [13] * players


def test_the_next_card_starts_the_discard_pile() -> None:
    """RUMMYON: "The next card from the deck is placed face up on the table; this starts
    the discard pile"."""
    g = Game(NAME, 3, seed=5)
    assert len(g.state_json()["discard"]) == 1 and g.view(1).upcard is not None


def test_a_card_is_turned_face_up_under_the_stock_for_all_to_see() -> None:
    """RUMMYON: "a card is picked from the stock pile and placed face up under the stock
    pile so that it is visible"."""
    g = Game(NAME, 3, seed=6)
    bottom = g.state_json()["stock"][0]  # the stock lists its bottom card first
    for seat in range(3):
        view = g.view(seat)
        assert view.cut_card == bottom and view.stock_known == (bottom,)


def test_every_card_of_the_turned_rank_is_wild() -> None:
    """RUMMYON: "All the cards of that rank regardless of the suit can be utilized as
    additional jokers or wild cards": 9C turned, 9D stands in 5-6-7 of hearts."""
    g = dealt()
    g.apply(Action.draw(0))
    assert g.legal(Action.go_down(0, *DECLARATION))
    other = dealt(turned="8H")  # 8H turned instead: 9D is a nine, the run fails
    other.apply(Action.draw(0))
    assert not other.legal(Action.go_down(0, *DECLARATION))


def test_a_turned_printed_joker_makes_the_aces_wild() -> None:
    """CULTURE: "In case the open joker is the printed joker, then all Aces are
    considered as wild card jokers"."""
    hand = "2S 3S 4S 5H 6H AD KC KD KH 4D 5D 6D 7D"  # AD stands for 7H
    g = dealt(hands=(hand, LOSER), turned="JK")
    g.apply(Action.draw(0))
    assert g.legal(Action.go_down(0, "2S 3S 4S", "5H 6H AD", "KC KD KH", "4D 5D 6D 7D"))
    plain = dealt(hands=(hand, LOSER), turned="8H")
    plain.apply(Action.draw(0))
    assert not plain.legal(Action.go_down(0, "2S 3S 4S", "5H 6H AD", "KC KD KH",
                                          "4D 5D 6D 7D"))


def test_one_of_the_two_sequences_must_be_pure() -> None:
    """NEXGEN: "Minimum 2 sequences are required. One of these sequences must be pure"
    and "To form a pure sequence ... a player cannot use any Joker or wild card"."""
    hand = "5H 6H JK 4D 5D 9D KC KD KH QS QH QD 2C"
    g = dealt(hands=(hand, LOSER))
    g.apply(Action.draw(0))
    verdict = g.legal(Action.go_down(0, "5H 6H JK", "4D 5D 9D", "KC KD KH", "QS QH QD QC"))
    assert verdict.code == "contract-not-met"


def test_two_sequences_are_needed() -> None:
    """NEXGEN: "Minimum 2 sequences are required": one run and three sets do not
    declare."""
    hand = "AS 2S 3S KC KD KH QS QH QD 7C 7D 7H 2C"
    g = dealt(hands=(hand, LOSER))
    g.apply(Action.draw(0))
    assert not g.legal(Action.go_down(0, "AS 2S 3S", "KC KD KH", "QS QH QD QC",
                                      "7C 7D 7H"))


def test_the_declaration_arranges_all_thirteen_and_ends_the_deal() -> None:
    """NEXGEN: "The rest of the cards need to be arranged in valid groups"; RUMMYON:
    "when a player has formed required runs and sets using all the 13 cards, the player
    declares"."""
    g = dealt()
    g.apply(Action.draw(0))
    assert g.legal(Action.go_down(0, "AS 2S 3S", "5H 6H 9D")).code == "down-must-go-out"
    g.apply(Action.go_down(0, *DECLARATION))
    g.apply(Action.discard(0, "QC"))
    [r] = g.results
    assert r.ending == "out" and r.winner == 0


def test_the_ace_is_low_or_high_but_never_around() -> None:
    """NEXGEN: "you can make a sequence as Q♠ K♠ A♠, as well as A♠ 2♠ 3♠. However, K♠ A♠
    2♠ is invalid"."""
    hand = "QS KS AS 5H 6H 9D KC KD KH 4D 5D 6D 7D"
    g = dealt(hands=(hand, LOSER))
    g.apply(Action.draw(0))
    assert g.legal(Action.go_down(0, "QS KS AS", "5H 6H 9D", "KC KD KH", "4D 5D 6D 7D"))
    around = "KS AS 2S 5H 6H 9D KC KD KH 4D 5D 6D 7D"
    g = dealt(hands=(around, LOSER))
    g.apply(Action.draw(0))
    assert not g.legal(Action.go_down(0, "KS AS 2S", "5H 6H 9D", "KC KD KH",
                                      "4D 5D 6D 7D"))


def test_a_set_is_of_different_suits_and_a_joker_may_make_it_five() -> None:
    """NEXGEN: "A set is a group of three or more cards of the same rank but of
    different suits" and "if you have a set of four cards and you are using an
    additional Joker, then in total it becomes a 5 cards group and still be a valid
    set"."""
    hand = "AS 2S 3S 5H 6H 7H KC KD KH KS JK 5D 6D"
    g = dealt(hands=(hand, LOSER), draw="7D")
    g.apply(Action.draw(0))
    assert g.legal(Action.go_down(0, "AS 2S 3S", "5H 6H 7H", "KC KD KH KS JK", "5D 6D 7D")
                   ).code == "down-must-go-out"  # a legal meld; fourteen melded
    assert g.legal(Action.go_down(0, "AS 2S 3S", "5H 6H 7H", "KC KD KH KS JK", "5D 6D"
                                  )).code != "ok"
    pair = "AS 2S 3S 5H 6H 7H KC KC KD 4D 5D 6D 7D"
    g = dealt(hands=(pair, LOSER))
    g.apply(Action.draw(0))
    assert not g.legal(Action.go_down(0, "AS 2S 3S", "5H 6H 7H", "KC KC KD", "4D 5D 6D 7D"))


def test_the_losers_unmatched_cards_are_counted() -> None:
    """RUMMYON: "For these players all the unmatched cards are counted"; CULTURE: "Ace,
    Jack, Queen, and King each have 10 points. The remaining cards have a value equal to
    their face value"."""
    g = dealt()
    declare(g, *DECLARATION)
    [r] = g.results
    assert r.details["held"][1] == 7 + 8 + 10 + 2 + 3 + 8  # 7S 8S 10H 2H 3H 8C


def test_jokers_and_wild_cards_count_nothing() -> None:
    """CULTURE: "All these cards count to zero points at the end of the game": a hand
    with no pure run counts every card, its JK and (9C turned) its 9H at 0; with 4H
    turned the 9H counts its 9."""
    hand = "KS QS JD 10C 10S QH 8C 8D 7C 6S JK 2D 9H"
    wild = dealt(hands=(DECLARER, hand))
    declare(wild, *DECLARATION)
    assert wild.results[0].details["held"][1] == 60 + 8 + 8 + 7 + 6 + 0 + 2 + 0
    plain = dealt(hands=(DECLARER.replace("9D", "7H"), hand), turned="4H")
    declare(plain, "AS 2S 3S", "5H 6H 7H", "KC KD KH", "4D 5D 6D 7D")
    assert plain.results[0].details["held"][1] == 60 + 8 + 8 + 7 + 6 + 0 + 2 + 9


def test_without_two_sequences_all_thirteen_count() -> None:
    """RUMMYON: "Every player must meet the requirements of minimum two runs ... else all
    the 13 cards are treated as unmatched and are counted"."""
    g = dealt(hands=(DECLARER, NO_LIFE))
    declare(g, *DECLARATION)
    [r] = g.results
    assert r.details["held"][1] == 95


def test_a_full_count_is_80() -> None:
    """CULTURE: "Any player who does not meld any cards when a show is called ... gets 80
    points, this is known as a Full Count"."""
    g = dealt(hands=(DECLARER, NO_LIFE))
    declare(g, *DECLARATION)
    [r] = g.results
    assert r.scores == (80, 0)


def test_the_winner_receives_the_opponents_points() -> None:
    """PASSION: "The winner receives a rupee value of the point multiplied by the sum of
    all points accumulated by the opponents"."""
    g = Game.dealt(NAME, hands=(DECLARER, LOSER, NO_LIFE),
                   stock="QC 4H 8H JC 9C", discard="KS")
    declare(g, *DECLARATION)
    [r] = g.results
    assert r.scores == (38 + 80, 0, 0)


def test_points_rummy_is_one_deal() -> None:
    """PASSION: "Point's Rummy ends within a single deal"."""
    g = dealt()
    declare(g, *DECLARATION)
    assert g.over and len(g.results) == 1
    outcome = g.outcome()
    assert outcome is not None and outcome.winners == (0,)
