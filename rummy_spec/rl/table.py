"""One game of a variant seen as a turn-based game for learning agents: whose turn it is,
the indices of the actions it may take, the observation of any seat, the rewards.

The engine lets several seats act in some positions (a rummy call on the last discard,
a buy open at any time, the seats still to answer a claim).  Here one seat acts at a
time: the seat the rules put first (``to_act``: the one offered the upcard, the first
still to answer a claim, the one owing a gift, else the seat in turn); before it, each
other seat that may act out of turn now is asked, in seat order after the seat in turn,
and plays such an action or ``wait``.  After any move the asking starts again.  So every
action the engine offers is offered to the seat that owns it, and none is dropped.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from ..engine import game as engine_game
from ..engine.records.rules import DEAL_CAP
from ..engine.records.state import Move
from ..engine.records.teams import team_totals
from ..lang import load
from ..lang.model import Variant
from .encoding import WAIT, Encoder, EncodingError, Layout, layout
from .observation import Array, ObservationLayout, Observer, observation_layout

Reward = Literal["points", "win"]
REWARDS: tuple[Reward, ...] = ("points", "win")


def variant_of(variant: str | Variant, options: Sequence[str] = ()) -> Variant:
    if isinstance(variant, Variant):
        if options:
            raise ValueError("options are for a variant given by name or path")
        return variant
    return load(variant, tuple(options))


class Shape:
    """The fixed sizes of one variant at one player count: the action layout and the
    observation layout (derived from the variant model and its pack)."""

    def __init__(self, variant: Variant, players: int) -> None:
        probe = engine_game.Game(variant, players, 0)
        h = probe.state.hand
        dealt = sum(len(s.hand) for s in h.seats) + len(h.stock) + len(h.discard)
        self.rules = probe.rules
        self.actions: Layout = layout(probe.rules, dealt)
        self.observations: ObservationLayout = observation_layout(
            probe.rules, self.actions.melds, dealt)
        self.encoder = Encoder(self.actions)
        self.observer = Observer(probe.rules, self.observations)


class Table:
    """A game being played one index at a time (``step``), with ``reward`` either
    ``points`` (each move, the change in every seat's total, counted so that better is
    more: negated where the lowest total wins) or ``win`` (at the end, 1 for each
    winner and -1 for every other seat)."""

    def __init__(self, variant: Variant, players: int, seed: int, shape: Shape,
                 reward: Reward = "points", *, game: engine_game.Game | None = None,
                 deal_cap: int = DEAL_CAP) -> None:
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        self.shape = shape
        self.reward = reward
        self.sign = 1.0 if variant.game.winner == "highest" else -1.0
        self.game = game if game is not None else engine_game.Game(variant, players, seed,
                                                                  deal_cap=deal_cap)
        self.game.known()  # the record of what each seat saw is kept move by move
        self.players = players
        self.waited: set[int] = set()
        self._moves: tuple[int | None, dict[int, Move]] | None = None

    def copy(self) -> Table:
        g = self.game
        other = g.clone()
        t = Table(g.variant, self.players, g.seed, self.shape, self.reward, game=other)
        t.waited = set(self.waited)
        return t

    # ----- whose move, and which --------------------------------------------------
    @property
    def over(self) -> bool:
        return self.game.state.over

    def _first(self) -> tuple[int, list[int]]:
        """The seat the rules put first, and the seats answering a claim after it."""
        h = self.game.state.hand
        if h.phase == "offer":
            return h.offer[0], []
        if h.phase == "claim" and h.claim is not None:
            return h.claim.pending[0], list(h.claim.pending[1:])
        if h.phase == "gifts":
            return h.giver[0], []
        return h.turn, []

    def moves(self) -> tuple[int | None, dict[int, Move]]:
        """The seat to act (None once the game is over) and its actions by index (the
        out-of-turn seat's ``wait`` maps to no engine action and is absent here)."""
        if self._moves is not None:
            return self._moves
        if self.over:
            self._moves = (None, {})
            return self._moves
        first, later = self._first()
        listed = self.game.legal_actions()
        by_seat: dict[int, list[Move]] = {}
        for a in listed:
            by_seat.setdefault(a.player, []).append(a)
        n = self.players
        actor = first
        for step in range(1, n):
            p = (first + step) % n
            if p in by_seat and p not in later and p not in self.waited:
                actor = p
                break
        mine = by_seat.get(actor, [])
        if not mine:
            raise RuntimeError(f"seat {actor} is to act but the engine lists no action "
                               "for it")
        by_index = dict(zip(self.shape.encoder.indices(mine), mine, strict=True))
        if len(by_index) != len(mine):  # two actions on one index: a fault of the layout
            raise EncodingError(f"{len(mine) - len(by_index)} of seat {actor}'s actions "
                                "share an index with another")
        self._moves = (actor, by_index)
        return self._moves

    def actor(self) -> int | None:
        return self.moves()[0]

    def legal_indices(self) -> list[int]:
        actor, by_index = self.moves()
        out = list(by_index)
        if actor is not None and actor != self._first()[0]:
            out.append(self.shape.actions.block("no_card").start + WAIT)
        return sorted(out)

    def step(self, index: int) -> list[float]:
        """Play the action with this index for the seat to act; the rewards by seat.
        Raises ValueError for an index that is not legal now."""
        actor, by_index = self.moves()
        if actor is None:
            raise ValueError("the game is over")
        wait = self.shape.actions.block("no_card").start + WAIT
        if index == wait and actor != self._first()[0]:
            self.waited.add(actor)
            self._moves = None
            return [0.0] * self.players
        action = by_index.get(index)
        if action is None:
            raise ValueError(f"action {index} ({self.shape.actions.describe(index)}) is "
                             f"not legal for seat {actor} now")
        return self.play(action)

    def play(self, action: Move) -> list[float]:
        """Apply one engine action of the seat to act (listed by ``moves``)."""
        before = self._totals()
        self.game.apply_trusted(action)
        self.waited.clear()
        self._moves = None
        if self.reward == "points":  # with partners, what the seat's team gained
            return [self.sign * (t - b) for t, b in zip(self._totals(), before, strict=True)]
        if not self.over:
            return [0.0] * self.players
        return self.outcome()

    def outcome(self) -> list[float]:
        """1 for each winner and -1 for every other seat (the game over).  A game
        stopped at the deal cap has no winner: the seats best placed on totals (in the
        variant's direction) count as winners, and all 0 if every total is the same."""
        g = self.game.state.game
        won = set(g.winners)
        if not won:
            totals = [self.sign * t for t in self._totals()]
            best = max(totals)
            if min(totals) == best:
                return [0.0] * self.players
            won = {i for i, t in enumerate(totals) if t == best}
        return [1.0 if i in won else -1.0 for i in range(self.players)]

    def _totals(self) -> list[int]:
        """Each seat's total, or with partners its team's."""
        return team_totals(self.game.variant.game.partners,
                           [s.total for s in self.game.state.game.seats])

    # ----- what a seat sees -------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        return self.game.view_json(seat)

    def observation(self, seat: int) -> Array:
        """``seat``'s view as an array (:mod:`.observation`)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not a seat of this game")
        g = self.game
        return self.shape.observer.observation_of(g.state, g.known(), seat)
