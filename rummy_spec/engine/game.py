"""A game: a checked variant at a player count, a seed, and the actions taken so far.

The whole game is (variant, options, players, seed, actions): ``Game.replay`` rebuilds it
and every state in between, byte for byte.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..lang import model as m
from . import codec, core, moves
from .reasons import Verdict
from .rules import DEAL_CAP, TURN_CAP, Rules, compile_variant
from .setup import Setup, new_game
from .state import Action, State


class GameError(ValueError):
    """A game cannot be set up as asked (player count outside the variant's range...)."""


@dataclass
class Game:
    variant: m.Variant
    players: int
    seed: int
    setup: Setup | None = None
    turn_cap: int = TURN_CAP
    deal_cap: int = DEAL_CAP
    rules: Rules = field(init=False)
    state: State = field(init=False)
    history: list[Action] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        p = self.variant.players
        if self.players < p.min or (p.max is not None and self.players > p.max):
            high = "+" if p.max is None else "" if p.max == p.min else f"..{p.max}"
            raise GameError(f"{self.variant.name} is for {p.min}{high} players, "
                            f"not {self.players}")
        self.rules = compile_variant(self.variant, self.players)
        self.state = new_game(self.rules, self.seed, self.setup, self.turn_cap, self.deal_cap)

    @property
    def over(self) -> bool:
        return self.state.over

    def legal(self, action: Action) -> Verdict:
        return core.legal(self.rules, self.state, action)

    def apply(self, action: Action) -> None:
        core.apply_in_place(self.rules, self.state, action)
        self.history.append(action)

    def apply_trusted(self, action: Action) -> None:
        """Apply an action :meth:`legal_actions` just listed (see ``core.apply_trusted``)."""
        core.apply_trusted(self.rules, self.state, action)
        self.history.append(action)

    def legal_actions(self) -> list[Action]:
        return moves.legal_actions(self.rules, self.state)

    # ----- JSON ---------------------------------------------------------------------
    def state_json(self, state: State | None = None) -> dict[str, Any]:
        return codec.state_to_json(self.rules.table, state or self.state, self.rules.wild)

    def action_json(self, action: Action) -> dict[str, Any]:
        return codec.action_to_json(self.rules.table, action)

    def parse_action(self, data: Any) -> Action:
        return codec.action_from_json(self.rules.table, data)

    def header(self) -> dict[str, Any]:
        return {
            "format": "rummy-spec/trace", "version": 1, "variant": self.variant.name,
            "path": self.variant.path, "options": list(self.variant.enabled),
            "players": self.players, "seed": self.seed, "turn_cap": self.turn_cap,
            "deal_cap": self.deal_cap,
        }

    def card_text(self, cards: Sequence[int]) -> list[str]:
        return [self.rules.table.faces[c].text for c in cards]
