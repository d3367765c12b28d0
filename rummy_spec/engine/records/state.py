"""Game state and actions as plain data, with a canonical JSON form.

A :class:`State` is two records: the game record (:class:`GameRecord`: the round, the
dealer, the results, each seat's total and contract progress), which lives from deal to
deal, and the hand record (:class:`HandRecord`: the turn, the phase, the cards, the table,
the claim window), which each deal makes new, so nothing of one hand can leak into the
next.  The engine reads both directly (``state.hand.stock``, ``state.game.round``).
``core.apply`` leaves the given :class:`State` alone and returns a changed clone;
``core.apply_in_place`` (what a :class:`~rummy_spec.engine.game.Game` uses) changes the
state itself once the action is found legal.
Cards are face codes (ints) inside, canonical card text in JSON.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, Literal, TypeVar, get_args

from ..melding.melds import Meld

# The engine's caps, by default: a round is abandoned after this many turns, a game after
# this many deals (a game may set its own: ``GameRecord.turn_cap``, ``deal_cap``)
TURN_CAP = 400
DEAL_CAP = 150

Phase = Literal[
    "offer",  # the first upcard offered before the first draw (Gin)
    "gifts",  # players hand the in-turn player a card after a rummy call (Ten Step)
    "draw",  # the in-turn player draws; rummy calls on the last discard are open
    "claim",  # the in-turn player refused the upcard; others may claim it
    "play",  # after the draw: go down, meld, lay off, swap, then discard
    # a claimant who takes at once plays a turn out of order (the turn then goes back)
    "claimant",
    "layoff",  # the defender lays off on the knocker's melds (Gin)
    "game-over",
]
PHASES: tuple[Phase, ...] = get_args(Phase)
# the phases of a turn's play after its draw: the player in turn lays cards and discards
PLAYING: tuple[Phase, ...] = ("play", "claimant")

ActionType = Literal["draw", "buy", "pass", "go_down", "meld", "lay_off", "swap", "shift",
                     "discard", "knock", "call", "give", "dead_hand"]
Source = Literal["stock", "discard"]
RunEnd = Literal["low", "high"]
# How a round ended: a player out, a knock and what it became, the stock run out, a dead
# hand, a round given up at the turn cap, a replay with an extra deck; in stakes, a drop
# won by the dropper or caught, a hand won as dealt.
Ending = Literal["out", "knock", "gin", "big-gin", "undercut", "stock", "dead", "abandoned",
                 "replay", "drop", "caught", "dealt"]
ENDINGS: tuple[Ending, ...] = get_args(Ending)


@dataclass(frozen=True, slots=True)
class Move:
    """One move, cards as the engine's numbers.  ``type`` names it; the other fields are
    used by some types only.  (The public :class:`rummy_spec.Action` is the same move in
    card text.)"""

    type: ActionType
    player: int
    source: Source | None = None  # draw
    card: int | None = None  # discard, lay_off, swap, shift, knock, call, give
    meld: int | None = None  # lay_off / swap / shift: index of the table meld
    end: RunEnd | None = None  # lay_off: the end of a run a wild goes to
    melds: tuple[tuple[int, ...], ...] | None = None  # go_down, meld
    wild_to: int | None = None  # swap: table meld that takes the freed wild
    target: int | None = None  # discard of a Skip aimed at a chosen player
    # draw from the discard pile: the cards taken from its top, the upcard counted as 1;
    # above 1, a card deep in the pile and every card above it (None: the upcard alone)
    depth: int | None = None


ACTION_TYPES: dict[ActionType, str] = {
    "draw": "draw a card from the stock, take the upcard, or (with 'depth') a card deep in "
            "the spread discard pile with every card above it",
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
    # (seat, card) for each card laid on this meld by a player other than its owner, as
    # its owner's melds and each player's lay-offs score for him (``method melds``)
    credits: tuple[tuple[int, int], ...] = ()


@dataclass(slots=True)
class SeatRecord:
    """One player's line of the game record, kept from deal to deal."""

    total: int = 0
    contract: int = 0  # index into the contract list (individual progression)
    buy_credit: int = 0  # unused buys of earlier rounds, where they carry over
    hands_won: int = 0
    completed: list[int] = field(default_factory=list)  # contract numbers made (any order)
    # games scored at once (``game { games at once N }``): this seat's points in each game
    # of the sheet (its bonuses added when the game closes) and the hands it entered there
    sheet: list[int] = field(default_factory=list)
    sheet_wins: list[int] = field(default_factory=list)

    def clone(self) -> SeatRecord:
        return _clone_seat_record(self)


