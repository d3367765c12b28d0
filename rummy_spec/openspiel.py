"""Any variant as an OpenSpiel game: ``pyspiel.load_game("python_rummy_spec",
{"variant": "gin"})`` once this module is imported (it registers the game).

Parameters: ``variant`` (a built-in name or a ``.rummy`` path), ``players`` (0: the
variant's smallest table), ``options`` (names joined by commas), ``seed`` (who deals
first, and the shuffles of later deals and of a pile turned into a stock) and
``deal_cap`` (the engine's cap on deals in a game: 1 plays a single hand, as OpenSpiel's
own gin does; a game stopped there is won by the seats ahead on totals).

Chance nodes: the first deal, one card at a time into each hand and then the pile (each
outcome a face, its probability the share of the undealt cards it has); and every card
taken from the part of the stock nobody has seen (a draw, a buy's extra card), chosen
among those cards just before the move that takes it.  Utilities: 1 for each winner, -1
for every other seat, at the end.  Actions are the indices of
:mod:`rummy_spec.rl.encoding`; observations and information states come from the seat's
view (the string: the view as stable JSON, without its history for the observation;
the tensor: :mod:`rummy_spec.rl.observation`, the information state adding its summary
of the history).  ``resample_from_infostate`` deals the cards hidden from a seat again
(``Game.sample``).  Needs pyspiel (the ``peers`` extra) and NumPy.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from typing import Any

import numpy as np
import pyspiel

from .engine import game as engine_game
from .engine.dispatch import core
from .engine.families.setup import Deal, first_dealer
from .engine.records.rules import DEAL_CAP, TURN_CAP
from .engine.records.state import Move
from .rl.table import Shape, Table, variant_of

NAME = "python_rummy_spec"
MAX_PLAYERS = 8
_PARAMS: dict[str, Any] = {"variant": "gin", "players": 0, "options": "", "seed": 0,
                           "deal_cap": DEAL_CAP}

GAME_TYPE = pyspiel.GameType(
    short_name=NAME, long_name="rummy-spec: any rummy variant",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=MAX_PLAYERS, min_num_players=2,
    provides_information_state_string=True, provides_information_state_tensor=True,
    provides_observation_string=True, provides_observation_tensor=True,
    parameter_specification=_PARAMS)


class Prepared:
    """What a game of one set of parameters needs, made once: pyspiel may hand a state a
    game object of its own making, so a state finds this by the game's parameters."""

    def __init__(self, params: dict[str, Any]) -> None:
        p = {**_PARAMS, **params}
        options = tuple(o for o in str(p["options"]).split(",") if o)
        self.variant = variant_of(str(p["variant"]), options)
        self.players = int(p["players"]) or self.variant.players.min
        self.shape = Shape(self.variant, self.players)
        self.seed = int(p["seed"])
        self.deal_cap = int(p["deal_cap"])
        if self.deal_cap < 1:
            raise ValueError(f"deal_cap must be 1 or more, not {self.deal_cap}")
        probe = engine_game.Game(self.variant, self.players, self.seed)
        h = probe.state.hand
        self.hand_sizes = [len(s.hand) for s in h.seats]
        self.pile_size = len(h.discard)
        self.pack = Counter([c for s in h.seats for c in s.hand] + h.stock + h.discard)
        self.dealer = first_dealer(probe.rules, self.seed)


_PREPARED: dict[str, Prepared] = {}


def prepared(params: dict[str, Any]) -> Prepared:
    key = json.dumps({**_PARAMS, **params}, sort_keys=True)
    hit = _PREPARED.get(key)
    if hit is None:
        hit = _PREPARED[key] = Prepared(params)
    return hit


class RummyGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, params: dict[str, Any] | None = None) -> None:
        p = {**_PARAMS, **(params or {})}
        made = prepared(p)
        info = pyspiel.GameInfo(
            num_distinct_actions=made.shape.actions.size,
            max_chance_outcomes=made.shape.actions.faces, num_players=made.players,
            min_utility=-1.0, max_utility=1.0,
            max_game_length=TURN_CAP * made.deal_cap * 4 * made.players)
        super().__init__(GAME_TYPE, info, p)

    def new_initial_state(self) -> RummyState:
        return RummyState(self)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> RummyObserver:
        recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return RummyObserver(prepared(self.get_parameters()), recall)


class Core:
    """A state's own data: the game, the deal so far, then the table in play."""

    def __init__(self, game: RummyGame, made: Prepared) -> None:
        self.game = game
        self.rummy = made
        self.dealt: list[int] = []  # the first deal so far: hands in seat order, the pile
        self.table: Table | None = None
        self.pending: Move | None = None  # a move waiting for its cards off the stock
        self.to_draw = 0  # cards still to be chosen for it
        self.drawn = 0

    def __deepcopy__(self, memo: dict[int, Any]) -> Core:
        other = Core(self.game, self.rummy)
        other.dealt = self.dealt[:]
        other.table = None if self.table is None else self.table.copy()
        other.pending, other.to_draw, other.drawn = self.pending, self.to_draw, self.drawn
        return other


