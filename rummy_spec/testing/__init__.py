"""Testing kit: a Hypothesis state machine that judges any rummy engine by a variant's laws.

Public API::

    from rummy_spec.testing import engine_state_machine, profile
    TestContinental = engine_state_machine("continental", 4, settings=profile()).TestCase

An engine other than the reference is tested through the conformance kit's
:class:`~rummy_spec.conformance.wire.engine.Engine` (``engine=MyEngine``), the one interface
``rummy-spec conformance run`` drives too: an implementer writes one adapter, in-process
or behind the JSON-lines protocol (``ProcessEngine``).  Needs Hypothesis (installed with
the ``dev`` extra).

The laws live below both this package and the conformance kit (:mod:`rummy_spec.laws`)
and are re-exported here.  The rest is loaded when first named, so that importing the
laws from here needs no Hypothesis.
"""

from importlib import import_module
from typing import TYPE_CHECKING, Any

from ..laws import Laws, LawViolation, Placed

if TYPE_CHECKING:
    from ..conformance.oracle.reference import ReferenceEngine
    from ..conformance.wire.engine import Engine, Hello, NewGame, Verdict
    from .machine import engine_state_machine
    from .profiles import PROFILES, profile
    from .referee import Referee

_LAZY = {"engine_state_machine": "machine", "PROFILES": "profiles", "profile": "profiles",
         "Referee": "referee"}
# the kit's modules by their whole names, so that a move of the kit's modules is one rename
_KIT = {"Engine": "rummy_spec.conformance.wire.engine",
        "Hello": "rummy_spec.conformance.wire.engine",
        "NewGame": "rummy_spec.conformance.wire.engine",
        "Verdict": "rummy_spec.conformance.wire.engine",
        "ReferenceEngine": "rummy_spec.conformance.oracle.reference"}

__all__ = ["PROFILES", "Engine", "Hello", "LawViolation", "Laws", "NewGame", "Placed",
           "Referee", "ReferenceEngine", "Verdict", "engine_state_machine", "profile"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(f"{__name__}.{_LAZY[name]}"), name)
    if name in _KIT:
        return getattr(import_module(_KIT[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
