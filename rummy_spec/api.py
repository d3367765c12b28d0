"""The Python API: load a variant, play a game by actions, ask why a move is refused.

A thin layer over the engine (:mod:`rummy_spec.engine`) for people writing programs:
cards are written as text (``"KS"``, ``"10H"``, ``"JK"``; Phase 10: ``"7R"``, ``"W"``),
actions are values made by :class:`Action`'s constructors, and every question the engine
answers goes to the engine itself (there is one interpreter).  ``docs/api.rst`` shows it
at work; its examples run as tests.

One name per concept: :class:`Game` here is the game a program plays (the engine's is
``rummy_spec.engine.game.Game``, reached as ``game.engine``); :class:`Action` holds card
text (the engine's ``Move`` holds card numbers); :class:`Setup` holds card text (the
engine's ``Deal`` holds numbers).
"""

from __future__ import annotations

import copy as _copy
import random
from collections.abc import Sequence
from typing import Any

from .action import Action, Cards
from .cards import CardError
from .engine import game as engine_game
from .engine.dispatch.core import IllegalAction
from .engine.game import GameError
from .engine.records.reasons import Verdict, no
from .engine.records.state import Move as EngineMove
from .engine.records.state import State
from .engine.seats.knowledge import Knowledge
from .lang import load as _load_variant
from .lang.decks import card_table
from .lang.errors import SpecError
from .lang.library import LookupFailure
from .lang.model import Variant
from .outcome import Outcome, RoundOutcome
from .position import Setup, deal_problems
from .view import View

__all__ = ["Action", "Game", "GameError", "IllegalAction", "LookupFailure", "Outcome",
           "RoundOutcome", "Setup", "SpecError", "Variant", "Verdict", "View", "load"]


def load(name: str, options: Sequence[str] = ()) -> Variant:
    """A checked variant: a built-in name (``"gin"``) or the path of a ``.rummy`` file,
    with options switched on by name.  Raises ``rummy_spec.lang.SpecError`` (every error,
    with its place) or ``LookupFailure`` (no such variant or option)."""
    return _load_variant(name, tuple(options))


