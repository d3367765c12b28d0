"""Oklahoma Gin, fact by fact from its sources, each checked through the public API.

Sources (spec/oklahoma_gin.rummy):
[BIC] Oklahoma Gin, Bicycle: http://www.bicyclecards.com/card-games/rule/oklahoma-gin
[RRB] Oklahoma Gin, Rummy Rulebook: https://rummyrulebook.com/pages/oklahoma-gin-rummy/
[RG]  Oklahoma Gin Rummy Rules, rummy-games.com:
      http://www.rummy-games.com/rules/oklahoma-gin.html
"""

from __future__ import annotations

from rummy_spec import Action, Game

from .gin_facts import G0, G1, deal, dealt, knock, knocks, last

V = "oklahoma_gin"
ONE = "2C 3C 4C 5H 5S 5D 9S 10S JS AS"  # every card melded but the AS: 1 point
LOW = "AD 2D 3D 7H 8H 9H QC QD QS 4S"  # the 4S loose: 4 points


def test_a_five_allows_five() -> None:
    # [BIC] "if the upcard is a five, the knocker must have 5 points or less"
    game = dealt(V, "5C", "4H", hands=("2C 3C 4C 6H 6S 6D 9S 10S JS KH", G1))
    assert knock(game, "KH")


def test_a_five_refuses_six() -> None:
    # [BIC] "if the upcard is a five, the knocker must have 5 points or less"
    game = dealt(V, "5C", "6C", hands=("2C 3C 4C 8C 8S 8D 9S 10S JS KH", G1))
    assert knock(game, "KH").code == "deadwood-too-high"


def test_face_cards_count_ten() -> None:
    # [BIC] "Face cards count 10." (a jack turned up: a knock with 10)
    game = dealt(V, "JC", "8D")
    assert knocks(game) == {"8D", "KH"}


def test_number_cards_count_their_value() -> None:
    # [RRB] "number cards as their face value": a seven turned up, a knock with 7 but not 8
    game = dealt(V, "7S", "7D")
    assert knock(game, "KH")
    game = dealt(V, "7S", "8D")
    assert not knock(game, "KH")


def test_a_ten_allows_ten() -> None:
    # [RRB] "Face cards count as 10, aces as 1, and number cards as their face value"
    game = dealt(V, "10C", "8D")
    assert knock(game, "8D") and knock(game, "KH")


def test_an_ace_allows_no_knock_with_one() -> None:
    # [BIC] "When an ace is the knock card, neither player may knock with a count of 1 point"
    game = dealt(V, "AH", "KH", hands=(ONE, G1))
    assert knock(game, "KH").code == "deadwood-too-high"


def test_an_ace_allows_gin() -> None:
    # [BIC] "instead, each must play for a gin hand"
    game = dealt(V, "AH", "QS")
    game.apply(Action.knock(0, "KH"))
    assert last(game).ending == "gin"


def test_the_upcard_taken_still_sets_the_limit() -> None:
    # [BIC] "If the upcard is taken by either player, the opponent may, at any time, ask
    # what the upcard was": it stays the knock card for the deal (6, not the 7D's count)
    game = deal(V, "6C", "8S 7D")
    for a in (Action.draw(0, "discard"), Action.discard(0, "KH"), Action.draw(1),
              Action.discard(1, "8S"), Action.draw(0)):
        game.apply(a)
    assert not knock(game, "6C") and knock(game, "7D")


def test_every_seat_can_tell_the_upcard() -> None:
    # [BIC] "the opponent may, at any time, ask what the upcard was, and the other player
    # is required to give this information": the first upcard is in every seat's view
    game = deal(V, "6C", "8S")
    game.apply(Action.draw(0, "discard"))
    assert game.view(1).data["first_upcard"] == game.view(0).data["first_upcard"] == "6C"


def test_a_spade_doubles_a_knock() -> None:
    # [BIC] "when the upcard is a spade, all scores accruing from that deal are doubled"
    game = dealt(V, "8S", "4H")
    game.apply(Action.knock(0, "KH"))
    game.apply(Action.decline(1))
    assert last(game).scores == (2 * (37 - 4), 0)


def test_a_spade_doubles_gin_and_its_bonus() -> None:
    # [RG] "Other rulebooks say that gin and undercut bonuses are doubled"
    game = dealt(V, "6S", "QS")
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores == (2 * (37 + 25), 0)


def test_a_spade_doubles_an_undercut() -> None:
    # [RG] "gin and undercut bonuses are doubled"
    game = dealt(V, "KS", "8D", hands=(G0, LOW))
    game.apply(Action.knock(0, "KH"))
    game.apply(Action.decline(1))
    assert (last(game).ending, last(game).scores) == ("undercut", (0, 2 * (8 - 4 + 25)))


def test_another_suit_scores_once() -> None:
    # [BIC] only "when the upcard is a spade" are scores doubled
    game = dealt(V, "6H", "QS")
    game.apply(Action.knock(0, "KH"))
    assert last(game).scores == (37 + 25, 0)


def test_the_game_is_played_to_150() -> None:
    # [RRB] "The target score for winning Oklahoma Gin is generally set at 150 rather
    # than 100."
    game = dealt(V, "6H", "QS", totals=(60, 0))
    game.apply(Action.knock(0, "KH"))
    assert game.totals[0] == 122 and not game.over
    game = dealt(V, "6H", "QS", totals=(90, 0))
    game.apply(Action.knock(0, "KH"))
    assert game.over and game.winners == [0]


def test_box_bonuses_are_not_doubled() -> None:
    # [RG] "box (line) bonuses are not doubled": a spade hand that ends the game doubles
    # the hand (124), then the shutout doubles the hands (248), one box (25), game (100)
    game = dealt(V, "6S", "QS", totals=(30, 0))
    game.apply(Action.knock(0, "KH"))
    assert game.over and game.totals == [30 + 124 + 124 + 25 + 100, 0]


def test_ten_cards_each_as_in_gin() -> None:
    # [BIC] "just like the original except for one key rule": Gin's deal of ten cards
    game = Game(V, seed=5)
    assert len(game.hand(0)) == len(game.hand(1)) == 10 and game.upcard is not None
