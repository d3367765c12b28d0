"""Tonk, fact by fact from its sources, each played through the public API.

Sources (cited per fact by letter):
A: "Tonk Play", Artoon Games, https://www.artoongames.com/Tonk-Play
Z: "Tonk", rules of a Tonk app, ZDNet downloads,
   https://downloads.zdnet.com/product/2647-77464362/
E: "Tonk from Black Company", a rendition by John P. Speno, everything2,
   http://everything2.com/title/Tonk
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy_spec import Action, Game

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [r + s for s in "CDHS" for r in RANKS]
LOW = "AC 2H 3S 4C 5D"  # 15
MID = "2C 2D 7S 8S QH"  # 29
HIGH = "3H 4H 5H 9C KD"  # 31


def dealt(hands: Sequence[str], stock: str = "", upcard: str = "6C") -> Game:
    """A deal as written; the stock goes on with the rest of the pack."""
    used = " ".join([*hands, stock, upcard]).split()
    rest = [c for c in PACK if c not in used]
    return Game.dealt("tonk", hands=list(hands), stock=[*stock.split(), *rest],
                      discard=[upcard])


def stakes(game: Game) -> tuple[str, tuple[int, ...]]:
    last = game.results[-1]
    return last.ending, last.scores


# ----- deck, values, deal ---------------------------------------------------------------

def test_one_pack_of_52_without_jokers() -> None:
    # A: "A standard 52 card deck is used, without jokers."
    game = Game("tonk", 3, seed=4)
    cards = [c for p in range(3) for c in game.hand(p)] + [game.upcard or ""]
    assert len(cards) + game.stock_size == 52
    assert not any(c == "JK" for c in cards)


def test_picture_cards_ten_aces_one_others_face_value() -> None:
    # A: "picture cards count 10 points, aces count 1 point and other cards count face
    # value" -- the counts shown when a player drops
    game = dealt(["AC JD QS KC 9H", "2C 3D 4S 5C 6D"])
    game.apply(Action.knock(0))
    assert game.results[-1].details["counts"] == [1 + 10 + 10 + 10 + 9, 2 + 3 + 4 + 5 + 6]


def test_five_cards_each() -> None:
    # A: "five cards are dealt with each player"
    game = Game("tonk", 4, seed=1)
    assert all(len(game.hand(p)) == 5 for p in range(4))


def test_next_card_starts_the_discard_pile_the_rest_is_the_stock() -> None:
    # A: "The next card is placed face-up on the table to start the discard pile"
    game = Game("tonk", 2, seed=2)
    assert game.upcard is not None and game.stock_size == 52 - 2 * 5 - 1


def test_player_next_to_the_dealer_plays_first() -> None:
    # Z: "A player next the the dealer play first"
    game = dealt([HIGH, MID])  # the last seat deals
    assert game.turn == 0
    assert not game.legal(Action.draw(1)).ok


# ----- a hand won as dealt -----------------------------------------------------------------

def test_forty_nine_dealt_wins_twice_the_stake_at_once() -> None:
    # A: "Any player whose initial hand contains 49 or 50 points must declare this
    # immediately" ... "paid twice the basic stake by each of the other players"
    game = dealt(["KC KD KH KS 9C", MID])
    assert game.results[0].ending == "dealt"
    assert game.results[0].scores == (2, -2)


def test_fifty_dealt_wins_from_each_of_three_players() -> None:
    # A: "the player with 49 or 50 is paid twice the basic stake by each of the other
    # players"
    game = dealt(["3H 4H 5H 9C 2S", "KC KD KH KS QC", MID])
    assert stakes(game) == ("dealt", (-2, 4, -2))


def test_two_such_hands_are_a_draw_and_the_next_player_deals() -> None:
    # A: "If more than one player has 49 or 50, the hand is a draw - there are no
    # payments, the cards are thrown in and the next player deals."
    game = dealt(["KC KD KH KS 9C", "QC QD QH QS 9D"])
    assert stakes(game) == ("dead", (0, 0))
    assert game.totals == [0, 0]
    assert game.engine.state.game.dealer == 0  # seat 1 dealt; the deal passed on


def test_forty_eight_is_played_as_usual() -> None:
    # A: only "49 or 50 points" wins as dealt
    game = dealt(["KC KD KH KS 8C", "2C 2D 7S 8S 3D"])
    assert game.results == [] and game.phase == "draw"


# ----- spreads and hits -----------------------------------------------------------------------

def test_a_book_is_three_or_four_equal_ranked_cards() -> None:
    # A: "books of 3 or 4 equal ranked cards"
    game = dealt(["9C 9D 9S 4H KD", MID], stock="9H")
    game.apply(Action.draw(0))
    assert game.legal(Action.new_meld(0, "9C 9D 9S 9H")).ok
    assert game.legal(Action.new_meld(0, "9C 9D 9S")).ok
    assert game.legal(Action.new_meld(0, "9C 9D")).code == "too-short"


def test_a_run_is_three_or_more_cards_in_a_suit() -> None:
    # A: "runs of 3 or more cards in a suit"
    game = dealt(["3H 4H 5H 6D KD", MID], stock="6H")
    game.apply(Action.draw(0))
    assert game.legal(Action.new_meld(0, "3H 4H 5H 6H")).ok
    assert game.legal(Action.new_meld(0, "4H 5H 6D")).code == "mixed-suits"


def test_a_hit_adds_a_card_to_another_players_spread() -> None:
    # A: "dispose of your cards by adding them to existing spreads (Hitting)"
    game = dealt([HIGH, "6H 2D 7S 8S QH"], stock="10C 10D")
    for a in (Action.draw(0), Action.new_meld(0, "3H 4H 5H"), Action.discard(0, "9C"),
              Action.draw(1)):
        game.apply(a)
    game.apply(Action.lay_off(1, "6H", 0))
    assert game.table[0] == ["3H", "4H", "5H", "6H"]


# ----- going out ----------------------------------------------------------------------------

def test_tonking_out_without_a_discard_wins_double() -> None:
    # Z: "If you can get rid of all your cards, you "tonk" and win double of the stake
    # amount"
    game = dealt(["3H 4H 5H 9C 9D", MID], stock="9S")
    for a in (Action.draw(0), Action.new_meld(0, "3H 4H 5H"), Action.new_meld(0, "9C 9D 9S")):
        game.apply(a)
    assert stakes(game) == ("out", (2, -2))


def test_out_by_the_last_discard_wins_the_stake() -> None:
    # Z: "If you have no card in your hand after the discard, you win the stake"
    game = dealt(["3H 4H 5H 6H 9C", MID], stock="7H")
    for a in (Action.draw(0), Action.new_meld(0, "3H 4H 5H 6H 7H"), Action.discard(0, "9C")):
        game.apply(a)
    assert stakes(game) == ("out", (1, -1))


# ----- the drop (Z's knock) -----------------------------------------------------------------

def test_the_drop_comes_instead_of_the_draw() -> None:
    # Z: step 1 "You have an option to "knock" by placing all your cards face up"; step 2
    # "If you do not knock, you draw a card"
    game = dealt([HIGH, MID], stock="8H")
    assert Action.knock(0) in game.legal_actions()
    game.apply(Action.draw(0))
    assert not game.legal(Action.knock(0)).ok


def test_a_dropper_with_the_lower_count_wins_the_stake() -> None:
    # Z: "You win the stake when you have a lower total point in your hand than other
    # players."
    game = dealt([LOW, MID])
    game.apply(Action.knock(0))
    assert stakes(game) == ("drop", (1, -1))


def test_a_dropper_with_a_higher_count_loses_double() -> None:
    # Z: "You lose double of the stake amount when you have a higher total point."
    game = dealt([HIGH, MID])
    game.apply(Action.knock(0))
    assert stakes(game) == ("caught", (-2, 2))


def test_a_caught_dropper_pays_each_player_lower_or_equal() -> None:
    # E: "he must pay double the payoff to each of the players who have lower or equal
    # totals than he and the other players do nothing and pay no one"
    game = dealt([HIGH, "3C 4C 5C 9D KS", "KC QC JC 10D 3D"])  # 31, 31 (equal), 43
    game.apply(Action.knock(0))
    assert stakes(game) == ("caught", (-2, 2, 0))


def test_when_the_stock_runs_out_the_fewest_points_win_the_stake() -> None:
    # Z: "If you want to draw a card from the face down card stock and it runs out, the
    # game ends and who has fewer points in the hand win the stake."
    game = dealt([HIGH, LOW])
    while not game.results:
        p = game.turn
        game.apply(Action.draw(p))
        if game.results:
            break
        game.apply(Action.discard(p, game.hand(p)[-1]))
    assert stakes(game) == ("stock", (-1, 1))
