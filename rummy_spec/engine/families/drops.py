"""The moves that end a hand settled in stakes other than by going out: the drop (at the
start of his turn, instead of drawing, a player shows his hand and claims the lowest
count); a hand that wins as dealt (Tonk's 49 or 50) is settled after each deal by
:func:`rummy_spec.engine.families.ending.settle_dealt_win`.  The drop is the ``knock`` action taken
in the draw phase, where a variant states ``turn { drop before drawing }``."""

from __future__ import annotations

from ..records.reasons import Verdict, no
from ..records.rules import Rules
from ..records.state import Move, State
from .ending import end_round
from .knocking import check_knock
from .plans import GO, Go
from .stakes import drop_scores


def check_drop(rules: Rules, state: State, a: Move) -> Verdict | Go:
    if not rules.variant.turn.drop:
        refused = check_knock(rules, state, a)  # a knock waits for the draw
        return refused if isinstance(refused, Verdict) else no("must-draw-first")
    if a.player != state.hand.turn:
        return no("not-your-turn")
    if a.card is not None or a.melds is not None:
        return no("bad-action", "a drop names no card and no melds: the whole hand is shown")
    return GO


def drop(rules: Rules, state: State, a: Move, plan: Go) -> None:
    """Every hand is shown and counted; the drop is settled in stakes."""
    counts = [rules.hand_points(s.hand) for s in state.hand.seats]
    winner, caught, scores = drop_scores(rules.players, a.player, counts,
                                         rules.variant.score.caught_pays)
    end_round(rules, state, winner, "caught" if caught else "drop", scores,
              dropper=a.player, counts=counts)
