"""Testing kit: a Hypothesis state machine that judges any rummy engine by a variant's laws.

Public API::

    from rummy_spec.testing import engine_state_machine, profile
    TestContinental = engine_state_machine("continental", 4, settings=profile()).TestCase

An engine other than the reference is tested through an :class:`EngineAdapter`
(``engine=MyAdapter``); :class:`ReferenceEngine` is the reference behind that protocol.
Needs Hypothesis (installed with the ``dev`` extra).
"""

from .adapter import Deal, EngineAdapter, GameSetup, Outcome, ReferenceEngine, observable
from .laws import Laws, LawViolation, Placed
from .machine import engine_state_machine
from .profiles import PROFILES, profile
from .referee import Referee

__all__ = [
    "PROFILES",
    "Deal",
    "EngineAdapter",
    "GameSetup",
    "LawViolation",
    "Laws",
    "Outcome",
    "Placed",
    "Referee",
    "ReferenceEngine",
    "engine_state_machine",
    "observable",
    "profile",
]
