"""Game state and actions as plain data, with a canonical JSON form.

``core.apply`` leaves the given :class:`State` alone and returns a changed clone;
``core.apply_in_place`` (what a :class:`~rummy_spec.engine.game.Game` uses) changes the
state itself once the action is found legal.
Cards are face codes (ints) inside, canonical card text in JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from functools import partial
from typing import Any, Literal, TypeVar, get_args

from .melds import Meld

Phase = Literal[
    "offer",  # the first upcard offered before the first draw (Gin)
    "gifts",  # players hand the in-turn player a card after a rummy call (Ten Step)
    "draw",  # the in-turn player draws; rummy calls on the last discard are open
    "claim",  # the in-turn player refused the upcard; others may claim it
    "play",  # after the draw: go down, meld, lay off, swap, then discard
    "layoff",  # the defender lays off on the knocker's melds (Gin)
    "game-over",
]
PHASES: tuple[Phase, ...] = get_args(Phase)

ActionType = Literal["draw", "buy", "pass", "go_down", "meld", "lay_off", "swap", "shift",
                     "discard", "knock", "call", "give", "dead_hand"]
Source = Literal["stock", "discard"]
RunEnd = Literal["low", "high"]
# How a round ended: a player out, a knock and what it became, the stock run out, a dead
# hand, a round given up at the turn cap, a replay with an extra deck.
Ending = Literal["out", "knock", "gin", "big-gin", "undercut", "stock", "dead", "abandoned",
                 "replay"]
ENDINGS: tuple[Ending, ...] = get_args(Ending)


@dataclass(frozen=True, slots=True)
class Action:
    """One move.  ``type`` names it; the other fields are used by some types only."""

    type: ActionType
    player: int
    source: Source | None = None  # draw
    card: int | None = None  # discard, lay_off, swap, shift, knock, call, give
    meld: int | None = None  # lay_off / swap / shift: index of the table meld
    end: RunEnd | None = None  # lay_off: the end of a run a wild goes to
    melds: tuple[tuple[int, ...], ...] | None = None  # go_down, meld
    wild_to: int | None = None  # swap: table meld that takes the freed wild
    target: int | None = None  # discard of a Skip aimed at a chosen player


ACTION_TYPES: dict[ActionType, str] = {
    "draw": "draw a card from the stock or take the upcard",
    "buy": "claim the upcard out of turn (buy, May I?, I want it)",
    "pass": "decline: the upcard offer, a claim, a gift, or further lay-offs",
    "go_down": "lay the round's contract",
    "meld": "lay a new meld (games without contracts, or where new melds are allowed)",
    "lay_off": "add a card to a meld on the table",
    "swap": "put a natural in place of a wild it stands for and free the wild",
    "shift": "put a natural in place of a wild and move the wild to an end of its run",
    "discard": "discard a card, ending the turn",
    "knock": "end the hand with deadwood within the limit (with a discard, or none for big gin)",
    "call": "call 'rummy' on a discard that could have been played",
    "give": "hand the player called on one unwanted card",
    "dead_hand": "declare the hand dead instead of drawing, when the stock is low",
}


@dataclass(frozen=True, slots=True)
class TableMeld:
    owner: int
    meld: Meld
    contract: bool  # laid as part of a contract (contract-only wild limits applied then)
    laid_turn: int
    all_wild: bool = False


# A field of the hand record: dealt afresh, to its default, at each deal (``new_hand``).
# Every other field of a seat or a state is of the game record, kept from deal to deal.
HAND: dict[str, str] = {"record": "hand"}


@dataclass
class Seat:
    """One player: his hand record (the cards, going down, buys and skips this hand) and
    his game record (total, contract progress, hands won, buys carried)."""

    hand: list[int]
    total: int = 0
    down: bool = field(default=False, metadata=HAND)
    contract: int = 0  # index into the contract list (individual progression)
    made: bool = field(default=False, metadata=HAND)  # made a contract this hand
    down_turn: int = field(default=-1, metadata=HAND)
    buys: int = field(default=0, metadata=HAND)
    buy_credit: int = 0  # unused buys of earlier rounds, where they carry over
    skipped: bool = field(default=False, metadata=HAND)
    was_skipped: bool = field(default=False, metadata=HAND)
    gifts_from: list[int] = field(default_factory=list, metadata=HAND)
    # melded or laid off on an earlier turn of this hand
    played_before: bool = field(default=False, metadata=HAND)
    hands_won: int = 0
    completed: list[int] = field(default_factory=list)  # contract numbers made (any order)
    # the contract number laid this hand
    down_contract: int = field(default=0, metadata=HAND)

    def clone(self) -> Seat:
        return _clone(self, _SEAT_LISTS, ())

    def new_hand(self) -> None:
        """The hand record made fresh for a new deal (the cards are dealt apart)."""
        _fresh(self, _SEAT_FRESH)


@dataclass(slots=True)
class Claim:
    """An open claim window over the upcard."""

    refuser: int  # the in-turn player who declined the upcard
    pending: list[int]  # who may still answer, in priority order
    last_buyer: int | None = None

    def clone(self) -> Claim:
        return Claim(self.refuser, self.pending[:], self.last_buyer)


@dataclass(slots=True)
class RoundResult:
    round: int
    scores: list[int]
    winner: int | None
    ending: Ending
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class State:
    """A position: the game record (players, seed, round, dealer, the results so far;
    totals and contract progress in the seats) and the hand record (``HAND`` fields: the
    turn, the phase, the cards, the table, the claim window and what this hand and turn
    have done), which each deal makes afresh (``new_hand``, then the deal itself sets
    those without a default: turn, phase, stock, pile and table)."""

    players: int
    seed: int
    round: int  # 1-based round (hand) number
    deal_no: int  # hands dealt so far, replays included
    dealer: int
    turn: int = field(metadata=HAND)  # whose turn it is
    phase: Phase = field(metadata=HAND)
    seats: list[Seat]
    stock: list[int] = field(metadata=HAND)  # top = last
    discard: list[int] = field(metadata=HAND)  # top = last
    table: list[TableMeld] = field(metadata=HAND)
    turn_no: int = field(default=0, metadata=HAND)  # turns taken this round
    taken: int | None = field(default=None, metadata=HAND)  # face taken from the pile
    melds_this_turn: int = field(default=0, metadata=HAND)
    # False after a claim until the next discard
    upcard_open: bool = field(default=True, metadata=HAND)
    # the in-turn player refused the upcard this turn
    refused: bool = field(default=False, metadata=HAND)
    exhaustions: int = field(default=0, metadata=HAND)
    extra_decks: int = 0
    claim: Claim | None = field(default=None, metadata=HAND)
    call_on: int | None = field(default=None, metadata=HAND)  # whose discard may be called
    # seats still to be offered the upcard
    offer: list[int] = field(default_factory=list, metadata=HAND)
    knocker: int | None = field(default=None, metadata=HAND)
    knock_kind: Ending | None = field(default=None, metadata=HAND)  # knock, gin, big-gin
    giver: list[int] = field(default_factory=list, metadata=HAND)
    results: list[RoundResult] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    abandoned: bool = False
    # the seat whose exact cut earned the bonus this round
    cut_exact: int | None = field(default=None, metadata=HAND)
    contenders: list[int] = field(default_factory=list)  # tie-break hand players
    # who discarded each pile card
    pile_owner: list[int] = field(default_factory=list, metadata=HAND)
    # melded or laid off this turn
    played_this_turn: bool = field(default=False, metadata=HAND)
    # took a wild before going down: must go down this turn
    must_go_down: bool = field(default=False, metadata=HAND)
    # turns in a row ended by throwing back the upcard just taken
    throwbacks: int = field(default=0, metadata=HAND)
    # upcards drawn this hand (the first upcard's offer not counted)
    upcard_draws: int = field(default=0, metadata=HAND)
    # the knocker's runs as laid: [low, high]
    run_base: list[list[int]] = field(default_factory=list, metadata=HAND)
    # the stated orders of this deal's reshuffled stocks (Setup.restocks), top first
    restocks: list[list[int]] = field(default_factory=list, metadata=HAND)
    turn_cap: int = 400  # turns in a round before it is abandoned
    deal_cap: int = 150  # deals in a game before it is abandoned

    def clone(self) -> State:
        """A copy that shares nothing mutable with this state: every list field copied,
        the seats and the claim window cloned (derived from the fields' types)."""
        return _clone(self, _STATE_LISTS, _STATE_OWNED)

    def new_hand(self) -> None:
        """The hand record made fresh for a new deal (see the class docstring)."""
        _fresh(self, _STATE_FRESH)

    @property
    def over(self) -> bool:
        return self.phase == "game-over"

    def card_count(self) -> int:
        return (len(self.stock) + len(self.discard) + sum(len(s.hand) for s in self.seats)
                + sum(len(t.meld.cards) for t in self.table))


T = TypeVar("T")
Fresh = tuple[tuple[str, Callable[[], object]], ...]


def _lists(cls: type[Any], owned: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The fields typed as lists (copied one level: their items are values or lists the
    engine replaces whole), less those whose items are cloned apart."""
    return tuple(f.name for f in fields(cls)
                 if str(f.type).startswith("list[") and f.name not in owned)


def _fresh_values(cls: type[Any]) -> Fresh:
    """Each hand-record field with a default, and how to make that default afresh."""
    out: list[tuple[str, Callable[[], object]]] = []
    for f in fields(cls):
        if f.metadata.get("record") != "hand":
            continue
        if f.default_factory is not MISSING:
            out.append((f.name, f.default_factory))
        elif f.default is not MISSING:  # an immutable value: shared
            out.append((f.name, partial(_same, f.default)))
    return tuple(out)


def _same(value: object) -> object:
    return value


def _fresh(obj: object, values: Fresh) -> None:
    for name, make in values:
        setattr(obj, name, make())


def _clone(obj: T, lists: tuple[str, ...], owned: tuple[str, ...]) -> T:
    new = object.__new__(type(obj))
    data: dict[str, Any] = obj.__dict__.copy()
    for name in lists:
        data[name] = data[name][:]
    for name in owned:  # a list of objects, or one object, that clone themselves
        value = data[name]
        if isinstance(value, list):
            data[name] = [item.clone() for item in value]
        elif value is not None:
            data[name] = value.clone()
    new.__dict__ = data
    return new


# Fields holding objects of this module with their own clone (a list of them, or one).
_STATE_OWNED = tuple(f.name for f in fields(State)
                     if str(f.type) in ("list[Seat]", "Claim | None"))
_STATE_LISTS = _lists(State, _STATE_OWNED)
_STATE_FRESH = _fresh_values(State)
_SEAT_LISTS = _lists(Seat)
_SEAT_FRESH = _fresh_values(Seat)
