"""An engine's process, kept on a short leash: its own process group, bounded reading,
timed writing, and nothing left behind.

The engine under test is outside code.  It may hang, fork a child that keeps the pipes
open, daemonise, flood stderr, write a line of gigabytes or no newline at all, or be a
wrapper script that starts the real engine without ``exec``.  None of that may hang the
runner, blow up its memory or leave a process behind:

* the engine starts in a new session (so its own process group), with a marker in its
  environment; stopping it kills the whole group, then every process still carrying the
  marker (a daemon that left the group), found by scanning ``/proc``;
* stdout is read (without blocking, in the caller's thread, also while a request is
  being written) in chunks into lines of at most ``MOST_LINE`` bytes (a longer line is
  reported as oversize and skipped), at most ``QUEUED`` lines ahead;
* stderr is read by a thread that keeps the first ``STDERR_HEAD`` and the last
  ``STDERR_TAIL`` bytes and counts the rest;
* requests are written without blocking, within the reply's time limit: an engine that
  stops reading cannot stall the writer.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import select
import signal
import subprocess
import threading
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO

MARKER = "RUMMY_SPEC_ENGINE_RUN"
MOST_LINE = 8 * 1024 * 1024
QUEUED = 64
STDERR_HEAD = 2000
STDERR_TAIL = 4000
CHUNK = 65536


@dataclass(frozen=True)
class Oversize:
    """A stdout line longer than MOST_LINE (its length counted up to the cut)."""

    size: int


@dataclass(frozen=True)
class Partial:
    """Bytes after the last newline when stdout closed."""

    data: bytes


Item = bytes | Oversize | Partial | None  # None: stdout is closed


class StderrKeeper:
    """The first and the last bytes an engine wrote to stderr, and how many in all."""

    def __init__(self) -> None:
        self.head = bytearray()
        self.tail = bytearray()
        self.total = 0
        self.lock = threading.Lock()

    def add(self, chunk: bytes) -> None:
        with self.lock:
            self.total += len(chunk)
            room = STDERR_HEAD - len(self.head)
            if room > 0:
                self.head += chunk[:room]
                chunk = chunk[room:]
            if chunk:
                self.tail += chunk
                if len(self.tail) > STDERR_TAIL:
                    del self.tail[: len(self.tail) - STDERR_TAIL]

    def text(self) -> str:
        with self.lock:
            head = self.head.decode("utf-8", errors="replace")
            tail = self.tail.decode("utf-8", errors="replace")
            left_out = self.total - len(self.head) - len(self.tail)
        if not tail:
            return head
        gap = f"\n... ({left_out:,} bytes left out) ...\n" if left_out > 0 else ""
        return head + gap + tail


class _Lines:
    """Split stdout into lines as it is read (in the caller's thread: a reply costs no
    hand-over between threads); ``pending`` shows the bytes of an unfinished line."""

    def __init__(self) -> None:
        self.ready: deque[Item] = deque()
        self.pending = bytearray()
        self.dropping = 0
        self.closed = False

    def feed(self, chunk: bytes) -> None:
        pending, start = self.pending, 0
        while start <= len(chunk):
            cut = chunk.find(b"\n", start)
            piece = chunk[start:] if cut < 0 else chunk[start:cut]
            if self.dropping:
                self.dropping += len(piece)
            else:
                pending += piece
                if len(pending) > MOST_LINE:
                    self.dropping = len(pending)
                    pending.clear()
            if cut < 0:
                break
            if self.dropping:
                self.ready.append(Oversize(self.dropping))
                self.dropping = 0
            else:
                self.ready.append(bytes(pending))
                pending.clear()
            start = cut + 1

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        if self.dropping:
            self.ready.append(Oversize(self.dropping))
        elif self.pending:
            self.ready.append(Partial(bytes(self.pending)))
            self.pending.clear()


def _read_stderr(stream: IO[bytes], keeper: StderrKeeper) -> None:
    try:
        while True:
            chunk = stream.read(CHUNK)
            if not chunk:
                break
            keeper.add(chunk)
    except (OSError, ValueError):
        pass
    finally:
        with contextlib.suppress(OSError):
            stream.close()


def marked_processes(token: str) -> list[int]:
    """Processes whose environment holds ``MARKER=token`` (read from /proc)."""
    needle = f"{MARKER}={token}".encode()
    found = []
    try:
        names = os.listdir("/proc")
    except OSError:
        return []
    for name in names:
        if not name.isdigit() or int(name) == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as f:
                if needle in f.read():
                    found.append(int(name))
        except OSError:
            continue
    return found


class EngineProcess:
    """One run of the engine's command; :meth:`stop` ends it and all it started."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.token = secrets.token_hex(8)
        env = {**os.environ, MARKER: self.token}
        self.proc = subprocess.Popen(
            list(argv), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, bufsize=0, start_new_session=True, env=env)
        assert self.proc.stdin is not None and self.proc.stdout is not None
        assert self.proc.stderr is not None
        self.stdin = self.proc.stdin
        os.set_blocking(self.stdin.fileno(), False)
        self.out = self.proc.stdout.fileno()
        os.set_blocking(self.out, False)
        self.lines = _Lines()
        self.pending = self.lines.pending
        self.stderr = StderrKeeper()
        self.closed = False
        threading.Thread(target=_read_stderr, args=(self.proc.stderr, self.stderr),
                         daemon=True).start()

    def send(self, data: bytes, deadline: float) -> bool:
        """Write ``data`` by ``deadline``; False when the engine does not take it.  What
        the engine writes meanwhile is read, so that it cannot stall on a full pipe."""
        view = memoryview(data)
        fd = self.stdin.fileno()
        while view:
            try:
                n = os.write(fd, view)
                view = view[n:]
                continue
            except BlockingIOError:
                pass
            except OSError:
                return False
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            reading = [self.out] if not self.lines.closed and \
                len(self.lines.ready) < QUEUED else []
            try:
                readable, _, _ = select.select(reading, [fd], [], left)
            except (OSError, ValueError):
                return False
            if readable:
                self._read()
        return True

    def _read(self) -> None:
        """One chunk of stdout into lines (end of file: closed)."""
        try:
            chunk = os.read(self.out, CHUNK)
        except BlockingIOError:
            return
        except (OSError, ValueError):
            chunk = b""
        if chunk:
            self.lines.feed(chunk)
        else:
            self.lines.close()

    def receive(self, deadline: float) -> Item | str:
        """The next stdout item (None: stdout is closed), or ``"timeout"``."""
        lines = self.lines
        while not lines.ready:
            if lines.closed:
                return None
            left = deadline - time.monotonic()
            if left <= 0:
                return "timeout"
            try:
                readable, _, _ = select.select([self.out], [], [], left)
            except (OSError, ValueError):
                lines.close()
                continue
            if readable:
                self._read()
        return lines.ready.popleft()

    def exit_code(self, wait: float) -> int | None:
        try:
            return self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def stop(self) -> None:
        """Kill the engine's process group and any marked process, then reap."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(OSError):
            self.stdin.close()
        with contextlib.suppress(OSError):
            self.proc.stdout.close()  # type: ignore[union-attr]
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.proc.pid, signal.SIGKILL)
        for _ in range(3):  # a daemon may be forking while we look
            pids = marked_processes(self.token)
            if not pids:
                break
            for pid in pids:
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5)


__all__ = ["MARKER", "MOST_LINE", "EngineProcess", "Oversize", "Partial", "StderrKeeper",
           "marked_processes"]
