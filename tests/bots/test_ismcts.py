"""The ISMCTS player: it sees only its seat's view, is fixed by its seed, plays every
variant, and its search finds a winning move."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from rummy_spec.api import Game as ApiGame
from rummy_spec.bots import ismcts
from rummy_spec.bots.ismcts import ismcts_player
from rummy_spec.bots.planner import planner_bot
from rummy_spec.bots.simple import Bot, random_bot
from rummy_spec.engine.game import Game
from rummy_spec.engine.solving import search as engine_search
from rummy_spec.engine.solving.plan import SearchTooBig
from rummy_spec.engine.solving.solver import best_melds
from rummy_spec.lang import load


def _decision(variant: str, players: int, seed: int) -> Game:
    """A game played at random up to a seat's third choice among several moves."""
    g = Game(load(variant), players, seed)
    rng = random.Random(seed)
    choices = 0
    while True:
        actions = g.legal_actions()
        mine = [a for a in actions if a.player == actions[0].player]
        if len(mine) > 1:
            choices += 1
            if choices == 3:
                return g
        g.apply_trusted(mine[rng.randrange(len(mine))])


@pytest.mark.parametrize(("variant", "players"),
                         [("gin", 2), ("continental", 4), ("phase10", 2), ("liverpool", 3)])
def test_the_same_choice_in_a_world_with_the_hidden_cards_dealt_again(
        variant: str, players: int) -> None:
    g = _decision(variant, players, 11)
    actions = g.legal_actions()
    seat = actions[0].player
    mine = [a for a in actions if a.player == seat]
    world = g.sample(seat, random.Random(99))
    assert world.state != g.state  # the hidden cards really moved
    assert world.view_json(seat) == g.view_json(seat)
    picks = [ismcts_player(4, 25, 4)(game, mine) for game in (g, world, g)]
    assert picks[0] == picks[1] == picks[2]
    assert picks[0] in mine


def _history(variant: str, players: int, seed: int, bot_seed: int, moves: int,
             guide: Callable[[int], Bot] = planner_bot) -> list[str]:
    """The first ``moves`` actions of a game of ``ismcts`` (a small budget) against
    random bots."""
    g = Game(load(variant), players, seed)
    search = ismcts_player(bot_seed, 12, 4, guide)
    rng = random.Random(0)
    for _ in range(moves):
        actions = g.legal_actions()
        mine = [a for a in actions if a.player == actions[0].player]
        pick = search(g, mine) if mine[0].player == 0 else mine[rng.randrange(len(mine))]
        g.apply_trusted(pick)
    return [str(g.action_json(a)) for a in g.history]


def test_a_seed_fixes_the_choices_and_another_seed_may_differ() -> None:
    first = _history("gin", 2, 5, 1, 30)
    assert _history("gin", 2, 5, 1, 30) == first
    # the planner's guidance settles most choices; guided at random, the seed shows
    loose = _history("gin", 2, 5, 1, 30, random_bot)
    assert _history("gin", 2, 5, 1, 30, random_bot) == loose
    assert any(_history("gin", 2, 5, s, 30, random_bot) != loose for s in (2, 3, 4))


def test_the_search_finds_gin() -> None:
    clubs = "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC"
    api = ApiGame.dealt("gin", hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S KD",
                                      "AH 3H 5H 7H 9H JH KH 2D 4D 6D"],
                        stock="10S QD " + clubs, discard="QH")
    g = api.engine
    for _ in range(3):  # both pass on the upcard; seat 0 draws the ten of spades
        g.apply_trusted(g.legal_actions()[-1] if g.state.hand.phase == "offer"
                        else next(a for a in g.legal_actions() if a.source == "stock"))
    mine = g.legal_actions()
    assert any(a.type == "discard" for a in mine)
    pick = ismcts_player(1, 60, 4)(g, mine)
    assert pick.type == "knock"
    assert g.card_text([pick.card or 0]) == ["KD"]



@pytest.mark.patches_engine  # the solver's budget is cut down
def test_a_hand_too_big_for_the_solver_is_judged_by_its_naturals(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_search, "NODE_BUDGET", 500)
    g = Game(load("continental"), 4, 3)
    h = g.state.hand
    h.seats[0].hand.extend(h.stock[:30])  # a hand a playout could never hold whole
    del h.stock[:30]
    big = h.seats[0].hand
    with pytest.raises(SearchTooBig):  # the solver itself gives up on it
        best_melds(g.rules.melds, big, g.rules.points)
    # the engine arranges its natural cards instead, every wild left over
    arranged = g.rules.arrange(big)
    wilds = [c for c in big if c in g.rules.wild]
    assert wilds and set(wilds) <= set(arranged.rest)
    assert ismcts._unmelded(g, big) == arranged.rest_points <= sum(
        g.rules.points[c] for c in big)
    small = h.seats[1].hand
    assert ismcts._unmelded(g, small) == g.rules.arrange(small).rest_points
    judged = ismcts.scores(g, len(g.state.game.results))
    assert judged[0] == min(judged) < max(judged)
