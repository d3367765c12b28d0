"""The Python API: load a variant, play a game by actions, ask why a move is refused.

A thin layer over the engine (:mod:`rummy_spec.engine`) for people writing programs:
cards are written as text (``"KS"``, ``"10H"``, ``"JK"``; Phase 10: ``"7R"``, ``"W"``),
actions are values made by :class:`Action`'s constructors, and every question the engine
answers goes to the engine itself (there is one interpreter).  ``docs/api.rst`` shows it
at work; its examples run as tests.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .engine import codec
from .engine import game as engine_game
from .engine.core import IllegalAction
from .engine.reasons import Verdict, no
from .engine.setup import Setup
from .engine.state import Action as EngineAction
from .lang import load as _load_variant
from .lang.decks import card_table
from .lang.model import Variant
from .view import View

__all__ = ["Action", "Game", "IllegalAction", "Setup", "Variant", "Verdict", "View", "load"]

Cards = str | Iterable[str]


def load(name: str, options: Sequence[str] = ()) -> Variant:
    """A checked variant: a built-in name (``"gin"``) or the path of a ``.rummy`` file,
    with options switched on by name.  Raises ``rummy_spec.lang.SpecError`` (every error,
    with its place) or ``LookupFailure`` (no such variant or option)."""
    return _load_variant(name, tuple(options))


def _card_list(cards: Cards) -> tuple[str, ...]:
    """``"5H 5S 5D"`` or ``["5H", "5S", "5D"]``: the card texts."""
    return tuple(cards.split()) if isinstance(cards, str) else tuple(cards)


@dataclass(frozen=True, slots=True)
class Action:
    """One move, in card text.  Make it with a constructor (``Action.draw(0)``,
    ``Action.discard(0, "KS")``...); :meth:`Game.legal_actions` gives them too.

    ``type`` is the engine's action type (``rummy-spec reasons`` and the protocol use the
    same words); the other fields are those that type uses, as in the JSON form.
    """

    type: str
    player: int
    source: str | None = None
    card: str | None = None
    meld: int | None = None
    end: str | None = None
    melds: tuple[tuple[str, ...], ...] | None = None
    wild_to: int | None = None
    target: int | None = None

    # ----- constructors, one per kind of move --------------------------------------
    @classmethod
    def draw(cls, player: int, source: str = "stock") -> Action:
        """Draw the top card of the stock (or, with ``source="discard"``, the upcard)."""
        return cls("draw", player, source=source)

    @classmethod
    def take_upcard(cls, player: int) -> Action:
        """Take the upcard: the draw from the discard pile (also the first upcard's offer)."""
        return cls("draw", player, source="discard")

    @classmethod
    def buy(cls, player: int) -> Action:
        """Claim the upcard out of turn (buy, May I?, I want it)."""
        return cls("buy", player)

    @classmethod
    def decline(cls, player: int) -> Action:
        """The ``pass`` action: decline the upcard's offer, a claim, a gift, further
        lay-offs, or (at the wall) the draw."""
        return cls("pass", player)

    @classmethod
    def go_down(cls, player: int, *melds: Cards) -> Action:
        """Lay the round's contract, one argument per meld: ``go_down(0, "5H 5S 5D",
        "9C 9D 9S")``."""
        return cls("go_down", player, melds=tuple(_card_list(m) for m in melds))

    @classmethod
    def new_meld(cls, player: int, cards: Cards) -> Action:
        """Lay one new meld (the ``meld`` action)."""
        return cls("meld", player, melds=(_card_list(cards),))

    @classmethod
    def lay_off(cls, player: int, card: str, meld: int, end: str | None = None) -> Action:
        """Add a card to table meld number ``meld`` (``end``: ``"low"`` or ``"high"``, for
        a wild on a run)."""
        return cls("lay_off", player, card=card, meld=meld, end=end)

    @classmethod
    def swap(cls, player: int, card: str, meld: int, wild_to: int | None = None,
             end: str | None = None) -> Action:
        """Put a natural in place of the wild it stands for in table meld ``meld``; where
        the freed wild must be laid at once, ``wild_to`` names the meld it goes onto."""
        return cls("swap", player, card=card, meld=meld, wild_to=wild_to, end=end)

    @classmethod
    def shift(cls, player: int, card: str, meld: int) -> Action:
        """Put a natural in place of a wild and move the wild to an end of its run."""
        return cls("shift", player, card=card, meld=meld)

    @classmethod
    def discard(cls, player: int, card: str, target: int | None = None) -> Action:
        """Discard a card, ending the turn (``target``: the player a chosen Skip hits)."""
        return cls("discard", player, card=card, target=target)

    @classmethod
    def knock(cls, player: int, card: str | None = None) -> Action:
        """Knock, discarding ``card``; no card: big gin."""
        return cls("knock", player, card=card)

    @classmethod
    def call(cls, player: int, card: str | None = None) -> Action:
        """Call "rummy" on the last discard (``card``: the one the caller throws, where
        the variant asks for one)."""
        return cls("call", player, card=card)

    @classmethod
    def give(cls, player: int, card: str) -> Action:
        """Hand the player called on one unwanted card."""
        return cls("give", player, card=card)

    @classmethod
    def dead_hand(cls, player: int) -> Action:
        """Declare the hand dead instead of drawing, where the stock is low."""
        return cls("dead_hand", player)

    # ----- the JSON form (the protocol's and the trace's) --------------------------
    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "player": self.player}
        for key in ("source", "card", "meld", "end", "wild_to", "target"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.melds is not None:
            out["melds"] = [list(m) for m in self.melds]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """An action from its JSON form (as ``to_json`` writes it)."""
        melds = data.get("melds")
        return cls(data["type"], data["player"], source=data.get("source"),
                   card=data.get("card"), meld=data.get("meld"), end=data.get("end"),
                   melds=None if melds is None else tuple(tuple(m) for m in melds),
                   wild_to=data.get("wild_to"), target=data.get("target"))

    def __repr__(self) -> str:
        return f"<Action {self}>"

    def __str__(self) -> str:
        """The action in a few words: ``0 discard KS``, ``1 lay_off 5C on 0``."""
        words = [str(self.player), self.type]
        if self.source is not None:
            words.append(self.source)
        if self.card is not None:
            words.append(self.card)
        if self.melds is not None:
            words.append(" | ".join(" ".join(m) for m in self.melds))
        if self.meld is not None:
            words.append(f"on {self.meld}")
        for key in ("end", "wild_to", "target"):
            value = getattr(self, key)
            if value is not None:
                words.append(f"{key}={value}")
        return " ".join(words)


class Game:
    """A game of one variant: the deal made from the seed (or an explicit ``Setup``),
    then the actions applied one by one.

    ``variant`` is a name or path (loaded with ``options``) or a loaded variant;
    ``players`` defaults to the variant's smallest table.  The engine's own game is
    ``engine`` (its ``state`` is the full position; ``state_json()`` the same as JSON).
    """

    def __init__(self, variant: str | Variant, players: int | None = None, seed: int = 0,
                 *, options: Sequence[str] = (), setup: Setup | None = None) -> None:
        if options and not isinstance(variant, str):
            raise ValueError("options are for a variant given by name; load() the "
                             "variant with them instead")
        v = load(variant, options) if isinstance(variant, str) else variant
        self.engine = engine_game.Game(v, v.players.min if players is None else players,
                                       seed, setup)
        self._table = self.engine.rules.table

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
        deal is played in (see :class:`Setup`).  Raises ValueError for a card the
        variant's pack does not have, or an impossible position."""
        v = load(variant, options) if isinstance(variant, str) else variant
        table = card_table(v.deck)

        def parse(cards: Cards) -> list[int]:
            return [table.parse(c) for c in _card_list(cards)]

        players = len(hands)
        setup = Setup(dealer=players - 1 if dealer is None else dealer,
                      hands=[parse(h) for h in hands], stock=parse(stock),
                      discard=parse(discard), round=round, totals=totals,
                      contracts=contracts, hands_won=hands_won, buys_used=buys_used)
        return cls(v, players, setup=setup)

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
        game on; it is not a replay of this one."""
        other = object.__new__(Game)
        other.engine = self.engine.sample(seat, rng)
        other._table = self._table
        return other

    # ----- moves ------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """Every legal action now (for going down and new melds, the solver's candidates:
        see ``rummy_spec.engine.moves``)."""
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
        inner = self._inward(action)
        if isinstance(inner, Verdict):
            raise IllegalAction(inner)
        self.engine.apply(inner)

    def _inward(self, action: Action) -> EngineAction | Verdict:
        try:
            return codec.action_from_json(self._table, action.to_json())
        except codec.CodecError as err:
            return no("bad-action", str(err))

    def _outward(self, action: EngineAction) -> Action:
        return Action.from_json(codec.action_to_json(self._table, action))

    def __repr__(self) -> str:
        who = ", ".join(map(str, self.to_act)) or "nobody"
        return (f"<Game {self.variant.name}, {self.players} players, round {self.round}, "
                f"{self.phase}, to act: {who}>")
