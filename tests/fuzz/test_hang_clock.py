"""The campaigns' hang clock: CPU time first, wall time as a backstop.

A loaded machine must not turn a slow answer into a hang, and a blocked input (no CPU
used) must still be cut.  Each case plants an input of a known kind in a toy boundary.
"""

from __future__ import annotations

import time

from . import campaign as c
from .targets import Boundary


def _spin(data: bytes) -> None:
    while True:  # a CPU-bound hang
        pass


def _sleep_then_end(data: bytes) -> None:
    time.sleep(0.3)  # blocked, using no CPU, then ends


def test_a_cpu_bound_input_is_cut_by_the_cpu_clock() -> None:
    c.arm_alarms()
    c.HANG_SECONDS, saved = 0.2, c.HANG_SECONDS  # type: ignore[assignment]
    try:
        fig = c.Figures()
        start = time.perf_counter()
        c.run_one(Boundary("spin", [], _spin, ()), b"", fig, None)
        assert fig.hangs == 1 and fig.faults == 0
        assert time.perf_counter() - start < 1.9  # cut near 0.2 CPU s, before the backstop
    finally:
        c.HANG_SECONDS = saved


def test_waiting_without_cpu_is_not_a_hang_below_the_backstop() -> None:
    c.arm_alarms()
    c.HANG_SECONDS, saved = 0.1, c.HANG_SECONDS  # type: ignore[assignment]
    try:
        fig = c.Figures()
        c.run_one(Boundary("sleep", [], _sleep_then_end, ()), b"", fig, None)
        # 0.3 s of wall time is past the 0.1 s CPU budget but uses no CPU: it ended, and
        # the wall backstop (ten times the budget, 1 s) was not reached
        assert fig.hangs == 0 and fig.inputs == 1
    finally:
        c.HANG_SECONDS = saved


def test_a_blocked_input_is_cut_by_the_wall_backstop() -> None:
    c.arm_alarms()
    c.HANG_SECONDS, saved = 0.02, c.HANG_SECONDS  # type: ignore[assignment]
    try:
        fig = c.Figures()
        c.run_one(Boundary("sleep", [], _sleep_then_end, ()), b"", fig, None)
        assert fig.hangs == 1  # 0.3 s blocked is past the backstop of 0.2 s
    finally:
        c.HANG_SECONDS = saved
