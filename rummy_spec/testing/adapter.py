"""The engine under test, seen through a small protocol, and the reference behind it.

An implementer wraps their engine in an :class:`EngineAdapter`; the state machine drives
it and the reference interpreter side by side, action by action.  Everything crosses the
protocol in the canonical JSON form (cards as text such as ``10S``), so an adapter can
sit in front of an engine in any language.

Capabilities (``EngineAdapter.capabilities``) gate the rules of the machine, as zarr's
stateful tests gate on what a store supports:

* ``"seeded-deals"``: the engine deals every round exactly as the reference does from
  the seed (true of the reference itself).  Without it the machine hands the engine the
  first deal explicitly and compares only until that round ends.
* ``"reason-codes"``: rejections carry the reference's stable reason codes, compared.
* ``"legal-actions"``: ``legal_actions`` is implemented and compared with the reference.
* ``"save-load"``: ``save``/``load`` round-trip the engine's state through JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .. import decks
from ..engine import codec
from ..engine.core import IllegalAction
from ..engine.game import Game
from ..engine.rules import DEAL_CAP, TURN_CAP
from ..lang import model as m

JSON = dict[str, Any]


@dataclass(frozen=True)
class Deal:
    """A deal in canonical text: hands by seat, the stock from its top card down, the
    discard pile from bottom to top (its last card is the upcard)."""

    dealer: int
    hands: tuple[tuple[str, ...], ...]
    stock: tuple[str, ...]
    discard: tuple[str, ...]


@dataclass(frozen=True)
class GameSetup:
    """Everything an engine needs to start the game the reference starts."""

    variant: m.Variant
    players: int
    seed: int
    deal: Deal
    turn_cap: int = TURN_CAP
    deal_cap: int = DEAL_CAP

    @property
    def options(self) -> tuple[str, ...]:
        return self.variant.enabled


@dataclass(frozen=True)
class Outcome:
    """The answer to one attempted action: accepted, or rejected with a reason code."""

    accepted: bool
    code: str = "ok"
    message: str = ""

    @staticmethod
    def ok() -> Outcome:
        return Outcome(True)

    @staticmethod
    def rejected(code: str, message: str = "") -> Outcome:
        return Outcome(False, code, message)


@runtime_checkable
class EngineAdapter(Protocol):
    """What the state machine needs from an engine under test."""

    capabilities: frozenset[str]

    def new_game(self, setup: GameSetup) -> None:
        """Start the game: this variant, players and seed, dealt as ``setup.deal``."""

    def legal_actions(self) -> list[JSON]:
        """Every legal action now, as canonical JSON actions (capability legal-actions)."""

    def try_action(self, action: JSON) -> Outcome:
        """Apply the action if it is legal; a rejected action must change nothing."""

    def observe(self) -> JSON:
        """The observable state, in the form of :func:`observable`."""

    def save(self) -> JSON:
        """The whole state as JSON (capability save-load)."""

    def load(self, data: JSON) -> None:
        """Restore a state that ``save`` produced (capability save-load)."""


def observable(game: Game) -> JSON:
    """The part of a state any engine can report: who holds what, piles, table, scores."""
    s = game.state
    text = game.card_text
    return {
        "round": s.round,
        "over": s.over,
        "turn": s.turn,
        "dealer": s.dealer,
        "hands": [sorted(text(seat.hand)) for seat in s.seats],
        "stock": len(s.stock),
        "discard": text(s.discard),
        "table": [{"owner": t.owner, "kind": t.meld.kind, "cards": text(t.meld.cards)}
                  for t in s.table],
        "totals": [seat.total for seat in s.seats],
        "scores": [list(r.scores) for r in s.results],
        "winners": sorted(s.winners),
    }


def deal_of(game: Game) -> Deal:
    s = game.state
    text = game.card_text
    return Deal(s.dealer, tuple(tuple(text(seat.hand)) for seat in s.seats),
                tuple(text(list(reversed(s.stock)))), tuple(text(s.discard)))


@dataclass
class ReferenceEngine:
    """The reference interpreter behind the adapter protocol (the default engine).

    Used as the engine under test it checks the machine's own plumbing; its main use is
    as a template for adapters of other engines.
    """

    capabilities: frozenset[str] = frozenset(
        {"seeded-deals", "reason-codes", "legal-actions", "save-load"})
    game: Game | None = field(default=None, init=False)

    def _game(self) -> Game:
        assert self.game is not None, "new_game first"
        return self.game

    def new_game(self, setup: GameSetup) -> None:
        self.game = Game(setup.variant, setup.players, setup.seed, turn_cap=setup.turn_cap,
                         deal_cap=setup.deal_cap)

    def legal_actions(self) -> list[JSON]:
        g = self._game()
        return [g.action_json(a) for a in g.legal_actions()]

    def try_action(self, action: JSON) -> Outcome:
        g = self._game()
        try:
            parsed = g.parse_action(action)
        except codec.CodecError as err:
            return Outcome.rejected("bad-action", str(err))
        try:
            g.apply(parsed)
        except IllegalAction as err:
            return Outcome.rejected(err.verdict.code, err.verdict.message)
        return Outcome.ok()

    def observe(self) -> JSON:
        return observable(self._game())

    def save(self) -> JSON:
        return self._game().state_json()

    def load(self, data: JSON) -> None:
        g = self._game()
        g.state = codec.state_from_json(
            g.rules.table, data, g.rules.wild,
            lambda players, extra: decks.full_deck(g.variant, players, extra))
