"""The public :class:`Action`: one move, in card text, checked as it is made.

The engine's own move (:class:`rummy_spec.engine.records.state.Move`) holds card numbers; this
one holds card text, so a program can write ``Action.discard(0, "KS")``.  Its fields are
checked for their form when the action is made: an unknown type, a field the type does
not take, a missing field, a seat that is not a whole number raise ``ValueError`` at
once.  Whether a card belongs to the variant's pack, and whether the move is legal, is
the game's question (:meth:`rummy_spec.Game.legal`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .cards import CardTable
from .engine.records.state import ACTION_TYPES, ActionType, RunEnd, Source
from .engine.records.state import Move as EngineMove

Cards = str | Iterable[str]

# The fields each type of action takes besides ``type`` and ``player``: those it needs,
# and those it may carry.
_NEEDS: dict[str, frozenset[str]] = {
    "draw": frozenset({"source"}), "go_down": frozenset({"melds"}),
    "meld": frozenset({"melds"}), "lay_off": frozenset({"card", "meld"}),
    "swap": frozenset({"card", "meld"}), "shift": frozenset({"card", "meld"}),
    "discard": frozenset({"card"}), "give": frozenset({"card"}),
}
_MAY: dict[str, frozenset[str]] = {
    "lay_off": frozenset({"end"}), "swap": frozenset({"wild_to", "end"}),
    "discard": frozenset({"target"}), "knock": frozenset({"card"}),
    "call": frozenset({"card"}), "draw": frozenset({"depth"}),
}
_OPTIONAL = ("source", "card", "meld", "end", "melds", "wild_to", "target", "depth")
_CHOICES = {"source": ("stock", "discard"), "end": ("low", "high")}


def _card_list(cards: Cards) -> tuple[str, ...]:
    """``"5H 5S 5D"`` or ``["5H", "5S", "5D"]``: the card texts."""
    return tuple(cards.split()) if isinstance(cards, str) else tuple(cards)


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True, slots=True)
class Action:
    """One move, in card text.  Make it with a constructor (``Action.draw(0)``,
    ``Action.discard(0, "KS")``...); :meth:`Game.legal_actions` gives them too.

    ``type`` is the engine's action type (``rummy-spec reasons`` and the protocol use the
    same words); the other fields are those that type uses, as in the JSON form.
    """

    type: ActionType
    player: int
    source: Source | None = None
    card: str | None = None
    meld: int | None = None
    end: RunEnd | None = None
    melds: tuple[tuple[str, ...], ...] | None = None
    wild_to: int | None = None
    target: int | None = None
    depth: int | None = None
    # the engine's move for this action, and the card table its numbers are of: made
    # once, by the game that first converts the action (or lists it), then reused
    _move: tuple[CardTable, EngineMove] | None = field(
        default=None, init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise ValueError(f"Action({self.type!r}, {self.player!r}): {problem}")

    def _problem(self) -> str | None:
        """What makes this action malformed, in words; None if nothing does."""
        if self.type not in ACTION_TYPES:
            return (f"unknown action type {self.type!r} (known: "
                    + ", ".join(sorted(ACTION_TYPES)) + ")")
        if not _whole(self.player):
            return f"player: a seat number (0, 1, ...) is needed, got {self.player!r}"
        given = {k for k in _OPTIONAL if getattr(self, k) is not None}
        needs = _NEEDS.get(self.type, frozenset())
        if missing := sorted(needs - given):
            return f"a {self.type} action needs {' and '.join(missing)}"
        if extra := sorted(given - needs - _MAY.get(self.type, frozenset())):
            return f"a {self.type} action takes no {' or '.join(extra)}"
        for key, choices in _CHOICES.items():
            value = getattr(self, key)
            if value is not None and value not in choices:
                return f"{key}: {' or '.join(map(repr, choices))}, got {value!r}"
        if self.card is not None and not isinstance(self.card, str):
            return f"card: card text such as '10S' is needed, got {self.card!r}"
        for key in ("meld", "wild_to", "target", "depth"):
            value = getattr(self, key)
            if value is not None and not _whole(value):
                return f"{key}: a whole number is needed, got {value!r}"
        if self.melds is not None and not all(
                m and all(isinstance(c, str) for c in m) for m in self.melds):
            return "melds: each meld is one or more cards in text"
        if self.melds is not None and not self.melds:
            return "melds: at least one meld is needed"
        if self.depth is not None and (self.source != "discard" or self.depth < 1):
            return "depth: a draw from the discard pile takes 1 card or more"
        return None

    # ----- constructors, one per kind of move --------------------------------------
    @classmethod
    def draw(cls, player: int, source: Source = "stock") -> Action:
        """Draw the top card of the stock (or, with ``source="discard"``, the upcard)."""
        return cls("draw", player, source=source)

    @classmethod
    def take_upcard(cls, player: int) -> Action:
        """Take the upcard: the draw from the discard pile (also the first upcard's offer)."""
        return cls("draw", player, source="discard")

    @classmethod
    def take_deep(cls, player: int, depth: int) -> Action:
        """Take the ``depth`` top cards of the spread discard pile: the card that deep
        and every card above it (the upcard is depth 1)."""
        return cls("draw", player, source="discard", depth=depth)

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
    def lay_off(cls, player: int, card: str, meld: int, end: RunEnd | None = None) -> Action:
        """Add a card to table meld number ``meld`` (``end``: ``"low"`` or ``"high"``, for
        a wild on a run)."""
        return cls("lay_off", player, card=card, meld=meld, end=end)

    @classmethod
    def swap(cls, player: int, card: str, meld: int, wild_to: int | None = None,
             end: RunEnd | None = None) -> Action:
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
        for key in ("source", "card", "meld", "end", "wild_to", "target", "depth"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.melds is not None:
            out["melds"] = [list(m) for m in self.melds]
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """An action from its JSON form (as ``to_json`` writes it); ValueError for a
        form that is not an action's."""
        if not isinstance(data, dict) or "type" not in data or "player" not in data:
            raise ValueError("an action's JSON form is an object with 'type' and 'player'")
        melds = data.get("melds")
        return cls(data["type"], data["player"], source=data.get("source"),
                   card=data.get("card"), meld=data.get("meld"), end=data.get("end"),
                   melds=None if melds is None else tuple(tuple(m) for m in melds),
                   wild_to=data.get("wild_to"), target=data.get("target"),
                   depth=data.get("depth"))

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
        for key in ("end", "wild_to", "target", "depth"):
            value = getattr(self, key)
            if value is not None:
                words.append(f"{key}={value}")
        return " ".join(words)
