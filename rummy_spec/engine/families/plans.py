"""Check, then act: what a rule family gives the dispatch for one action type.

A :class:`Rule` is two functions.  Its ``check`` reads the state and answers a refusal
(a :class:`~.reasons.Verdict`) or a plan: what the effect needs that the check worked out
(the meld a lay-off makes, the contract a go-down meets), or :data:`GO` when the action
itself says everything.  Its ``act`` carries the plan out and cannot refuse.  ``legal``
runs the check alone; every apply runs the check once and the act once, so what ``legal``
accepts is exactly what an apply does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Never, TypeVar, assert_never

from ..records.reasons import Verdict

if TYPE_CHECKING:
    from ..records.rules import Rules
    from ..records.state import Move, State

P = TypeVar("P")


class Go:
    """The plan of an action whose effect needs nothing its check found out."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "GO"


GO = Go()


@dataclass(frozen=True, slots=True)
class Rule(Generic[P]):
    """One action type in one phase: the check that answers a refusal or a plan, and the
    effect that carries the plan out."""

    check: Callable[[Rules, State, Move], Verdict | P]
    act: Callable[[Rules, State, Move, P], None]


def _never(rules: Rules, state: State, a: Move, plan: Never) -> None:
    assert_never(plan)


def refusal(check: Callable[[Rules, State, Move], Verdict]) -> Rule[Never]:
    """A rule whose check only ever refuses (mypy sees that no plan can reach an act)."""
    return Rule(check, _never)


AnyRule = Rule[Any]
