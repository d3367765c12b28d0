"""The rounds a game can reach, and the rounds a formula must be tried at.

A game that ends after its schedule of contracts, or after a number of hands, has a last
round; one played to a points target (Gin, Rummy) or until a player finishes the last
contract (Phase 10) has none, and the engine deals round 11, 12, ... as long as it goes
on.  A formula that names the round must then have a value in every round: a table over
the round with an open last row (``else`` or ``8+``) does, and its values repeat past
the highest round it names, so trying rounds up to there tries them all; ``round`` used
as a number (``13 - round``) cannot be tried in every round, and is refused.  A schedule
of contracts played together must likewise last as long as the game can.
"""

from __future__ import annotations

from . import model as m
from .check_err import Err
from .expr import BinOp, Call, Expr, Neg, Ref, Table, Var, uses_round


def last_round(v: m.Variant) -> int | None:
    """The highest round the game can reach, or None when it has no last round."""
    g = v.game
    if g.ends == "rounds":
        return max(1, v.rounds)
    if g.ends == "hands" and g.hands is not None:
        if g.hands_each:  # N deals by each player: the most players deal the most hands
            return None if v.players.max is None else max(1, g.hands_for(v.players.max))
        return max(1, g.hands)
    return None


def horizon(expr: Expr) -> int | None:
    """The round past which the formula's value no longer changes, or None when there is
    none (it uses ``round`` as a number, or a round table has no open last row)."""
    match expr:
        case Var(name="round"):
            return None
        case BinOp(left=left, right=right):
            return _both(horizon(left), horizon(right))
        case Neg(operand=e):
            return horizon(e)
        case Call(args=args):
            found: int | None = 1
            for a in args:
                found = _both(found, horizon(a))
            return found
        case Ref(value=value):
            return horizon(value) if value is not None else 1
        case Table(var=var, cases=cases):
            found = 1
            for c in cases:
                found = _both(found, horizon(c.value))
            if var != "round":
                return found
            if not any(c.low is None or c.high is None for c in cases):
                return None
            bounds = [b for c in cases for b in (c.low, c.high) if b is not None]
            return _both(found, max(bounds, default=0) + 1)
    return 1


def _both(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else max(a, b)


def formula_rounds(v: m.Variant, expr: Expr, what: str, err: Err) -> range | None:
    """The rounds at which to try ``expr``: every round the game can reach and every round
    of its contracts (the rulebook and ``show`` describe each, even one a short game never
    reaches), or (with no last round) every round up to where its value stops changing.
    None, and an error, when the formula has no value that can be tried in every round."""
    if not uses_round(expr):
        return range(1, 2)
    last = last_round(v)
    if last is not None:
        return range(1, max(last, v.rounds) + 1)
    steady = horizon(expr)
    if steady is None:
        err("E036", f"{what} depends on the round, but the game has no last round "
            f"({_endless(v)}): give it a table over the round whose last row is open "
            "('else: ...' or '8+: ...')", expr.span)
        return None
    return range(1, max(steady, v.rounds, 1) + 1)


def check_schedule(v: m.Variant, err: Err) -> None:
    """Contracts played together need a round of the schedule for every round dealt."""
    c = v.contracts
    if not c.rounds or c.progression != "together":
        return
    last = last_round(v)
    if last is None or last > len(c.rounds):
        err("E032", f"the contracts stop after round {len(c.rounds)}, but the game can go "
            f"on past it ({_endless(v) if last is None else f'{last} hands'}): end it "
            "'after all rounds' or give every round a contract", v.game.span
            if v.game.span.line else c.rounds[-1].span)


def _endless(v: m.Variant) -> str:
    g = v.game
    if g.ends == "target":
        return f"it ends at {g.target} points"
    if g.ends == "last-contract":
        return "it ends when a player has made the last contract"
    return "it ends after all rounds"
