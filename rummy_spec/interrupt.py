"""Cutting long work short from a signal handler, at a point where an exception is safe.

A Python signal handler runs wherever the interpreter next looks for signals, and CPython
looks in the middle of some C routines too: a product of large integers checks for
signals between its digits.  The compiled engine (the mypyc build) counts integer
arithmetic as unable to fail, so an exception raised by a handler inside such a product
comes back to it as a failed multiplication, and it aborts the whole process ("fatal:
out of memory").  The pure-Python engine has no such spot; the compiled one has them in
its packed-card arithmetic.

:class:`AtNextLine` is a handler that raises nothing itself: it asks for its exception at
the next line, call or return of Python code (a trace function on every frame of the
stack and on new ones), where an exception is ordinary in either build.  The compiled
engine has no Python lines, so the exception comes when it returns to Python code or calls
it, which it does at least once per move.

Two ways the exception can be lost are covered.  Python code run from a place that cannot
pass an exception on (a garbage-collector callback, a finaliser) reports it as
"unraisable" and goes on: the handler takes that report back and waits for the next line
again.  And should a second signal come while the first is still waiting, at least
``grace`` seconds after it, the handler raises at once: the last resort for code that
never reaches a Python line, or that swallows every exception.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from _typeshed import TraceFunction as Tracer  # what sys.settrace takes


class AtNextLine:
    """A signal handler raising ``make()`` at the next line of Python code.

    ``grace``: seconds after the first signal before a second one raises at once; when it
    is above 0, the handler arms the wall-clock timer (``ITIMER_REAL``) for it, so that a
    second signal comes even when nothing else sends one.  :meth:`cancel` ends a wait
    (the work ended, or the exception was caught) and puts back what it replaced; call it
    where the exception is caught, after stopping the timers.
    """

    def __init__(self, make: Callable[[], BaseException], grace: float = 0.0) -> None:
        self.make = make
        self.grace = grace
        self.since: float | None = None  # when the waiting signal came
        self.raised: BaseException | None = None  # the exception, once raised
        self._tracing = False
        self._trace_before: Tracer | None = None
        self._hook_before: Callable[[Any], Any] | None = None

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        now = time.monotonic()
        if self.since is None:
            self.since = now
            self._hook_before = sys.unraisablehook
            sys.unraisablehook = self._unraisable
            self._arm(frame)
            if self.grace > 0:
                signal.setitimer(signal.ITIMER_REAL, self.grace)
            return
        if now - self.since < self.grace:
            return  # the armed timer comes back for the last resort
        raise self._fire()

    def _arm(self, frame: FrameType | None) -> None:
        """Trace the frames started from now on, and those running now."""
        if not self._tracing:
            self._tracing = True
            self._trace_before = sys.gettrace()
            sys.settrace(self._trace)
        while frame is not None:
            frame.f_trace = self._trace
            frame = frame.f_back

    def _disarm(self) -> None:
        if self._tracing:
            self._tracing = False
            sys.settrace(self._trace_before)
            self._trace_before = None

    def _trace(self, frame: FrameType, event: str, arg: Any) -> Tracer | None:
        if not self._tracing:
            return None  # a frame marked before the wait ended: trace it no more
        if frame.f_code in _OWN:
            return None  # the handler itself, called again: it decides, not the trace
        raise self._fire()

    def _fire(self) -> BaseException:
        """The exception to raise now, tracing stopped."""
        self._disarm()
        self.raised = self.make()
        return self.raised

    def _unraisable(self, report: Any) -> None:
        if self.raised is not None and report.exc_value is self.raised:
            self.raised = None
            # lost on the way: wait for the next line again
            self._arm(sys._getframe().f_back)
        elif self._hook_before is not None:
            self._hook_before(report)

    def cancel(self) -> None:
        """No exception is waiting any more; the trace function and the unraisable
        hook the wait replaced are back."""
        self._disarm()
        if self.since is not None:
            self.since = None
            self.raised = None
            if sys.unraisablehook == self._unraisable and self._hook_before is not None:
                sys.unraisablehook = self._hook_before
            self._hook_before = None


@contextmanager
def time_limit(cut: AtNextLine, cpu: float, wall: float | None = None) -> Iterator[None]:
    """Run the block with ``cpu`` seconds of this process's CPU time (``ITIMER_PROF``) and,
    when given, ``wall`` seconds of wall time (``ITIMER_REAL``) as a backstop; ``cut``,
    installed by the caller for the timers' signals, raises when one runs out.  After the
    block both timers are stopped and the wait, if any, ended."""
    signal.setitimer(signal.ITIMER_PROF, cpu)
    if wall is not None:
        signal.setitimer(signal.ITIMER_REAL, wall)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)  # the backstop, or the cut's grace timer
        cut.cancel()


@contextmanager
def deferred_interrupts() -> Iterator[None]:
    """Ctrl-C (SIGINT) inside the block raises :class:`KeyboardInterrupt` at the next
    Python line instead of wherever the signal is looked at; a second Ctrl-C before that
    line raises at once.  For loops of games, where the compiled engine spends its time
    (it would abort instead of stopping).  Only Python's own Ctrl-C handler is replaced,
    and only in the main thread: a program that installed its own keeps it."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield
        return
    cut = AtNextLine(KeyboardInterrupt)
    try:
        signal.signal(signal.SIGINT, cut)
    except (OSError, ValueError):  # a platform without signals (the browser's Python)
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
        cut.cancel()


_OWN = frozenset({AtNextLine.__call__.__code__, AtNextLine._arm.__code__,
                  AtNextLine._disarm.__code__, AtNextLine._fire.__code__,
                  AtNextLine._unraisable.__code__, AtNextLine.cancel.__code__})
