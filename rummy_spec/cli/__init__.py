"""The ``rummy-spec`` command line.

Each command group lives in its own module holding a ``COMMAND`` record (see
:class:`~rummy_spec.cli.base.Command`); adding a command (play, simulate, meld, solve,
replay, conformance, rulebook, bench) is a new module plus its name in ``COMMAND_MODULES``.

Exit codes: 0 success, 1 the input was checked and found wrong (a spec error), 2 a bad
command line (unknown option, missing file, unknown variant, a number out of range), 3 a
bug in rummy-spec.  Bad input never shows a Python traceback: one clear line on stderr
(set RUMMY_SPEC_DEBUG=1 to see the traceback of an internal error).
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback
from collections.abc import Sequence

from .. import __version__
from ..lang import LookupFailure, SpecError
from ..outfile import OutputError
from .base import FAILED, INTERNAL, USAGE, Command, Outcome, Parser, UsageError
from .helptext import plain_parser

PROG = "rummy-spec"

# One module per command group, in the order ``--help`` lists them.
COMMAND_MODULES: tuple[str, ...] = ("listing", "check", "show", "demo", "play", "simulate",
                                    "compare", "analyze",
                                    "replay", "meld", "solve", "reasons", "rulebook",
                                    "bench", "conformance", "fmt", "lsp")


def commands() -> list[Command]:
    found: list[Command] = []
    for module in COMMAND_MODULES:
        command = importlib.import_module(f"{__name__}.{module}").COMMAND
        assert isinstance(command, Command)
        found.append(command)
    return found


def build_parser() -> Parser:
    parser = Parser(prog=PROG, allow_abbrev=False,
                    description="A formal, executable rulebook for rummy card games.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for command in commands():
        p = sub.add_parser(command.name, help=command.help, allow_abbrev=False,
                           description=command.description or command.help)
        command.configure(p)
        p.set_defaults(run=command.run)
    plain_parser(parser)
    return parser


def run(argv: Sequence[str] | None = None) -> Outcome:
    """Parse ``argv`` and run the command; every failure becomes an :class:`Outcome`."""
    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
        if args.command is None:
            names = ", ".join(c.name for c in commands())
            raise UsageError(f"{PROG}: name a command: {names} (see '{PROG} --help')")
        outcome: Outcome = args.run(args)
        return outcome
    except UsageError as err:
        message = str(err)
        if not message.startswith(PROG):
            message = f"{PROG}: {message}"
        return Outcome(USAGE, err=message + "\n")
    except (LookupFailure, OutputError) as err:
        return Outcome(USAGE, err=f"{PROG}: {err}\n")
    except SpecError as err:
        count = len(err.errors)
        text = err.render() + f"\n{PROG}: the spec has {count} error{'s' * (count != 1)}\n"
        return Outcome(FAILED, err=text)


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run a command, write its whole output, return the exit code."""
    try:
        outcome = run(argv)
    except SystemExit as exit_:  # --help and --version
        return exit_.code if isinstance(exit_.code, int) else 0
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # `rummy-spec play ... | head`: a command that writes as it goes
        _quiet_stdout()
        return 0
    except Exception as err:  # a bug: one line, the traceback only on request
        if os.environ.get("RUMMY_SPEC_DEBUG"):
            traceback.print_exc()
        sys.stderr.write(f"{PROG}: internal error: {err.__class__.__name__}: {err} "
                         "(a bug in rummy-spec; set RUMMY_SPEC_DEBUG=1 for details)\n")
        return INTERNAL
    try:
        if outcome.out:
            sys.stdout.write(outcome.out)
            sys.stdout.flush()
        if outcome.err:
            sys.stderr.write(outcome.err)
            sys.stderr.flush()
    except BrokenPipeError:  # `rummy-spec show x | head`: the reader left early
        _quiet_stdout()
        return outcome.code
    return outcome.code


def _quiet_stdout() -> None:
    """The reader of stdout has gone: send the rest (and the flush at exit) nowhere."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


__all__ = ["COMMAND_MODULES", "Command", "Outcome", "build_parser", "main", "run"]
