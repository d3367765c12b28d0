"""RLCard's gin rummy game behind the rummy-spec conformance protocol (PROTOCOL.md).

Run as ``python conformance/adapters/rlcard_gin.py``: JSON lines on stdin/stdout.  It
announces one variant, ``gin_rlcard`` (spec/gin_rlcard.rummy: RLCard's own rules), and
the features ``knock``, ``knock-melds``, ``scoring``, ``stock-exhaustion`` and ``perft``
(protocol 2).

How the protocol maps onto RLCard (``rlcard.games.gin_rummy.game.GinRummyGame`` with its
default settings):

* Seats are RLCard's player ids (0 North, 1 South); the setup's dealer is imposed
  through ``settings.dealer_for_round``.
* The deal.  After ``init_game()`` the adapter overwrites both hands (then
  ``did_populate_hand()``), the stock pile (RLCard draws ``stock_pile[-1]``: the setup's
  stock is reversed) and the discard pile (bottom to top, as the setup writes it).  RLCard
  has no upcard: the non-dealer holds eleven cards and starts by discarding or knocking,
  so a setup must give the non-dealer eleven cards and the dealer ten.
* Actions.  ``draw`` from the stock is DrawCardAction, from the pile PickUpDiscardAction;
  ``discard`` is DiscardAction; ``knock`` with ``card`` is KnockAction, or GinAction when
  RLCard offers gin (then gin is its only action) and ``card`` is one of RLCard's gin
  cards (``judge.get_going_out_cards``); ``dead_hand`` is DeclareDeadHandAction.  After a
  knock, gin or dead hand the adapter plays RLCard's two scoring actions (score North,
  score South), which end the game.
* Legality is RLCard's alone: an action is accepted when its ActionEvent is in
  ``judge.get_legal_actions()`` (RLCard's ``step`` checks nothing itself).
* Reason codes.  RLCard gives no reasons; when it refuses, the adapter names the code the
  reference would give, from the phase, the player and the cards, in the reference's order
  of checks.  Where the reason is RLCard's own and not one the rules state, the code is
  the closest one: a knock RLCard does not list while it offers gin is ``must-go-gin``
  (also for a card whose discard would leave gin but that RLCard does not count among its
  gin cards); any other knock it does not list is ``deadwood-too-high``.  After RLCard's
  200 moves (the profile's turn 101) a draw is ``dead-hand-only``.
* The melds a knock names (``melds``, protocol 2) are checked as the reference checks
  them (cards held once, legal melds, the deadwood within the limit, none left where gin
  is forced); RLCard itself cannot be told them: it scores the knocker's best melds, and
  with no lay-offs no opponent can tell arrangements of one deadwood apart.
* State.  RLCard lays no melds on a table (both hands are scored by their best melds):
  ``table`` is empty.  Scores are RLCard's payoffs (``judge.scorer.get_payoffs``) times
  100: gin 100, knock 20, the other player minus his deadwood; a dead hand scores each
  player minus his deadwood.  The game is one hand: after it the phase is ``game-over``.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import numpy as np
from rlcard.games.gin_rummy import judge as rl_judge
from rlcard.games.gin_rummy.game import GinRummyGame
from rlcard.games.gin_rummy.utils import melding as rl_melding
from rlcard.games.gin_rummy.utils import utils as rl_utils
from rlcard.games.gin_rummy.utils.action_event import (
    DeclareDeadHandAction,
    DiscardAction,
    DrawCardAction,
    GinAction,
    KnockAction,
    PickUpDiscardAction,
)
from rlcard.games.gin_rummy.utils.settings import DealerForRound

try:
    import rummy_spec  # noqa: F401
except ImportError:  # run as a script from a checkout that is not installed
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from rummy_spec.conformance.wire.adapter_kit import (
    Act,
    BadAction,
    Cards,
    Rejected,
    named_melds,
    package_version,
    perft,
    read_action,
)
from rummy_spec.conformance.wire.engine import (
    Engine,
    EngineError,
    Hello,
    NewGame,
    SkipGame,
    Verdict,
)
from rummy_spec.conformance.wire.server import serve

JSON = dict[str, Any]
VARIANT = "gin_rlcard"
FEATURES = frozenset({"knock", "knock-melds", "scoring", "stock-exhaustion", "perft"})
# claimed with ``--views``: the runner then compares the views read off the peer's
# observations with the reference's, and fuzz judges the no-leak law on them

# ----- cards ------------------------------------------------------------------------------
# RLCard: id = suit * 13 + rank, suits S H D C, ranks A..K ('T' for ten).
RL_SUITS = "SHDC"
CARDS = Cards(RL_SUITS)
card_text = CARDS.text
parse_card = CARDS.parse


def card_id(card: Any) -> int:
    return int(rl_utils.get_card_id(card))


def rl_card(cid: int) -> Any:
    return rl_utils.get_card(cid)


def deadwood(hand: list[Any]) -> int:
    """RLCard's deadwood count of a ten-card hand (its best meld cluster)."""
    clusters = rl_melding.get_best_meld_clusters(hand=hand)
    return int(rl_utils.get_deadwood_count(hand=hand, meld_cluster=clusters[0]
                                           if clusters else []))