class Game:
    """A game of one variant: the deal made from the seed (or an explicit ``Setup``),
    then the actions applied one by one.

    ``variant`` is a name or path (loaded with ``options``) or a loaded variant;
    ``players`` defaults to the variant's smallest table (with a ``setup``, its number of
    hands).  A ``setup`` is checked against the variant's pack before play (see
    :meth:`dealt`).  The engine's own game is ``engine`` (its ``state`` is the full
    position; ``state_json()`` the same as JSON).
    """

    def __init__(self, variant: str | Variant, players: int | None = None, seed: int = 0,
                 *, options: Sequence[str] = (), setup: Setup | None = None) -> None:
        if options and not isinstance(variant, str):
            raise ValueError("options are for a variant given by name; load() the "
                             "variant with them instead")
        v = load(variant, options) if isinstance(variant, str) else variant
        table = card_table(v.deck)
        deal = None
        if setup is not None:
            if players is not None and players != setup.players:
                raise ValueError(f"{players} players but the setup deals "
                                 f"{setup.players} hands")
            players, deal = setup.players, setup.deal(table)
        self.engine = engine_game.Game(v, v.players.min if players is None else players,
                                       seed, deal)
        if deal is not None and (bad := deal_problems(self.engine.rules, deal)):
            raise ValueError("; ".join(bad))
        self._table = table
        self._codes: dict[str, int] = {}  # card text to the engine's card number
        # where undo replays from: the position after the first ``_base`` actions, and
        # what each seat had been shown there (None: read off the history when asked)
        self._base = 0
        self._start: State = self.engine.state.clone()
        self._start_known: Knowledge | None = None

    @classmethod
    def dealt(cls, variant: str | Variant, *, hands: Sequence[Cards], stock: Cards,
              discard: Cards, dealer: int | None = None, options: Sequence[str] = (),
              round: int = 1, totals: Sequence[int] | None = None,
              contracts: Sequence[int] | None = None,
              hands_won: Sequence[int] | None = None,
              buys_used: Sequence[int] | None = None) -> Game:
        """A game whose deal is given, in card text: one hand per seat, the stock from its
        top card down, the discard pile from bottom to top.  ``dealer`` defaults to the
        last seat, so seat 0 plays first; the rest states the position of the game the
        deal is played in (see :class:`Setup`).  Raises ValueError naming the card or
        seat for a card the variant's pack does not have, a card dealt more times than
        the pack holds it, a hand of the wrong size, or another impossible position."""
        return cls(variant, options=options, setup=Setup(
            hands=hands, stock=stock, discard=discard, dealer=dealer, round=round,
            totals=totals, contracts=contracts, hands_won=hands_won, buys_used=buys_used))

    # ----- the position -----------------------------------------------------------
    @property
    def variant(self) -> Variant:
        return self.engine.variant

    @property
    def players(self) -> int:
        return self.engine.players

    @property
    def turn(self) -> int:
        """The seat in turn (during a claim window, the player who refused the upcard)."""
        return self.engine.state.hand.turn

    @property
    def to_act(self) -> list[int]:
        """The seats that may act now: the one offered the first upcard, those still to
        answer a claim (in priority order), the one owing a gift, else the seat in turn;
        nobody once the game is over."""
        s = self.engine.state
        if s.hand.phase == "game-over":
            return []
        if s.hand.phase == "offer":
            return s.hand.offer[:1]
        if s.hand.phase == "claim" and s.hand.claim is not None:
            return list(s.hand.claim.pending)
        if s.hand.phase == "gifts":
            return s.hand.giver[:1]
        return [s.hand.turn]

    @property
    def phase(self) -> str:
        """``offer``, ``draw``, ``claim``, ``gifts``, ``play``, ``layoff`` or ``game-over``."""
        return self.engine.state.hand.phase

    @property
    def round(self) -> int:
        return self.engine.state.game.round

    @property
    def over(self) -> bool:
        return self.engine.over

    @property
    def totals(self) -> list[int]:
        return [s.total for s in self.engine.state.game.seats]

    @property
    def winners(self) -> list[int]:
        """The seats that won the game (empty until it is over)."""
        return list(self.engine.state.game.winners)

    @property
    def upcard(self) -> str | None:
        pile = self.engine.state.hand.discard
        return self._table.text(pile[-1]) if pile else None

    @property
    def stock_size(self) -> int:
        return len(self.engine.state.hand.stock)

    def hand(self, seat: int) -> list[str]:
        """A seat's cards, in the order held."""
        return self.engine.card_text(self.engine.state.hand.seats[seat].hand)

    @property
    def table(self) -> list[list[str]]:
        """The melds on the table, in the order laid, each low to high for a run."""
        return [self.engine.card_text(t.meld.cards) for t in self.engine.state.hand.table]

    @property
    def history(self) -> list[Action]:
        """The actions applied so far."""
        return [self._outward(a) for a in self.engine.history]

    def state_json(self) -> dict[str, Any]:
        return self.engine.state_json()

    # ----- what a seat may know -----------------------------------------------------
    def view(self, seat: int) -> View:
        """What ``seat`` may know now: its hand, the table, the pile, every seat's hand
        size and the cards known to be in it, the stock's size, the hands shown, and
        the public history of moves (``docs/views.md``).  Raises ValueError for a seat
        the game does not have."""
        return View.from_json(self.engine.view_json(seat))

    def sample(self, seat: int, rng: random.Random) -> Game:
        """A game in a world consistent with ``seat``'s view: its view there is the
        same, and the cards hidden from it are dealt uniformly among the places hidden
        from it (with a fresh seed for later shuffles).  For search: play the sampled
        game on; it is not a replay of this one (``undo`` goes back no further than the
        sampled position)."""
        other = self._twin(self.engine.sample(seat, rng))
        other._base, other._start = len(other.engine.history), other.engine.state.clone()
        other._start_known = other.engine.known().copy()
        return other

    # ----- copies and undo -----------------------------------------------------------
    def copy(self) -> Game:
        """An independent copy of this game: playing on one leaves the other as it was."""
        engine = _copy.copy(self.engine)
        engine.state = engine.state.clone()
        engine.history = engine.history[:]
        engine.knowledge = None if engine.knowledge is None else engine.knowledge.copy()
        return self._twin(engine)

    def undo(self) -> Action:
        """Take back the last action applied and return it (python-chess's ``pop``).
        Raises IndexError when there is none to take back."""
        engine = self.engine
        if len(engine.history) <= self._base:
            raise IndexError("no action to undo")
        last = engine.history[-1]
        replay = engine.history[self._base:-1]
        engine.state = self._start.clone()
        engine.history = engine.history[:self._base]
        engine.knowledge = None if self._start_known is None else self._start_known.copy()
        for action in replay:  # each was legal here before: the engine plays it again
            engine.apply(action)
        return self._outward(last)

    def _twin(self, engine: engine_game.Game) -> Game:
        other = object.__new__(Game)
        other.engine, other._table, other._codes = engine, self._table, self._codes
        other._base, other._start, other._start_known = (self._base, self._start,
                                                         self._start_known)
        return other

    # ----- how it ended -------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        """Who won, the totals and every round played, once the game is over; None
        before (python-chess's ``Board.outcome``)."""
        return Outcome.of(self.engine.state.game) if self.over else None

    @property
    def results(self) -> list[RoundOutcome]:
        """The rounds played so far, each with its ending, winner and scores."""
        return [RoundOutcome.of(r) for r in self.engine.state.game.results]

    # ----- moves ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now (for going down and new melds, the solver's candidates:
        see ``rummy_spec.engine.dispatch.moves``)."""
        return [self._outward(a) for a in self.engine.legal_actions()]

    def legal(self, action: Action) -> Verdict:
        """Is the action legal now?  The verdict is true if so; else its ``code`` says
        why not (``rummy-spec reasons`` lists them) and ``message`` says it in words."""
        inner = self._inward(action)
        if isinstance(inner, Verdict):
            return inner
        return self.engine.legal(inner)

    def apply(self, action: Action) -> None:
        """Play the action; raises :class:`IllegalAction` (carrying the verdict) and
        changes nothing if it is refused."""
        made = action._move  # an action listed here, or played before, holds its move
        if made is not None and made[0] is self._table:
            self.engine.apply(made[1])
            return
        inner = self._inward(action)
        if isinstance(inner, Verdict):
            raise IllegalAction(inner)
        self.engine.apply(inner)

    def _card(self, text: str) -> int:
        code = self._codes.get(text)
        if code is None:
            code = self._codes[text] = self._table.parse(text)
        return code

    def _inward(self, action: Action) -> EngineMove | Verdict:
        """The engine's move for an action: its cards as numbers, read straight from the
        text (no JSON on the way), kept on the action for the next time."""
        made = action._move
        if made is not None and made[0] is self._table:
            return made[1]
        try:
            card = None if action.card is None else self._card(action.card)
        except CardError as err:
            return no("bad-action", f"card: {err}")
        melds = None
        if action.melds is not None:
            try:
                melds = tuple(tuple(self._card(c) for c in m) for m in action.melds)
            except CardError as err:
                return no("bad-action", f"melds: {err}")
        move = EngineMove(action.type, action.player, action.source, card, action.meld,
                          action.end, melds, action.wild_to, action.target, action.depth)
        object.__setattr__(action, "_move", (self._table, move))  # frozen, but a cache
        return move

    def _outward(self, move: EngineMove) -> Action:
        text = self._table.text
        action = Action(move.type, move.player, move.source,
                        None if move.card is None else text(move.card), move.meld,
                        move.end, None if move.melds is None else
                        tuple(tuple(text(c) for c in m) for m in move.melds),
                        move.wild_to, move.target, move.depth)
        object.__setattr__(action, "_move", (self._table, move))
        return action

    def __repr__(self) -> str:
        who = ", ".join(map(str, self.to_act)) or "nobody"
        return (f"<Game {self.variant.name}, {self.players} players, round {self.round}, "
                f"{self.phase}, to act: {who}>")
