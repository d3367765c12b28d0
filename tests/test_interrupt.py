"""The signal handler that cuts work short at the next Python line (rummy_spec.interrupt).

Raising from a signal handler directly aborted the compiled engine's process when the
signal came inside its big-integer arithmetic (the house campaign's one-game cut, in the
compiled build).  The handler must raise nothing itself, raise at the next line instead,
get back an exception lost in a finaliser, and keep the last resort of a second signal.
"""

from __future__ import annotations

import signal
import sys
from typing import Any

import pytest

from rummy_spec.interrupt import AtNextLine, deferred_interrupts, time_limit


class Cut(BaseException):
    pass


def _spin(cut: AtNextLine, after: int) -> None:
    """A loop of plain lines that calls nothing; the signal comes at step ``after``."""
    n = 0
    while True:
        n += 1
        if n == after:
            cut(signal.SIGPROF, sys._getframe())  # as the interpreter calls a handler


def test_the_handler_raises_nothing_itself_and_the_next_line_raises() -> None:
    cut = AtNextLine(Cut)
    try:
        with pytest.raises(Cut) as raised:
            _spin(cut, 1000)
    finally:
        cut.cancel()
    # raised in the loop's own frame (by the trace function), after the handler had
    # returned, not inside it
    names = [entry.name for entry in raised.traceback]
    assert names[-2:] == ["_spin", "_trace"] and "__call__" not in names
    assert sys.gettrace() is None


class _Finalised:
    def __del__(self) -> None:
        pass  # Python code run where no exception can pass on


def test_an_exception_lost_in_a_finaliser_is_raised_at_the_next_line() -> None:
    cut = AtNextLine(Cut)
    reached: list[int] = []
    reports: list[object] = []
    before = sys.unraisablehook
    sys.unraisablehook = reports.append
    try:
        with pytest.raises(Cut) as raised:
            cut(signal.SIGPROF, None)  # this frame is not marked: the next call raises
            _Finalised()  # the cut is raised in __del__ and reported unraisable there
            reached.append(1)  # the next line: raised again here
    finally:
        cut.cancel()
        sys.unraisablehook = before
    assert reached == [] and reports == []  # taken back, never reported
    names = [entry.name for entry in raised.traceback]
    assert names[-2:] == ["test_an_exception_lost_in_a_finaliser_is_raised_at_the_next_line",
                          "_trace"]


def test_a_second_signal_within_the_grace_waits_and_after_it_raises_at_once() -> None:
    # (this frame is not marked, and nothing in between calls Python code: no trace event)
    cut = AtNextLine(Cut, grace=0.0)
    caught: Cut | None = None
    try:
        cut(signal.SIGPROF, None)  # first: waits for a line
        cut(signal.SIGPROF, None)  # second, grace spent: raises in the handler
    except Cut as err:
        caught = err
    cut.cancel()
    assert caught is not None and caught.__traceback__ is not None
    innermost = caught.__traceback__
    while innermost.tb_next is not None:
        innermost = innermost.tb_next
    assert innermost.tb_frame.f_code.co_name == "__call__"
    patient = AtNextLine(Cut, grace=3600.0)
    patient(signal.SIGPROF, None)
    signal.setitimer(signal.ITIMER_REAL, 0)  # the handler armed it for the grace
    patient(signal.SIGPROF, None)  # within the grace: still only waits
    waiting = patient.since is not None
    patient.cancel()
    assert waiting


def test_cancel_puts_back_the_trace_function_and_the_unraisable_hook() -> None:
    def tracer(frame: object, event: str, arg: object) -> None:
        return None

    hook_before = sys.unraisablehook
    trace_before = sys.gettrace()
    cut = AtNextLine(Cut)
    sys.settrace(tracer)
    try:
        cut(signal.SIGPROF, None)
        assert sys.unraisablehook != hook_before
        cut.cancel()
        assert sys.gettrace() is tracer and sys.unraisablehook == hook_before
        assert cut.since is None
    finally:
        sys.settrace(trace_before)


def test_ctrl_c_in_a_game_loop_is_raised_at_a_python_line_and_the_handler_put_back() -> None:
    with pytest.raises(KeyboardInterrupt) as raised, deferred_interrupts():
        assert isinstance(signal.getsignal(signal.SIGINT), AtNextLine)
        signal.raise_signal(signal.SIGINT)  # the handler runs, raising nothing
        while True:
            pass  # the next line raises
    names = [entry.name for entry in raised.traceback]
    assert names[-1] == "_trace" and "__call__" not in names
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert sys.gettrace() is None


def test_a_handler_the_program_installed_is_left_alone() -> None:
    def mine(signum: int, frame: object) -> None:
        pass

    before = signal.signal(signal.SIGINT, mine)
    try:
        with deferred_interrupts():
            assert signal.getsignal(signal.SIGINT) is mine
    finally:
        signal.signal(signal.SIGINT, before)


def test_every_game_of_a_batch_is_played_with_ctrl_c_deferred(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from rummy_spec.analysis import runner
    from rummy_spec.lang.library import load
    from rummy_spec.simulate import play_out

    handlers: list[object] = []

    def watched(*args: Any, **kwargs: Any) -> Any:
        handlers.append(signal.getsignal(signal.SIGINT))
        return play_out(*args, **kwargs)

    monkeypatch.setattr(runner, "play_out", watched)
    batch = runner.Batch(load("gin"), 2, ("planner", "random"), 1, 2)
    assert len(runner.run(batch)) == 2
    assert len(handlers) == 2 and all(isinstance(h, AtNextLine) for h in handlers)
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_time_limit_cuts_the_block_then_stops_its_timers_and_ends_the_wait() -> None:
    cut = AtNextLine(Cut, grace=5.0)
    before = {s: signal.signal(s, cut) for s in (signal.SIGPROF, signal.SIGALRM)}
    try:
        with pytest.raises(Cut), time_limit(cut, 0.05, 5.0):
            while True:
                pass  # CPU-bound: cut by the CPU timer, at a line
        assert signal.getitimer(signal.ITIMER_PROF) == (0.0, 0.0)
        assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)  # the grace timer too
        assert cut.since is None and sys.gettrace() is None
    finally:
        for s, old in before.items():
            signal.signal(s, old)
