"""The laws of a variant, stated from its rules model without the engine's code.

Two judges read them: the state machine (:mod:`rummy_spec.testing`), which drives an
engine through random games, and the conformance kit (:mod:`rummy_spec.conformance`),
which judges the states an engine shows.  They live here, below both, so neither
judge imports the other's package for them.  Nothing here imports the engine:
a bug in the engine cannot hide itself by also bending the judge.

* :mod:`.variant`: the laws of melds, contracts, cards and points (:class:`Laws`);
* :mod:`.turn`: the turn-order law, who may act in a state and where the turn goes.
"""

from __future__ import annotations

from .variant import Laws, LawViolation, Placed, require

__all__ = ["LawViolation", "Laws", "Placed", "require"]
