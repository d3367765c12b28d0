"""The runner side of the protocol: an engine in a subprocess, spoken to in JSON lines.

Every request waits at most ``timeout`` seconds for its reply, and a whole case (from
``new`` to its last request) at most ``case_timeout``.  A reply that is late (timeout),
missing because the process died (crash), too long (oversize), or not a proper reply
(malformed: not UTF-8, not JSON, nested too deeply, not an object, a ``seq`` that is not
the request's, a missing field) raises :class:`~rummy_spec.conformance.wire.engine.EngineError`;
the process and everything it started are then stopped (:mod:`.process`) and the next
game starts a fresh one.  An ``error`` reply is the engine's own report of a fault and
leaves the process running.  Text from the engine is escaped and shortened before it is
shown.  Nothing here can hang the runner.
"""

from __future__ import annotations

import json
import shlex
import time
from typing import Any

from ...textsafe import outside_text
from .. import PROTOCOL_VERSION
from .engine import RUNNER, Engine, EngineError, Hello, NewGame, SkipGame, Verdict
from .process import EngineProcess, Oversize, Partial
from .reading import Malformed, field, read_hello, read_reply

JSON = dict[str, Any]
# one encoder for every request (json.dumps with options builds a new one each call)
_encode = json.JSONEncoder(separators=(",", ":")).encode


