"""Players for simulation and for the interactive game.

* ``random``: uniform over the legal actions of whoever may act.
* ``greedy``: takes what lowers its unmelded points, goes down and knocks at once
  (:mod:`.simple`).
* ``planner``: plays toward the round's contract with the solver (:mod:`.planner`).

A bot is a function of (rules, state, legal actions) to one of those actions, made by a
factory from the game's seed.
"""

from __future__ import annotations

from collections.abc import Callable

from .planner import planner_bot
from .simple import Bot, greedy_bot, random_bot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": random_bot, "greedy": greedy_bot, "planner": planner_bot}

__all__ = ["BOTS", "Bot", "greedy_bot", "planner_bot", "random_bot"]
