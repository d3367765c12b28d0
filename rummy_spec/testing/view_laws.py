"""The laws of a seat's view, judged on a game in progress (the state machine runs them).

- *no leak*: re-dealing the cards hidden from a seat, consistently with its view (a
  sampled world), leaves its view unchanged;
- *sufficiency*: a seat's legal actions depend on its view only: the same in every
  sampled world;
- *recall*: the view after a move extends the view before it: the history and the
  results of the rounds played are kept, and one move is added.
"""

from __future__ import annotations

import random
from typing import Any

from ..engine.game import Game
from ..engine.records import codec
from ..engine.records.state import Move
from ..laws.variant import require

WORLDS = 2  # sampled worlds per check


def seat_actions(game: Game, seat: int) -> list[str]:
    """The legal actions of ``seat`` now, as sorted JSON text."""
    return sorted(codec.dumps(game.action_json(a)) for a in game.legal_actions()
                  if a.player == seat)


def check_no_leak_and_sufficiency(game: Game, seat: int, rng: random.Random,
                                  worlds: int = WORLDS) -> None:
    """Both laws for ``seat`` over ``worlds`` sampled worlds."""
    view = codec.dumps(game.view_json(seat))
    mine = seat_actions(game, seat)
    for _ in range(worlds):
        world = game.sample(seat, rng)
        other = codec.dumps(world.view_json(seat))
        require(other == view, "view-leak",
                f"seat {seat}'s view changes when the cards hidden from it are dealt again: "
                + _first_difference(game.view_json(seat), world.view_json(seat)))
        theirs = seat_actions(world, seat)
        require(theirs == mine, "view-sufficiency",
                f"seat {seat}'s legal actions change with cards hidden from it: "
                f"{sorted(set(mine) ^ set(theirs))[:3]}")


def views(game: Game) -> list[dict[str, Any]]:
    return [game.view_json(seat) for seat in range(game.players)]


def check_recall(before: list[dict[str, Any]], after: list[dict[str, Any]],
                 action: Move) -> None:
    """Every seat's view after ``action`` extends its view before."""
    for seat, (old, new) in enumerate(zip(before, after, strict=True)):
        kept = new["history"][:len(old["history"])] == old["history"]
        require(kept and len(new["history"]) == len(old["history"]) + 1, "view-recall",
                f"seat {seat}'s history of moves is not the one before and one move more")
        require(new["results"][:len(old["results"])] == old["results"], "view-recall",
                f"seat {seat}'s view forgets the results of a round")
        if new["deal_no"] == old["deal_no"] and new["round"] == old["round"]:
            require(_pile_kept(old["pile"], new["pile"], new["exhaustions"]
                               != old["exhaustions"]), "view-recall",
                    f"seat {seat} no longer sees pile cards it saw")


def _pile_kept(old: list[str | None], new: list[str | None], refilled: bool) -> bool:
    """No place of the pile that showed a card shows none now (a refill takes the pile
    away)."""
    return refilled or not any(o is not None and n is None
                               for o, n in zip(old, new, strict=False))


def _first_difference(a: dict[str, Any], b: dict[str, Any]) -> str:
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            return f"{key}: {str(a.get(key))[:80]} / {str(b.get(key))[:80]}"
    return "(none)"