@dataclass(slots=True)
class Seat:
    """One player's part of the hand record: his cards, going down, buys and skips this
    hand.  Dealt afresh (a new object) at each deal."""

    hand: list[int]
    down: bool = False
    made: bool = False  # made a contract this hand
    down_turn: int = -1
    buys: int = 0
    skipped: bool = False
    was_skipped: bool = False
    gifts_from: list[int] = field(default_factory=list)
    played_before: bool = False  # melded or laid off on an earlier turn of this hand
    down_contract: int = 0  # the contract number laid this hand

    def clone(self) -> Seat:
        return _clone_seat(self)


@dataclass(slots=True)
class Claim:
    """An open claim window over the upcard."""

    refuser: int  # the in-turn player who declined the upcard
    pending: list[int]  # who may still answer, in priority order
    last_buyer: int | None = None

    def clone(self) -> Claim:
        return _clone_claim(self)


@dataclass(slots=True)
class RoundResult:
    round: int
    scores: list[int]
    winner: int | None
    ending: Ending
    details: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class GameRecord:
    """What lives from deal to deal: the players, the seed, the round and the dealer, the
    results so far, and each seat's total and contract progress (``seats``)."""

    players: int
    seed: int
    round: int  # 1-based round (hand) number
    deal_no: int  # hands dealt so far, replays included
    dealer: int
    seats: list[SeatRecord]
    extra_decks: int = 0
    results: list[RoundResult] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    abandoned: bool = False
    contenders: list[int] = field(default_factory=list)  # tie-break hand players
    turn_cap: int = TURN_CAP  # turns in a round before it is abandoned
    deal_cap: int = DEAL_CAP  # deals in a game before it is abandoned

    def clone(self) -> GameRecord:
        return _clone_game(self)


@dataclass(slots=True)
class HandRecord:
    """One deal's play: the turn, the phase, the cards, the table, the claim window and
    what this hand and turn have done.  Each deal makes a new one (``setup.deal``), so
    nothing of a hand outlives it."""

    turn: int  # whose turn it is
    phase: Phase
    seats: list[Seat]
    stock: list[int]  # top = last
    discard: list[int]  # top = last
    table: list[TableMeld] = field(default_factory=list)
    turn_no: int = 0  # turns taken this round
    taken: int | None = None  # face taken from the pile
    melds_this_turn: int = 0
    upcard_open: bool = True  # False after a claim (pile closed or dead) until the next discard
    refused: bool = False  # the in-turn player refused the upcard this turn
    claimed: bool = False  # a claim was made since the last discard: no window opens again
    exhaustions: int = 0
    claim: Claim | None = None
    call_on: int | None = None  # whose discard may be called
    offer: list[int] = field(default_factory=list)  # seats still to be offered the upcard
    knocker: int | None = None
    knock_kind: Ending | None = None  # knock, gin, big-gin
    giver: list[int] = field(default_factory=list)
    cut_exact: int | None = None  # the seat whose exact cut earned the bonus this round
    pile_owner: list[int] = field(default_factory=list)  # who discarded each pile card
    played_this_turn: bool = False  # melded or laid off this turn
    must_go_down: bool = False  # took a wild before going down: must go down this turn
    # a card taken from the pile that the player's next play must meld or lay off
    must_meld: int | None = None
    # turns in a row ended by throwing back the upcard just taken
    throwbacks: int = 0
    # upcards drawn this hand (the first upcard's offer not counted)
    upcard_draws: int = 0
    run_base: list[list[int]] = field(default_factory=list)  # the knocker's runs: [low, high]
    # the stated orders of this deal's reshuffled stocks (Deal.restocks), top first
    restocks: list[list[int]] = field(default_factory=list)
    # in phase ``claimant``: the seat whose turn the claimant's play interrupted, to whom
    # the turn goes back after the claimant's discard
    resume: int | None = None
    # the deal's first upcard (the bottom card of the pile as dealt), kept when it is
    # taken: Oklahoma Gin's knock limit and a score multiplier read it
    first_upcard: int | None = None
    # the card turned face up under the stock after the deal (``wilds { cut joker }``):
    # every card of its rank is wild for this deal (a joker turned: the lowest rank)
    cut_card: int | None = None

    def clone(self) -> HandRecord:
        return _clone_hand(self)


