"""What the kit's commands share: the engine of ``--engine`` started with its ``hello``, an
output checked before any work starts, seconds as an argument, and a progress bar."""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import TextIO

from ..conformance.running.connect import make_engine
from ..conformance.wire.engine import Engine, EngineError, Hello
from ..outfile import OutputError, check_target, make_directory
from ..textsafe import outside_text
from .base import UsageError

BAR = 30


class Bar:
    """A progress bar on stderr when it is a terminal; silent otherwise."""

    def __init__(self, what: str, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stderr
        self.shown = self.stream.isatty()
        self.what = what

    def show(self, done: int, total: int, note: str = "") -> None:
        if self.shown and total:
            filled = BAR * done // total
            self.stream.write(f"\r[{'#' * filled}{'-' * (BAR - filled)}] {done}/{total} "
                              f"{self.what} {note[:30]:30}")
            self.stream.flush()

    def close(self) -> None:
        if self.shown:
            self.stream.write("\r" + " " * (BAR + 80) + "\r")
            self.stream.flush()


PROGRESS_SECONDS = 10.0  # fuzz's progress line on a stderr that is no terminal
MOST_SECONDS = 86_400.0  # a day: a longer wait is a mistake, and inf never times out


def positive(text: str) -> float:
    """An argparse type: seconds, above 0 and at most a day (not inf, not nan)."""
    shown = outside_text(text, 40)
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{shown}' is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"'{shown}' is not a finite number of seconds")
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{shown} is not above 0")
    if value > MOST_SECONDS:
        raise argparse.ArgumentTypeError(f"{shown} is more than a day "
                                         f"({MOST_SECONDS:g} seconds at most)")
    return value


def output_target(path: Path, what: str, directory: bool = False) -> None:
    """An output file or directory checked before any work starts: a usage error."""
    try:
        if directory:
            make_directory(path, what)
        else:
            check_target(path, what)
    except OutputError as err:
        raise UsageError(str(err)) from None


def engine_of(args: argparse.Namespace) -> Engine:
    try:
        return make_engine(args.engine, args.timeout, getattr(args, "case_timeout", None))
    except ValueError as err:
        raise UsageError(str(err)) from None


def start_engine(args: argparse.Namespace, engine: Engine | None = None) -> tuple[Engine, Hello]:
    """The engine, started, with its ``hello``: a usage error if it cannot start."""
    engine = engine or engine_of(args)
    try:
        return engine, engine.hello()
    except EngineError as err:
        engine.close()
        if err.kind == "crash" and err.message.startswith("cannot start"):
            raise UsageError(f"--engine: {err.message}") from None
        from ..conformance.running.replies import stderr_lines

        shown = "".join(f"\n  {line}" for line in stderr_lines(err.stderr))
        raise EngineDown(f"the engine did not answer 'hello' properly: {err.kind}: "
                         f"{err.message}" + (f"\nengine stderr:{shown}" if shown else "")) \
            from None


class EngineDown(Exception):
    pass
