"""An engine that misbehaves in one chosen way: ``python misbehave.py MODE``.

The reference engine behind the protocol, except for MODE: hang-hello, hang-act,
crash-new, garbage-state, wrong-seq, no-result, error-new, error-on-kings (an error
reply to the discard of a king), old-protocol, stderr-crash,
reject-all, mutate-on-reject, no-features, own-codes (reason codes of its own, declared
in hello), decline-all (claims every variant, declines every game), decline-later (plays
its first game, declines every other), house-only (claims one spec file only),
claims-house (also
claims a spec file and a hash the runner was not given).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from rummy_spec.conformance.oracle.reference import ReferenceEngine
from rummy_spec.conformance.wire.engine import Hello, Verdict
from rummy_spec.conformance.wire.server import handle

MODE = sys.argv[1] if len(sys.argv) > 1 else ""


class Engine(ReferenceEngine):
    def hello(self) -> Hello:
        h = super().hello()
        if MODE == "no-features":
            return Hello(h.protocol, h.name, h.version, h.variants, frozenset())
        if MODE == "own-codes":
            return Hello(h.protocol, h.name, h.version, h.variants, h.features, h.shows,
                         reasons="own")
        if MODE == "decline-all":
            return Hello(h.protocol, h.name, h.version, None, h.features)
        if MODE == "house-only":
            return Hello(h.protocol, h.name, h.version, frozenset({"backyard.rummy"}),
                         h.features)
        if MODE == "claims-house":
            assert h.variants is not None
            return Hello(h.protocol, h.name, h.version,
                         h.variants | {"grandpa.rummy", "sha256:0123456789abcdef"}, h.features)
        return h

    def act(self, action: dict[str, Any]) -> Verdict:
        if MODE == "reject-all":
            return Verdict(False, "not-your-turn", "always")
        verdict = super().act(action)
        if MODE == "own-codes" and not verdict.accepted:
            return Verdict(False, "illegal", verdict.message)
        if MODE == "mutate-on-reject" and not verdict.accepted and self.game is not None:
            hand = self.game.state.hand.seats[0].hand
            if hand:
                hand.pop()
        return verdict


def reply(msg: dict[str, Any], body: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps({"seq": msg.get("seq"), **body}) + "\n")
    sys.stdout.flush()


def main() -> None:
    engine = Engine()
    games = 0
    for line in sys.stdin:
        msg = json.loads(line)
        cmd = msg.get("cmd")
        if MODE == "hang-hello" or (MODE == "hang-act" and cmd == "act"):
            time.sleep(3600)
        if MODE == "crash-new" and cmd == "new":
            sys.exit(3)
        if MODE == "stderr-crash" and cmd == "act":
            sys.stderr.write("Traceback (most recent call last):\nValueError: my engine broke\n")
            sys.exit(1)
        if MODE == "garbage-state" and cmd == "state":
            sys.stdout.write("this is not JSON\n")
            sys.stdout.flush()
            continue
        if MODE == "wrong-seq" and cmd == "act":
            sys.stdout.write(json.dumps({"seq": msg["seq"] + 7, "result": "accepted"}) + "\n")
            sys.stdout.flush()
            continue
        if MODE == "no-result" and cmd == "act":
            reply(msg, {"verdict": "fine"})
            continue
        if MODE == "decline-later" and cmd == "new":
            games += 1
            if games > 1:
                reply(msg, {"skip": "one game is enough"})
                continue
        if MODE == "decline-all" and cmd == "new":
            reply(msg, {"skip": "house rules not written yet"})
            continue
        action = msg.get("action") if isinstance(msg.get("action"), dict) else {}
        if MODE == "error-on-kings" and cmd == "act" and action.get("type") == "discard" \
                and str(action.get("card", "")).startswith("K"):
            reply(msg, {"error": "cannot discard a king yet"})
            continue
        if MODE == "error-new" and cmd == "new":
            reply(msg, {"error": "variant not implemented yet"})
            continue
        body = handle(engine, msg)
        if MODE == "old-protocol" and cmd == "hello":
            body["protocol"] = 0
        reply(msg, body)
        if cmd == "close":
            return


if __name__ == "__main__":
    main()
