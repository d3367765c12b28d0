"""Canasta (``canasta``) against its sources, fact by fact, through the public API.

Sources (the spec's): Encyclopaedia Britannica, "Canasta: Going out",
https://www.britannica.com/topic/canasta/Going-out (BRITANNICA); Wikipedia's "Canasta" as
copied by chaos.owiki.org, http://chaos.owiki.org/wiki/Canasta (WIKIPEDIA); ourpastimes.com,
"Directions for Playing Canasta",
http://ourpastimes.com/directions-playing-canasta-6526940.html (PASTIMES); Wikipedia's
"Initial Melds" as copied by primidi.com,
https://www.primidi.com/canasta/rules_for_original_canasta/the_play/initial_melds
(INITIAL); quantumgambitz.com, "Canasta (Basket Rummy)",
https://quantumgambitz.com/blog/games/cards/canasta-basket-rummy (BASKET); BellaOnline,
"Canasta Discards", http://www.bellaonline.com/articles/art31036.asp (BELLA);
canasta-rules.com, "Canasta Discard Pile", https://www.canasta-rules.com/canasta-discard-pile/
(DISCARDS); edocr.com, "Canasta Rules" after Hoyle's Rules of Games,
https://www.edocr.com/v/jlxbezyj/jackberlin/canasta-rules (HOYLE).  Each test quotes the
few words of the fact it checks.
"""

from __future__ import annotations

import pytest

import rummy_spec
from rummy_spec import Action, Game

NAME = "canasta"
# seat 0: a pair of kings, a pair of queens, two aces and a joker
S0 = "KH KS QH QS AS AD JK 5C 6D 7H 8S"
S1 = "4C 4D 5S 6S 7C 8C 9C 10C JC QC KC"
S2 = "4H 5H 6H 7D 8D 9D 10D JD QD 9H 10H"
S3 = "4S 5D 6C 7S 8H 9S 10S JS JH KD 10S"
K0 = "KH KS KC AS AD JK 5C 6D 7H 8S 9C"  # three kings: opens with kings and aces (120)
OUT = "KH KS KC KD KH KS KC AD AC JK 2C"  # a natural canasta of kings and A-A-JK-2
OUT1 = "4C 4D 5S 6S 7C 8C 9C 10C JC QC QS"  # seat 1 without his king of clubs


def dealt(hands: tuple[str, ...] = (S0, S1, S2, S3), stock: str = "8D 9D 9H 8C",
          discard: str = "4D", totals: tuple[int, ...] | None = None) -> Game:
    return Game.dealt(NAME, hands=hands, stock=stock, discard=discard, totals=totals)


def melds(player: int, *groups: str) -> Action:
    return Action("meld", player, melds=tuple(tuple(g.split()) for g in groups))


def opened() -> Game:
    """Seat 0 opens with kings and aces; seats 1, 2 and 3 draw and discard."""
    g = dealt((K0, S1, S2, S3), stock="9D 9H 8D 8C")
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC", "AS AD JK"))
    g.apply(Action.discard(0, "9D"))
    return g


def test_four_players_in_two_partnerships_sitting_opposite() -> None:
    """WIKIPEDIA: "The classic game is for four players in two partnerships"; "they must
    sit opposite each other"."""
    v = rummy_spec.load(NAME)
    assert (v.players.min, v.players.max) == (4, 4)
    assert v.game.partners == "across"
    with pytest.raises(ValueError):
        Game(NAME, 2, seed=1)


def test_two_packs_and_four_jokers_108_cards() -> None:
    """WIKIPEDIA: "two complete decks of 52 playing cards plus the four Jokers, making a
    total of 108 cards"."""
    g = Game(NAME, 4, seed=1)
    s = g.state_json()
    cards = [*(c for i in range(4) for c in g.hand(i)), *s["stock"], *s["discard"]]
    assert len(cards) == 108 and cards.count("JK") == 4 and cards.count("KS") == 2


def test_eleven_cards_each() -> None:
    """PASTIMES: "deal 11 cards to each player"."""
    g = Game(NAME, 4, seed=2)
    assert [len(g.hand(i)) for i in range(4)] == [11] * 4


def test_a_wild_or_red_three_upcard_is_covered() -> None:
    """PASTIMES: "If the first card is a wild or a red three continue flipping cards until
    a card other than a wild or red three is on top"."""
    covered = 0
    for seed in range(60):
        pile = Game(NAME, 4, seed=seed).state_json()["discard"]
        assert pile[-1][0] != "2" and pile[-1] not in ("JK", "3H", "3D"), (seed, pile)
        assert all(c[0] == "2" or c in ("JK", "3H", "3D") for c in pile[:-1]), (seed, pile)
        covered += len(pile) > 1
    assert covered > 0


