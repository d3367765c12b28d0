"""The ``rummy-spec`` command line.

Each command group lives in its own module holding a ``COMMAND`` record (see
:class:`~rummy_spec.cli.base.Command`); adding a command (play, simulate, meld, solve,
replay, conformance, rulebook, bench) is a new module plus its name in ``COMMAND_MODULES``.

Only the command named on the command line is imported (with the engine, the rules
language and whatever else it needs): ``--help`` and a mistyped command answer without
loading any of it, and a lone ``--version`` before even the command-line machinery.
``SUMMARIES`` holds the name and one-line help of the built-in commands for ``--help``; a
module missing from it is imported to learn them.

Exit codes: 0 success, 1 the input was checked and found wrong (a spec error), 2 a bad
command line (unknown option, missing file, unknown variant, a number out of range), 3 a
bug in rummy-spec.  Bad input never shows a Python traceback: one clear line on stderr
(set RUMMY_SPEC_DEBUG=1 to see the traceback of an internal error).
"""

from __future__ import annotations

import importlib
import os
import sys

from .. import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Sequence
    from typing import Any

    from .base import Command, Outcome, Parser, UsageError

PROG = "rummy-spec"

# One module per command group, in the order ``--help`` lists them.
COMMAND_MODULES: tuple[str, ...] = ("listing", "check", "show", "demo", "play", "simulate",
                                    "compare", "analyze", "balance",
                                    "replay", "meld", "solve", "reasons", "rulebook",
                                    "bench", "conformance", "fmt", "lsp")


# module -> (command name, one-line help), so that --help imports no command module;
# tests check each against the module's own COMMAND record.
SUMMARIES: dict[str, tuple[str, str]] = {
    "listing": ("list", "the built-in variants: name, title, players, rounds"),
    "check": ("check", "check spec files and print every error with its line and a caret"),
    "show": ("show", "the fully resolved rules of a variant for a player count (text or --json)"),
    "demo": ("demo", "check every built-in spec, show Continental Rummy for 5 players, play one "
                     "bot game"),
    "play": ("play", "play a variant against bots in the terminal"),
    "simulate": ("simulate", "bots play seeded games of a variant; how each round ended, turns, "
                             "wins and scores"),
    "compare": ("compare", "bot games of two variants (or one with and without an option), figure "
                           "by figure"),
    "analyze": ("analyze", "the balance figures of one variant in seeded bot games, with their "
                           "intervals"),
    "balance": ("balance", "the balance study: what each house rule changes (writes "
                           "docs/balance.md)"),
    "replay": ("replay", "replay traces and verify every step and the final state"),
    "meld": ("meld", "is a group of cards a legal meld: its kind and wilds, or the reason it is "
                     "not"),
    "solve": ("solve", "how a hand meets a round's contract (the melds, the rest and its points), "
                       "or not"),
    "reasons": ("reasons", "the reason codes the engine refuses actions with, and what each "
                           "means"),
    "rulebook": ("rulebook", "the rulebook page of a variant, generated from its rules (rst, md "
                             "or html)"),
    "bench": ("bench", "run the speed benchmarks (from a source checkout)"),
    "conformance": ("conformance", "the conformance kit: run cases against an engine, fuzz, "
                                   "perft, export"),
    "fmt": ("fmt", "rewrite spec files in the canonical layout (comments kept)"),
    "lsp": ("lsp", "run the language server for editors (diagnostics, hover, completion, "
                   "formatting)"),
}


def load_command(module: str) -> Command:
    from .base import Command

    command = importlib.import_module(f"{__name__}.{module}").COMMAND
    assert isinstance(command, Command)
    return command


def commands() -> list[Command]:
    """Every command, each module imported."""
    return [load_command(module) for module in COMMAND_MODULES]


def summaries() -> list[tuple[str, str, str]]:
    """(module, name, help) of every command, importing only modules not summarised."""
    out = []
    for module in COMMAND_MODULES:
        known = SUMMARIES.get(module)
        if known is None:
            command = load_command(module)
            known = (command.name, command.help)
        out.append((module, *known))
    return out


def _named(argv: Sequence[str]) -> str | None:
    """The command the arguments name: the first word not an option (the top-level
    parser has no option taking a value)."""
    for word in argv:
        if word == "--":
            return None
        if not word.startswith("-"):
            return word
    return None


def build_parser(only: str | None = None) -> Parser:
    """The parser of every command (``only``: configure just that command's arguments,
    importing only its module; the others are listed by name and help)."""
    from .base import Parser
    from .helptext import plain_parser

    parser = Parser(prog=PROG, allow_abbrev=False,
                    description="A formal, executable rulebook for rummy card games.")
    parser.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module, name, help_ in summaries():
        if only is not None and name != only:
            sub.add_parser(name, help=help_, allow_abbrev=False, add_help=False)
            continue
        command = load_command(module)
        p = sub.add_parser(command.name, help=command.help, allow_abbrev=False,
                           description=command.description or command.help)
        command.configure(p)
        p.set_defaults(run=command.run)
    plain_parser(parser)
    return parser


def run(argv: Sequence[str] | None = None) -> Outcome:
    """Parse ``argv`` and run the command; every failure becomes an :class:`Outcome`."""
    from .base import FAILED, USAGE, Outcome, UsageError

    words = list(argv) if argv is not None else sys.argv[1:]
    parser = build_parser(only=_named(words) or "")
    try:
        args = parser.parse_args(words)
        if args.command is None:
            names = ", ".join(name for _, name, _ in summaries())
            raise UsageError(f"{PROG}: name a command: {names} (see '{PROG} --help')")
    except UsageError as err:
        return _usage(err)
    try:
        outcome: Outcome = args.run(args)
        return outcome
    except UsageError as err:
        return _usage(err)
    except Exception as err:
        # the language's failures, imported only now: a command that never loaded the
        # language (list answered from the cache) cannot have raised one
        from ..lang.errors import SpecError
        from ..lang.library import LookupFailure
        from ..outfile import OutputError

        if isinstance(err, (LookupFailure, OutputError)):
            return Outcome(USAGE, err=f"{PROG}: {err}\n")
        if isinstance(err, SpecError):
            count = len(err.errors)
            text = err.render() + f"\n{PROG}: the spec has {count} error{'s' * (count != 1)}\n"
            return Outcome(FAILED, err=text)
        raise


def _usage(err: UsageError) -> Outcome:
    from .base import USAGE, Outcome

    message = str(err)
    if not message.startswith(PROG):
        message = f"{PROG}: {message}"
    return Outcome(USAGE, err=message + "\n")


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: run a command, write its whole output, return the exit code."""
    if (list(argv) if argv is not None else sys.argv[1:]) == ["--version"]:
        sys.stdout.write(f"{PROG} {__version__}\n")  # what argparse's --version prints
        return 0
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
            import traceback

            traceback.print_exc()
        sys.stderr.write(f"{PROG}: internal error: {err.__class__.__name__}: {err} "
                         "(a bug in rummy-spec; set RUMMY_SPEC_DEBUG=1 for details)\n")
        from .base import INTERNAL

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


def __getattr__(name: str) -> Any:
    if name in ("Command", "Outcome"):  # kept importable from here, loaded on first use
        from . import base

        return getattr(base, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["COMMAND_MODULES", "SUMMARIES", "Command", "Outcome", "build_parser", "main", "run"]
