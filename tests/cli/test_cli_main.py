"""The command line as a whole: the command registry, exit codes, usage errors, bugs."""

from __future__ import annotations

import argparse

import pytest

from rummy_spec import __version__
from rummy_spec import cli as cli_package
from rummy_spec.cli.base import Command, Outcome

from .helpers import Cli, one_clear_line


def test_every_command_module_registers_one_command() -> None:
    names = [c.name for c in cli_package.commands()]
    assert names[:4] == ["list", "check", "show", "demo"]
    assert {"play", "simulate", "replay", "meld", "solve", "reasons"} <= set(names)
    assert len(set(names)) == len(names)


def test_a_new_command_module_needs_only_its_name_in_the_registry(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys
    import types

    module = types.ModuleType("rummy_spec.cli.hello")

    def configure(p: argparse.ArgumentParser) -> None:
        p.add_argument("who")

    module.COMMAND = Command(  # type: ignore[attr-defined]
        "hello", "say hello", configure, lambda a: Outcome(out=f"hello {a.who}\n"))
    monkeypatch.setitem(sys.modules, "rummy_spec.cli.hello", module)
    monkeypatch.setattr(cli_package, "COMMAND_MODULES", (*cli_package.COMMAND_MODULES, "hello"))
    assert cli("hello", "world") == (0, "hello world\n", "")


def test_no_command_is_a_usage_error_naming_the_commands(cli: Cli) -> None:
    code, out, err = cli()
    assert code == 2 and out == ""
    line = one_clear_line(err)
    assert "list, check, show, demo" in line


def test_unknown_command_is_one_line(cli: Cli) -> None:
    code, out, err = cli("frobnicate")
    assert code == 2 and out == ""
    assert "invalid choice: 'frobnicate'" in one_clear_line(err)


def test_unknown_flag_is_one_line(cli: Cli) -> None:
    code, out, err = cli("list", "--colour")
    assert code == 2 and out == ""
    assert "--colour" in one_clear_line(err)


def test_help_and_version_exit_zero(cli: Cli) -> None:
    code, out, _ = cli("--help")
    assert code == 0
    for name in ("list", "check", "show", "demo"):
        assert name in out
    code, out, _ = cli("--version")
    assert code == 0 and __version__ in out
    code, out, _ = cli("show", "--help")
    assert code == 0 and "--players" in out and "--json" in out


def test_a_bug_is_one_line_with_exit_3_and_no_traceback(
    cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    from rummy_spec.cli import listing

    def broken(args: argparse.Namespace) -> Outcome:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(listing, "COMMAND", Command("list", "x", lambda p: None, broken))
    monkeypatch.delenv("RUMMY_SPEC_DEBUG", raising=False)
    code, out, err = cli("list")
    assert code == 3 and out == ""
    line = one_clear_line(err)
    assert "internal error" in line and "ZeroDivisionError: boom" in line


def test_python_dash_m_runs_the_same_main() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "rummy_spec.cli", "list"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "continental" in done.stdout


def test_the_help_summaries_match_the_command_modules() -> None:
    for module, (name, help_) in cli_package.SUMMARIES.items():
        command = cli_package.load_command(module)
        assert (command.name, command.help) == (name, help_), module
    assert set(cli_package.SUMMARIES) == set(cli_package.COMMAND_MODULES)


def test_version_and_help_load_no_command_and_no_rules_language() -> None:
    import subprocess
    import sys

    code = ("import sys; from rummy_spec.cli import main; main(sys.argv[1:]); "
            "print(sorted(m for m in sys.modules if m.startswith(('rummy_spec.lang', "
            "'rummy_spec.engine', 'rummy_spec.cli.', 'lark'))), file=sys.stderr)")
    for args, loaded in ((["--version"], "[]"),  # answered before argparse is imported
                         # base (Command, Parser), helptext (plain-text --help, argparse, re)
                         (["--help"], "['rummy_spec.cli.base', 'rummy_spec.cli.helptext']"),
                         (["frobnicate"], "['rummy_spec.cli.base', 'rummy_spec.cli.helptext']")):
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                              text=True, timeout=60, check=False)
        assert done.stderr.strip().splitlines()[-1] == loaded, args


def test_version_alone_imports_no_argparse_and_says_what_argparse_would(cli: Cli) -> None:
    import subprocess
    import sys

    code = ("import sys; from rummy_spec.cli import main; main(sys.argv[1:]); "
            "print(sorted(m for m in ('argparse', 'typing', 'dataclasses') "
            "if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code, "--version"], capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stderr.strip() == "[]"
    assert done.stdout == f"rummy-spec {__version__}\n"
    assert cli("--version", "list") == (0, done.stdout, "")  # argparse's own --version