def test_card_values() -> None:
    """PASTIMES: "three through seven count as five points each, the eight through King
    count as 10 points each, the Ace and two count as 20 points each and the Jokers count
    as 50 points each" (read off the cards a side still holds at the end: seat 0 goes out
    and his opponents count their hands against them)."""
    g = dealt((OUT, "4C 7C 8C QD AC 2D JK 3S 5S 6S 9C", S2, S3), stock="5C")
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC KD KH KS KC", "AD AC JK 2C"))
    g.apply(Action.discard(0, "5C"))
    held_1 = 5 + 5 + 10 + 10 + 20 + 20 + 50 + 5 + 5 + 5 + 10
    assert g.results[0].scores[1] == -held_1


def test_jokers_and_deuces_are_wild() -> None:
    """WIKIPEDIA: "2, Joker: Wild melding cards"; PASTIMES: "Jokers and twos count as wild
    cards"."""
    g = dealt(("KH KS 2C JK AS AD 4S 5C 6D 7H 8S", S1, S2, S3))
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "KH KS 2C", "AS AD JK"))


def test_melds_are_of_one_rank_only() -> None:
    """BASKET: "A legal meld consists of at least three cards of the same rank"; HOYLE:
    "You cannot meld sequences like Four-Five-Six"."""
    g = dealt(("5C 6C 7C KS QH QS AS AD JK 8S 9C", OUT1, S2, S3), stock="8C")
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "5C 6C 7C 8C", "AS AD JK")).code == "no-such-kind"
    assert g.legal(melds(0, "QH QS QC", "AS AD JK")).code != "no-such-kind"


def test_a_meld_needs_two_naturals_and_at_most_three_wild_cards() -> None:
    """PASTIMES: "no meld can contain more than three wildcards" and "at least two
    natural, not wild, cards"; BASKET: a meld "can never have more wild cards than natural
    cards": 5-2-2 is not a legal meld."""
    g = dealt(("AS AD AH AC 2C 2D 2H JK 6D 7H 8S", S1, S2, S3))
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "AS AD AH AC 2C 2D 2H JK")).code == "too-many-wilds"
    assert g.legal(melds(0, "AS 2C 2D")).code == "needs-natural"
    assert g.legal(melds(0, "AS AD 2C 2D 2H")).code == "wilds-outnumber-naturals"
    assert g.legal(melds(0, "AS AD AH AC 2C 2D JK"))


def test_threes_are_never_melded_in_ordinary_play() -> None:
    """BASKET: "Threes may never be melded in ordinary play"."""
    g = dealt(("3H 3D 3C AS AD JK 5C 6D 7H 8S 9C", S1, S2, S3))
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "3H 3D 3C", "AS AD JK")).code == "set-rank-left-out"


def test_black_threes_are_melded_only_in_going_out() -> None:
    """BRITANNICA: "With three or four black 3s, he could go out by melding them; wild
    cards may not be included in such a meld"."""
    g = dealt(("KH KS KC KD KH KS KC 3S 3C 3S 2C", OUT1, S2, S3.replace("KD", "QD")), stock="KD")
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "3S 3C 3S 2C")).code == "set-rank-left-out"  # no wild card
    assert g.legal(melds(0, "KH KS KC KD KH KS KC KD", "3S 3C 3S")).code \
        == "going-out-meld-only"  # 2C would be left
    g.apply(melds(0, "KH KS KC KD KH KS KC KD 2C"))
    g.apply(melds(0, "3S 3C 3S"))
    assert g.results[0].ending == "out" and g.results[0].winner == 0


def test_the_first_meld_minimum_by_the_teams_score() -> None:
    """INITIAL: "Negative 15, 0-1495 50, 1500-2995 90, 3000 and above 120", by "the
    player/team's total score" (seat 0's and his partner's, seat 2's, added)."""
    hand = ("KH KS QH QS AS AD JK 2C 6D 7H 8S", S1, S2, S3)
    rows = (((-200, 0, 100, 0), None, ("KH KS 2C",)),  # 40: enough below 0
            ((0, 0, 0, 0), "KH KS 2C", ("AS AD 2C",)),  # 40 short of 50; 60
            ((1000, 0, 600, 0), "AS AD 2C", ("AS AD JK",)),  # 60 short of 90; 90
            ((2000, 0, 1000, 0), "AS AD JK", ("QH QS JK", "AS AD 2C")))  # 90; 130
    for totals, short, enough in rows:
        g = dealt(hand, totals=totals)
        g.apply(Action.draw(0))
        if short is not None:
            assert g.legal(Action.new_meld(0, short)).code == "opening-too-low", totals
        assert g.legal(melds(0, *enough)), totals