# ----- one game ---------------------------------------------------------------------------

class Match:
    def __init__(self, game: Any) -> None:
        self.game = game

    def copy(self) -> Match:
        return Match(copy.deepcopy(self.game))

    @property
    def round(self) -> Any:
        return self.game.round

    def over(self) -> bool:
        return bool(self.game.is_over()) or self.round.going_out_action is not None

    def turn(self) -> int:
        return int(self.round.current_player_id)

    def phase(self) -> str:
        if self.over():
            return "game-over"
        last = self.game.get_last_action()
        return "draw" if isinstance(last, DiscardAction) else "play"

    def legal_ids(self) -> list[int]:
        return [int(a.action_id) for a in self.game.judge.get_legal_actions()]

    def hand(self, seat: int) -> list[Any]:
        return list(self.round.players[seat].hand)

    def gin_cards(self) -> list[int]:
        hand = self.hand(self.turn())
        if len(hand) != 11:
            return []
        _, gin = rl_judge.get_going_out_cards(hand, self.game.settings.going_out_deadwood_count)
        return sorted(card_id(c) for c in gin)

    def step(self, event: Any) -> None:
        if int(event.action_id) not in self.legal_ids():
            raise Rejected("internal", f"RLCard refused its own action {event}")
        self.game.step(event)
        # the scoring actions RLCard plays after a knock, gin or dead hand
        while not self.game.is_over() and self.round.going_out_action is not None:
            legal = self.game.judge.get_legal_actions()
            if len(legal) != 1:
                raise EngineError("error", f"RLCard offers {len(legal)} scoring actions")
            self.game.step(legal[0])

    # ----- the protocol's view ---------------------------------------------------------
    def result(self) -> tuple[list[int], int | None, str]:
        payoffs = self.game.judge.scorer.get_payoffs(self.game)
        scores = [round(float(p) * 100) for p in payoffs]
        action = self.round.going_out_action
        who = self.round.going_out_player_id
        if isinstance(action, GinAction):
            return scores, who, "gin"
        if isinstance(action, KnockAction):
            return scores, who, "knock"
        return scores, None, "dead"

    def observe(self) -> JSON:
        over = bool(self.game.is_over())
        dealer = self.round.dealer
        pile = [card_id(c) for c in dealer.discard_pile]
        scores, winner, ending = self.result() if over else ([0, 0], None, "")
        best = max(scores)
        return {
            "phase": self.phase(),
            "round": 1,
            "dealer": int(self.round.dealer_id),
            "turn": self.turn() if not over else (int(self.round.dealer_id) + 1) % 2,
            "hands": [sorted(card_text(card_id(c)) for c in self.hand(s)) for s in (0, 1)],
            "table": [],
            "discard_top": card_text(pile[-1]) if pile else None,
            "discard_size": len(pile),
            "stock_size": len(dealer.stock_pile),
            "down": [False, False],
            "buys": [0, 0],
            "claim": None,
            "offer": [],
            "contracts": [0, 0],
            "totals": scores,
            "results": [{"round": 1, "scores": scores, "winner": winner, "ending": ending}]
            if over else [],
            "winners": [s for s in (0, 1) if scores[s] == best] if over else [],
        }

    def legal(self) -> list[JSON]:
        if self.over():
            return []
        p = self.turn()
        out: list[JSON] = []
        for a in self.game.judge.get_legal_actions():
            if isinstance(a, DrawCardAction):
                out.append({"type": "draw", "player": p, "source": "stock"})
            elif isinstance(a, PickUpDiscardAction):
                out.append({"type": "draw", "player": p, "source": "discard"})
            elif isinstance(a, DeclareDeadHandAction):
                out.append({"type": "dead_hand", "player": p})
            elif isinstance(a, DiscardAction):
                out.append({"type": "discard", "player": p, "card": card_text(card_id(a.card))})
            elif isinstance(a, KnockAction):
                out.append({"type": "knock", "player": p, "card": card_text(card_id(a.card))})
            elif isinstance(a, GinAction):
                out += [{"type": "knock", "player": p, "card": card_text(c)}
                        for c in self.gin_cards()]
        return out

    # ----- acting ----------------------------------------------------------------------
    def act(self, a: Act) -> None:
        kind, player, source, card = a.type, a.player, a.source, a.card
        if not 0 <= player < 2:
            raise Rejected("bad-player", "no such player")
        if self.over():
            raise Rejected("game-over")
        legal = self.game.judge.get_legal_actions()
        ids = [int(a.action_id) for a in legal]
        phase, turn = self.phase(), self.turn()
        if kind == "call":
            raise Rejected("call-not-open")
        if kind == "dead_hand":
            if phase != "draw" or DeclareDeadHandAction().action_id not in ids:
                raise Rejected("no-dead-hand")
            if player != turn:
                raise Rejected("not-your-turn")
            self.step(DeclareDeadHandAction())
            return
        if kind == "draw":
            if phase != "draw":
                raise Rejected("already-drawn" if player == turn else "not-your-turn")
            if player != turn:
                raise Rejected("not-your-turn")
            if DeclareDeadHandAction().action_id in ids and \
                    PickUpDiscardAction().action_id not in ids:  # the 200-move limit
                raise Rejected("dead-hand-only")
            if source == "stock":
                if DrawCardAction().action_id not in ids:
                    raise Rejected("low-stock")
                self.step(DrawCardAction())
                return
            if source == "discard":
                if PickUpDiscardAction().action_id not in ids:
                    raise Rejected("no-upcard")
                self.step(PickUpDiscardAction())
                return
            raise Rejected("bad-action", "draw from 'stock' or 'discard'")
        if kind in ("buy", "pass"):
            raise Rejected("claim-not-open")
        if kind == "give":
            raise Rejected("no-gift-due")
        if player != turn:
            raise Rejected("not-your-turn")
        if phase == "draw":
            raise Rejected("must-draw-first")
        if kind == "go_down":  # the reference's code: a variant without contracts
            raise Rejected("bad-action")
        if kind in ("meld", "lay_off", "swap", "shift"):
            raise Rejected("no-table-play")
        held = [card_id(c) for c in self.hand(turn)]
        gin_only = GinAction().action_id in ids
        if kind == "discard":
            if card is None or card not in held:
                raise Rejected("not-in-hand")
            event = DiscardAction(rl_card(card))
            if event.action_id not in ids:
                last = self.round.move_sheet[-1]
                taken = isinstance(self.game.get_last_action(), PickUpDiscardAction) \
                    and card_id(last.card) == card
                raise Rejected("keep-taken-card" if taken or not gin_only else "must-go-gin")
            self.step(event)
            return
        assert kind == "knock"
        if card is None:
            raise Rejected("no-big-gin", "RLCard has no big gin: going out discards")
        if card not in held:
            raise Rejected("not-in-hand")
        if a.melds is not None:
            self.check_named(held, card, a.melds, gin_only)
        if gin_only:
            if card not in self.gin_cards():
                rest = [c for c in self.hand(turn) if card_id(c) != card]
                if deadwood(rest) > self.game.settings.going_out_deadwood_count:
                    raise Rejected("deadwood-too-high")
                raise Rejected("must-go-gin")
            self.step(GinAction())
            return
        event = KnockAction(rl_card(card))
        if event.action_id not in ids:
            raise Rejected("deadwood-too-high")
        self.step(event)

    def check_named(self, held: list[int], card: int, melds: tuple[tuple[int, ...], ...],
                    gin_only: bool) -> None:
        """The melds a knock names, checked as the reference checks them: cards held once
        (the discard not among them), legal melds, the deadwood left within the limit,
        and none left where gin is forced.  RLCard has no table and scores the knocker's
        best melds whatever he shows; it has no lay-offs, so nobody can tell the
        arrangements of the same deadwood apart."""
        rest = list(held)
        rest.remove(card)
        left = named_melds(rest, melds, lambda c: (c % 13 + 1, c // 13))
        points = sum(min(10, c % 13 + 1) for c in left)
        if points > self.game.settings.going_out_deadwood_count:
            raise Rejected("deadwood-too-high")
        if points and gin_only:
            raise Rejected("must-go-gin")


# ----- the Engine -------------------------------------------------------------------------

class RLCardGin(Engine):
    def __init__(self, views: bool = False) -> None:
        self.match: Match | None = None
        self.views = views

    def hello(self) -> Hello:
        return Hello(2, "RLCard gin-rummy (rummy-spec adapter)",
                     f"rlcard {package_version('rlcard')}", frozenset({VARIANT}),
                     FEATURES | ({"views"} if self.views else set()))

    def new(self, game: NewGame) -> None:
        if game.variant != VARIANT:
            raise SkipGame(f"this adapter plays only {VARIANT}")
        if game.options:
            raise SkipGame("RLCard's settings are not mapped to options")
        if game.players != 2:
            raise SkipGame("RLCard's gin rummy is for two players")
        setup = game.setup
        hands = setup.get("hands")
        if not isinstance(hands, list) or len(hands) != 2:
            raise EngineError("error", "setup.hands: two hands are needed")
        dealer = setup.get("dealer")
        if dealer not in (0, 1):
            raise EngineError("error", "setup.dealer: 0 or 1")
        cards = [CARDS.setup(h, f"hands[{i}]") for i, h in enumerate(hands)]
        stock = CARDS.setup(setup.get("stock"), "stock")
        pile = CARDS.setup(setup.get("discard"), "discard")
        if sorted([c for h in cards for c in h] + stock + pile) != list(range(52)):
            raise EngineError("error", "the setup must hold each card of the pack once")
        if int(setup.get("round", 1)) != 1 or any(setup.get("totals", [0, 0])):
            raise SkipGame("RLCard plays one hand from nothing: no later round, no totals")
        first = (dealer + 1) % 2
        if len(cards[first]) != 11 or len(cards[dealer]) != 10:
            raise SkipGame("RLCard deals eleven cards to the non-dealer and ten to the dealer")
        g = GinRummyGame()
        g.np_random = np.random.RandomState(0)
        g.settings.dealer_for_round = DealerForRound.North if dealer == 0 \
            else DealerForRound.South
        g.init_game()
        r = g.round
        for seat in (0, 1):
            player = r.players[seat]
            player.hand = [rl_card(c) for c in cards[seat]]
            player.known_cards = []
            player.did_populate_hand()
        r.dealer.stock_pile = [rl_card(c) for c in reversed(stock)]
        r.dealer.discard_pile = [rl_card(c) for c in pile]
        if int(r.dealer_id) != dealer or int(r.current_player_id) != first:
            raise EngineError("error", "RLCard did not take the setup's dealer")
        self.match = Match(g)

    def _match(self) -> Match:
        if self.match is None:
            raise EngineError("error", "no game: send 'new' first")
        return self.match

    def act(self, action: JSON) -> Verdict:
        m = self._match()
        try:
            parsed = read_action(action, CARDS)
        except BadAction as err:
            return Verdict(False, "bad-action", str(err))
        try:  # every check comes before RLCard's step: a refusal changes nothing
            m.act(parsed)
        except Rejected as no:
            return Verdict(False, no.code, no.message)
        return Verdict(True)

    def state(self) -> JSON:
        return self._match().observe()

    def legal(self) -> list[JSON]:
        return self._match().legal()

    def perft(self, depth: int) -> int:
        return perft(self._match(), depth, CARDS)

    def view(self, seat: int) -> JSON:
        """What RLCard's observation of player ``seat`` holds (``GinRummyGame.get_state``,
        from which its environment makes its 5x52 planes): the hand, the top discard
        and the dead cards, the opponent's known cards (docs/peers.md says what it leaks
        or leaves out)."""
        m = self._match()
        if seat not in (0, 1):
            raise EngineError("error", f"view: seat {seat} is not a seat of this game (0..1)")
        seen = m.game.get_state(seat)
        r = m.round
        if not seen:  # the game is over: RLCard observes nothing more
            seen = {"hand": [], "top_discard": [], "dead_cards": [],
                    "opponent_known_cards": []}
        index = {str(rl_card(c).get_index()): c for c in range(52)}  # 'H3' -> its id

        def texts(key: str) -> list[str]:
            return [card_text(index[str(i)]) for i in seen[key]]

        known: list[list[str]] = [[], []]
        known[1 - seat] = texts("opponent_known_cards")
        return {"seat": seat, "hand": texts("hand"),
                "hand_sizes": [len(r.players[s].hand) for s in (0, 1)], "known": known,
                "pile": texts("dead_cards") + texts("top_discard"),
                "stock_size": len(r.dealer.stock_pile), "revealed": {}}


def main() -> int:
    return serve(RLCardGin(views="--views" in sys.argv[1:]))


if __name__ == "__main__":
    sys.exit(main())