@dataclass(slots=True)
class State:
    """A position: the game record (``game``, kept from deal to deal) and the hand record
    (``hand``, made new at each deal).  The engine reads and changes both in place."""

    game: GameRecord
    hand: HandRecord

    def clone(self) -> State:
        """A copy that shares nothing mutable with this state: both records, every list
        field copied, the seats and the claim window cloned (derived from the fields'
        types: see ``_cloner``)."""
        return _clone_state(self)

    @property
    def over(self) -> bool:
        return self.hand.phase == "game-over"

    def card_count(self) -> int:
        h = self.hand
        return (len(h.stock) + len(h.discard) + sum(len(s.hand) for s in h.seats)
                + sum(len(t.meld.cards) for t in h.table))


# The fields holding objects that clone themselves (a record, a list of seats, a claim
# window that may be None), by class: each such object is cloned; any other list field is
# copied one level, any other value shared.  Named here, not read from the fields' types,
# which the compiled build does not keep (a ``list[Seat]`` field is a plain ``list``
# there); tests/engine/test_state_records.py holds this table to the annotations.
OWNED: dict[str, dict[str, str]] = {
    "GameRecord": {"seats": "list[SeatRecord]"},
    "HandRecord": {"seats": "list[Seat]", "claim": "Claim | None"},
    "State": {"game": "GameRecord", "hand": "HandRecord"},
}
_CLONE: dict[str, Callable[[Any], Any]] = {}
T = TypeVar("T")


def _is_list(kind: object) -> bool:
    """A field typed as a list: ``list[...]`` as written, or ``list`` compiled."""
    return kind is list or (isinstance(kind, str) and kind.startswith("list["))


def _cloner(cls: type[Any]) -> Callable[[Any], Any]:
    """The clone of ``cls``, written out from its fields: an object of a field in
    :data:`OWNED` (or each one of a list) is cloned, any other list is copied one level
    (its items are values, frozen melds or lists the engine replaces whole), any other
    value (a number, a name, None) is shared.  Written out as one function per type, with
    no loop over names, because bots and perft clone states by the thousand.  A plain
    class is filled in without its ``__init__``; the compiled build's classes refuse
    ``object.__new__``, so there the clone calls the constructor with every field."""
    try:  # a plain class: filled in field by field, with no call of its __init__
        object.__new__(cls)
        plain = True
    except TypeError:  # a compiled (mypyc) class refuses that: made by its constructor
        plain = False
    owned = OWNED.get(cls.__name__, {})
    lines = ["def clone(self):", "    new = _new(cls)" if plain else "    return cls("]
    for f in fields(cls):
        kind = owned.get(f.name)
        if kind is None:
            value = f"self.{f.name}[:]" if _is_list(f.type) else f"self.{f.name}"
        elif kind.startswith("list["):
            value = f"[_CLONE[{kind[5:-1]!r}](x) for x in self.{f.name}]"
        elif kind.endswith(" | None"):
            value = (f"None if self.{f.name} is None "
                     f"else _CLONE[{kind.removesuffix(' | None')!r}](self.{f.name})")
        else:
            value = f"_CLONE[{kind!r}](self.{f.name})"
        lines.append(f"    new.{f.name} = {value}" if plain else f"        {value},")
    lines.append("    return new" if plain else "    )")
    scope: dict[str, Any] = {"_new": object.__new__, "cls": cls, "_CLONE": _CLONE}
    exec("\n".join(lines), scope)  # the source is made above from field names only
    made: Callable[[Any], Any] = scope["clone"]
    return made


def _cloner_of(cls: type[T]) -> Callable[[T], T]:
    _CLONE[cls.__name__] = made = _cloner(cls)
    return made


_clone_seat_record = _cloner_of(SeatRecord)
_clone_seat = _cloner_of(Seat)
_clone_claim = _cloner_of(Claim)
_clone_game = _cloner_of(GameRecord)
_clone_hand = _cloner_of(HandRecord)
_clone_state = _cloner_of(State)