def test_wild_cards_count_their_own_value_in_the_first_meld() -> None:
    """INITIAL: at a score of 1,600 "6-6-6, K-K-K-2 ... scores only 65 points and the
    requirement is 90", "6-6-6, A-A-A-2 would score 95 points and can be played"."""
    hand = "6C 6D 6H KH KS KC AS AD AH 2C 8S"
    g = dealt((hand, OUT1, S2, S3), totals=(1000, 0, 600, 0))
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "6C 6D 6H", "KH KS KC 2C")).code == "opening-too-low"
    assert g.legal(melds(0, "6C 6D 6H", "AS AD AH 2C"))


def test_the_whole_pile_is_taken_by_melding_its_top_card_from_the_hand() -> None:
    """PASTIMES: "You can take the entire discard pile only if you have two cards in your
    hand with which you can complete a meld with the top card of the discard pile"."""
    g = dealt(discard="6C 4H KD")
    g.apply(Action.take_upcard(0))
    assert g.legal(Action.discard(0, "8S")).code == "must-meld-taken"
    g.apply(melds(0, "KD KH KS", "AS AD JK"))
    assert g.upcard is None and "6C" in g.hand(0) and "4H" in g.hand(0)
    assert dealt(discard="6C 4H 9D", stock="8D").legal(Action.take_upcard(0)).code \
        == "taken-card-unusable"


def test_or_by_adding_the_top_card_to_the_teams_meld() -> None:
    """PASTIMES: "or if your team has already played a meld which matches the top card of
    the discard pile and you add the top card to that meld"."""
    g = opened()
    for seat, card in ((1, "4C"), (2, "4H"), (3, "KD")):
        g.apply(Action.draw(seat))
        g.apply(Action.discard(seat, card))
    g.apply(Action.take_upcard(0))
    g.apply(Action.lay_off(0, "KD", 0))
    assert len(g.table[0]) == 4 and "9D" in g.hand(0)


def test_a_wild_card_discarded_freezes_the_pile() -> None:
    """BELLA: "If you put a two or Joker on the face up pile, the pile is frozen", and "If
    you only have a wild card and one card that matches the top card of the frozen pile,
    you cannot take it": the king on top no longer goes onto the side's kings either."""
    g = dealt(("KH KS KC AS AD JK 5C 6D 7H 8S 2S", S1, S2, S3), stock="9D 9H 8D 8C")
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC", "AS AD JK"))
    g.apply(Action.discard(0, "2S"))
    for seat, card in ((1, "4C"), (2, "4H"), (3, "KD")):
        g.apply(Action.draw(seat))
        g.apply(Action.discard(seat, card))
    assert g.legal(Action.take_upcard(0)).code == "taken-card-unusable"


def test_before_the_sides_first_meld_only_a_natural_pair_takes_the_pile() -> None:
    """DISCARDS: "You cannot take the discard pile before your partnership has laid down
    its first meld — unless taking the pile is itself what completes your initial meld
    requirement", holding "two natural cards that match the top card"."""
    one = dealt(("QH 2D 7S 4S JK AS AD AC 8S 9C 10C", S1, S2, S3), discard="5S QD")
    assert one.legal(Action.take_upcard(0)).code == "taken-card-unusable"
    g = dealt(("QH QS 2C 4S JK AS AD 7H 8S 9C 10C", S1, S2, S3), discard="5S QD")
    g.apply(Action.take_upcard(0))
    assert g.legal(melds(0, "QD QH 2C", "AS AD JK")).code == "pile-frozen"
    g.apply(melds(0, "QD QH QS", "AS AD JK"))
    assert "5S" in g.hand(0)


def test_a_black_three_blocks_the_pile() -> None:
    """WIKIPEDIA: "Black 3: Safe discard" (it blocks the next player: the pile is not
    taken while it is on top)."""
    g = dealt(discard="KD 3S")
    assert g.legal(Action.take_upcard(0)).code == "never-taken"


def test_never_playing_to_an_opponents_meld() -> None:
    """BASKET: "A player may never play to an opponent's meld"."""
    g = dealt((K0.replace("9C", "10C"), "QC QS QH AH AC 2H 4C 5S 6S 7C KD", S2, S3),
              stock="9D 9H 8D")
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC", "AS AD JK"))
    g.apply(Action.discard(0, "9D"))
    g.apply(Action.draw(1))
    g.apply(melds(1, "QC QS QH", "AH AC 2H"))
    assert g.legal(Action.lay_off(1, "KD", 0)).code == "own-melds-only"


