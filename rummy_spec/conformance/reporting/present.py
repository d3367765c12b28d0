"""How a run reads in a terminal: one block per case that did not pass, a table by topic,
a summary line, colour only where it helps.

Each failing block names the case file, the step, what was expected and what the engine
said (with the state fields that differ), and a command that reruns that case alone, so
an implementer can copy one line and be back at the failure.  With ``-v`` the block also
holds the protocol lines exchanged.  Colour follows the usual conventions: none when the
output is not a terminal, none when ``NO_COLOR`` is set (to anything but the empty
string), none for ``TERM=dumb``; ``--color always|never`` overrides.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TextIO

from ..running.runner import STATUSES, CaseResult, counts

EXCHANGE_LINES = 80  # the last lines of a long exchange are the ones that matter
_CODES = {"red": "31", "green": "32", "yellow": "33", "magenta": "35", "cyan": "36",
          "bold": "1", "dim": "2"}
STATUS_COLOUR = {"passed": "green", "failed": "red", "known": "cyan", "errored": "magenta",
                 "skipped": "yellow", "unexpected-pass": "red"}


def process_age() -> float | None:
    """Seconds since this process started, when it is the ``rummy-spec`` command itself
    (so the summary's time includes Python's start and the imports, as a user's clock
    does); None elsewhere (in-process use, or no ``/proc``)."""
    argv0 = Path(sys.argv[0]) if sys.argv and sys.argv[0] else None
    if argv0 is None or not (argv0.name == "rummy-spec" or (
            argv0.name == "__main__.py" and argv0.parent.name == "cli")):
        return None
    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK")  # field 22: starttime
    except (OSError, ValueError, IndexError):
        return None


def colour_wanted(choice: str, stream: TextIO, env: dict[str, str] | None = None) -> bool:
    """``always``, ``never``, or ``auto``: a terminal, no NO_COLOR, a TERM that has colour."""
    if choice in ("always", "never"):
        return choice == "always"
    env = dict(os.environ) if env is None else env
    if env.get("NO_COLOR", ""):
        return False
    if env.get("TERM") == "dumb":
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@dataclass(frozen=True)
class Style:
    colour: bool = False

    def paint(self, text: str, *names: str) -> str:
        if not self.colour or not names:
            return text
        codes = ";".join(_CODES[n] for n in names)
        return f"\x1b[{codes}m{text}\x1b[0m"

    def status(self, status: str, text: str | None = None) -> str:
        return self.paint(status if text is None else text, STATUS_COLOUR.get(status, ""),
                          "bold") if status in STATUS_COLOUR else (text or status)


def rerun_command(engine: str, case_id: str, cases_dir: Path | None = None,
                  timeout: float | None = None, program: str = "rummy-spec") -> str:
    """One shell line that runs this case alone, with its exchange shown (``-v``)."""
    parts = [program, "conformance", "run", "--engine", engine, "--case", case_id]
    if cases_dir is not None:
        parts += ["--cases", str(cases_dir)]
    if timeout is not None:
        parts += ["--timeout", f"{timeout:g}"]
    return " ".join(shlex.quote(p) for p in parts) + " -v"


def shown_path(path: str) -> str:
    """The case file relative to the working directory when it is below it."""
    if not path:
        return path
    try:
        return str(Path(path).resolve().relative_to(Path.cwd()))
    except ValueError:
        return path


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def printable(text: str) -> str:
    """An engine's own bytes made harmless for a terminal: control characters as \\xNN."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def exchange_lines(lines: Sequence[str], limit: int | None = EXCHANGE_LINES) -> list[str]:
    """Protocol lines as shown: the long ``rules`` of ``new`` elided, control characters
    escaped, long exchanges cut to their last ``limit`` lines."""
    out = []
    for line in lines:
        line = printable(line)
        if line.startswith("> "):
            try:
                msg = json.loads(line[2:])
            except json.JSONDecodeError:
                msg = None
            if isinstance(msg, dict) and "rules" in msg:
                msg["rules"] = "..."
                line = "> " + json.dumps(msg, separators=(",", ":"), ensure_ascii=False)
        out.append(line)
    if limit is not None and len(out) > limit:
        cut = len(out) - limit
        out = [f"({cut} earlier lines left out)", *out[-limit:]]
    return out


