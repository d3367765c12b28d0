"""The reference interpreter as an :class:`Engine`, in-process.

``rummy-spec conformance run --engine reference`` uses it directly; the protocol server
(``python -m rummy_spec.conformance.reference_engine``) puts the same object behind JSON
lines, and the broken engines are this engine with one rule patched.
"""

from __future__ import annotations

from typing import Any

from ... import __version__, decks
from ...engine.dispatch.core import legal
from ...engine.families.setup import Deal, buys_allowed_before
from ...engine.game import Game, GameError
from ...engine.melding.melds import Meld, validate
from ...engine.records import codec
from ...engine.records.reasons import Verdict as EngineVerdict
from ...engine.records.reasons import no
from ...engine.records.rules import Rules, compile_variant
from ...engine.records.state import HandRecord, Move, State
from ...lang import LookupFailure, SpecError, meldkinds
from ...lang import model as m
from ...lang.library import builtin_library
from .. import FEATURES, PROTOCOL_VERSION
from ..suite.cases import variant
from ..suite.variants import registered, spec_of
from ..wire.engine import Engine, EngineError, Hello, NewGame, SkipGame, Verdict
from . import views
from .counting import legal_non_meld, perft_count
from .observe import FIELDS, OPTIONAL, ended_json, observe

JSON = dict[str, Any]


def setup_from_json(game_variant: Any, setup: JSON) -> Deal:
    table = decks.card_table(game_variant.deck)

    def cards(texts: list[str], where: str) -> list[int]:
        out = []
        for i, text in enumerate(texts):
            try:
                out.append(table.parse(text))
            except ValueError:
                raise EngineError("error", f"setup.{where}[{i}]: '{text}' is not a card "
                                  "of this variant") from None
        return out

    def seats(key: str) -> list[int] | None:
        values = setup.get(key)
        return None if values is None else [int(v) for v in values]

    return Deal(dealer=int(setup["dealer"]),
                 hands=[cards(h, f"hands[{i}]") for i, h in enumerate(setup["hands"])],
                 stock=cards(setup["stock"], "stock"), discard=cards(setup["discard"],
                                                                     "discard"),
                 round=int(setup.get("round", 1)), totals=seats("totals"),
                 contracts=seats("contracts"), hands_won=seats("hands_won"),
                 buys_used=seats("buys_used"),
                 restocks=[cards(r, f"restocks[{i}]")
                           for i, r in enumerate(setup.get("restocks", []))])


def setup_of(game: Game) -> JSON:
    """The ``new`` message's ``setup`` that deals ``game``'s current deal as it stands at
    the deal: its cards, its round, the totals and (each player on his own contract) the
    contract each seat is on, the hands won so far, and where unused buys carry over, the
    buys used before (those that leave each seat the credit it brings into this round)."""
    s, table = game.state, game.rules.table
    out: JSON = {"dealer": s.game.dealer, "hands": [table.texts(x.hand) for x in s.hand.seats],
                 "stock": table.texts(list(reversed(s.hand.stock))),
                 "discard": table.texts(s.hand.discard), "round": s.game.round,
                 "totals": [x.total for x in s.game.seats],
                 "hands_won": [x.hands_won for x in s.game.seats]}
    if game.rules.individual:
        out["contracts"] = [x.contract + 1 for x in s.game.seats]
    allowed = buys_allowed_before(game.rules, s.game.round)
    if allowed is not None:
        out["buys_used"] = [max(0, allowed - x.buy_credit) for x in s.game.seats]
    return out


def _check_deal(game_variant: Any, players: int, setup: JSON) -> None:
    """The setup must be a deal the variant's rules make: each hand the round's number of
    cards (the first player one more where there is no upcard), an upcard where there is
    one and none where there is not.  A deal no rules describe is refused, not played."""
    rules = compile_variant(game_variant, players)
    dealt = rules.cards_dealt(int(setup.get("round", 1)))
    upcard = game_variant.deal.upcard
    first = (int(setup["dealer"]) + 1) % players
    for seat, hand in enumerate(setup["hands"]):
        want = dealt + (seat == first and game_variant.deal.first_turn_discard)
        if len(hand) != want:
            raise EngineError("error", f"setup.hands[{seat}] holds {len(hand)} cards; this "
                              f"deal gives seat {seat} {want}")
    if upcard and not setup["discard"]:
        raise EngineError("error", "setup.discard is empty: this variant turns an upcard")
    if game_variant.wilds.cut_joker and not setup.get("stock"):
        raise EngineError("error", "setup.stock is empty: this variant turns its last card "
                          "face up under the stock (cut joker)")
    if not upcard and setup["discard"]:
        raise EngineError("error", "setup.discard is not empty: this variant deals no "
                          "upcard")


