"""Settings profiles for the state machine: ``default`` for CI, ``deep`` for long runs.

``HYPOTHESIS_PROFILE=deep`` selects the deep profile.  The profiles are handed to the
machines only (``profile()``), so loading them changes no other test's settings.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

PROFILES: dict[str, settings] = {
    # a few short games per variant: the whole stateful suite in a few minutes
    "default": settings(max_examples=6, stateful_step_count=40, deadline=None,
                        suppress_health_check=_QUIET),
    # many long games: for a nightly or a pre-release run
    "deep": settings(max_examples=200, stateful_step_count=100, deadline=None,
                     suppress_health_check=_QUIET),
}


def profile(name: str | None = None) -> settings:
    """The named profile, else the one ``HYPOTHESIS_PROFILE`` names, else ``default``."""
    chosen = name or os.environ.get("HYPOTHESIS_PROFILE", "default")
    return PROFILES.get(chosen, PROFILES["default"])


def register() -> None:
    """Register the profiles with Hypothesis as ``rummy-default`` and ``rummy-deep``."""
    for key, value in PROFILES.items():
        settings.register_profile(f"rummy-{key}", value)
