"""A gallery of misbehaving engines: ``python engine.py MODE TOKEN``.

A tiny engine that accepts every action (enough for the gallery's cases, whose every
step is accepted), shows no state (``"state": []`` in hello) and misbehaves in one way,
MODE, when it is asked to act with the card 5D; TOKEN only marks its processes so a test
can look for any left behind.  It imports nothing of rummy-spec, so it starts at once.
"""

from __future__ import annotations

import json
import os
import sys
import time

MODE = sys.argv[1]
TRIGGER = "5D"


def write(data: bytes) -> None:
    sys.stdout.buffer.write(data)
    sys.stdout.buffer.flush()


def reply(msg: dict[str, object], body: dict[str, object]) -> None:
    write((json.dumps({"seq": msg.get("seq"), **body}) + "\n").encode())


def hang() -> None:
    while True:
        time.sleep(3600)


def misbehave(msg: dict[str, object]) -> bool:
    """Do MODE's fault; True when no normal reply should follow."""
    if MODE in ("hang", "hang-mid"):
        hang()
    if MODE == "crash":
        os.kill(os.getpid(), 9)
    if MODE == "exit-early":
        sys.exit(0)
    if MODE == "garbage":
        write(b"\x1b[2J\rall cases passed!!\n")
    elif MODE == "partial":
        write(b'{"seq": ')
        hang()
    elif MODE == "huge-line":
        for _ in range(20):
            write(b"x" * (1 << 20))
        write(b"\n")
    elif MODE == "invalid-utf8":
        write(b'{"seq": 1, "result": "accepted\xff\xfe"}\n')
    elif MODE == "wrong-shape":
        write(b'[1, 2, 3]\n')
    elif MODE == "huge-seq":
        write(b'{"seq": ' + b"9" * 5000 + b', "result": "accepted"}\n')
    elif MODE == "seq-true":
        write(b'{"seq": true, "result": "accepted"}\n')
    elif MODE == "deep-json":
        write(b'{"seq": 1, "x": ' + b"[" * 50_000 + b"]" * 50_000 + b"}\n")
    elif MODE == "escape":
        reply(msg, {"error": "\x1b]0;owned\x07\x1b[2J\rall cases passed"})
    elif MODE == "fork-hang":
        if os.fork() == 0:
            hang()
        hang()
    elif MODE == "fork-daemon":
        if os.fork() == 0:
            os.setsid()
            if os.fork() == 0:
                hang()
            os._exit(0)
        os._exit(1)
    else:
        return False
    return True


def main() -> None:
    if MODE == "stderr-flood":
        for _ in range(64):
            sys.stderr.buffer.write(b"noise " * 170_000 + b"\n")
        sys.stderr.buffer.flush()
    if MODE == "hang":
        hang()
    for line in sys.stdin.buffer:
        msg = json.loads(line)
        cmd = msg.get("cmd")
        if MODE == "slow":
            time.sleep(0.3)
        if cmd == "hello":
            variants = [] if MODE == "no-variants" else ["gin"]
            reply(msg, {"protocol": 1, "engine": {"name": f"gallery {MODE}", "version": "1"},
                        "variants": variants, "features": [], "state": []})
        elif cmd == "new":
            reply(msg, {"ok": True})
        elif cmd == "act":
            action = msg.get("action")
            if isinstance(action, dict) and action.get("card") == TRIGGER and misbehave(msg):
                continue
            reply(msg, {"result": "accepted"})
        elif cmd == "close":
            reply(msg, {"ok": True})
            return
        else:
            reply(msg, {"error": f"unknown command {cmd}"})


if __name__ == "__main__":
    main()
