"""What every command shares: its registration record, its result, and usage errors.

A command never prints: it returns an :class:`Outcome` holding the whole text for stdout
and stderr and the exit code, and ``main`` writes it at once.  So a failure half-way
through never leaves half a report behind, and tests read the text without capturing.
"""

from __future__ import annotations

import argparse

TYPE_CHECKING = False  # no typing, dataclasses or pathlib when a command needs none
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import NoReturn

# Exit codes: the same for every command.
OK = 0
FAILED = 1  # the input was understood and found wrong (a spec error, a failed check)
USAGE = 2  # the command line itself is wrong: unknown option, missing file, bad number
INTERNAL = 3  # a bug in rummy-spec: reported in one line, never as a traceback


class UsageError(Exception):
    """A bad command line: reported as one line on stderr, exit code 2."""


class _Record:
    """A small immutable record compared by its fields (what a frozen dataclass gives,
    without importing dataclasses on every start of the command line)."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self.__slots__)
        return f"{type(self).__name__}({shown})"


class Outcome(_Record):
    """A command's complete result, written by ``main`` in one piece."""

    __slots__ = ("code", "err", "out")
    code: int
    out: str
    err: str

    def __init__(self, code: int = OK, out: str = "", err: str = "") -> None:
        for name, value in (("code", code), ("out", out), ("err", err)):
            object.__setattr__(self, name, value)


class Command(_Record):
    """One subcommand: its name, a one-line help, how to add its arguments, how to run it."""

    __slots__ = ("configure", "description", "help", "name", "run")
    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], Outcome]
    description: str

    def __init__(self, name: str, help: str,
                 configure: Callable[[argparse.ArgumentParser], None],
                 run: Callable[[argparse.Namespace], Outcome], description: str = "") -> None:
        for field, value in (("name", name), ("help", help), ("configure", configure),
                             ("run", run), ("description", description)):
            object.__setattr__(self, field, value)


class Parser(argparse.ArgumentParser):
    """argparse that raises :class:`UsageError` instead of printing usage and exiting."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see '{self.prog} --help')")


MOST_DIGITS = 18  # a count, a seed, a depth: more digits than this is a mistake


def whole_number(text: str) -> int:
    """An argparse type: a whole number of at most 18 digits, with a message in plain
    words (the text shown escaped and shortened: it came from outside)."""
    from ..textsafe import outside_text

    shown = outside_text(text, 40)
    digits = text.strip().lstrip("+-").lstrip("0")
    if len(digits) > MOST_DIGITS and digits.isdigit():
        raise argparse.ArgumentTypeError(f"'{shown}' is too large ({len(digits)} digits; at "
                                         f"most {MOST_DIGITS})")
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"'{shown}' is not a whole number") from None


def files_named(targets: list[str], pattern: str, kind: str) -> list[Path]:
    """The files the targets name: each a file, or a directory read for ``pattern``
    (``kind`` names those files in the message when it holds none); a missing target or
    one that is not a regular file is a usage error, before any work starts."""
    from pathlib import Path

    from ..infile import InputFileError, kind_of
    from ..textsafe import outside_text

    out: list[Path] = []
    for t in targets:
        path = Path(t)
        shown = outside_text(t, 200)
        try:
            what = kind_of(path)  # a name too long is refused here, not met as a crash
        except InputFileError as err:
            raise UsageError(f"{shown}: {err}") from None
        if what == "directory":
            found = sorted(p for p in path.glob(pattern) if p.is_file())
            if not found:
                raise UsageError(f"{shown}: no {kind} in this directory")
            out += found
        elif what == "file":
            out.append(path)
        elif what is not None:
            raise UsageError(f"{shown}: not a regular file ({what})")
        else:
            raise UsageError(f"{shown}: no such file")
    return out


def lines(*parts: str) -> str:
    """Text lines joined, with a final newline ("" is a blank line)."""
    return "\n".join(parts) + "\n" if parts else ""
