"""Remi 51 (``remi51``) against its sources, fact by fact, through the public API.

Sources (the spec's): askarte.com, "Remi",
http://www.askarte.com/pravila/pravila_za_remi.html (ASKARTE); remi51.rs, "Remi Uputstvo",
https://www.remi51.rs/uputstvo_sr (REMI51); forestrummy.com, "Uputstvo",
https://www.forestrummy.com/uputstvo_sr (FOREST); igresakartama.com, "Remi",
https://igresakartama.com/remi/ (IGRE); rummy-party.com, "Remi 51",
https://rummy-party.com/remi-51 (PARTY); iskambilci.com, "How to play 51",
https://www.iskambilci.com/how-to-play-51/ (ISKAMBILCI); iskrivapespot, "Remi",
https://iskrivapespot.splet.arnes.si/remi/ (ISKRIVA); onlinekazina.rs, "10 pravila remija
za početnike", https://onlinekazina.rs/pravila-remija/ (KAZINA).  Each test quotes the
few words of the fact it checks (the Serbian, Romanian and Slovenian ones with a gloss).
"""

from __future__ import annotations

import pytest

import rummy_spec
from rummy_spec import Action, Game
from rummy_spec.analysis import play_games

NAME = "remi51"
# the first player (15 cards): A-A-A (30 at 10 each), 5-6-7-8H, Q-Q-Q, K-K-K and 9D, 4S
S0 = "AH AS AC 5H 6H 7H 8H QH QS QD KH KS KD 9D 4S"
S1 = "2D 3D 8C 9C JH JS 10D 4H 6C 7D 8S 3S 5C JK"  # 105 points in hand


PAD = "2S 2C 3S"  # drawn and thrown in the first two rounds of turns


def dealt(hands: tuple[str, str] = (S0, S1), stock: str = "9H 10S 10C 2H") -> Game:
    """Seat 0 plays first; no upcard: the pile starts with his discard.  The stock starts
    with PAD, then ``stock``: its first card is seat 0's draw on his third turn."""
    return Game.dealt(NAME, hands=hands, stock=f"{PAD} {stock}", discard="")


def melds(player: int, *groups: str) -> Action:
    """Several melds laid at once (a first lay-down that must count 51)."""
    return Action("meld", player, melds=tuple(tuple(g.split()) for g in groups))


def throw_drawn(g: Game, seat: int) -> None:
    g.apply(Action.draw(seat))
    g.apply(Action.discard(seat, g.hand(seat)[-1]))


def to_third_turn(g: Game, first_discard: str = "4S") -> None:
    """Seat 0 discards; then each player draws and throws the card drawn, until seat 0
    draws on his third turn: the first turn anyone may meld."""
    g.apply(Action.discard(0, first_discard))
    for seat in (1, 0, 1):
        throw_drawn(g, seat)
    g.apply(Action.draw(0))


def test_two_to_six_players() -> None:
    """REMI51: "Remi ukupno može igrati od 2 do 6 igrača" (two to six may play)."""
    v = rummy_spec.load(NAME)
    assert (v.players.min, v.players.max) == (2, 6)
    with pytest.raises(ValueError):
        Game(NAME, 7, seed=1)


def test_two_packs_and_four_jokers_108_cards() -> None:
    """ASKARTE: "dva standardna špila od 52 karte i sa 4 Joker-a što ukupno čini 108
    karata" (two packs of 52 and 4 jokers, 108 cards)."""
    g = Game(NAME, 2, seed=1)
    cards = [*g.hand(0), *g.hand(1), *g.state_json()["stock"], *g.state_json()["discard"]]
    assert len(cards) == 108 and cards.count("JK") == 4 and cards.count("7D") == 2


