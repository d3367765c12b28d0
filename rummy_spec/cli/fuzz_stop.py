"""When a fuzz run stops early: its time budget spent, or an interrupt (Ctrl-C, SIGTERM).

Either way the run is not lost: the fuzzer asks before each game whether to go on, ends
with the games and findings so far, and the summary is printed as for a whole run."""

from __future__ import annotations

import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType


class Stopper:
    """``stop()`` for ``FuzzOptions.stop``: why the run must end now, or None."""

    def __init__(self, start: float, budget: float | None) -> None:
        self.start = start
        self.budget = budget
        self.interrupted: str | None = None

    def __call__(self) -> str | None:
        if self.interrupted is not None:
            return self.interrupted
        if self.budget is not None and time.perf_counter() - self.start >= self.budget:
            return f"the time budget of {self.budget:g} s was spent"
        return None

    @contextmanager
    def signals(self) -> Iterator[None]:
        """SIGINT and SIGTERM end the run at the next game instead of killing it (a
        second one kills it as usual)."""
        def handler(signum: int, frame: FrameType | None) -> None:
            name = signal.Signals(signum).name
            if self.interrupted is not None:
                signal.signal(signum, signal.SIG_DFL)
                signal.raise_signal(signum)
            self.interrupted = f"interrupted ({name})"

        before = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
        try:
            yield
        finally:
            for s, old in before.items():
                signal.signal(s, old)
