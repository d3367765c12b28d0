"""The tutorial's commands, run as written: docs/tutorial.rst cannot go out of date.

Each ``code-block`` with a ``:caption:`` is a file the tutorial writes (its caption is
the name).  Each ``console`` block is a shell session: ``$ `` lines are commands, run in
order by bash in a fresh directory with the files in it; the lines after a command are
output it must still print, in that order (a shown line may leave out the rest of the
real output).  Every command must exit 0, except one that the next command inspects
with ``echo $?``.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from docs_support import DOCS

TUTORIAL = DOCS / "tutorial.rst"
_DIRECTIVE = re.compile(r"^\.\. code-block:: (\S+)\s*$")


@dataclass(frozen=True)
class Block:
    language: str
    options: dict[str, str]
    text: str
    line: int


def blocks(text: str) -> list[Block]:
    """Every ``code-block`` directive of an rst text, with its options and body."""
    lines = text.splitlines()
    out: list[Block] = []
    for i, line in enumerate(lines):
        m = _DIRECTIVE.match(line)
        if m is None:
            continue
        j = i + 1
        options: dict[str, str] = {}
        while j < len(lines) and lines[j].strip().startswith(":"):
            key, _, value = lines[j].strip()[1:].partition(":")
            options[key] = value.strip()
            j += 1
        body: list[str] = []
        while j < len(lines) and (not lines[j].strip() or lines[j].startswith("   ")):
            body.append(lines[j][3:])
            j += 1
        out.append(Block(m.group(1), options, "\n".join(body).strip("\n") + "\n", i + 1))
    return out


@dataclass(frozen=True)
class Command:
    line: str
    shown: list[str]


def session(block: Block) -> list[Command]:
    commands: list[Command] = []
    for line in block.text.splitlines():
        if line.startswith("$ "):
            commands.append(Command(line[2:], []))
        elif commands:
            commands[-1].shown.append(line)
    return commands


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.pop("RUMMY_SPEC_DEBUG", None)
    return env


def _in_order(shown: list[str], output: str) -> str | None:
    """The first shown line that the output lacks (in order), or None."""
    lines = [line.rstrip() for line in output.splitlines()]
    at = 0
    for want in shown:
        want = want.rstrip()
        while at < len(lines) and lines[at] != want:
            at += 1
        if at == len(lines):
            return want
        at += 1
    return None


def test_the_tutorial_runs_as_written(tmp_path: Path) -> None:
    found = blocks(TUTORIAL.read_text(encoding="utf-8"))
    files = [b for b in found if "caption" in b.options]
    consoles = [b for b in found if b.language == "console"]
    assert files and consoles
    for b in files:
        (tmp_path / b.options["caption"]).write_text(b.text, encoding="utf-8")
    ran = []
    env = _environment()
    for block in consoles:
        commands = session(block)
        status = 0
        for n, command in enumerate(commands):
            where = f"tutorial.rst:{block.line}: $ {command.line}"
            if command.line.strip() == "echo $?":
                output = f"{status}\n"
            else:
                done = subprocess.run(["bash", "-c", command.line], cwd=tmp_path, env=env,
                                      capture_output=True, text=True, timeout=120)
                output, status = done.stdout + done.stderr, done.returncode
                inspected = n + 1 < len(commands) and commands[n + 1].line == "echo $?"
                assert status == 0 or inspected, f"{where}: exit {status}\n{output}"
                assert "Traceback" not in output, f"{where}\n{output}"
            missing = _in_order(command.shown, output)
            assert missing is None, f"{where}: no line {missing!r} in\n{output}"
            ran.append(command.line.split()[0:2])
    used = {words[1] for words in ran if words[0] == "rummy-spec"}
    used |= {"play" for words in ran if "play" in words}
    assert {"check", "show", "simulate", "rulebook"} <= used
    assert (tmp_path / "house.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_the_tutorial_teaches_extends_and_options() -> None:
    found = blocks(TUTORIAL.read_text(encoding="utf-8"))
    house = next(b for b in found if b.options.get("caption") == "house.rummy")
    assert re.search(r"^variant \w+ \"[^\"]+\" extends \w+", house.text, re.MULTILINE)
    assert re.search(r"^\s+option \w+", house.text, re.MULTILINE)
    assert any("rummy-spec play" in b.text for b in found if b.language == "console")