def case_block(r: CaseResult, style: Style, rerun: str | None, verbose: bool) -> list[str]:
    """The lines of one case that did not pass."""
    head = style.status(r.status, f"{r.status:8}") + " " + style.paint(r.id, "bold")
    out = [f"{head}  ({r.rule})" if r.rule else head]
    out += ["    " + line for line in r.lines]
    if r.status in ("failed", "errored", "known"):
        if r.path:
            out.append("    " + style.paint("case:  ", "dim") + shown_path(r.path))
        if rerun:
            out.append("    " + style.paint("rerun: ", "dim") + rerun)
        if verbose and r.exchange:
            out.append("    " + style.paint("exchange (> to the engine, < its reply):", "dim"))
            out += ["      " + line for line in exchange_lines(r.exchange)]
    return out


def stack_once(r: CaseResult, shown: dict[str, str]) -> CaseResult:
    """The result with an engine's stderr (a crash's stack) that an earlier case showed
    replaced by a line naming that case: one crash, one stack."""
    lines = list(r.lines)
    for i, line in enumerate(lines):
        if line.strip() != "engine stderr:":
            continue
        depth = len(line) - len(line.lstrip())
        end = i + 1
        while end < len(lines) and len(lines[end]) - len(lines[end].lstrip()) > depth:
            end += 1
        text = "\n".join(x.strip() for x in lines[i + 1:end])
        first = shown.setdefault(text, r.id)
        if first != r.id:
            lines[i:end] = [f"{line.rstrip(':')}: as shown for {first}"]
            return replace(r, lines=lines)
        return r
    return r


def topic_of(case_id: str) -> str:
    """``variant/topic/name`` -> topic (melds, claims, scoring...); other ids: ``-``."""
    parts = case_id.split("/")
    return parts[1] if len(parts) >= 3 else "-"


def topic_table(results: Sequence[CaseResult], style: Style) -> list[str]:
    """Counts by topic, every status a column that has any case in it."""
    by_topic: dict[str, list[CaseResult]] = {}
    for r in results:
        by_topic.setdefault(topic_of(r.id), []).append(r)
    total = counts(results)
    columns = [s for s in STATUSES if total[s]]
    width = max(5, *(len(t) for t in by_topic))
    head = "topic".ljust(width) + "".join(f"  {s:>{max(len(s), 6)}}" for s in columns)
    out = [style.paint(head, "bold")]
    for topic in sorted(by_topic):
        c = counts(by_topic[topic])
        cells = ""
        for s in columns:
            cell = f"  {c[s]:>{max(len(s), 6)}}"
            cells += style.status(s, cell) if c[s] and s != "passed" else cell
        out.append(topic.ljust(width) + cells)
    out.append("all".ljust(width) + "".join(f"  {total[s]:>{max(len(s), 6)}}"
                                            for s in columns))
    return out


def summary_line(results: Sequence[CaseResult], style: Style, about: str) -> str:
    c = counts(results)
    parts = [style.status(k, f"{n} {k}") if n else f"{n} {k}"
             for k, n in c.items() if n or k in ("passed", "failed")]
    n = len(results)
    return ", ".join(parts) + f" (of {n} case{'s' * (n != 1)}{about})"


def results_text(results: Sequence[CaseResult], style: Style, verbose: bool,
                 rerun: dict[str, str]) -> list[str]:
    """Every case that did not pass (each passed one too with ``verbose``), skips that
    share a reason counted in one line, then the table by topic."""
    out: list[str] = []
    skipped: dict[str, int] = {}
    stacks: dict[str, str] = {}  # an engine's stderr shown -> the case it was shown for
    for r in results:
        if r.status == "passed":
            if verbose:
                out.append(style.status("passed", "passed  ") + f" {r.id}")
            continue
        if r.status == "skipped" and not verbose and not r.message.startswith("listed"):
            skipped[r.message] = skipped.get(r.message, 0) + 1
            continue
        out += case_block(stack_once(r, stacks), style, rerun.get(r.id), verbose)
    for why, n in sorted(skipped.items()):
        out.append(style.status("skipped", "skipped ") + f" {n} case{'s' * (n != 1)}: {why}")
    if len({topic_of(r.id) for r in results}) > 1:
        out += ["", *topic_table(results, style)]
    return out
