"""Hypothesis profiles for the state machine: ``default`` and ``deep``.

``HYPOTHESIS_PROFILE=deep pytest tests/stateful`` runs the long version.  The profiles
live in :mod:`rummy_spec.testing.profiles` and are handed to the machines only; they are
registered here too (as ``rummy-default`` and ``rummy-deep``) for ``--hypothesis-profile``.
"""

from rummy_spec.testing.profiles import register

register()
