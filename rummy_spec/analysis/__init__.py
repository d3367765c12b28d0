"""Balance analysis of bot games: the numbers without any plotting library.

The small API other parts of the project (and rule authors) call:

* :func:`play_games` (:func:`.runner.run` underneath): seeded games of a variant, their
  :class:`~rummy_spec.simulate.GameRecord` in seed order, locally or on Ray;
* :func:`figures`: every balance figure of a set of games, each a :class:`Figure` with a
  95% interval (:class:`Estimate`);
* :func:`compare`: two sets of games figure by figure, each a :class:`Verdict` naming its
  test; :func:`seat_rates` and :func:`seat_test`: win rate by seat, tested against 1/n;
* :func:`round_rows`: the per-round table (how rounds ended, turns, who went down).

Plots live in :mod:`.plots`, which imports matplotlib only when a plot is drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.records.rules import DEAL_CAP, TURN_CAP
from ..lang import model as m
from ..simulate import GameRecord, RoundRecord, seating
from .figures import Figure, Verdict, compare, figures, seat_rates, seat_test
from .rounds import RoundRow, round_rows
from .runner import Batch, Progress, run
from .stats import Estimate


def play_games(variant: m.Variant, players: int, games: int, bots: str | Sequence[str] =
               "planner", first_seed: int = 1, workers: int = 1,
               ray_address: str | None = None, progress: Progress | None = None,
               turn_cap: int = TURN_CAP, deal_cap: int = DEAL_CAP) -> list[GameRecord]:
    """Seeded games ``first_seed`` .. ``first_seed + games - 1``, in seed order: the same
    records whatever ``workers`` or ``ray_address``."""
    batch = Batch(variant, players, seating(bots, players), first_seed, games, turn_cap,
                  deal_cap)
    return run(batch, workers, ray_address, progress)


__all__ = ["Estimate", "Figure", "GameRecord", "RoundRecord", "RoundRow", "Verdict",
           "compare", "figures", "play_games", "round_rows", "seat_rates", "seat_test"]
