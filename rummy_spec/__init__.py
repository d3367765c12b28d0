"""rummy-spec: a formal, executable rulebook for the rummy family of card games.

The Python API (``docs/api.rst``)::

    import rummy_spec
    game = rummy_spec.Game("gin", seed=1)
    game.apply(rummy_spec.Action.decline(0))

``load``, ``Game``, ``Action``, ``Setup``, ``Outcome``, ``Verdict`` and the errors a
program meets (``IllegalAction``, ``GameError``, ``LookupFailure``, ``SpecError``) come
from :mod:`rummy_spec.api`, imported on first use so that ``import rummy_spec.cli`` and the
other entry points do not pay for the engine unless they use it.
"""

from __future__ import annotations

__version__ = "0.1.0"

TYPE_CHECKING = False  # typing itself is not imported: the console script starts sooner
if TYPE_CHECKING:
    from typing import Any

    from .api import (
        Action,
        Game,
        GameError,
        IllegalAction,
        LookupFailure,
        Outcome,
        RoundOutcome,
        Setup,
        SpecError,
        Variant,
        Verdict,
        View,
        load,
    )

__all__ = ["Action", "Game", "GameError", "IllegalAction", "LookupFailure", "Outcome",
           "RoundOutcome", "Setup", "SpecError", "Variant", "Verdict", "View", "__version__",
           "load"]
_API = frozenset(__all__) - {"__version__"}


def __getattr__(name: str) -> Any:
    if name in _API:
        from . import api

        return getattr(api, name)
    raise AttributeError(f"module 'rummy_spec' has no attribute {name!r}")
