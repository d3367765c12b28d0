"""The ISMCTS player's speed: iterations per second of CPU time, per variant.

``python -m benchmarks.ismcts_speed``: for each variant of the ladder, a random game is
played and the search is run, at the ladder's budget, at the seat's first ten choices
among several moves; the figure is the iterations over the CPU time the searches took
(early positions of a round: later ones, with more melds on the table, cost more).
"""

from __future__ import annotations

import random
import time

from rummy_spec.bots.ismcts import DEPTH, ITERATIONS, search
from rummy_spec.engine.game import Game
from rummy_spec.lang import load

TABLES = [("gin_eaai", 2), ("continental", 4), ("liverpool", 3), ("phase10", 2)]
CHOICES = 10


def speed(name: str, players: int) -> float:
    g = Game(load(name), players, 5)
    moves, rng = random.Random(2), random.Random(1)
    done, spent = 0, 0.0
    while done < CHOICES * ITERATIONS and not g.over:
        actions = g.legal_actions()
        mine = [a for a in actions if a.player == actions[0].player]
        if len(mine) > 1:
            start = time.process_time()
            search(g, mine[0].player, mine, rng, ITERATIONS, DEPTH)
            spent += time.process_time() - start
            done += ITERATIONS
        g.apply_trusted(mine[moves.randrange(len(mine))])
    return done / spent


def main() -> None:
    print(f"ISMCTS, {ITERATIONS} iterations a choice, planner playouts of at most {DEPTH} moves")
    for name, players in TABLES:
        print(f"{name} ({players} players): {speed(name, players):.0f} iterations per second")


if __name__ == "__main__":
    main()