def start(game_variant: Any, players: int, setup: JSON) -> Game:
    """A game whose first deal is ``setup`` (with its round, totals and contracts)."""
    if len(setup.get("hands", [])) != players:
        raise EngineError("error", f"setup.hands has {len(setup.get('hands', []))} hands "
                          f"for {players} players")
    _check_deal(game_variant, players, setup)
    try:
        game = Game(game_variant, players, seed=0, setup=setup_from_json(game_variant, setup))
    except (GameError, ValueError) as err:
        raise EngineError("error", f"cannot set up the game: {err}") from None
    return game


def knock_order_key(game: Game, index: int, hand: HandRecord | None = None
                    ) -> tuple[int, int, int]:
    """The protocol's order of the melds one knock lays: sets by rank, then runs by suit
    (in the deck's suit order) and lowest rank, then colour groups (``hand``: a hand
    record of the game other than the current one)."""
    m = (hand or game.state.hand).table[index].meld
    kind = meldkinds.names().index(m.kind)
    suits = game.rules.table.suits
    suit = suits.index(m.suit) if m.suit in suits else -1
    return (kind, suit if m.kind == "run" else -1, m.ranks[0] if m.ranks else 0)


# refusals for what the melds together do (checked after each meld on its own)
AFTER_MELDS = frozenset({"contract-not-met", "contract-exact-count", "contract-exact-size",
                         "same-suit-runs-join", "set-ranks-repeat", "pat-required",
                         "down-must-go-out",
                         "must-keep-discard", "must-go-out-by-meld", "skip-last-card",
                         "needs-meld-to-go-out"})


def as_written(rules: Rules, state: State, a: Move) -> EngineVerdict:
    """The reference's verdict through the protocol: the engine's, with runs read as
    written."""
    verdict = legal(rules, state, a)
    if verdict.ok or verdict.code in AFTER_MELDS:
        wrong = written_out_of_order(rules, a)
        if wrong is not None:
            return no(wrong.reason or "bad-action", wrong.message)
    return verdict


def written_out_of_order(rules_of: Rules, a: Move) -> Verdict | None:
    """A run the protocol reads as written: cards that make a run only when rearranged
    are refused with the fault of the order given (the reference's own play would
    rearrange them; a protocol engine may not have to guess)."""
    if a.type not in ("go_down", "meld") or not a.melds:
        return None
    rules = rules_of.melds
    for cards in a.melds:
        as_given = validate(rules, None, cards, contract=a.type == "go_down", ordered=True)
        if isinstance(as_given, Meld):
            continue
        if isinstance(validate(rules, "run", cards, contract=a.type == "go_down"), Meld):
            return Verdict(False, as_given.code, "a run is written low to high: "
                           + as_given.message)
    return None


