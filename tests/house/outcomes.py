"""Every tool a rule author uses, run on one spec file in-process, each exit classified.

``check`` first; only a spec it accepts goes on to ``show``, ``show --json``,
``rulebook`` in every format (and with the house's first option on), the language
server's diagnostics and hover, and a seeded one-game ``simulate``.  Each gives an exit
code: 0 and 1 are answers, 2 a usage error (never right here: the arguments are good),
3 an internal error, "raised" an exception out of an editor function, "hang" a tool
that ran past the time allowed.

Time is counted in CPU seconds of this process (``ITIMER_PROF``), so a loaded machine
does not turn a slow answer into a hang; a wall-clock backstop ten times as long catches
a tool blocked without using the processor.  The one-game ``simulate`` is the exception:
the engine caps every game (turns a round, deals a game), so a game always ends, and one
past its budget is counted "slow" (the bots' time on a hard house contract), apart from
the failures, never as a pass.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from rummy_spec.cli import main
from rummy_spec.interrupt import AtNextLine, time_limit
from rummy_spec.lang import editor

HANG_SECONDS = 60  # CPU seconds a tool may take before it counts as a hang
SIMULATE_SECONDS = 5  # CPU seconds for the one-game simulate before it counts as slow
FINISH_SECONDS = 3600  # CPU seconds a slow game may take when it is played to its end
WALL_FACTOR = 10  # the wall-clock backstop, as a multiple of the CPU budget


class Hang(BaseException):
    """The alarm's exception: a BaseException, so that no ``except Exception`` of the
    code under test (the command line's last-resort handler turns an exception into
    "internal error", exit 3) can take a hang for a crash."""


@dataclass
class Outcome:
    """The exit class of every tool run on one spec, and what the bad ones said."""

    exits: dict[str, str] = field(default_factory=dict)  # tool -> "0", "1", "3", ...
    said: dict[str, str] = field(default_factory=dict)  # tool -> its stderr, when bad
    warnings: list[str] = field(default_factory=list)  # check's warning codes

    @property
    def accepted(self) -> bool:
        return self.exits.get("check") == "0"

    @property
    def bad(self) -> dict[str, str]:
        """The tools that did not answer 0 or 1, nor were a game slow to end."""
        return {tool: code for tool, code in self.exits.items()
                if code not in ("0", "1", "slow")}

    @property
    def slow(self) -> bool:
        return "slow" in self.exits.values()


# Both alarms raise Hang at the next Python line, never inside the compiled engine's
# arithmetic (which aborts the process: see rummy_spec.interrupt); one still waiting after
# GRACE_SECONDS of wall time is raised at once.
GRACE_SECONDS = 10
_alarm = AtNextLine(Hang, grace=GRACE_SECONDS)


def _cli(args: list[str]) -> tuple[str, str]:
    code, _, err = _cli_both(args)
    return code, err


def _cli_both(args: list[str]) -> tuple[str, str, str]:
    """The command's exit, its stdout and its stderr."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(args)
    return str(code), out.getvalue(), err.getvalue()


WARNING = re.compile(r": (W\d+ [a-z][a-z-]*):")  # a diagnostic line of check: its code


def warning_codes(report: str) -> list[str]:
    """The distinct warnings ("W103 deal-below-contract") in what ``check`` printed."""
    return sorted(set(WARNING.findall(report)))


def check_warnings(path: Path) -> list[str]:
    """The warnings ``check`` gives the spec at ``path`` (none when it has errors)."""
    code, out, _ = _cli_both(["check", str(path)])
    return warning_codes(out) if code == "0" else []


def _editor(text: str, path: str) -> tuple[str, str]:
    """Diagnostics of the text, and hover at the first word of every line and at every
    word of the house's own clauses: "0" when every answer came back."""
    try:
        editor.diagnostics(text, path)
        for row, line in enumerate(text.split("\n")):
            for word in re.finditer(r"[A-Za-z0-9_]+", line):
                editor.hover(text, row, word.start())
    except Hang:
        raise
    except Exception as err:  # an exception out of the server's answers: a crash
        return "raised", f"{err.__class__.__name__}: {err}"
    return "0", ""