def test_going_out_needs_a_canasta() -> None:
    """BRITANNICA: a player may go out "provided that the partnership has made at least
    one canasta"."""
    g = dealt(("KH KS KC KD AS AD AC JK 5C 5D 5H", S1, S2, S3), stock="6D")
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC KD", "AS AD AC JK"))
    assert g.legal(Action.new_meld(0, "5C 5D 5H")).code == "needs-meld-to-go-out"


def test_the_score_of_going_out_concealed_with_a_natural_canasta() -> None:
    """BRITANNICA: "Each side scores the total value of all its melded cards, plus bonus
    points for each natural canasta (500) ... going out (100, but 200 if concealed)", and
    "subtracts the point values of any cards still held"; concealed: "without having
    previously made any melds or layoffs"."""
    g = dealt((OUT, OUT1, S2, S3), stock="5C")
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC KD KH KS KC", "AD AC JK 2C"))
    g.apply(Action.discard(0, "5C"))
    r = g.results[0]
    assert r.ending == "out" and r.winner == 0
    assert r.scores[0] == 7 * 10 + 500 + (20 + 20 + 50 + 20) + 200
    assert r.scores[2] == -(4 * 5 + 7 * 10)  # the partner's hand counts against


def test_going_out_after_melding_on_an_earlier_turn_scores_100() -> None:
    """BRITANNICA: "going out (100 ...)": seat 0 lays his canasta on his first turn and
    goes out on his second, so not concealed."""
    g = dealt((OUT, OUT1, S2, S3), stock="5C 9H 8D 8C 9D")
    g.apply(Action.draw(0))
    g.apply(Action.new_meld(0, "KH KS KC KD KH KS KC"))
    g.apply(Action.discard(0, "5C"))
    for seat, card in ((1, "9H"), (2, "8D"), (3, "8C")):
        g.apply(Action.draw(seat))
        g.apply(Action.discard(seat, card))
    g.apply(Action.draw(0))
    g.apply(melds(0, "AD AC JK 2C"))
    g.apply(Action.discard(0, "9D"))
    r = g.results[0]
    assert r.winner == 0 and r.scores[0] == 7 * 10 + 500 + (20 + 20 + 50 + 20) + 100


def test_a_mixed_canasta_scores_300() -> None:
    """BRITANNICA: "each mixed canasta (300)"."""
    g = dealt(("KH KS KC KD KH 2S JK AD AC AH AS", OUT1, S2, S3), stock="5C")
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC KD KH 2S JK", "AD AC AH AS"))
    g.apply(Action.discard(0, "5C"))
    assert g.results[0].scores[0] == 5 * 10 + 20 + 50 + 300 + 4 * 20 + 200  # concealed


def test_without_a_stock_play_goes_on_while_the_upcard_is_used() -> None:
    """BRITANNICA: when the stock is gone "Each player in turn then takes the upcard if it
    can be melded or layed off ... This continues until someone either goes out or cannot
    use the previous player's discard"."""
    g = dealt((K0, S1, S2, S3), stock="9D 8D 8C 7C")
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC", "AS AD JK"))
    g.apply(Action.discard(0, "9D"))
    for seat, card in ((1, "8D"), (2, "8C"), (3, "KD")):
        g.apply(Action.draw(seat))
        g.apply(Action.discard(seat, card))
    assert g.stock_size == 0
    assert g.legal(Action.draw(0)).code == "stock-empty"  # KD goes onto his kings
    g.apply(Action.take_upcard(0))
    g.apply(Action.lay_off(0, "KD", 0))
    g.apply(Action.discard(0, "5C"))
    assert not g.results
    g.apply(Action.draw(1))  # seat 1 cannot use the five: the hand ends
    assert g.results[0].ending == "stock"


def test_the_game_is_won_at_5000() -> None:
    """HOYLE: "A canasta match is over when one of the players reaches 5,000 points" (in
    partnerships, a side's total); the side with more wins, both partners."""
    g = dealt((OUT, OUT1, S2, S3), stock="5C", totals=(3000, 1000, 1500, 500))
    g.apply(Action.draw(0))
    g.apply(melds(0, "KH KS KC KD KH KS KC", "AD AC JK 2C"))
    g.apply(Action.discard(0, "5C"))
    assert g.over and g.winners == [0, 2]
    assert g.totals[0] + g.totals[2] >= 5000
