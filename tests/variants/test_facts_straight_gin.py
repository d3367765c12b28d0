"""Straight Gin, fact by fact from its sources, each checked through the public API.

Sources (spec/straight_gin.rummy):
[RRB] Straight Gin, Rummy Rulebook: https://rummyrulebook.com/pages/straight-gin-rummy/
[RS]  Gin Only, Rummy Stars help centre:
      https://rummystars.freshdesk.com/support/solutions/articles/47001228113-gin-only
"""

from __future__ import annotations

import random

from rummy_spec import Action, Game, load

from .gin_facts import G0, G1, dealt, knock, knocks, last

V = "straight_gin"
ONE = "2C 3C 4C 5H 5S 5D 9S 10S JS AS"  # every card melded but the AS: 1 point


def test_one_pack_of_52_cards_no_jokers() -> None:
    # [RS] "The deck consists of 52 cards and no Jokers."
    game = Game(V, seed=3)
    cards = game.stock_size + len(game.hand(0)) + len(game.hand(1)) + 1
    assert cards == 52 and not any(c == "JK" for c in game.hand(0) + game.hand(1))


def test_ten_cards_each() -> None:
    # [RS] "Each player receives 10 cards."
    game = Game(V, seed=4)
    assert len(game.hand(0)) == len(game.hand(1)) == 10


def test_two_players() -> None:
    # [RS] gin is a game of two: Straight Gin is played by exactly two players
    v = load(V)
    assert (v.players.min, v.players.max) == (2, 2)


def test_no_knock_with_one_point() -> None:
    # [RRB] "Straight Gin is a version of Gin Rummy in which there is no knocking."
    game = dealt(V, "6C", "KH", hands=(ONE, G1))
    assert knock(game, "KH").code == "deadwood-too-high" and knocks(game) == set()


def test_no_knock_with_ten_points() -> None:
    # [RS] "In this variant, there's NO KNOCKING!" (Gin's own limit, 10, is refused too)
    game = dealt(V, "6C", "8D")
    assert not knock(game, "KH") and not knock(game, "8D")


def test_gin_ends_the_hand() -> None:
    # [RS] "the only way to finish a game ... is by turning all your deadwood cards into
    # melds"
    game = dealt(V, "6C", "QS")
    assert knocks(game) == {"KH"}
    game.apply(Action.knock(0, "KH"))
    assert last(game).ending == "gin"


def test_first_to_gin_wins_the_hand() -> None:
    # [RRB] "the player who gins first is the winner"
    game = dealt(V, "6C", "QS")
    game.apply(Action.knock(0, "KH"))
    assert last(game).winner == 0 and game.totals[0] > 0 == game.totals[1]


def test_gin_is_all_ten_cards_melded() -> None:
    # [RS] "A hand where all 10 cards are part of melds (0 deadwood) is “Gin.”"
    game = dealt(V, "6C", "QS")
    game.apply(Action.knock(0, "KH"))
    assert last(game).details["knocker_deadwood"] == 0


def test_gin_scores_25_plus_the_opponents_deadwood() -> None:
    # [RS] "Reaching Gin earns players 25 bonus points in addition to all of his/her
    # opponent's deadwood points." (7C QC QD KD: 37)
    game = dealt(V, "6C", "QS")
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores == (37 + 25, 0)


def test_aces_count_one() -> None:
    # [RS] "Aces are worth 1 point." (the opponent's loose AD)
    game = dealt(V, "6C", "QS", hands=(G0, "AD 5C 6D 7C 7H 8H 9H QC QD QH"))
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores[0] == 1 + 5 + 6 + 7 + 25


def test_court_cards_count_ten() -> None:
    # [RS] "Jacks, Queens and Kings are high, each worth 10 points."
    game = dealt(V, "6C", "QS", hands=(G0, "AD 2D 3D 7H 8H 9H JC QC KD 4D"))
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores[0] == 25 + 10 + 10 + 10


def test_number_cards_count_their_value() -> None:
    # [RS] "All the rest (2-10) are equal to their face value."
    game = dealt(V, "6C", "QS", hands=(G0, "AD 2D 3D 4D 7H 8H 9H 6D 8C 10C"))
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores[0] == 25 + 6 + 8 + 10


def test_ace_is_low_only() -> None:
    # [RS] "Cards ranking from high to low: K, Q, J, 10, 9, 8, 7, 6, 5, 4, 3, 2, A":
    # Q-K-A is no run, so the ace is deadwood and there is no gin
    game = dealt(V, "6H", "8D", hands=("QS KS AS 2C 3C 4C 5H 5S 5D 7D", G1))
    assert not knock(game, "8D") and not knock(game, "7D")


def test_gin_is_never_undercut() -> None:
    # [RRB] "Both players attempt to get gin": a defender with no deadwood does not undercut
    game = dealt(V, "6C", "QS", hands=(G0, "AD 2D 3D 4D 7H 8H 9H QC QD QH"))
    game.apply(Action.knock(0, "KH"))
    assert (last(game).ending, last(game).scores) == ("gin", (25, 0))


def test_every_hand_ends_in_gin_or_dies() -> None:
    # [RRB] "the player who gins first is the winner": with no knocking, a hand played out
    # by random legal moves ends only in gin (or big gin), or dead at the low stock
    endings = set()
    for seed in range(6):
        game, rng = Game(V, seed=seed), random.Random(seed)
        while not game.results:
            game.apply(rng.choice(game.legal_actions()))
        endings.add(last(game).ending)
    assert endings <= {"gin", "big-gin", "dead"} and endings & {"gin", "big-gin", "dead"}


def test_no_lay_off_against_gin() -> None:
    # [RS] gin scores "all of his/her opponent's deadwood points": nothing is laid off
    # (the 8S, which fits the run 9S-QS, still counts)
    game = dealt(V, "6C", "QS", hands=(G0, "AD 2D 3D 7C 7H 8H 9H 8S QD KD"))
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores[0] == 25 + 7 + 8 + 10 + 10