class ReferenceEngine(Engine):
    """The rummy-spec interpreter: every built-in variant, every feature.

    Table melds are numbered in the order laid, as the engine keeps them, except that
    the melds a knock lays are put in the protocol's fixed order (``knock_order_key``);
    ``order`` maps the protocol's meld numbers to the engine's.
    """

    name = "rummy-spec reference"

    def __init__(self) -> None:
        self.game: Game | None = None
        self.order: list[int] = []
        self.results_before = 0  # rounds ended before the game was handed to the engine
        self.ended: JSON | None = None  # the round the last step ended, as it ended

    @classmethod
    def around(cls, game: Game) -> ReferenceEngine:
        """The reference playing ``game`` from where it stands (the state machine's own
        game, dealt from its seed); the rounds ended so far are not reported."""
        engine = cls()
        engine.game = game
        engine.deal_seen()
        return engine

    def deal_seen(self) -> None:
        """A new deal of ``around``'s game: its rounds ended so far are left out of the
        state, its melds are numbered afresh."""
        game = self._game()
        self.results_before = len(game.state.game.results)
        self.order = list(range(len(game.state.hand.table)))
        self.ended = None  # a new deal: the round that ended was judged at its last step

    def hello(self) -> Hello:
        """Every built-in variant, and each spec file given (``variants.py``) by its
        variants' names and its content hash."""
        house = [word for spec in registered() for word in (*spec.names, spec.hash_name)]
        return Hello(PROTOCOL_VERSION, self.name, __version__,
                     frozenset(builtin_library().decls) | frozenset(house),
                     frozenset(FEATURES), frozenset(FIELDS + OPTIONAL))

    def new(self, game: NewGame) -> None:
        if game.variant not in builtin_library().decls and spec_of(game.variant) is None:
            raise SkipGame(f"no built-in variant named '{game.variant}', and no spec file "
                           "given declares it")
        try:
            v = self.load_variant(game.variant, tuple(game.options))
        except (LookupFailure, SpecError) as err:
            raise SkipGame(f"cannot load {game.variant} with options "
                           f"{list(game.options)}: {str(err).splitlines()[0]}") from None
        self.game = start(v, game.players, game.setup)
        self.order = list(range(len(self.game.state.hand.table)))
        self.ended = None

    def load_variant(self, name: str, options: tuple[str, ...]) -> m.Variant:
        return variant(name, options)

    def _game(self) -> Game:
        if self.game is None:
            raise EngineError("error", "no game: send 'new' first")
        return self.game

    # ----- meld numbers: protocol <-> engine ----------------------------------------
    def _inward(self, action: JSON) -> JSON:
        out = dict(action)
        for key in ("meld", "wild_to"):
            i = out.get(key)
            if isinstance(i, int) and not isinstance(i, bool) and 0 <= i < len(self.order):
                out[key] = self.order[i]
        return out

    def to_protocol(self, action: JSON) -> JSON:
        """An action in the engine's JSON form with the protocol's meld numbers."""
        return self._outward(action)

    def _outward(self, action: JSON) -> JSON:
        back = {internal: i for i, internal in enumerate(self.order)}
        out = dict(action)
        for key in ("meld", "wild_to"):
            if key in out:
                out[key] = back.get(out[key], out[key])  # a probe of no meld: as is
        return out

    def _order_of(self, hand: HandRecord, knocked: bool) -> list[int]:
        """The protocol's order of ``hand``'s melds: those numbered so far, then those
        the last step laid (a knock's in the knock's order)."""
        fresh = list(range(len(self.order), len(hand.table)))
        if knocked:
            fresh.sort(key=lambda i: knock_order_key(self._game(), i, hand))
        return [*self.order, *fresh]

    def _renumber(self, game: Game, knocked: bool) -> None:
        size = len(game.state.hand.table)
        if size < len(self.order):  # a new round: a new table
            self.order = []
        fresh = list(range(len(self.order), size))
        if knocked:
            fresh.sort(key=lambda i: knock_order_key(game, i))
        self.order += fresh

    # ----- the Engine interface ----------------------------------------------------
    def act(self, action: JSON) -> Verdict:
        game = self._game()
        try:
            a = game.parse_action(self._inward(action))
        except codec.CodecError as err:
            return Verdict(False, "bad-action", str(err))
        verdict = game.legal(a)
        if verdict.ok or verdict.code in AFTER_MELDS:
            wrong = written_out_of_order(game.rules, a)
            if wrong is not None:
                return wrong
        if not verdict.ok:
            return Verdict(False, verdict.code, verdict.message)
        hand, rounds = game.state.hand, len(game.state.game.results)
        game.apply(a)
        self.ended = None
        if len(game.state.game.results) > rounds:  # (a new deal is a new hand record)
            self.ended = ended_json(game, hand, self._order_of(hand, a.type == "knock"))
        self._renumber(game, a.type == "knock")
        return Verdict(True)

    def state(self) -> JSON:
        return observe(self._game(), self.results_before, order=self.order,
                       ended=self.ended)

    def legal(self) -> list[JSON]:
        game = self._game()
        return [self._outward(game.action_json(a))
                for a in legal_non_meld(game.rules, game.state)]

    def perft(self, depth: int) -> int:
        game = self._game()
        return perft_count(game.rules, game.state, depth)

    def view(self, seat: int) -> JSON:
        game = self._game()
        if not 0 <= seat < game.players:
            raise EngineError("error", f"view: seat {seat} is not a seat of this game "
                              f"(0..{game.players - 1})")
        return views.protocol_view(game, seat)
