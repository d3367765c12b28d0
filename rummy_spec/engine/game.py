"""A game: a checked variant at a player count, a seed, and the actions taken so far.

The whole game is (variant, options, players, seed, actions): ``Game.replay`` rebuilds it
and every state in between, byte for byte.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..lang import model as m
from .dispatch import core, moves
from .families.ending import settle_dealt_win
from .families.setup import Deal, new_game
from .records import codec
from .records.reasons import Verdict
from .records.rules import Rules, compile_variant
from .records.state import DEAL_CAP, TURN_CAP, Move, State
from .seats import view as views
from .seats.knowledge import Before, Knowledge


class GameError(ValueError):
    """A game cannot be set up as asked (player count outside the variant's range...)."""


@dataclass
class Game:
    variant: m.Variant
    players: int
    seed: int
    setup: Deal | None = None
    turn_cap: int = TURN_CAP
    deal_cap: int = DEAL_CAP
    # the game's compiled rules; :attr:`rules` gives the current deal's (``cut joker``)
    base_rules: Rules = field(init=False)
    state: State = field(init=False)
    history: list[Move] = field(default_factory=list, init=False)
    # what each seat has been shown: made on the first view asked for (from the history),
    # then kept up move by move
    knowledge: Knowledge | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        p = self.variant.players
        if self.players < p.min or (p.max is not None and self.players > p.max):
            high = "+" if p.max is None else "" if p.max == p.min else f"..{p.max}"
            raise GameError(f"{self.variant.name} is for {p.min}{high} players, "
                            f"not {self.players}")
        self.base_rules = compile_variant(self.variant, self.players)
        self.state = new_game(self.base_rules, self.seed, self.setup, self.turn_cap,
                              self.deal_cap)
        settle_dealt_win(self.rules, self.state)  # a hand that wins as dealt ends at once
        # set here, not left to the field's default: compiled (mypyc) classes have no class
        # attribute to fall back on for a field the dataclass __init__ does not set
        self.knowledge = None

    @property
    def rules(self) -> Rules:
        """The rules of the deal being played: the game's, with the rank a card turned
        for ``wilds { cut joker }`` wild as well."""
        rules = self.base_rules
        return rules if self.state.hand.cut_card is None else rules.dealt(self.state)

    @property
    def over(self) -> bool:
        return self.state.over

    def legal(self, action: Move) -> Verdict:
        return core.legal(self.rules, self.state, action)

    def apply(self, action: Move) -> None:
        before = None if self.knowledge is None else Before.of(self.state)
        core.apply_in_place(self.rules, self.state, action)
        self.history.append(action)
        if before is not None:
            self._observe(before, action)

    def apply_trusted(self, action: Move) -> None:
        """Apply an action :meth:`legal_actions` just listed (see ``core.apply_trusted``)."""
        before = None if self.knowledge is None else Before.of(self.state)
        core.apply_trusted(self.rules, self.state, action)
        self.history.append(action)
        if before is not None:
            self._observe(before, action)

    # ----- what a seat may know ------------------------------------------------------
    def _observe(self, before: Before, action: Move) -> None:
        assert self.knowledge is not None
        self.knowledge.observe(self.rules, before, action, self.state,
                               self.action_json(action))

    def known(self) -> Knowledge:
        """The record of what each seat has been shown; the first call reads it off the
        history, replayed from the deal."""
        if self.knowledge is None:
            state = new_game(self.base_rules, self.seed, self.setup, self.turn_cap,
                             self.deal_cap)
            settle_dealt_win(self.base_rules.dealt(state), state)
            know = Knowledge.start(state)
            for action in self.history:
                before = Before.of(state)
                core.apply_in_place(self.base_rules, state, action)
                know.observe(self.base_rules.dealt(state), before, action, state,
                             codec.action_to_json(self.rules.table, action))
            self.knowledge = know
        return self.knowledge

    def view_json(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know now (:mod:`.view`)."""
        return views.view_json(self.rules, self.state, self.known(), seat)

    def sample(self, seat: int, rng: random.Random) -> Game:
        """A game in a world consistent with ``seat``'s view (:func:`.view.sample`),
        with the same history and record of what each seat was shown."""
        world = views.sample(self.state, self.known(), seat, rng)
        other = Game(self.variant, self.players, self.seed, self.setup, self.turn_cap,
                     self.deal_cap)
        other.state, other.history = world, self.history[:]
        other.seed = world.game.seed
        other.knowledge = self.known().copy()
        return other

    def clone(self) -> Game:
        """An independent copy sharing what never changes (the variant, the compiled
        rules), made field by field: compiled (mypyc) instances have no ``__dict__``."""
        other = Game.__new__(Game)
        other.variant, other.players, other.seed = self.variant, self.players, self.seed
        other.setup, other.turn_cap, other.deal_cap = self.setup, self.turn_cap, self.deal_cap
        other.base_rules, other.state = self.base_rules, self.state.clone()
        other.history = self.history[:]
        other.knowledge = self.known().copy()
        return other

    def legal_actions(self) -> list[Move]:
        return moves.legal_actions(self.rules, self.state)

    # ----- JSON ---------------------------------------------------------------------
    def state_json(self, state: State | None = None) -> dict[str, Any]:
        state = state or self.state
        return codec.state_to_json(self.rules.table, state, self.base_rules.dealt(state).wild)

    def action_json(self, action: Move) -> dict[str, Any]:
        return codec.action_to_json(self.rules.table, action)

    def parse_action(self, data: Any) -> Move:
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
