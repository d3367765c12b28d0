"""Conquian, fact by fact from its sources, each played through the public API.

Sources (cited per fact by letter):
B: "Conquian", Bicycle Cards, http://www.bicyclecards.com/how-to-play/conquian/
P: "Conquian", pagat.com (John McLeod), https://www.pagat.com/rummy/conquian.html
F: "Conquian", Foster's Complete Hoyle (R. F. Foster), as copied by bitlit.ru,
   https://bitlit.ru/chapter/en/r-f-foster/fosters-complete-hoyle-an-encyclopedia-of-games-including-all-indoor-games-played-to-day-with-suggestions-for-good-play-illustrative-hands-and-all-off/conquian-111
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_spec import Action, Game

RANKS = ["A", "2", "3", "4", "5", "6", "7", "J", "Q", "K"]
PACK = [r + s for s in "CDHS" for r in RANKS]
# seat 0 plays first (the last seat deals); seat 1 holds nothing that fits seat 0's cards
H1 = "2D 3D 4D 6C 6H QC KC JD AD 7D"


def dealt(h0: str, stock: str, h1: str = H1, rest: bool = True) -> Game:
    """A deal as written: seat 0's hand, the stock's top cards, then (``rest``) the rest
    of the pack below them."""
    used = set(" ".join([h0, h1, stock]).split())
    below = [c for c in PACK if c not in used] if rest else []
    return Game.dealt("conquian", hands=[h0, h1], stock=[*stock.split(), *below],
                      discard=[])


def play(game: Game, actions: Sequence[Action]) -> Game:
    for a in actions:
        game.apply(a)
    return game


# ----- pack and deal ------------------------------------------------------------------------

def test_forty_cards_without_eights_nines_and_tens() -> None:
    # B: "A standard pack of 52 cards with all the tens, nines and eights removed, leaving a
    # total of 40 cards in the deck."
    game = Game("conquian", 2, seed=5)
    cards = game.hand(0) + game.hand(1)
    assert len(cards) + game.stock_size == 40
    assert not any(c[:-1] in ("8", "9", "10") for c in cards)
    try:
        Game.dealt("conquian", hands=["8C 2C 3C 5D 5H 5S KD QH JS 7H", H1], stock=[],
                   discard=[])
    except ValueError as e:
        assert "8C" in str(e)
    else:
        raise AssertionError("an 8 was dealt")


def test_ten_cards_each_and_no_upcard() -> None:
    # B: "Each of the two players is dealt 10 cards. The remaining cards form the stock; no
    # upcard is turned."
    game = Game("conquian", 2, seed=9)
    assert [len(game.hand(p)) for p in (0, 1)] == [10, 10]
    assert game.upcard is None and game.stock_size == 20


def test_the_non_dealer_begins_by_turning_up_the_stock() -> None:
    # B: "After the deal is completed, the non-dealer turns up the top card of the stock."
    game = dealt("AC 2C 3C 5D 5H 5S KD QH JS 7H", "4C")
    assert game.turn == 0 and game.phase == "draw"
    assert [a.source for a in game.legal_actions()] == ["stock"]
    assert not game.legal(Action.draw(1)).ok


# ----- melds --------------------------------------------------------------------------------

def test_jack_and_seven_are_in_sequence() -> None:
    # B: "The jack and seven are considered to be in sequence."  P: "6-7-J are legal"
    game = play(dealt("6S 7S 2C 5D 5H QD KD QH 3C 7H", "JS"), [Action.draw(0)])
    assert game.legal(Action.new_meld(0, "6S 7S JS")).ok


def test_the_ace_is_low_only() -> None:
    # B: "The rank of an ace is low only so that the sequence A, 2, 3 can be formed, but
    # not A, K, Q."
    game = play(dealt("2S 3S QS KS 5D 5H QD KD QH 7H", "AS"), [Action.draw(0)])
    assert game.legal(Action.new_meld(0, "AS 2S 3S")).ok
    assert not game.legal(Action.new_meld(0, "QS KS AS")).ok


def test_a_group_is_three_or_four_cards_of_a_rank() -> None:
    # P: "a group or short of three or four cards of the same rank"
    game = play(dealt("5D 5H 5S 2C QD KD QH 3C 7H JC", "5C"), [Action.draw(0)])
    assert game.legal(Action.new_meld(0, "5D 5H 5S 5C")).ok
    assert game.legal(Action.new_meld(0, "5D 5C")).code == "too-short"


def test_a_sequence_holds_at_most_eight_cards() -> None:
    # P: "a sequence or straight of from three to eight cards of the same suit"
    game = play(dealt("AS 2S 3S 4S 5S 6S 7S JS QS 3C", "KS"), [Action.draw(0)])
    assert game.legal(Action.new_meld(0, "AS 2S 3S 4S 5S 6S 7S JS")).ok
    assert game.legal(Action.new_meld(0, "AS 2S 3S 4S 5S 6S 7S JS QS")).code == "too-long"


# ----- the card turned from the stock ----------------------------------------------------------

def test_the_stock_card_is_melded_at_once_or_discarded() -> None:
    # B: "He does not put it into his hand but must immediately meld it, along with cards
    # from his hand, or discard it."
    game = play(dealt("AC 2C 3C 5D 5H 5S KD QH JS 7H", "4C"), [Action.draw(0)])
    assert game.legal(Action.discard(0, "KD")).code == "stock-card-first"
    assert game.legal(Action.discard(0, "4C")).ok
    assert game.legal(Action.new_meld(0, "AC 2C 3C 4C")).ok


def test_after_melding_it_he_discards_to_keep_ten_cards() -> None:
    # F: "in order to reduce his hand and show-downs to ten cards, he must discard
    # something"
    game = play(dealt("AC 2C 5D 5H 5S KD QH JS 7H 6D", "3C"),
                [Action.draw(0), Action.new_meld(0, "AC 2C 3C")])
    assert game.turn == 0 and not game.legal(Action.draw(0)).ok
    game.apply(Action.discard(0, "KD"))
    assert len(game.hand(0)) + sum(len(m) for m in game.table) == 10
    assert game.turn == 1


def test_before_discarding_it_he_may_meld_from_his_hand() -> None:
    # B: "After turning up the top card of the stock, and before discarding it, a player may
    # meld or lay off from his or her hand if he wishes."
    game = play(dealt("5D 5H 5S 2C QD KD QH 3C 7H JC", "KS"),
                [Action.draw(0), Action.new_meld(0, "5D 5H 5S")])
    assert game.legal(Action.discard(0, "QD")).code == "stock-card-first"
    game.apply(Action.discard(0, "KS"))
    assert game.table == [["5D", "5H", "5S"]] and game.upcard == "KS"


def test_a_passed_card_is_the_opponents_to_meld_or_pass() -> None:
    # F: "the card thrown out is placed at the disposal of the adversary, as if it were the
    # card drawn from the stock, and if the adversary does not want it, he passes it and
    # draws another"
    game = play(dealt("AC 2C 3C 5D 5H QS KD QH JS 7H", "6D"),
                [Action.draw(0), Action.discard(0, "6D")])
    assert game.turn == 1 and game.upcard == "6D"
    game.apply(Action.take_upcard(1))  # 6C 6H 6D
    assert game.legal(Action.discard(1, "QC")).code == "must-meld-taken"
    game.apply(Action.new_meld(1, "6C 6H 6D"))
    assert game.legal(Action.discard(1, "QC")).ok


def test_the_discard_is_taken_only_to_be_melded() -> None:
    # B: "Each player in turn thereafter must either take the top discard and meld it ...,
    # or turn up the top card of the stock and meld or discard it."
    game = play(dealt("AC 2C 3C 5D 5H QS KD QH JS 7H", "7S"),
                [Action.draw(0), Action.discard(0, "7S")])
    assert game.legal(Action.take_upcard(1)).code == "taken-card-unusable"
    assert game.legal(Action.draw(1)).ok


def test_cards_are_added_to_ones_own_melds_only() -> None:
    # P: "At all times, the meld you have on the table must consist one or more separate
    # valid combinations" -- each player's meld is his own, and counts toward his eleven
    h1 = "2D 3D 4D 6C 6H 6S QC KC JD 5C"  # seat 1 holds the 5C
    game = play(dealt("AC 2C 3C 5D 5H QS KD QH JS 7H", "4C", h1=h1),
                [Action.draw(0), Action.new_meld(0, "AC 2C 3C 4C"), Action.discard(0, "KD"),
                 Action.draw(1), Action.new_meld(1, "2D 3D 4D")])
    assert game.legal(Action.lay_off(1, "5C", 0)).code == "own-melds-only"


# ----- going out and the end of a hand ------------------------------------------------------

def test_eleven_cards_melded_win_the_hand_and_a_stake() -> None:
    # B: "The game ends when a player has melded exactly 11 cards."  F: "Each deal is a
    # game in itself, and the loser pays one counter for it."
    game = play(dealt("AC 2C 3C 4C 5D 5H 5S KD KH KS", "5C"),
                [Action.draw(0), Action.new_meld(0, "AC 2C 3C 4C 5C"),
                 Action.new_meld(0, "5D 5H 5S")])
    assert game.results == [] and sum(len(m) for m in game.table) == 8
    assert game.hand(0) == ["KD", "KH", "KS"]
    game.apply(Action.new_meld(0, "KD KH KS"))  # 11 melded, none left
    last = game.results[-1]
    assert last.ending == "out" and last.scores == (1, -1)


def test_no_card_left_in_hand_he_plays_on_then_goes_out() -> None:
    # B: "a player may have no card left in his hand but still continues to play because
    # he needs another melded card to go out"
    game = play(dealt("AC 2C 3C 5D 5H 5S KD KH KS 7H", "4C JH 5C"),
                [Action.draw(0), Action.new_meld(0, "AC 2C 3C 4C"),
                 Action.new_meld(0, "5D 5H 5S"), Action.new_meld(0, "KD KH KS"),
                 Action.discard(0, "7H")])
    assert game.hand(0) == [] and game.results == [] and game.turn == 1
    assert sum(len(m) for m in game.table) == 10
    play(game, [Action.draw(1), Action.discard(1, "JH"), Action.draw(0)])
    assert game.results == []
    game.apply(Action.lay_off(0, "5C", 0))  # the eleventh card melded
    assert game.results[-1].ending == "out" and game.results[-1].scores == (1, -1)


def test_a_stock_run_out_draws_the_hand() -> None:
    # B: "Each deal is a separate game, and if the stock is exhausted before either play[er
    # has melded eleven]..."; F: "If the game is a tie, called a tableau" -- nobody is paid
    game = play(dealt("AC 2C 3C 5D 5H 2S 3H QH JS 7H", "KS", rest=False),
                [Action.draw(0), Action.discard(0, "KS")])
    assert not game.legal(Action.take_upcard(1)).ok  # KS fits nothing of seat 1's
    game.apply(Action.draw(1))
    last = game.results[-1]
    assert last.ending == "dead" and last.scores == (0, 0)
    assert game.totals == [0, 0]


def _greedy(game: Game) -> Action:
    """Take what can be melded, meld and lay off what can be, else pass the card."""
    acts = game.legal_actions()
    for kind in ("meld", "lay_off"):
        plays = [a for a in acts if a.type == kind]
        if plays:
            return plays[0]
    takes = [a for a in acts if a.type == "draw" and a.source == "discard"]
    return takes[0] if takes else acts[0]


def test_a_drawn_hands_stake_goes_to_the_next_hand_won() -> None:
    # F: "If the game is a tie, called a tableau, each puts up a counter for a pool, and
    # the winner of the next game takes the pool, in addition to the counter paid by his
    # adversary. If the next game is also a tableau, each player adds another counter to
    # the pool" -- after k drawn hands the winner nets k + 1 counters
    after_drawn = 0
    for seed in range(6):
        game = Game("conquian", 2, seed=seed)
        while not game.over:
            game.apply(_greedy(game))
        drawn = 0
        for r in game.results:
            if r.ending == "dead":
                assert r.scores == (0, 0)
                drawn += 1
                continue
            assert r.winner is not None
            stake = 1 + drawn
            assert r.scores == tuple(stake if i == r.winner else -stake for i in (0, 1))
            after_drawn += drawn > 0
            drawn = 0
    assert after_drawn >= 3  # the pool was won several times, not only single stakes
