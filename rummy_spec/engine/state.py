"""Game state and actions as plain data, with a canonical JSON form.

``core.apply`` leaves the given :class:`State` alone and returns a changed clone;
``core.apply_in_place`` (what a :class:`~rummy_spec.engine.game.Game` uses) changes the
state itself once the action is found legal.
Cards are face codes (ints) inside, canonical card text in JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .melds import Meld

PHASES = (
    "offer",  # the first upcard offered before the first draw (Gin)
    "gifts",  # players hand the in-turn player a card after a rummy call (Ten Step)
    "draw",  # the in-turn player draws; rummy calls on the last discard are open
    "claim",  # the in-turn player refused the upcard; others may claim it
    "play",  # after the draw: go down, meld, lay off, swap, then discard
    "layoff",  # the defender lays off on the knocker's melds (Gin)
    "round-over",  # the round is scored; the next action deals the next round
    "game-over",
)


@dataclass(frozen=True, slots=True)
class Action:
    """One move.  ``type`` names it; the other fields are used by some types only."""

    type: str
    player: int
    source: str | None = None  # draw: "stock" | "discard"
    card: int | None = None  # discard, lay_off, swap, shift, knock, call, give
    meld: int | None = None  # lay_off / swap / shift: index of the table meld
    end: str | None = None  # lay_off: "low" | "high" for a wild on a run
    melds: tuple[tuple[int, ...], ...] | None = None  # go_down, meld
    wild_to: int | None = None  # swap: table meld that takes the freed wild
    target: int | None = None  # discard of a Skip aimed at a chosen player


ACTION_TYPES = {
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


@dataclass
class Seat:
    hand: list[int]
    total: int = 0
    down: bool = False
    contract: int = 0  # index into the contract list (individual progression)
    made: bool = False  # made a contract this hand
    down_turn: int = -1
    buys: int = 0
    buy_credit: int = 0
    skipped: bool = False
    was_skipped: bool = False
    gifts_from: list[int] = field(default_factory=list)
    played_before: bool = False  # melded or laid off on an earlier turn of this hand
    hands_won: int = 0
    completed: list[int] = field(default_factory=list)  # contract numbers made (any order)
    down_contract: int = 0  # the contract number laid this hand


    def clone(self) -> Seat:
        new = object.__new__(Seat)
        new.__dict__ = self.__dict__.copy()
        new.hand = self.hand[:]
        new.gifts_from = self.gifts_from[:]
        new.completed = self.completed[:]
        return new


@dataclass(slots=True)
class Claim:
    """An open claim window over the upcard."""

    refuser: int  # the in-turn player who declined the upcard
    pending: list[int]  # who may still answer, in priority order
    last_buyer: int | None = None


@dataclass(slots=True)
class RoundResult:
    round: int
    scores: list[int]
    winner: int | None
    ending: str  # "out" | "knock" | "gin" | "big-gin" | "stock" | "dead" | "abandoned"
    details: dict[str, Any] = field(default_factory=dict)


@dataclass
class State:
    players: int
    seed: int
    round: int  # 1-based round (hand) number
    deal_no: int  # hands dealt so far, replays included
    dealer: int
    turn: int  # whose turn it is
    phase: str
    seats: list[Seat]
    stock: list[int]  # top = last
    discard: list[int]  # top = last
    table: list[TableMeld]
    turn_no: int = 0  # turns taken this round
    taken: int | None = None  # face taken from the pile this turn
    melds_this_turn: int = 0
    upcard_open: bool = True  # False after a claim until the next discard
    refused: bool = False  # the in-turn player refused the upcard this turn
    exhaustions: int = 0
    extra_decks: int = 0
    claim: Claim | None = None
    call_on: int | None = None  # seat whose last discard may be called
    offer: list[int] = field(default_factory=list)  # seats still to be offered the upcard
    knocker: int | None = None
    knock_kind: str | None = None
    giver: list[int] = field(default_factory=list)
    results: list[RoundResult] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    abandoned: bool = False
    cut_exact: int | None = None  # the seat whose exact cut earned the bonus this round
    contenders: list[int] = field(default_factory=list)  # tie-break hand players
    pile_owner: list[int] = field(default_factory=list)  # who discarded each pile card
    played_this_turn: bool = False  # melded or laid off this turn
    must_go_down: bool = False  # took a wild before going down: must go down this turn
    throwbacks: int = 0  # turns in a row ended by throwing back the upcard just taken
    upcard_draws: int = 0  # upcards drawn this hand (the first upcard's offer not counted)
    run_base: list[list[int]] = field(default_factory=list)  # knocker's runs: [low, high]
    restocks: list[list[int]] = field(default_factory=list)  # Setup.restocks, top first
    turn_cap: int = 400  # turns in a round before it is abandoned
    deal_cap: int = 150  # deals in a game before it is abandoned

    def clone(self) -> State:
        """A copy that shares nothing mutable with this state (hand-written: it is hot)."""
        new = object.__new__(State)
        new.__dict__ = self.__dict__.copy()
        new.seats = [s.clone() for s in self.seats]
        new.stock = self.stock[:]
        new.discard = self.discard[:]
        new.table = self.table[:]
        if self.claim is not None:
            new.claim = Claim(self.claim.refuser, self.claim.pending[:], self.claim.last_buyer)
        new.offer = self.offer[:]
        new.giver = self.giver[:]
        new.results = self.results[:]
        new.winners = self.winners[:]
        new.contenders = self.contenders[:]
        new.pile_owner = self.pile_owner[:]
        new.restocks = self.restocks[:]
        return new

    @property
    def over(self) -> bool:
        return self.phase == "game-over"

    def card_count(self) -> int:
        return (len(self.stock) + len(self.discard) + sum(len(s.hand) for s in self.seats)
                + sum(len(t.meld.cards) for t in self.table))