@pytest.mark.parametrize("players", [2, 4, 6])
def test_fourteen_cards_and_fifteen_to_the_first_player(players: int) -> None:
    """ASKARTE: "svakom igraču po 14 karata jedino igrač koji igra prvi ... ima 15 karata"
    (14 cards each, only the first player has 15)."""
    g = Game(NAME, players, seed=3)
    sizes = [len(g.hand(i)) for i in range(players)]
    assert sizes[g.turn] == 15 and sorted(sizes) == [14] * (players - 1) + [15]


def test_the_first_player_starts_by_discarding() -> None:
    """ASKARTE: "Igrač sa 15 karata započinje partiju bacajući kartu koja mu ne treba"
    (the player with 15 starts by throwing a card he does not need): no upcard, no draw,
    no meld on that turn."""
    g = dealt()
    assert g.upcard is None
    assert not g.legal(Action.draw(0))
    assert g.legal(melds(0, "KH KS KD", "QH QS QD")).code == "first-turn-discard-only"
    g.apply(Action.discard(0, "4S"))
    assert g.upcard == "4S" and g.turn == 1


def test_the_next_player_draws_then_discards() -> None:
    """ASKARTE: "Igrač koji je sledeći na redu vuče kartu i takođe izbacuje kartu" (the
    next player draws a card and also throws one out)."""
    g = dealt()
    g.apply(Action.discard(0, "4S"))
    assert g.legal(Action.discard(1, "2D")).code == "must-draw-first"
    g.apply(Action.draw(1))
    assert len(g.hand(1)) == 15
    g.apply(Action.discard(1, "2D"))
    assert g.turn == 0 and len(g.hand(1)) == 14


def test_the_first_lay_down_counts_at_least_51() -> None:
    """ASKARTE: "Uslov za otvaranje jeste da se skupi zbir karata od 51" (to open, the
    cards must add up to 51): Q-Q-Q with 5-6-7 is 48, with K-K-K 60."""
    g = dealt()
    to_third_turn(g)
    assert g.legal(melds(0, "QH QS QD", "5H 6H 7H")).code == "opening-too-low"
    assert g.legal(melds(0, "QH QS QD", "KH KS KD"))


def test_aces_count_ten_in_the_opening() -> None:
    """FOREST: "Karte 10, 12, 13, 14 i kečevi se računaju kao 10 poena a ostale karte u
    njihovoj vrednosti" (10, J, Q, K and aces count 10, the others their number): A-A-A
    with 6-7-8 is 51 exactly, with 5-6-7 only 48 (at 11 an ace would make it 51)."""
    g = dealt()
    to_third_turn(g)
    assert g.legal(melds(0, "AH AS AC", "6H 7H 8H"))
    assert g.legal(melds(0, "AH AS AC", "5H 6H 7H")).code == "opening-too-low"


def test_a_joker_counts_as_the_card_it_stands_for() -> None:
    """PARTY: "Jokerii sunt calculaţi la valoarea cărţii pe care o substituie" (jokers
    count the card they replace): A-A-joker is 30, not 20 plus the joker's 20 in hand."""
    g = dealt(stock="JK")
    to_third_turn(g)
    assert g.legal(melds(0, "AH AS JK", "6H 7H 8H"))
    assert g.legal(melds(0, "AH AS JK", "5H 6H 7H")).code == "opening-too-low"


def test_sets_of_three_or_four_of_different_suits() -> None:
    """ASKARTE: a group has "najmanje 3 karte, a najviše ... 4", and "znakovi se ne mogu
    ponavljati" (three cards at least, four at most; suits may not repeat)."""
    g = dealt(stock="QH QC")
    to_third_turn(g)
    assert g.legal(melds(0, "QH QS QH", "KH KS KD")).code == "set-suits-repeat"
    g = dealt((S0.replace("9D", "QC"), S1), stock="QH")
    to_third_turn(g)
    assert g.legal(melds(0, "QH QS QD QC QH", "KH KS KD")).code == "too-long"
    assert g.legal(melds(0, "QH QS QD QC", "KH KS KD"))