class RummyState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: RummyGame, core: Core | None = None) -> None:
        super().__init__(game)
        # everything in one object: pyspiel clones a Python state by deep-copying its
        # __dict__, and the core's __deepcopy__ shares what never changes
        self.core = core if core is not None else Core(game, prepared(game.get_parameters()))

    # ----- the flow ---------------------------------------------------------------
    def _deal_places(self) -> int:
        return sum(self.core.rummy.hand_sizes) + self.core.rummy.pile_size

    def current_player(self) -> int:
        if self.core.table is None or self.core.to_draw:
            return int(pyspiel.PlayerId.CHANCE)
        actor = self.core.table.actor()
        return int(pyspiel.PlayerId.TERMINAL) if actor is None else actor

    def is_terminal(self) -> bool:
        return self.core.table is not None and self.core.table.over

    def _legal_actions(self, player: int) -> list[int]:
        assert self.core.table is not None
        return self.core.table.legal_indices()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.core.table is None:
            left = self.core.rummy.pack - Counter(self.core.dealt)
        else:
            left = Counter(self._unseen_stock()[: -self.core.drawn or None])
        total = sum(left.values())
        return [(c, n / total) for c, n in sorted(left.items()) if n > 0]

    def _unseen_stock(self) -> list[int]:
        assert self.core.table is not None
        g = self.core.table.game
        stock = g.state.hand.stock
        return stock[len(stock) - g.known().stock_hidden:]

    def _apply_action(self, action: int) -> None:
        if self.core.table is None:
            self.core.dealt.append(action)
            if len(self.core.dealt) == self._deal_places():
                self._start()
            return
        if self.core.to_draw:  # the card on top of the unseen stock, under those chosen
            stock = self.core.table.game.state.hand.stock
            top = len(stock) - 1 - self.core.drawn
            low = len(stock) - len(self._unseen_stock())
            where = max(i for i in range(low, top + 1) if stock[i] == action)
            stock[where], stock[top] = stock[top], stock[where]
            self.core.drawn += 1
            self.core.to_draw -= 1
            if not self.core.to_draw:
                pending, self.core.pending, self.core.drawn = self.core.pending, None, 0
                assert pending is not None
                self.core.table.play(pending)
            return
        _, by_index = self.core.table.moves()
        move = by_index.get(action)
        if move is not None and move.type in ("draw", "buy"):
            k = self._cards_off_stock(move)
            if k:
                self.core.pending, self.core.to_draw, self.core.drawn = move, k, 0
                return
        self.core.table.step(action)

    def _cards_off_stock(self, move: Move) -> int:
        """How many cards of the unseen stock the move takes (none where it makes a new
        stock first: that stock's order is the seeded shuffle's)."""
        assert self.core.table is not None
        g = self.core.table.game
        after = core.apply(g.rules, g.state, move)
        before = g.state.hand
        if after.game.deal_no != g.state.game.deal_no or (
                after.hand.exhaustions != before.exhaustions):
            return 0
        return min(len(before.stock) - len(after.hand.stock), len(self._unseen_stock()))

    def _start(self) -> None:
        game = self.core.rummy
        hands: list[list[int]] = []
        at = 0
        for size in game.hand_sizes:
            hands.append(self.core.dealt[at:at + size])
            at += size
        pile = self.core.dealt[at:]
        stock = sorted((game.pack - Counter(self.core.dealt)).elements())
        setup = Deal(dealer=game.dealer, hands=hands, stock=stock, discard=pile)
        engine = engine_game.Game(game.variant, len(hands), game.seed, setup,
                                  deal_cap=game.deal_cap)
        self.core.table = Table(game.variant, len(hands), game.seed, game.shape, "win",
                           game=engine)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.core.rummy.players
        assert self.core.table is not None
        return self.core.table.outcome()

    def resample_from_infostate(self, player: int, sampler: Any) -> RummyState:
        """A state with the same information state for ``player``: the cards hidden from
        it dealt again at random (before the deal is over: the state itself)."""
        other = RummyState(self.core.game, copy.deepcopy(self.core))
        if self.core.table is None or self.core.to_draw:
            return other
        seed = int(float(sampler()) * 2 ** 31) if callable(sampler) else random.getrandbits(31)
        world = self.core.table.game.sample(player, random.Random(seed))
        assert other.core.table is not None
        other.core.table.game = world
        other.core.table._moves = None
        return other

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {self.core.rummy.shape.rules.table.faces[action].text}"
        return self.core.rummy.shape.actions.describe(action)

    def __str__(self) -> str:
        if self.core.table is None:
            return f"dealing: {len(self.core.dealt)} of {self._deal_places()} cards dealt"
        return json.dumps(self.core.table.game.state_json(), sort_keys=True)


class RummyObserver:
    """Observation (``recall`` False) or information state (True) of a seat."""

    def __init__(self, game: Prepared, recall: bool) -> None:
        lay = game.shape.observations
        self.recall = recall
        self.observer = game.shape.observer
        self.base = lay.size
        self.tensor = np.zeros(lay.size + (lay.recall_size if recall else 0), np.float32)
        self.dict = {"observation": self.tensor[:lay.size]}
        if recall:
            self.dict["recall"] = self.tensor[lay.size:]

    def set_from(self, state: RummyState, player: int) -> None:
        self.tensor.fill(0.0)
        if state.core.table is None:  # dealing: the seat's own cards dealt so far
            for c in _own_dealt(state, player):
                self.tensor[c] += 1.0
            return
        view = state.core.table.view(player)
        self.tensor[:self.base] = self.observer.observation(view)
        if self.recall:
            self.tensor[self.base:] = self.observer.recall(view)

    def string_from(self, state: RummyState, player: int) -> str:
        if state.core.table is None:
            faces = state.core.rummy.shape.rules.table.faces
            own = " ".join(faces[c].text for c in _own_dealt(state, player))
            return f"dealing {len(state.core.dealt)}: {own}"
        view = dict(state.core.table.view(player))
        if not self.recall:
            view.pop("history")
        view["waiting"] = sorted(state.core.table.waited)
        if state.core.pending is not None:
            view["drawing"] = state.core.table.game.action_json(state.core.pending)
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


def _own_dealt(state: RummyState, player: int) -> list[int]:
    sizes = state.core.rummy.hand_sizes
    at = sum(sizes[:player])
    return state.core.dealt[at:at + sizes[player]]


pyspiel.register_game(GAME_TYPE, RummyGame)
