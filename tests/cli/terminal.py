"""The real ``rummy-spec play`` in a pseudo-terminal, its screen kept by a VT100 emulator.

pexpect runs the program on a pty (so it sees a terminal, as a person's shell gives it);
pyte interprets what it writes, escapes included, into the lines a person would see.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import pexpect
import pyte

ROOT = Path(__file__).resolve().parents[2]
COLUMNS, ROWS = 160, 60


class Terminal:
    """One program on a pty; ``lines`` is everything shown so far, scrolled-off included."""

    def __init__(self, *args: str, env: dict[str, str] | None = None,
                 timeout: float = 20.0) -> None:
        full = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm", COLUMNS=str(COLUMNS),
                    LINES=str(ROWS), PROMPT_TOOLKIT_NO_CPR="1")
        full.pop("NO_COLOR", None)
        full.update(env or {})
        self.screen = pyte.HistoryScreen(COLUMNS, ROWS, history=100_000)
        self.stream = pyte.Stream(self.screen)
        self.raw = ""
        self.timeout = timeout
        self.child = pexpect.spawn(sys.executable, ["-m", "rummy_spec.cli", *args], env=full,
                                   encoding="utf-8", dimensions=(ROWS, COLUMNS),
                                   timeout=timeout)

    def _pump(self, wait: float) -> bool:
        """Feed what the program wrote within ``wait`` seconds; False when nothing came."""
        try:
            data = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return False
        except pexpect.EOF:
            return False
        self.raw += data
        self.stream.feed(data)
        return True

    @property
    def lines(self) -> list[str]:
        top = ["".join(ch.data for ch in row.values()).rstrip()
               for row in self.screen.history.top]
        shown = self.screen.display[:self.screen.cursor.y + 1]
        return top + [line.rstrip() for line in shown]

    def current(self) -> str:
        return self.screen.display[self.screen.cursor.y].rstrip()

    def wait_prompt(self, sent: int | None = None) -> list[str]:
        """Read until the program waits at a ``>`` prompt; the lines since the last one.

        ``sent`` is where ``raw`` stood when a line was typed: the old prompt still on the
        screen is not taken for the new one until the program has moved past it, that is,
        has written a line end since then (a slow machine may take longer than one quiet
        interval to read what was typed)."""
        start = len(self.lines)
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            came = self._pump(0.05)
            moved_on = sent is None or "\n" in self.raw[sent:]
            if not came and moved_on and self.current() == ">" and self.child.isalive():
                return self.lines[max(0, start - 1):]
            if not came and not self.child.isalive():
                break
        raise AssertionError("no prompt; the screen ends:\n" + "\n".join(self.lines[-30:]))

    def type(self, text: str) -> list[str]:
        """Type a line and Enter; the lines shown until the next prompt."""
        sent = len(self.raw)
        self.child.send(text + "\r")
        return self.wait_prompt(sent)

    def finish(self) -> int:
        """Wait for the program to end; its exit status."""
        deadline = time.monotonic() + self.timeout
        while self.child.isalive() and time.monotonic() < deadline:
            self._pump(0.05)
        while self._pump(0.01):
            pass
        self.child.close()
        status = self.child.exitstatus
        assert status is not None, "the program did not end"
        return status
