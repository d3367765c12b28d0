"""What the runner needs from an engine under test, in-process or behind the protocol.

An :class:`Engine` answers ``hello``, ``new`` (one game from an explicit deal), ``act``,
``state`` and, for perft, ``legal`` and ``perft``.  A wrong answer is the case's
failure; an :class:`EngineError` (timeout, crash, malformed reply, an error the engine
reports) is the case's error, counted apart; :class:`SkipGame` is the engine declining
a game it cannot set up (reported as skipped).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any

from ... import __version__
from ...lang.export import variant_to_json
from .. import PROTOCOL_VERSION
from ..suite.cases import Case, variant
from ..suite.variants import claims, on_forget, spec_of

JSON = dict[str, Any]


@dataclass(frozen=True)
class Hello:
    """What an engine says of itself: protocol version, variants (None: any; names, spec
    file names or content hashes), features, the fields of the state it shows (None:
    every field of protocol version 1), and whose reason codes it answers with
    (``reference`` or ``own``)."""

    protocol: int
    name: str
    version: str
    variants: frozenset[str] | None
    features: frozenset[str] = field(default_factory=frozenset)
    shows: frozenset[str] | None = None
    reasons: str = "reference"

    def supports(self, variant_name: str) -> bool:
        return claims(self.variants, variant_name)


@dataclass(frozen=True)
class Verdict:
    accepted: bool
    reason: str | None = None
    message: str = ""

    @property
    def text(self) -> str:
        return "accepted" if self.accepted else f"rejected ({self.reason})"


class EngineError(Exception):
    """The engine failed to answer properly: ``kind`` is timeout, crash, malformed or
    error (the engine's own error reply)."""

    def __init__(self, kind: str, message: str, stderr: str = "") -> None:
        super().__init__(f"{kind}: {message}")
        self.kind = kind
        self.message = message
        self.stderr = stderr
        # of several steps sent at once, those answered before the failure (each verdict
        # and state, the state None where none was asked for), to be judged all the same
        self.answered: list[tuple[Verdict, JSON | None]] = []
        self.replies: list[JSON] = []  # (behind the protocol: the replies read before it)


class SkipGame(Exception):
    """The engine declines this game (an option or a setup it does not support)."""


@dataclass(frozen=True)
class NewGame:
    """The ``new`` message's content."""

    variant: str
    options: tuple[str, ...]
    players: int
    setup: JSON

    def message(self) -> JSON:
        spec = spec_of(self.variant)
        named = {"spec": {"file": spec.path.name, "sha256": spec.sha256}} if spec else {}
        return {"variant": self.variant, **named, "options": list(self.options),
                "players": self.players, "rules": resolved_rules(self.variant, self.options,
                                                                 self.players),
                "setup": self.setup}


_RULES: dict[tuple[str, tuple[str, ...], int], JSON] = {}
on_forget(_RULES.clear)  # a spec file forgotten: its rules are resolved anew


def resolved_rules(name: str, options: tuple[str, ...], players: int) -> JSON:
    """The rules as ``rummy-spec show NAME --players N --json`` prints them (cached)."""
    key = (name, options, players)
    hit = _RULES.get(key)
    if hit is None:
        hit = _RULES[key] = variant_to_json(variant(name, options), players)
    return hit


def new_game(case: Case) -> NewGame:
    return NewGame(case.variant, case.options, case.players, case.setup)


class Engine(ABC):
    """An engine under test.

    ``exchange``, when a list, receives every protocol line sent (``> ...``) and received
    (``< ...``), for ``-v`` output; engines in-process have no lines to record.
    """

    exchange: list[str] | None = None
    # how many fuzz steps may go to the engine before their answers are judged: in-process
    # one (nothing to save); behind the protocol many, sent at once, so that a game costs
    # a few exchanges rather than one per action (see ``fuzzplay.Match``)
    steps_at_once = 1

    @abstractmethod
    def hello(self) -> Hello: ...

    @abstractmethod
    def new(self, game: NewGame) -> None: ...

    @abstractmethod
    def act(self, action: JSON) -> Verdict: ...

    @abstractmethod
    def state(self) -> JSON: ...

    def act_and_state(self, action: JSON) -> tuple[Verdict, JSON]:
        """``act``, then ``state`` (an engine behind the protocol sends both requests at
        once, so that a step of a fuzz run costs one exchange, not two)."""
        return self.act(action), self.state()

    def acts_and_states(self, actions: list[JSON]) -> list[tuple[Verdict, JSON]]:
        """``act_and_state`` for each action in turn (sent at once behind the protocol);
        an EngineError carries the steps answered before it (``answered``)."""
        out: list[tuple[Verdict, JSON]] = []
        try:
            for a in actions:
                out.append(self.act_and_state(a))
        except EngineError as err:
            err.answered = list(out)
            raise
        return out

    def acts_states_and_views(self, actions: list[JSON], seats: int
                              ) -> list[tuple[Verdict, JSON, list[JSON]]]:
        """``act``, ``state`` and the view of each of ``seats`` seats, for each action in
        turn (sent at once behind the protocol); an EngineError carries the steps whose
        verdict and state were answered before it (``answered``, views left out)."""
        out: list[tuple[Verdict, JSON, list[JSON]]] = []
        try:
            for a in actions:
                verdict, state = self.act_and_state(a)
                out.append((verdict, state, [self.view(s) for s in range(seats)]))
        except EngineError as err:
            err.answered = [(v, s) for v, s, _ in out]
            raise
        return out

    def legal(self) -> list[JSON]:
        raise EngineError("error", "this engine does not list legal actions")

    def perft(self, depth: int) -> int:
        raise EngineError("error", "this engine does not count perft")

    def view(self, seat: int) -> JSON:
        """What ``seat`` may know now (feature ``views``; PROTOCOL.md, "view")."""
        raise EngineError("error", "this engine does not answer view")

    def restart(self) -> None:  # noqa: B027 - nothing to do in-process
        """Make the engine usable again after an EngineError (a process is restarted)."""

    def close(self) -> None:  # noqa: B027 - nothing to do in-process
        """Release the engine (a process is asked to close, then stopped)."""


RUNNER = f"rummy-spec {__version__}"
__all__ = ["PROTOCOL_VERSION", "RUNNER", "Engine", "EngineError", "Hello", "NewGame",
           "SkipGame", "Verdict", "new_game", "resolved_rules"]

