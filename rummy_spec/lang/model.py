"""The checked rules model: what a variant *is*, free of syntax.

Every section is a frozen dataclass; every section and table row keeps the span of the
source text that set it (``BUILTIN`` when a documented default applies).  The engine, the
rulebook and the conformance kit all read this model and nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from . import meldkinds
from .expr import Expr, Num
from .kindrules import AceMode as AceMode  # the kinds' rules, named here too
from .kindrules import GroupRule as GroupRule
from .kindrules import RunRule as RunRule
from .kindrules import SetRule as SetRule
from .scoremodel import GameEnd as GameEnd  # the score and game sections, named here too
from .scoremodel import Score as Score
from .scoremodel import ScoreEntry as ScoreEntry
from .span import BUILTIN, Span

MeldKind = str  # a name declared in .meldkinds: "set", "run", "group"
Scope = Literal["all", "contract"]


def _n(v: int) -> Expr:
    return Num(v, BUILTIN)


@dataclass(frozen=True)
class Players:
    min: int = 2
    max: int | None = None
    span: Span = BUILTIN


@dataclass(frozen=True)
class SpecialCard:
    """A non-rank card of a custom deck (Phase 10's Wild and Skip)."""

    code: str
    title: str
    per_deck: int
    skip: Literal["next", "chosen"] | None = None
    never_taken: bool = False
    not_last_card: bool = False
    no_repeat_skips: bool = False
    # turned as the first upcard of a hand, its effect acts on the first player (Phase 10:
    # "if the dealer starts the discard pile with a Skip card, the first player is skipped")
    acts_turned_up: bool = False
    span: Span = BUILTIN


@dataclass(frozen=True)
class Deck:
    decks: Expr = field(default_factory=lambda: _n(1))
    jokers: Expr = field(default_factory=lambda: _n(0))
    jokers_per_deck: bool = False
    numbers: tuple[int, int] | None = None  # a custom deck: number ranks low..high
    colours: tuple[tuple[str, str], ...] = ()  # custom deck colours: (code, name)
    copies: int = 1  # copies of each number in each colour, per deck
    specials: tuple[SpecialCard, ...] = ()
    # French ranks (1..13, ace 1) left out of every pack (Conquian's 40-card pack: 8, 9,
    # 10); the ranks kept follow one another in runs (6 7 J)
    without: tuple[int, ...] = ()
    span: Span = BUILTIN

    @property
    def custom(self) -> bool:
        return self.numbers is not None


@dataclass(frozen=True)
class CardClass:
    """A predicate over cards: ``jokers``, ``red aces``, ``twos``, ``W``."""

    joker: bool = False
    rank: int | None = None
    colour: str | None = None
    special: str | None = None
    text: str = ""
    span: Span = BUILTIN


@dataclass(frozen=True)
class WildRules:
    cards: tuple[CardClass, ...] = ()
    never_outnumber: Scope | None = None
    minority: Scope | None = None  # strictly fewer wilds than naturals
    need_natural: Scope | None = None
    naturals: int = 1  # the natural cards a meld needs, with need_natural
    not_adjacent_in_runs: bool = False
    max_per_set: int | None = None
    max_per_run: int | None = None
    all_wild_sets: bool = False  # a set of wilds only may be laid; only wilds join it
    all_wild_runs: bool = False
    all_wild_groups: bool = False
    # a card turned face up under the stock after each deal makes its rank wild for that
    # deal (Indian Rummy's cut joker; a joker turned: the lowest rank, the aces)
    cut_joker: bool = False
    span: Span = BUILTIN

    def all_wild(self, kind: str) -> bool:
        """May a meld of this kind be made of wilds only?"""
        return meldkinds.all_wild(self, kind)


@dataclass(frozen=True)
class Deal:
    cards: Expr = field(default_factory=lambda: _n(10))
    first_dealer: Literal["random", "highest", "lowest", "last"] = "random"
    rotation: Literal["left", "winner"] = "left"
    # the deal passes only after a hand someone scored: a dead hand keeps its dealer
    # (the EAAI-2021 Gin Rummy challenge's GinRummyGame.play)
    pass_after_scored: bool = False
    upcard_offered: bool = False  # Gin: first upcard offered to non-dealer, then dealer
    upcard: bool = True  # False: no upcard (``no upcard`` also sets first_turn_discard)
    # the first player is dealt one card more and starts by discarding, without a draw
    first_turn_discard: bool = False
    # a hand dealt whose points total low..high wins at once; two or more such hands: the
    # deal is thrown in (Tonk: 49 or 50)
    total_wins: tuple[int, int] | None = None
    # an upcard of these is covered by the next card turned up (Canasta: a wild, a red 3)
    upcard_covered: tuple[CardClass, ...] = ()
    span: Span = BUILTIN


@dataclass(frozen=True)
class Cut:
    by: Literal["right", "any", "dealer"] = "right"
    target: Expr = field(default_factory=lambda: _n(0))
    bonus: Expr = field(default_factory=lambda: _n(0))
    span: Span = BUILTIN


@dataclass(frozen=True)
class Element:
    """``count`` melds of ``kind``, each at least ``size`` cards (None: the kind's min)."""

    count: int
    kind: MeldKind
    size: int | None
    span: Span = BUILTIN
    # ``pure``: each of these melds holds no wild card (Indian Rummy's pure sequence)
    pure: bool = False


@dataclass(frozen=True)
class Contract:
    number: int
    elements: tuple[Element, ...]
    pat: bool = False  # the whole hand must be melded, no discard
    span: Span = BUILTIN


@dataclass(frozen=True)
class Contracts:
    rounds: tuple[Contract, ...] = ()
    progression: Literal["together", "individual", "any-order"] = "together"
    # ``any``: the contract's melds at least, and further melds of any kind the variant has
    # (Indian Rummy: two sequences, then sets or sequences)
    count: Literal["exact", "minimum", "any"] = "exact"
    size: Literal["exact", "minimum"] = "minimum"
    same_suit_runs: Literal["touch", "gap"] = "touch"
    run_gap: int = 1  # with "gap": the ranks left out between two runs of one suit
    distinct_set_ranks: bool = False
    # going down melds every card but one, which the player then discards: going down is
    # going out (Indian Rummy's declaration)
    down_goes_out: bool = False
    span: Span = BUILTIN


@dataclass(frozen=True)
class Turn:
    no_upcard_when_down: bool = False
    keep_taken_card: bool = False
    no_playable_discard: bool = False
    melds_per_turn: int | None = None
    new_melds_after_down: bool = False
    knock_taken_card: bool = False  # may knock with the card taken, though not discard it
    no_discard: tuple[CardClass, ...] = ()  # cards never discarded (a joker), unless last
    # the first meld action of a player must total this many points (his opening)
    opening_points: int | None = None
    # the opening by the side's total (Canasta): rows (from, points), ``from`` None for the
    # row of every total below the lowest ``from``; the row whose ``from`` is the highest at
    # most the total applies
    opening_by_total: tuple[tuple[int | None, int], ...] = ()
    # cards never taken from the top of the discard pile (Canasta's black threes, which
    # block the pile for the next player)
    no_take: tuple[CardClass, ...] = ()
    # any card of the spread discard pile may be taken with every card above it; the card
    # reached must be melded or laid off at once (500 Rum, after Bicycle)
    deep_take: bool = False
    # a card taken from the pile, the upcard alone too, must be melded or laid off at once
    pile_card_melded: bool = False
    # the card drawn from the stock never joins the hand: it is melded or laid off in the
    # turn, or it is the turn's discard (Conquian, after Bicycle and pagat.com)
    stock_card_melded: bool = False
    # at the start of his turn, instead of drawing, a player may drop: the hand ends and
    # the lowest count wins (Tonk); scored by ``Score.caught_pays``
    drop: bool = False
    # no table play (meld, lay-off, swap, going down) in each player's first N turns of a
    # hand: the hand's first N x players turns (Remi 51: neither open nor go out in the
    # first two rounds of turns); None: none
    no_meld_turns: int | None = None
    # a draw from the pile takes its top card, which the next play must meld or lay off,
    # and that play hands the player the rest of the pile (Canasta)
    whole_pile: bool = False
    # while one of these lies in the pile (Canasta: a wild card), or for a side not yet
    # melded, the card taken goes only into a new meld with a natural pair from the hand
    frozen_by: tuple[CardClass, ...] = ()
    frozen_until_melded: bool = False
    # wild cards count their own points towards the opening (Canasta), not their card's
    opening_wilds_own: bool = False
    span: Span = BUILTIN


@dataclass(frozen=True)
class Layoff:
    allowed: bool = True
    timing: Literal["same-turn", "next-turn"] = "same-turn"
    own_melds_next_turn: bool = False
    needs_down: bool = True
    # cards are laid off on the player's own melds only (his team's, with partners): the
    # cards he melds are his count (Conquian's eleven)
    own_only: bool = False
    span: Span = BUILTIN


@dataclass(frozen=True)
class Swap:
    from_runs: bool = False
    from_sets: bool = False
    # anyone: who then goes down; any: any player on his turn, down (melded) or not
    who: Literal["down", "anyone", "not-down", "any"] = "down"
    wilds: tuple[CardClass, ...] = ()  # the wilds that may be freed (none named: any)
    others_only: bool = False
    freed: Literal["table", "hand"] = "hand"
    shift_to_end: bool = False
    span: Span = BUILTIN

    @property
    def allowed(self) -> bool:
        return self.from_runs or self.from_sets


@dataclass(frozen=True)
class Claim:
    """Out-of-turn claims of the upcard: buy, "May I?", "I want it"."""

    title: str = "buy"
    # any-time: whenever a discard is exposed, not only once the player in turn declines
    window: Literal["after-refusal", "between-turns", "any-time"] = "after-refusal"
    priority: Literal["nearest", "first-caller"] = "nearest"
    penalty: int = 1
    limit: Expr | None = None  # per round; None: unlimited
    carry_over: bool = False
    own_discard: bool = False
    when_down: bool = True
    # the claimant may not meld, lay off or discard until his own turn; False
    # (``claimant takes at once``): the claim gives him a turn out of order at once, after
    # which the turn goes back (with ``chain``: refused by the checker, E038)
    claimant_waits: bool = True
    pile_after: Literal["open", "dead", "closed"] = "open"
    chain: bool = False
    # the author states that some contracts need more cards than are dealt: buying is
    # part of the game (answers W103, and the rulebook says so)
    needed_for_contracts: bool = False
    span: Span = BUILTIN
    # clauses declared beyond these fields (rummy_spec.lang.families): (field, value)
    more: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class RummyCall:
    penalty: Literal["caller-discards", "gifts", "take-back"] = "caller-discards"
    take_back_extra: int = 0
    only_down_offenders: bool = False
    span: Span = BUILTIN


@dataclass(frozen=True)
class GoingOut:
    by: Literal["discard", "meld", "either"] = "either"
    floating: bool = False
    # a player may empty his hand only when his side (with partners, his team) has a meld
    # of at least this many cards on the table (Canasta's canasta of seven); None: no such
    # rule
    needs_meld: int | None = None
    # a player who discards his last card stays in with an empty hand and plays on: he
    # goes out only by melding or laying off a card he takes (Conquian: eleven melded)
    empty_plays_on: bool = False
    span: Span = BUILTIN


@dataclass(frozen=True)
class Knock:
    deadwood: int = 10
    gin_bonus: int = 25
    big_gin_bonus: int | None = None
    undercut_bonus: int = 25
    undercut_on_equal: bool = True
    defender_lays_off: bool = False
    no_layoff_on_gin: bool = True
    # the game makes the defender's lay-offs, not the defender (EAAI-2021 challenge)
    layoffs_by_game: bool = False
    knock_bonus: int = 0  # added to a knocker's winning score (not gin, not an undercut)
    # the limit is the first upcard's count, not ``deadwood`` (Oklahoma Gin); the limit for
    # an upcard of a rank listed in ``upcard_deadwood`` (rank, limit) is the one given
    deadwood_by_upcard: bool = False
    upcard_deadwood: tuple[tuple[int, int], ...] = ()
    span: Span = BUILTIN


StockStep = Literal["reshuffle", "reshuffle-all", "turn-over", "turn-over-whole", "end-round",
                    "replay-extra-deck", "new-pack", "hand-dead"]


@dataclass(frozen=True)
class Stock:
    """What happens when the stock runs out: one step per exhaustion, the last repeats."""

    empty: tuple[StockStep, ...] = ("reshuffle",)
    # refill the moment the last card is drawn, not when the next player needs a card
    refill_at_once: bool = False
    dead_at: int | None = None
    # how the low stock ends the hand: at the discard that leaves dead_at cards; at the wall
    # (the next player may only knock with the upcard, or pass); or by a player's choice
    dead_how: Literal["discard", "wall", "declared"] = "discard"
    usable_taken: bool = False  # the stock empty, a usable upcard must be taken (Canasta)
    span: Span = BUILTIN


@dataclass(frozen=True)
class EngineLimits:
    """What one published engine does because of how it is built, not by the rules of the
    game: caps on a hand's length, a move it forces.  A profile of that engine states
    them, so it can be played against; the rulebook keeps them apart from the rules."""

    title: str = ""  # the engine, as the section names it
    # the hand is dead when this many turns in a row end by throwing back the upcard taken
    throwbacks: int | None = None
    # the hand is dead at this draw of the upcard (the first upcard's offer not counted)
    upcard_draws: int | None = None
    # from this turn of the hand (the first is 1) the player to draw may only declare the
    # hand dead
    dead_hand_turn: int | None = None
    run_layoff_limit: int | None = None  # cards the defender may add at each end of a run
    gin_forced: bool = False  # a player who can go gin must, at once
    span: Span = BUILTIN

    @property
    def stated(self) -> bool:
        return self.span.line != 0


@dataclass(frozen=True)
class OptionInfo:
    name: str
    title: str
    span: Span = BUILTIN


@dataclass(frozen=True)
class Variant:
    """A variant with its parent chain and the chosen options already applied."""

    name: str
    title: str
    parent: str | None
    sources: tuple[str, ...]
    players: Players
    deck: Deck
    wilds: WildRules
    set: SetRule | None
    run: RunRule | None
    group: GroupRule | None
    deal: Deal
    cut: Cut | None
    contracts: Contracts
    turn: Turn
    layoff: Layoff
    swap: Swap
    claim: Claim | None
    rummy_call: RummyCall | None
    going_out: GoingOut
    knock: Knock | None
    stock: Stock
    score: Score
    game: GameEnd
    limits: EngineLimits
    options: tuple[OptionInfo, ...]
    enabled: tuple[str, ...]
    path: str
    span: Span
    # the rules of meld kinds declared beyond the built-in set, run and group, by name
    more_kinds: tuple[tuple[str, Any], ...] = ()
    # rules of the sources the spec does not state, each with its reason (``unstated``)
    unstated: tuple[str, ...] = ()

    @property
    def rounds(self) -> int:
        """Rounds in a fixed schedule (0 when the game runs to a target)."""
        return len(self.contracts.rounds)

    def kind_rule(self, kind: str) -> Any:
        """The rule of a meld kind (None: the variant has no melds of that kind)."""
        if kind in _OWN_FIELDS:
            return getattr(self, kind)
        return dict(self.more_kinds).get(kind)

    def meld_kinds(self) -> tuple[MeldKind, ...]:
        """The kinds this variant has, in the order they are declared."""
        return tuple(k for k in meldkinds.names() if self.kind_rule(k) is not None)


_OWN_FIELDS = frozenset({"set", "run", "group"})  # kinds with a field of their own
