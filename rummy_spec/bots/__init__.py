"""Players for simulation and for the interactive game.

* ``random``: uniform over the legal actions of whoever may act.
* ``greedy``: takes what lowers its unmelded points, goes down and knocks at once
  (:mod:`.simple`).
* ``planner``: plays toward the round's contract with the solver (:mod:`.planner`).

The default everywhere a bot is chosen for you (``play``, ``simulate``, ``analyze``,
``compare``, the rulebook's figures) is :data:`DEFAULT_BOT`, the planner: it finishes every
round of every built-in variant (docs/rounds-table.md), where greedy can stall in a round
that must be melded whole.

A bot is a function of (rules, state, legal actions) to one of those actions, made by a
factory from the game's seed.  Greedy and the planner are handed the world as the seats
choosing see it (:mod:`.blind`): the cards hidden from them dealt again at random; the
random bot reads the actions only.
"""

from __future__ import annotations

from collections.abc import Callable

from . import planner, simple
from .blind import seen
from .simple import Bot, random_bot

greedy_bot = seen(simple.greedy_bot, "greedy")
planner_bot = seen(planner.planner_bot, "planner")

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": random_bot, "greedy": greedy_bot, "planner": planner_bot}
DEFAULT_BOT = "planner"

__all__ = ["BOTS", "DEFAULT_BOT", "Bot", "greedy_bot", "planner_bot", "random_bot"]
