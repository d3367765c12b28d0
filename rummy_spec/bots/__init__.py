"""Players for simulation and for the interactive game.

* ``random``: uniform over the legal actions of whoever may act.
* ``greedy``: takes what lowers its unmelded points, goes down and knocks at once
  (:mod:`.simple`).
* ``planner``: plays toward the round's contract with the solver (:mod:`.planner`).
* ``ismcts``: information-set Monte Carlo tree search over sampled worlds
  (:mod:`.ismcts`).
* ``eaai-simple``: the EAAI-2021 Gin Rummy challenge's baseline player (:mod:`.eaai`).

The default everywhere a bot is chosen for you (``play``, ``simulate``, ``analyze``,
``compare``, the rulebook's figures) is :data:`DEFAULT_BOT`, the planner: it finishes every
round of every built-in variant (docs/rounds-table.md), where greedy can stall in a round
that must be melded whole.

A bot is a function of (rules, state, legal actions) to one of those actions, made by a
factory from the game's seed.  Greedy and the planner are handed the world as the seats
choosing see it (:mod:`.blind`): the cards hidden from them dealt again at random; the
random bot reads the actions only, the EAAI player its own hand, the upcard and the card
it took.  A player (:data:`PLAYERS`) is handed the game itself and the legal actions:
every bot is one, and the search asks the game only for worlds sampled from its seat's
view.
"""

from __future__ import annotations

from collections.abc import Callable

from ..engine.game import Game
from ..engine.records.state import Move
from . import eaai, planner, simple
from .blind import seen
from .ismcts import Player, ismcts_player
from .simple import Bot, random_bot

greedy_bot = seen(simple.greedy_bot, "greedy")
planner_bot = seen(planner.planner_bot, "planner")

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": random_bot, "greedy": greedy_bot, "planner": planner_bot}
DEFAULT_BOT = "planner"


def as_player(make: Callable[[int], Bot]) -> Callable[[int], Player]:
    """A bot factory as a player factory: the bot is handed the game's rules and state."""

    def factory(seed: int) -> Player:
        bot = make(seed)

        def choose(game: Game, actions: list[Move]) -> Move:
            return bot(game.rules, game.state, actions)

        return choose

    return factory


PLAYERS: dict[str, Callable[[int], Player]] = {
    **{name: as_player(make) for name, make in BOTS.items()},
    "ismcts": ismcts_player, "eaai-simple": as_player(eaai.eaai_simple_bot)}

__all__ = ["BOTS", "DEFAULT_BOT", "PLAYERS", "Bot", "Player", "greedy_bot", "planner_bot",
           "random_bot"]