def _within(step: Callable[[], tuple[str, str]], budget: float,
            past: str) -> tuple[str, str]:
    """Run ``step`` with ``budget`` CPU seconds (and the wall backstop): its exit and
    stderr, or ``past`` and why when the alarm cut it.  The caller installs the handlers."""
    try:
        with time_limit(_alarm, budget, budget * WALL_FACTOR):
            return step()
    except Hang:
        return past, f"more than {budget} CPU s (or {budget * WALL_FACTOR} s of wall time)"


def finish_game(slow: Path, work: Path, seconds: float | None = None
                ) -> dict[str, str | float]:
    """Play a game written out as slow (its first line names the seed) to its end, with
    ``seconds`` of CPU (default ``FINISH_SECONDS``) instead of the campaign's budget: its
    exit ("0" or "1" is an answer; "slow" means it ran past even that) and the CPU seconds
    it took."""
    text = slow.read_text(encoding="utf-8")
    found = re.search(r"--seed (\d+)", text.split("\n", 1)[0])
    if found is None:
        raise ValueError(f"{slow}: its first line names no --seed")
    path = work / slow.name
    path.write_text(text, encoding="utf-8")
    previous = signal.signal(signal.SIGALRM, _alarm)
    previous_prof = signal.signal(signal.SIGPROF, _alarm)
    start = time.process_time()
    try:
        code, err = _within(lambda: _cli(["simulate", "--games", "1", "--seed",
                                          found.group(1), str(path)]),
                            FINISH_SECONDS if seconds is None else seconds, "slow")
    finally:
        signal.signal(signal.SIGALRM, previous)
        signal.signal(signal.SIGPROF, previous_prof)
    return {"exit": code, "cpu_seconds": round(time.process_time() - start, 1),
            **({"said": err[-2000:]} if code not in ("0", "1") else {})}


def _checked(target: str, outcome: Outcome) -> tuple[str, str]:
    """``check``, keeping the codes of the warnings it printed in ``outcome``."""
    code, out, err = _cli_both(["check", target])
    outcome.warnings = warning_codes(out)
    return code, err


def run_tools(text: str, path: Path, seed: int = 1) -> Outcome:
    """Write ``text`` to ``path`` and run every tool on it, as a user would in turn."""
    path.write_text(text, encoding="utf-8")
    target = str(path)
    outcome = Outcome()
    options = re.findall(r"option (house\d)", text)
    steps: list[tuple[str, Callable[[], tuple[str, str]]]] = [
        ("check", lambda: _checked(target, outcome)),
        ("show", lambda: _cli(["show", target])),
        ("show --json", lambda: _cli(["show", "--json", target])),
        *[(f"rulebook {fmt}", lambda fmt=fmt: _cli(["rulebook", "--format", fmt, target]))
          for fmt in ("rst", "md", "html")],
        *[(f"rulebook --option {o}", lambda o=o: _cli(["rulebook", "--format", "md",
                                                       "--option", o, target]))
          for o in options[:1]],
        ("lsp", lambda: _editor(text, target)),
        ("simulate", lambda: _cli(["simulate", "--games", "1", "--seed", str(seed),
                                   target])),
    ]
    debug = os.environ.get("RUMMY_SPEC_DEBUG")
    os.environ["RUMMY_SPEC_DEBUG"] = "1"  # a crash's traceback goes to its stderr
    previous = signal.signal(signal.SIGALRM, _alarm)
    previous_prof = signal.signal(signal.SIGPROF, _alarm)
    try:
        for tool, step in steps:
            budget = SIMULATE_SECONDS if tool == "simulate" else HANG_SECONDS
            code, err = _within(step, budget, "slow" if tool == "simulate" else "hang")
            outcome.exits[tool] = code
            if code not in ("0", "1"):
                outcome.said[tool] = err[-3000:]
            if tool == "check" and code != "0":
                break  # only what check accepts must render and play
    finally:
        signal.signal(signal.SIGALRM, previous)
        signal.signal(signal.SIGPROF, previous_prof)
        if debug is None:
            del os.environ["RUMMY_SPEC_DEBUG"]
        else:
            os.environ["RUMMY_SPEC_DEBUG"] = debug
    return outcome
