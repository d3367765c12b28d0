"""The claim family's rules as the engine plays them: the claims module's check and
effect, then the check and effect of each claim clause declared beyond the model's own
fields (:mod:`rummy_spec.lang.families`) that the variant states.  A variant that states
no such clause plays exactly the claims module's rules."""

from __future__ import annotations

from ...lang import families
from ..records.reasons import Verdict
from ..records.rules import Rules
from ..records.state import Move, State
from . import claims
from .plans import Go


def _checked(rules: Rules, state: State, a: Move, got: Verdict | Go) -> Verdict | Go:
    cl = rules.variant.claim
    if not isinstance(got, Go) or cl is None or not cl.more:
        return got
    for _, check in families.clause_checks(families.CLAIM, cl):
        refused: Verdict | None = check(rules, state, a)
        if refused is not None:
            return refused
    return got


def _effects(rules: Rules, state: State, a: Move) -> None:
    cl = rules.variant.claim
    if cl is not None and cl.more:
        for effect in families.clause_effects(families.CLAIM, cl):
            effect(rules, state, a)


def check_claim(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """``buy`` or ``pass`` in an open claim window."""
    return _checked(rules, state, a, claims.check_claim(rules, state, a))


def claim(rules: Rules, state: State, a: Move, plan: Go) -> None:
    claims.claim(rules, state, a, plan)
    _effects(rules, state, a)


def check_exposed_claim(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """``buy`` at the draw, where claims may be made whenever a discard is exposed."""
    return _checked(rules, state, a, claims.check_exposed_claim(rules, state, a))


def exposed_claim(rules: Rules, state: State, a: Move, plan: Go) -> None:
    claims.exposed_claim(rules, state, a, plan)
    _effects(rules, state, a)