class ProcessEngine(Engine):
    steps_at_once = 40  # a fuzz game's steps go out in a few writes (PROTOCOL.md allows it)

    def __init__(self, command: str, timeout: float = 10.0,
                 start_timeout: float | None = None, case_timeout: float | None = None
                 ) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as err:
            raise ValueError(f"--engine: cannot split the command: {err}") from None
        if not self.argv:
            raise ValueError("--engine: the command is empty")
        self.command = command
        self.timeout = timeout
        self.start_timeout = start_timeout if start_timeout is not None else max(timeout, 10.0)
        self.case_timeout = case_timeout if case_timeout is not None else max(60.0,
                                                                              timeout * 10)
        self.proc: EngineProcess | None = None
        self.case_deadline: float | None = None
        self.seq = 0
        self._hello: Hello | None = None

    # ----- the process ---------------------------------------------------------------
    def _start(self) -> None:
        try:
            self.proc = EngineProcess(self.argv)
        except (OSError, ValueError) as err:
            self.proc = None
            raise EngineError("crash", f"cannot start '{outside_text(self.command, 200)}': "
                              f"{outside_text(str(err), 200)}") from None
        self._hello = None
        self._hello = self._parse_hello(self._request({"cmd": "hello",
                                                       "protocol": PROTOCOL_VERSION,
                                                       "runner": RUNNER},
                                                      self.start_timeout))

    def _stderr_tail(self) -> str:
        if self.proc is None:
            return ""
        return outside_text(self.proc.stderr.text(), 8000, keep_newlines=True)

    def _kill(self) -> None:
        if self.proc is not None:
            self.proc.stop()
        self.proc = None

    def _fail(self, kind: str, message: str) -> EngineError:
        tail = self._stderr_tail()
        self._kill()
        return EngineError(kind, message, tail)

    def _request(self, msg: JSON, timeout: float | None = None) -> JSON:
        return self._requests([msg], timeout)[0]

    def _requests(self, msgs: list[JSON], timeout: float | None = None) -> list[JSON]:
        """Send the requests at once (one write), then read their replies in order."""
        if self.proc is None:
            self._start()
        proc = self.proc
        assert proc is not None
        wait = timeout if timeout is not None else self.timeout
        sent: list[JSON] = []
        lines: list[str] = []
        for one in msgs:
            self.seq += 1
            sent.append({**one, "seq": self.seq})
            lines.append(_encode(sent[-1]))
            if self.exchange is not None:
                self.exchange.append("> " + lines[-1])
        deadline, whole_case = self._deadline(wait)
        if not proc.send(("\n".join(lines) + "\n").encode("utf-8"), deadline):
            if proc.exit_code(0.2) is not None or time.monotonic() < deadline:
                raise self._fail("crash", self._exit_text("before the request could be sent"))
            raise self._fail("timeout", f"the engine did not read the '{sent[0]['cmd']}' "
                             f"request within {wait:g} s")
        replies = []
        for i, msg in enumerate(sent):
            if i:
                deadline, whole_case = self._deadline(wait)
            try:
                replies.append(self._reply(msg, deadline, whole_case, wait))
            except EngineError as err:
                self._drain(sent[i + 1:], wait)
                err.replies = replies
                raise
        return replies

    def _drain(self, sent: list[JSON], wait: float) -> None:
        """Read (and drop) the replies still due to requests sent together with one that
        failed, so that the next request's reply is the next line; a process that no
        longer answers is stopped (and started again when next asked)."""
        for msg in sent:
            if self.proc is None:
                return
            deadline, whole_case = self._deadline(wait)
            try:
                self._reply(msg, deadline, whole_case, wait)
            except EngineError:
                if self.proc is not None and self.proc.exit_code(0) is None:
                    self._kill()
                return

    def _deadline(self, wait: float) -> tuple[float, bool]:
        """When the reply is due, and whether that is the case's own time limit."""
        deadline = time.monotonic() + wait
        if self.case_deadline is not None and self.case_deadline < deadline:
            return self.case_deadline, True
        return deadline, False

    def _reply(self, msg: JSON, deadline: float, whole_case: bool, wait: float) -> JSON:
        proc = self.proc
        assert proc is not None
        item = proc.receive(deadline)
        if item == "timeout":
            if whole_case:
                raise self._fail("timeout", f"the case took longer than {self.case_timeout:g} "
                                 f"s (waiting for the reply to '{msg['cmd']}')")
            code = proc.exit_code(0)
            if code is not None:
                raise self._fail("crash", self._exit_text(
                    f"without replying to '{msg['cmd']}' (a process it started still holds "
                    "its output)"))
            partial = bytes(proc.pending)
            note = (f" (it wrote {len(partial):,} bytes without a newline: "
                    f"{outside_text(partial.decode('utf-8', 'replace'), 80)!r})"
                    if partial else "")
            raise self._fail("timeout", f"no reply to '{msg['cmd']}' within {wait:g} s{note}")
        if item is None:
            raise self._fail("crash", self._exit_text(f"without replying to '{msg['cmd']}'"))
        if isinstance(item, Oversize):
            raise self._fail("oversize", f"the reply to '{msg['cmd']}' is a line of more than "
                             f"{item.size:,} bytes (at most 8 MiB)")
        if isinstance(item, Partial):
            raise self._fail("crash", self._exit_text(
                f"after {len(item.data):,} bytes of a reply to '{msg['cmd']}' without a "
                "newline"))
        assert isinstance(item, bytes)
        if self.exchange is not None:
            self.exchange.append("< " + item.decode("utf-8", "replace").rstrip("\r\n"))
        return self._check_reply(item, msg)

    def _exit_text(self, when: str) -> str:
        code = self.proc.exit_code(2) if self.proc is not None else None
        how = ("closed its output" if code is None else
               f"was killed by signal {-code}" if code < 0 else f"exited with code {code}")
        return f"the engine {how} {when}"

    def _check_reply(self, raw: bytes, msg: JSON) -> JSON:
        try:
            return read_reply(raw, msg)
        except Malformed as err:
            raise self._fail("malformed", str(err)) from None

    def _field(self, reply: JSON, key: str, kind: type | tuple[type, ...], cmd: str) -> Any:
        try:
            return field(reply, key, kind, cmd)
        except Malformed as err:
            raise self._fail("malformed", str(err)) from None

    def _parse_hello(self, reply: JSON) -> Hello:
        try:
            return read_hello(reply, self.command)
        except Malformed as err:
            raise self._fail("malformed", str(err)) from None

    # ----- the Engine interface ------------------------------------------------------
    def hello(self) -> Hello:
        if self.proc is None or self._hello is None:
            self._start()
        assert self._hello is not None
        return self._hello

    def new(self, game: NewGame) -> None:
        """Start a game: the case's time limit runs from here."""
        self.case_deadline = None
        if self.proc is None:
            self._start()
        self.case_deadline = time.monotonic() + self.case_timeout
        reply = self._request({"cmd": "new", **game.message()})
        if "skip" in reply:
            raise SkipGame(outside_text(str(reply["skip"]), 200))
        if reply.get("ok") is not True:
            raise self._fail("malformed", f"reply to 'new' needs ok, skip or error: "
                             f"{outside_text(json.dumps(reply), 200)}")

    def act(self, action: JSON) -> Verdict:
        return self._verdict(self._request({"cmd": "act", "action": action}))

    def act_and_state(self, action: JSON) -> tuple[Verdict, JSON]:
        return self.acts_and_states([action])[0]

    def acts_and_states(self, actions: list[JSON]) -> list[tuple[Verdict, JSON]]:
        """Every step's ``act`` and ``state`` in one write; a failure carries the steps
        answered before it (``EngineError.answered``)."""
        try:
            replies = self._requests([msg for a in actions for msg in (
                {"cmd": "act", "action": a}, {"cmd": "state"})])
        except EngineError as err:
            try:
                err.answered = list(self._answers(err.replies[: len(err.replies) // 2 * 2]))
            except EngineError as worse:  # (a reply before the failure is wrong too)
                err.answered = worse.answered
            raise err from None
        return self._answers(replies)

    def acts_states_and_views(self, actions: list[JSON], seats: int
                              ) -> list[tuple[Verdict, JSON, list[JSON]]]:
        """Every step's ``act``, ``state`` and views in one write."""
        each = 2 + seats
        msgs: list[JSON] = []
        for a in actions:
            msgs += [{"cmd": "act", "action": a}, {"cmd": "state"}]
            msgs += [{"cmd": "view", "seat": s} for s in range(seats)]
        try:
            replies = self._requests(msgs)
        except EngineError as err:
            whole = len(err.replies) // each * each
            got = [r for i, r in enumerate(err.replies[:whole]) if i % each < 2]
            try:
                err.answered = list(self._answers(got))
            except EngineError as worse:
                err.answered = worse.answered
            raise err from None
        out = []
        for i, (verdict, state) in enumerate(self._answers(
                [r for k, r in enumerate(replies) if k % each < 2])):
            views = [self._field(r, "view", dict, "view")
                     for r in replies[i * each + 2:(i + 1) * each]]
            out.append((verdict, state, views))
        return out

    def _answers(self, replies: list[JSON]) -> list[tuple[Verdict, JSON]]:
        out: list[tuple[Verdict, JSON]] = []
        try:
            for acted, shown in zip(replies[::2], replies[1::2], strict=True):
                state: JSON = self._field(shown, "state", dict, "state")
                out.append((self._verdict(acted), state))
        except EngineError as err:
            err.answered = list(out)
            raise
        return out

    def _verdict(self, reply: JSON) -> Verdict:
        result = reply.get("result")
        if result == "accepted":
            return Verdict(True)
        if result == "rejected":
            reason = self._field(reply, "reason", str, "act")
            return Verdict(False, outside_text(reason, 80),
                           outside_text(str(reply.get("message", "")), 300))
        raise self._fail("malformed", f"reply to 'act' needs result accepted or rejected: "
                         f"{outside_text(json.dumps(reply), 200)}")

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

    def view(self, seat: int) -> JSON:
        if self.hello().protocol < 2 or "views" not in self.hello().features:
            raise EngineError("error", "this engine does not answer view (feature 'views', "
                              "protocol 2)")
        view: JSON = self._field(self._request({"cmd": "view", "seat": seat}), "view", dict,
                                 "view")
        return view

    def restart(self) -> None:
        self._kill()

    def close(self) -> None:
        """Ask the engine to close, give it a moment to exit, then stop whatever is left
        of it (a wrapper's child, a forked helper) all the same."""
        self.case_deadline = None
        if self.proc is not None and self.proc.exit_code(0) is None:
            try:
                self._request({"cmd": "close"}, timeout=min(self.timeout, 5.0))
                if self.proc is not None:
                    self.proc.exit_code(2)
            except EngineError:
                pass
        self._kill()