def test_runs_are_of_one_suit() -> None:
    """ASKARTE: "Karte kad se ređaju u nizu moraju biti u istom znaku" (the cards of a run
    are of one suit)."""
    g = dealt(stock="9D")
    to_third_turn(g)
    assert g.legal(melds(0, "6H 7H 8H 9D", "KH KS KD")).code == "mixed-suits"
    assert g.legal(melds(0, "6H 7H 8H", "KH KS KD"))


def test_a_run_may_go_from_ace_to_ace() -> None:
    """ASKARTE: a run holds "najviše ... 14 karata i to: A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J,
    D, K, A" (at most fourteen cards: A, 2 ... K, A)."""
    hand = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH 4S"
    g = dealt((hand, S1), stock="9C")
    to_third_turn(g)
    assert g.legal(Action.new_meld(0, hand.removesuffix(" 4S")))


def test_queen_king_ace_is_a_run_but_not_king_ace_two() -> None:
    """FOREST: a run such as "13♥ 14♥ 1♥" (Q-K-A); PARTY: "o combinaţie popă, as, doi
    este neregulamentară" (king, ace, two is irregular)."""
    hand = "QH KH AH 2H 3H JS JD JC 10S 10D 10C 9S 9D 9C 4S"
    g = dealt((hand, S1), stock="8C")
    to_third_turn(g)
    assert g.legal(melds(0, "QH KH AH", "JS JD JC", "10S 10D 10C"))
    assert not g.legal(melds(0, "KH AH 2H", "JS JD JC", "10S 10D 10C"))


def test_the_discard_is_taken_only_to_be_laid_down_at_once() -> None:
    """ISKAMBILCI: "If the next player takes the discarded card, he must lay down his cards
    taking the threshold into account. Otherwise, he will not be able to take the
    discarded card": on seat 1's third turn the 4S opens nothing, the KC makes K-K-K-K
    (40) with 5-6-7D (18)."""
    kings = "KH KS KD 5D 6D 7D 2C 3C 9S 10H JD 4H 8C 8S"
    for card, usable in (("4S", False), ("KC", True)):
        g = dealt((S0.replace("KH KS KD", "KC 2D 3D"), kings))
        g.apply(Action.discard(0, "9D"))
        for seat in (1, 0, 1):
            throw_drawn(g, seat)
        g.apply(Action.draw(0))
        g.apply(Action.discard(0, card))
        assert bool(g.legal(Action.take_upcard(1))) is usable
    g.apply(Action.take_upcard(1))
    assert g.legal(Action.discard(1, "2C")).code == "must-meld-taken"
    assert g.legal(melds(1, "KH KS KC", "5D 6D 7D")).code == "opening-too-low"
    g.apply(melds(1, "KH KS KD KC", "5D 6D 7D"))
    assert g.legal(Action.discard(1, "2C"))


def test_nobody_melds_in_the_first_two_rounds_of_turns() -> None:
    """ASKARTE: "Igrači se ne mogu otvoriti ni zatvoriti u prva 2 kruga" (players can
    neither open nor go out in the first two rounds): seat 0 melds on his third turn, not
    on his second; seat 1 may not take a discard that would open him on his first."""
    g = dealt()
    g.apply(Action.discard(0, "4S"))
    throw_drawn(g, 1)
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "QH QS QD", "KH KS KD")).code == "too-early-to-meld"
    g.apply(Action.discard(0, g.hand(0)[-1]))
    throw_drawn(g, 1)
    g.apply(Action.draw(0))
    assert g.legal(melds(0, "QH QS QD", "KH KS KD"))
    kings = "KH KS KD 5D 6D 7D 2C 3C 9S 10H JD 4H 8C 8S"
    g = dealt((S0.replace("KH KS KD", "KC 2D 3D"), kings))
    g.apply(Action.discard(0, "KC"))
    assert g.legal(Action.take_upcard(1)).code == "taken-card-unusable"


