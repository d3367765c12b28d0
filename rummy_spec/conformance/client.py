"""The runner side of the protocol: an engine in a subprocess, spoken to in JSON lines.

Every request waits at most ``timeout`` seconds for its reply.  A reply that is late
(timeout), missing because the process died (crash), or not a proper reply (malformed:
not JSON, not an object, the wrong ``seq``, a missing field) raises
:class:`~rummy_spec.conformance.engine.EngineError`; the process is then stopped and
started afresh for the next game.  An ``error`` reply is the engine's own report of a
fault and leaves the process running.  Nothing here can hang the runner.
"""

from __future__ import annotations

import contextlib
import json
import queue
import shlex
import subprocess
import tempfile
import threading
from typing import IO, Any

from . import PROTOCOL_VERSION
from .engine import RUNNER, Engine, EngineError, Hello, NewGame, SkipGame, Verdict
from .protocol import reply_problem

JSON = dict[str, Any]
STDERR_TAIL = 2000


class ProcessEngine(Engine):
    def __init__(self, command: str, timeout: float = 10.0,
                 start_timeout: float | None = None) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as err:
            raise ValueError(f"--engine: cannot split the command: {err}") from None
        if not self.argv:
            raise ValueError("--engine: the command is empty")
        self.command = command
        self.timeout = timeout
        self.start_timeout = start_timeout if start_timeout is not None else max(timeout, 10.0)
        self.proc: subprocess.Popen[str] | None = None
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: IO[str] | None = None
        self.seq = 0
        self._hello: Hello | None = None

    # ----- the process ---------------------------------------------------------------
    def _start(self) -> None:
        self.stderr = tempfile.TemporaryFile(  # noqa: SIM115 - kept open for the process
            mode="w+", encoding="utf-8", errors="replace")
        try:
            self.proc = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                text=True, encoding="utf-8", errors="replace", bufsize=1)
        except OSError as err:
            self.proc = None
            raise EngineError("crash", f"cannot start '{self.command}': {err}") from None
        self.lines = queue.Queue()
        out = self.proc.stdout
        assert out is not None
        sink = self.lines

        def read() -> None:
            for line in out:
                sink.put(line)
            sink.put(None)

        threading.Thread(target=read, daemon=True).start()
        self._hello = None
        self._hello = self._parse_hello(self._request({"cmd": "hello",
                                                       "protocol": PROTOCOL_VERSION,
                                                       "runner": RUNNER},
                                                      self.start_timeout))

    def _stderr_tail(self) -> str:
        if self.stderr is None:
            return ""
        try:
            self.stderr.flush()
            self.stderr.seek(0)
            text = self.stderr.read()
        except (OSError, ValueError):
            return ""
        if len(text) <= 2 * STDERR_TAIL:
            return text
        # the head holds the first error line (Node's "Error: ..."), the tail the last
        return text[:STDERR_TAIL] + "\n[...]\n" + text[-STDERR_TAIL:]

    def _kill(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):  # a process that won't die
                self.proc.wait(timeout=5)
            for stream in (self.proc.stdin, self.proc.stdout):
                try:
                    if stream is not None:
                        stream.close()
                except OSError:
                    pass
        self.proc = None

    def _fail(self, kind: str, message: str) -> EngineError:
        tail = self._stderr_tail()
        self._kill()
        return EngineError(kind, message, tail)

    def _request(self, msg: JSON, timeout: float | None = None) -> JSON:
        if self.proc is None:
            self._start()
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        self.seq += 1
        msg = {**msg, "seq": self.seq}
        sent = json.dumps(msg, separators=(",", ":"))
        if self.exchange is not None:
            self.exchange.append("> " + sent)
        try:
            proc.stdin.write(sent + "\n")
            proc.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise self._fail("crash", self._exit_text("before the request could be sent"))\
                from None
        wait = timeout if timeout is not None else self.timeout
        try:
            line = self.lines.get(timeout=wait)
        except queue.Empty:
            raise self._fail("timeout", f"no reply to '{msg['cmd']}' within {wait:g} s")\
                from None
        if line is None:
            raise self._fail("crash", self._exit_text(f"without replying to '{msg['cmd']}'"))
        if self.exchange is not None:
            self.exchange.append("< " + line.rstrip("\r\n"))
        return self._check_reply(line, msg)

    def _exit_text(self, when: str) -> str:
        code = None
        if self.proc is not None:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
        how = "closed its output" if code is None else f"exited with code {code}"
        return f"the engine {how} {when}"

    def _check_reply(self, line: str, msg: JSON) -> JSON:
        shown = line.strip()[:200]
        try:
            reply = json.loads(line)
        except json.JSONDecodeError:
            raise self._fail("malformed", f"reply to '{msg['cmd']}' is not JSON: {shown!r}")\
                from None
        if not isinstance(reply, dict):
            raise self._fail("malformed", f"reply to '{msg['cmd']}' is not a JSON object: "
                             f"{shown!r}")
        if reply.get("seq") != msg["seq"]:
            raise self._fail("malformed", f"reply to '{msg['cmd']}' has seq "
                             f"{reply.get('seq')!r}, expected {msg['seq']}")
        if "error" in reply:
            raise EngineError("error", str(reply["error"]), "")
        problem = reply_problem(msg["cmd"], reply)
        if problem is not None:
            raise self._fail("malformed", problem)
        return reply

    def _field(self, reply: JSON, key: str, kind: type | tuple[type, ...], cmd: str) -> Any:
        value = reply.get(key)
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
            raise self._fail("malformed", f"reply to '{cmd}': field '{key}' missing or of "
                             f"the wrong type: {json.dumps(reply)[:200]}")
        return value

    def _parse_hello(self, reply: JSON) -> Hello:
        protocol = self._field(reply, "protocol", int, "hello")
        if protocol != PROTOCOL_VERSION:
            raise self._fail("malformed", f"the engine speaks protocol {protocol}, "
                             f"this runner {PROTOCOL_VERSION}")
        variants = self._field(reply, "variants", list, "hello")
        features = self._field(reply, "features", list, "hello")
        about = reply.get("engine") if isinstance(reply.get("engine"), dict) else {}
        assert isinstance(about, dict)
        return Hello(protocol, str(about.get("name", self.command)),
                     str(about.get("version", "")),
                     None if "*" in variants else frozenset(map(str, variants)),
                     frozenset(map(str, features)))

    # ----- the Engine interface ------------------------------------------------------
    def hello(self) -> Hello:
        if self.proc is None or self._hello is None:
            self._start()
        assert self._hello is not None
        return self._hello

    def new(self, game: NewGame) -> None:
        reply = self._request({"cmd": "new", **game.message()})
        if "skip" in reply:
            raise SkipGame(str(reply["skip"]))
        if reply.get("ok") is not True:
            raise self._fail("malformed", f"reply to 'new' needs ok, skip or error: "
                             f"{json.dumps(reply)[:200]}")

    def act(self, action: JSON) -> Verdict:
        reply = self._request({"cmd": "act", "action": action})
        result = reply.get("result")
        if result == "accepted":
            return Verdict(True)
        if result == "rejected":
            reason = self._field(reply, "reason", str, "act")
            return Verdict(False, reason, str(reply.get("message", "")))
        raise self._fail("malformed", f"reply to 'act' needs result accepted or rejected: "
                         f"{json.dumps(reply)[:200]}")

    def state(self) -> JSON:
        reply = self._request({"cmd": "state"})
        state: JSON = self._field(reply, "state", dict, "state")
        return state

    def legal(self) -> list[JSON]:
        actions: list[JSON] = self._field(self._request({"cmd": "legal"}), "actions", list,
                                          "legal")
        return actions

    def perft(self, depth: int) -> int:
        count: int = self._field(self._request({"cmd": "perft", "depth": depth}), "count",
                                 int, "perft")
        return count

    def restart(self) -> None:
        self._kill()

    def close(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                self._request({"cmd": "close"}, timeout=min(self.timeout, 5.0))
                self.proc.wait(timeout=5) if self.proc is not None else None
            except (EngineError, subprocess.TimeoutExpired):
                pass
        self._kill()
        if self.stderr is not None:
            self.stderr.close()
            self.stderr = None
