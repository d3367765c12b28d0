"""A raw client for ``rummy-spec lsp``: it frames whatever bytes it is given, so it can
send what no editor would (bad JSON, wrong lengths, binary, out-of-range positions), and
reads every message the server writes, with a deadline."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[2]


class Server:
    """``python -m rummy_spec.cli lsp`` on pipes; stderr goes to a file read at the end."""

    def __init__(self) -> None:
        self.stderr = tempfile.TemporaryFile()  # noqa: SIM115 - read back at the end
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen([sys.executable, "-m", "rummy_spec.cli", "lsp"],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=self.stderr, env=env)
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        assert self.proc.stdout is not None
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        self.next_id = 0
        self.seen: list[dict[str, Any]] = []

    def _read(self, out: IO[bytes]) -> None:
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.messages.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":", 1)[1])
            if length is None:
                continue
            body = out.read(length)
            self.messages.put(json.loads(body))

    def send_raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def send(self, message: dict[str, Any] | bytes) -> None:
        body = message if isinstance(message, bytes) else json.dumps(message).encode()
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def request(self, method: str, params: Any) -> int:
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        return self.next_id

    def notify(self, method: str, params: Any) -> None:
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def answer(self, ident: int, seconds: float) -> dict[str, Any] | None:
        """The reply to request ``ident`` within ``seconds`` (None: no reply); messages
        met on the way are kept in :attr:`seen`."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            try:
                msg = self.messages.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                break
            if msg is None:
                return None
            self.seen.append(msg)
            if msg.get("id") == ident and "method" not in msg:
                return msg
        return None

    def initialize(self) -> None:
        self.seen = []
        ident = self.request("initialize", {"processId": None, "rootUri": None,
                                            "capabilities": {}})
        assert self.answer(ident, 60) is not None, "no answer to initialize"
        self.notify("initialized", {})

    def stop(self, seconds: float = 10) -> int | None:
        """shutdown, exit; the exit code (None: it did not end within ``seconds``)."""
        ident = self.request("shutdown", None)
        self.answer(ident, seconds)
        self.notify("exit", None)
        try:
            return self.proc.wait(seconds)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None

    def stderr_text(self) -> str:
        self.stderr.seek(0)
        return self.stderr.read().decode("utf-8", "replace")


__all__ = ["Server"]