def test_cards_are_laid_off_only_once_opened() -> None:
    """ISKRIVA: "Šele ko si enkrat odprt lahko ... prilagaš karte" (only once you have
    opened may you add cards to melds); PARTY: adding to one's own or the others'
    formations is allowed."""
    g = dealt()
    to_third_turn(g)
    g.apply(melds(0, "AH AS AC", "6H 7H 8H"))
    assert g.legal(Action.lay_off(0, "5H", 1))  # the same turn, onto his own run
    g.apply(Action.discard(0, "9D"))
    g.apply(Action.draw(1))
    assert g.legal(Action.lay_off(1, "4H", 1)).code == "not-down"


def test_melds_are_laid_over_several_turns() -> None:
    """PARTY: "la etalarea progresivă, combinaţiile se pun pe masă în mai multe ture"
    (laying down progressively, the melds go on the table over several turns): once
    opened, Q-Q-Q (30) is laid alone."""
    g = dealt()
    to_third_turn(g)
    g.apply(melds(0, "AH AS AC", "6H 7H 8H"))
    g.apply(Action.discard(0, "9D"))
    g.apply(Action.draw(1))
    g.apply(Action.discard(1, g.hand(1)[-1]))
    g.apply(Action.draw(0))
    assert g.legal(Action.new_meld(0, "QH QS QD"))


def go_out(g: Game) -> None:
    """Seat 0 melds 14 cards after his draw of 9H and covers the pile with 9D."""
    to_third_turn(g)
    g.apply(melds(0, "AH AS AC", "5H 6H 7H 8H 9H", "QH QS QD", "KH KS KD"))
    g.apply(Action.discard(0, "9D"))


def test_going_out_by_covering_the_pile_with_the_last_card() -> None:
    """ASKARTE: the player goes out "tako što će ostati bez karata bacivši poslednju kartu
    na talon" (left without cards by throwing the last card on the pile); IGRE: "ostavi
    jednu kartu kojom poklapa špil" (he keeps one card to cover the pile)."""
    g = dealt((S0.replace("9D", "QC"), S1))
    to_third_turn(g)
    every = melds(0, "AH AS AC", "5H 6H 7H 8H 9H", "QH QS QD QC", "KH KS KD")
    assert g.legal(every).code == "must-keep-discard"
    g.apply(melds(0, "AH AS AC", "5H 6H 7H 8H 9H", "QH QS QD", "KH KS KD"))
    g.apply(Action.discard(0, "QC"))
    assert g.results[0].ending == "out" and g.results[0].winner == 0


def test_the_cards_left_in_hand_count_against_their_holder() -> None:
    """KAZINA: "svaka preostala karta povećava ukupni rezultat igrača" (every card left
    raises the player's total); FOREST's values, and PARTY's joker: "la 20 de puncte dacă
    rămân în mână" (20 points if left in hand)."""
    g = dealt()
    go_out(g)
    want = 2 + 3 + 8 + 9 + 10 + 10 + 10 + 4 + 6 + 7 + 8 + 3 + 5 + 20
    assert g.results[0].scores == (0, want) and want == 105


def test_the_deal_passes_and_the_next_player_starts_with_fifteen() -> None:
    """REMI51: "deliće igrač koji je u ovoj partiji igrao prvi" (the one who played first
    deals next), so the next seat starts, with 15 cards."""
    g = dealt()
    go_out(g)
    assert not g.over and g.turn == 1
    assert (len(g.hand(1)), len(g.hand(0))) == (15, 14)


@pytest.mark.parametrize("players", [2, 3])
def test_as_many_deals_as_players_and_the_fewest_points_win(players: int) -> None:
    """REMI51: "onoliko partija koliko ima igrača da svi budu delitelji jednom" (as many
    deals as players, so that each deals once); KAZINA: "Cilj je imati što manje bodova"
    (the aim is to have as few points as possible)."""
    v = rummy_spec.load(NAME)
    for record in play_games(v, players, 2, first_seed=5):
        assert record.finished and len(record.rounds) == players
        low = min(record.totals)
        assert record.winners == tuple(i for i, t in enumerate(record.totals) if t == low)
