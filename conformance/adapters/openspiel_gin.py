"""OpenSpiel's ``gin_rummy`` behind the rummy-spec conformance protocol (PROTOCOL.md).

Run as ``python conformance/adapters/openspiel_gin.py``: JSON lines on stdin/stdout.
It speaks protocol 2 and announces one variant, ``gin_openspiel`` (spec/gin_openspiel.rummy:
OpenSpiel's own rules), and the features ``knock``, ``knock-melds``, ``scoring``,
``stock-exhaustion`` and ``perft``.

How the protocol maps onto OpenSpiel (``pyspiel``, the game ``gin_rummy`` with its
default parameters):

* Seats.  OpenSpiel's player 0 always acts first (the non-dealer): protocol seat
  ``(dealer + 1) % 2`` is OpenSpiel's player 0.
* The deal.  Every card is a chance outcome: the adapter deals the setup's hands (the
  first player's ten, then the dealer's ten), then the upcard (the setup's discard pile
  must be that one card); each later stock draw is a chance node too and gets the next
  card of the setup's stock, top first.
* Actions.  ``draw`` is Draw upcard (52) or Draw stock (53); ``pass`` is Pass (54): on
  the first upcard, at the wall (two stock cards left: knock with the upcard or pass) and
  for the defender ending his lay-offs; ``discard`` is the card's own action; ``knock``
  with ``card`` is Knock (55), that card as the discard, the knocker's melds laid one by
  one (the best arrangement, see below), then Pass; after the knocker's Pass the
  defender's lay-offs are card actions (``lay_off``), and the defender's own melds are
  laid by the adapter when he passes (his best arrangement), followed by Pass.  At the
  wall, ``knock`` takes the upcard and discards ``card``.  After gin OpenSpiel allows no
  lay-off: the defender's melds and Pass follow at once.
* The melds a knock names (``melds``), and those of the defender's closing ``pass``: each
  checked as the reference checks them (cards held once, legal melds, the knocker's
  deadwood within the knock card: the adapter names the reference's code), then laid as
  OpenSpiel's meld actions (a run of more than five cards in pieces of three to five);
  OpenSpiel refusing one, or the knocker's Pass after them, is ``deadwood-too-high``.
* The knocker's and defender's melds when none are named: among OpenSpiel's own meld groups
  (``GinRummyUtils.all_meld_groups``) one that leaves the least deadwood; among those,
  the one with the most cards in sets, then the one whose runs come first in the
  protocol's suit order (C D H S), the highest starting first within a suit.  The
  protocol does not fix this choice (docs/peers.md, findings); this is the order the
  rummy-spec reference was seen to follow.
  OpenSpiel melds hold at most five cards: a longer run is laid as two or three pieces
  and shown as one table meld.
* Legality is OpenSpiel's alone: an action is accepted when every engine action it maps
  to is in ``legal_actions()`` at that point, and a lay-off when the card is among
  OpenSpiel's lay-offs (``all_layoffs``) for one piece of the meld named.
* Reason codes.  OpenSpiel gives no reasons; when it refuses, the adapter names the code
  the reference would give from the phase, the player and the cards, in the reference's
  order of checks (game over; player and phase; cards held; the meld; the deadwood).
  Where OpenSpiel refuses what the reference's rules would allow, the code is the
  closest one: a knock whose discard OpenSpiel does not list is ``deadwood-too-high``; a
  lay-off beyond OpenSpiel's reach (a run grows by at most two cards at each end) is
  ``not-consecutive``; a knock without a discard (big gin) is ``no-big-gin``.
* State.  OpenSpiel keeps the upcard apart from its discard pile; the protocol's pile is
  OpenSpiel's pile with the upcard on top.  The game is one hand: after it the phase is
  ``game-over``; scores come from ``returns()`` (zero sum: ``[r, -r]``), the knocker
  winning a tie with 0 points, a hand with no knock (wall, repeated upcard, 50th upcard
  draw) ``dead`` with no winner; the game's winners have the highest total.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyspiel

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
VARIANT = "gin_openspiel"
FEATURES = frozenset({"knock", "knock-melds", "scoring", "stock-exhaustion", "perft"})
# claimed with ``--views``: the runner then compares the views read off the peer's
# observations with the reference's, and fuzz judges the no-leak law on them

DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56
PH = pyspiel.gin_rummy.Phase
UTILS = pyspiel.gin_rummy.GinRummyUtils(13, 4, 10)
INT_TO_MELD: dict[int, list[int]] = {int(k): list(v) for k, v in UTILS.int_to_meld.items()}

# ----- cards ------------------------------------------------------------------------------
# OpenSpiel: id = suit * 13 + rank, suits s c d h, ranks A..K.  Protocol text: rank then
# suit, suits C D H S.
OS_SUITS = "SCDH"
SUIT_ORDER = "CDHS"  # the protocol's suit order (knock melds, runs by suit)
CARDS = Cards(OS_SUITS)
card_text = CARDS.text
parse_card = CARDS.parse


def rank_of(card: int) -> int:
    return card % 13


def suit_of(card: int) -> int:
    return card // 13


def value(card: int) -> int:
    return min(10, rank_of(card) + 1)


def is_set(meld: list[int]) -> bool:
    return len({rank_of(c) for c in meld}) == 1


# ----- arrangements -----------------------------------------------------------------------

def merge_runs(group: list[list[int]]) -> list[list[list[int]]]:
    """OpenSpiel's melds (at most five cards) joined into table melds: a run laid in
    pieces is one meld; each table meld keeps its pieces."""
    sets = [[sorted(m)] for m in group if is_set(m)]
    runs = sorted((sorted(m) for m in group if not is_set(m)), key=lambda m: m[0])
    joined: list[list[list[int]]] = []
    for run in runs:
        last = joined[-1] if joined else None
        if last is not None and last[-1][-1] + 1 == run[0] and suit_of(run[0]) == suit_of(
                last[-1][-1]):
            last.append(run)
        else:
            joined.append([run])
    return sets + joined


def meld_cards(pieces: list[list[int]]) -> list[int]:
    return [c for p in pieces for c in p]


def table_key(pieces: list[list[int]]) -> tuple[int, int, int]:
    """The protocol's order of the melds one knock lays: sets by rank, then runs by suit
    (C D H S) and lowest rank."""
    cards = meld_cards(pieces)
    if is_set(cards):
        return (0, -1, rank_of(cards[0]))
    return (1, SUIT_ORDER.index(OS_SUITS[suit_of(cards[0])]), min(rank_of(c) for c in cards))


def protocol_key(card: int) -> tuple[int, int]:
    """A card's place in the protocol's order: suit C D H S, then rank."""
    return (SUIT_ORDER.index(OS_SUITS[suit_of(card)]), rank_of(card))


def preference(melds: list[list[list[int]]]) -> tuple[int, list[tuple[int, int]], list[Any]]:
    """Among arrangements that leave the same deadwood: the most cards in sets, then the
    runs in the protocol's suit order (C D H S), the highest starting first within a
    suit, then the cards."""
    runs = sorted((low[0], -low[1]) for low in (min(map(protocol_key, meld_cards(m)))
                                              for m in melds if not is_set(meld_cards(m))))
    in_sets = sum(len(meld_cards(m)) for m in melds if is_set(meld_cards(m)))
    return (-in_sets, runs, sorted(sorted(map(protocol_key, meld_cards(m))) for m in melds))


def pieces_of(meld: tuple[int, ...]) -> list[list[int]]:
    """A meld named in the protocol as OpenSpiel's melds: a set as it is, a run of more
    than five cards cut into runs of three to five, low to high."""
    cards = sorted(meld, key=rank_of)
    if is_set(cards) or len(cards) <= 5:
        return [cards]
    cuts = [5] * ((len(cards) - 1) // 5) + [0]
    cuts[-1] = len(cards) - sum(cuts)
    while cuts[-1] < 3:  # even the pieces out: each at least three cards
        i = next(j for j in range(len(cuts) - 2, -1, -1) if cuts[j] > 3)
        cuts[i] -= 1
        cuts[-1] += 1
    out, at = [], 0
    for n in cuts:
        out.append(cards[at:at + n])
        at += n
    return out


def place(card: int) -> tuple[int, int]:
    return rank_of(card) + 1, suit_of(card)


def named_arrangement(hand: list[int], melds: tuple[tuple[int, ...], ...],
                      limit: int | None) -> list[list[list[int]]]:
    """The table melds (each as OpenSpiel pieces) a player names, checked as the
    reference checks them (cards held once, legal melds, then the deadwood they leave
    within ``limit``); Rejected otherwise."""
    left = named_melds(hand, melds, place)
    if limit is not None and sum(map(value, left)) > limit:
        raise Rejected("deadwood-too-high")
    return sorted((pieces_of(m) for m in melds), key=table_key)


def best_arrangement(hand: list[int]) -> list[list[list[int]]]:
    """The table melds (each as OpenSpiel pieces) of the arrangement laid for ``hand``."""
    best: list[list[list[int]]] = []
    best_key: tuple[int, tuple[int, list[tuple[int, int]], list[Any]]] | None = None
    total = sum(map(value, hand))
    for group in UTILS.all_meld_groups(list(hand)):
        pieces = [list(m) for m in group]
        melded = sum(value(c) for m in pieces for c in m)
        merged = merge_runs(pieces)
        key = (total - melded, preference(merged))
        if best_key is None or key < best_key:
            best, best_key = merged, key
    return sorted(best, key=table_key)


# ----- one game ---------------------------------------------------------------------------

@dataclass
class TableMeld:
    owner: int  # seat
    pieces: list[list[int]]  # OpenSpiel melds, as laid
    extra: list[int] = field(default_factory=list)  # cards laid off onto it

    def cards(self) -> list[int]:
        return meld_cards(self.pieces) + self.extra

    def json(self) -> JSON:
        cards = self.cards()
        if is_set(cards):
            texts = sorted(card_text(c) for c in cards)
            kind = "set"
        else:
            texts = [card_text(c) for c in sorted(cards, key=rank_of)]
            kind = "run"
        return {"owner": self.owner, "kind": kind, "cards": texts, "wilds": []}


class Match:
    """An OpenSpiel state with what the protocol needs around it: the seats, the rest of
    the setup's stock, and the table as the protocol numbers it."""

    def __init__(self, state: Any, dealer: int, stock: list[int]) -> None:
        self.state = state
        self.dealer = dealer
        self.first = (dealer + 1) % 2
        self.stock = stock
        self.next = 0
        self.table: list[TableMeld] = []

    def copy(self) -> Match:
        other = Match(self.state.clone(), self.dealer, self.stock)
        other.next = self.next
        other.table = [TableMeld(t.owner, [list(p) for p in t.pieces], list(t.extra))
                       for t in self.table]
        return other

    def over(self) -> bool:
        return bool(self.state.is_terminal())

    # seats <-> OpenSpiel players
    def seat(self, player: int) -> int:
        return (player + self.first) % 2

    def player(self, seat: int) -> int:
        return (seat - self.first) % 2

    def settle(self) -> None:
        """Deal every chance node from the setup's stock."""
        st = self.state
        while st.is_chance_node():
            if self.next >= len(self.stock):
                raise EngineError("error", "the setup's stock ran out")
            card = self.stock[self.next]
            self.next += 1
            st.apply_action(card)

    def apply(self, action: int) -> None:
        if action not in self.state.legal_actions():
            raise Rejected("internal", f"OpenSpiel refused its own action {action}")
        self.state.apply_action(action)
        self.settle()

    # ----- the protocol's view ---------------------------------------------------------
    def phase(self) -> str:
        st = self.state
        ph = st.current_phase()
        if ph == PH.GAME_OVER:
            return "game-over"
        if ph == PH.FIRST_UPCARD:
            passed = st.pass_on_first_upcard()
            return "draw" if passed[0] and passed[1] else "offer"
        if ph in (PH.DRAW, PH.WALL):
            return "draw"
        if ph == PH.DISCARD:
            return "play"
        if ph == PH.LAYOFF:
            return "layoff"
        return "play"  # KNOCK: never seen between two protocol actions

    def turn(self) -> int:
        st = self.state
        if st.current_phase() == PH.FIRST_UPCARD:
            return self.first
        if st.is_terminal():
            return self.first
        return self.seat(st.current_player())

    def offer(self) -> list[int]:
        st = self.state
        if st.current_phase() != PH.FIRST_UPCARD:
            return []
        passed = st.pass_on_first_upcard()
        if not passed[0]:
            return [self.first, self.dealer]
        return [] if passed[1] else [self.dealer]

    def pile(self) -> list[int]:
        st = self.state
        up = st.upcard()
        return list(st.discard_pile()) + ([up] if up is not None else [])

    def result(self) -> tuple[list[int], int | None, str]:
        st = self.state
        returns = st.returns()
        knocked = st.knocked()
        scores = [0, 0]
        for p in (0, 1):
            if knocked[p]:
                k, d = self.seat(p), self.seat(1 - p)
                r = int(returns[p])
                scores[k], scores[d] = r, -r  # zero sum
                if r < 0:
                    return scores, d, "undercut"
                return scores, k, "gin" if st.deadwood()[p] == 0 else "knock"
        return scores, None, "dead"

    def observe(self) -> JSON:
        st = self.state
        hands = st.hands()
        over = st.is_terminal()
        scores, winner, ending = self.result() if over else ([0, 0], None, "")
        pile = self.pile()
        return {
            "phase": self.phase(),
            "round": 1,
            "dealer": self.dealer,
            "turn": self.turn(),
            "hands": [sorted(card_text(c) for c in hands[self.player(s)]) for s in (0, 1)],
            "table": [t.json() for t in self.table],
            "discard_top": card_text(pile[-1]) if pile else None,
            "discard_size": len(pile),
            "stock_size": st.stock_size(),
            "down": [False, False],
            "buys": [0, 0],
            "claim": None,
            "offer": self.offer(),
            "contracts": [0, 0],
            "totals": scores,
            "results": [{"round": 1, "scores": scores, "winner": winner, "ending": ending}]
            if over else [],
            # the game is the one hand: the highest total wins, a tie (0-0) is shared
            "winners": [s for s in (0, 1) if scores[s] == max(scores)] if over else [],
        }

    # ----- legal actions ---------------------------------------------------------------
    def legal(self) -> list[JSON]:
        st = self.state
        if st.is_terminal():
            return []
        ph = st.current_phase()
        legal = st.legal_actions()
        p = self.seat(st.current_player())  # the one offered the upcard, during the offer
        out: list[JSON] = []
        if DRAW_UPCARD in legal:
            out.append({"type": "draw", "player": p, "source": "discard"})
        if DRAW_STOCK in legal:
            out.append({"type": "draw", "player": p, "source": "stock"})
        if ph == PH.DISCARD:
            out += [{"type": "discard", "player": p, "card": card_text(c)}
                    for c in sorted(legal) if c < 52]
        if ph == PH.WALL and KNOCK in legal:
            out.append({"type": "draw", "player": p, "source": "discard"})
        elif KNOCK in legal:
            out += [{"type": "knock", "player": p, "card": card_text(c)}
                    for c in self.knock_discards()]
        if ph == PH.KNOCK:  # the upcard taken at the wall: knock with one of these
            out += [{"type": "knock", "player": p, "card": card_text(c)}
                    for c in sorted(a for a in legal if a < 52)]
        if ph == PH.LAYOFF:
            for c in sorted(a for a in legal if a < 52):
                out += [{"type": "lay_off", "player": p, "card": card_text(c), "meld": i}
                        for i in range(len(self.table)) if self.fits(c, i)]
        if PASS in legal:
            out.append({"type": "pass", "player": p})
        return out

    def knock_discards(self) -> list[int]:
        after = self.state.clone()
        after.apply_action(KNOCK)
        return sorted(a for a in after.legal_actions() if a < 52)

    def fits(self, card: int, index: int) -> bool:
        """OpenSpiel's lay-off rule for one table meld (any of its pieces)."""
        t = self.table[index]
        if t.owner == self.turn():
            return False
        done = list(self.state.layoffs())
        return any(card in UTILS.all_layoffs([UTILS.meld_to_int(p)], done) for p in t.pieces)

    # ----- acting ----------------------------------------------------------------------
    def act(self, a: Act) -> None:
        """Play ``a`` or raise Rejected (nothing changed)."""
        if not 0 <= a.player < 2:
            raise Rejected("bad-player", "no such player")
        st = self.state
        if st.is_terminal():
            raise Rejected("game-over")
        ph = st.current_phase()
        legal = st.legal_actions()
        turn = self.turn()
        phase = self.phase()
        if a.type == "call":
            raise Rejected("call-not-open")
        if a.type == "dead_hand":
            raise Rejected("no-dead-hand", "OpenSpiel has the wall, not a declared dead hand")
        if phase == "offer":
            self.offer_action(a)
            return
        if phase == "layoff":
            self.layoff_action(a, legal)
            return
        if a.type == "draw":
            if phase != "draw":
                raise Rejected("already-drawn" if a.player == turn else "not-your-turn")
            if a.player != turn:
                raise Rejected("not-your-turn")
            if ph == PH.WALL:
                if a.source == "stock":
                    raise Rejected("wall")
                if a.source == "discard":
                    if KNOCK not in legal:
                        raise Rejected("wall-knock-only")
                    self.apply(KNOCK)  # OpenSpiel's wall knock takes the upcard
                    return
            if a.source == "discard":
                if DRAW_UPCARD not in legal:
                    raise Rejected("upcard-refused" if ph == PH.FIRST_UPCARD
                                   else "no-upcard")
                self.apply(DRAW_UPCARD)
                return
            if a.source != "stock":
                raise Rejected("bad-action", "draw from 'stock' or 'discard'")
            if DRAW_STOCK not in legal:
                raise Rejected("stock-empty")
            self.apply(DRAW_STOCK)
            return
        if a.type == "pass" and ph == PH.WALL:
            if a.player != turn:
                raise Rejected("not-your-turn")
            self.apply(PASS)
            return
        if a.type in ("buy", "pass"):
            raise Rejected("claim-not-open")
        if a.type == "give":
            raise Rejected("no-gift-due")
        # the plays of a turn
        if a.player != turn:
            raise Rejected("not-your-turn")
        if phase == "draw":
            raise Rejected("must-draw-first")
        if a.type == "go_down":  # the reference's code: a variant without contracts
            raise Rejected("bad-action")
        if a.type in ("meld", "lay_off", "swap", "shift"):
            raise Rejected("no-table-play")
        hand = list(st.hands()[st.current_player()])
        if a.type == "discard":
            if a.card is None or a.card not in hand:
                raise Rejected("not-in-hand")
            if ph != PH.DISCARD or a.card not in legal:
                raise Rejected("wall-knock-only")  # the upcard taken at the wall
            self.apply(a.card)
            return
        assert a.type == "knock"
        if a.card is None:
            raise Rejected("no-big-gin", "OpenSpiel has no big gin: a knock discards")
        if a.card not in hand:
            raise Rejected("not-in-hand")
        if ph == PH.KNOCK:  # at the wall, the upcard taken: the knock's discard is next
            if a.card not in legal:
                raise Rejected("deadwood-too-high")
            self.knock(a.card, a.melds, knocked=True)
            return
        if KNOCK not in legal or a.card not in self.knock_discards():
            raise Rejected("deadwood-too-high")
        self.knock(a.card, a.melds)

    def offer_action(self, a: Act) -> None:
        offered = self.offer()
        if a.type not in ("draw", "pass") or not offered or offered[0] != a.player:
            raise Rejected("no-offer")
        if a.type == "draw" and a.source != "discard":
            raise Rejected("no-offer", "the first upcard is offered: take it or pass")
        self.apply(DRAW_UPCARD if a.type == "draw" else PASS)

    def layoff_action(self, a: Act, legal: list[int]) -> None:
        defender = self.turn()
        if a.type == "pass":
            if a.player != defender:
                raise Rejected("not-defender")
            self.finish_defender(a.melds)
            return
        if a.type != "lay_off" or a.player != defender:
            raise Rejected("not-defender")
        if a.meld is None or not 0 <= a.meld < len(self.table):
            raise Rejected("no-such-meld")
        hand = self.state.hands()[self.state.current_player()]
        if a.card is None or a.card not in hand:
            raise Rejected("not-in-hand")
        target = self.table[a.meld]
        if target.owner == defender:
            raise Rejected("no-such-meld", "lay off only on the knocker's melds")
        if a.card not in legal or not self.fits(a.card, a.meld):
            cards = target.cards()
            if is_set(cards):
                raise Rejected("mixed-ranks" if rank_of(a.card) != rank_of(cards[0])
                               else "too-long")
            if suit_of(a.card) != suit_of(cards[0]):
                raise Rejected("mixed-suits")
            low, high = min(map(rank_of, cards)), max(map(rank_of, cards))
            if rank_of(a.card) in (low - 1, high + 1):
                raise Rejected("layoff-limit", "OpenSpiel extends a run by two cards at most")
            if rank_of(a.card) == 0 and high == 12:  # Q-K-A: the ace is low only
                raise Rejected("ace-position")
            if rank_of(a.card) == 12 and low == 0:  # K-A-2: no way round the corner
                raise Rejected("wrap-around")
            raise Rejected("not-consecutive")
        self.apply(a.card)
        target.extra.append(a.card)

    def knock(self, discard: int, named: tuple[tuple[int, ...], ...] | None = None,
              knocked: bool = False) -> None:
        """Knock with ``discard``; the knocker's melds are those ``named`` (checked), or
        his best arrangement.  OpenSpiel refusing a meld or the knocker's Pass after
        them (its deadwood above the knock card) is ``deadwood-too-high``."""
        knocker = self.turn()
        if not knocked:
            self.apply(KNOCK)
        self.apply(discard)
        hand = list(self.state.hands()[self.state.current_player()])
        melds = best_arrangement(hand) if named is None else named_arrangement(
            hand, named, int(self.state.get_game().get_parameters()["knock_card"]))
        self.lay(knocker, melds, "deadwood-too-high")
        if PASS not in self.state.legal_actions():
            raise Rejected("deadwood-too-high", "OpenSpiel counts more deadwood than its "
                           "knock card after these melds")
        self.apply(PASS)
        if self.state.finished_layoffs():  # gin: no lay-offs
            self.finish_defender()

    def lay(self, seat: int, melds: list[list[list[int]]], refused: str) -> None:
        for meld in melds:
            for piece in meld:
                action = MELD_BASE + UTILS.meld_to_int(piece)
                if action not in self.state.legal_actions():
                    raise Rejected(refused, "OpenSpiel does not take the meld "
                                   + " ".join(map(card_text, piece)) + " here")
                self.apply(action)
            self.table.append(TableMeld(seat, [list(p) for p in meld]))

    def finish_defender(self, named: tuple[tuple[int, ...], ...] | None = None) -> None:
        """The defender's lay-offs end; he lays the melds ``named`` (checked), or his best
        arrangement; then his Pass scores the hand."""
        st = self.state
        if not st.finished_layoffs():
            self.apply(PASS)
        defender = self.turn()
        hand = list(st.hands()[st.current_player()])
        melds = best_arrangement(hand) if named is None else named_arrangement(
            hand, named, None)
        self.lay(defender, melds, "not-in-hand")
        self.apply(PASS)


# ----- the Engine -------------------------------------------------------------------------

CARD_TOKEN = re.compile(r"([A2-9TJQK])([scdh])")
OS_RANKS = "A23456789TJQK"


def _tokens(text: str) -> list[int]:
    """OpenSpiel's cards in a piece of its observation string (``Th5c``, a box row)."""
    return [OS_SUITS.lower().index(s) * 13 + OS_RANKS.index(r)
            for r, s in CARD_TOKEN.findall(text)]


def observed_view(m: Match, seat: int) -> JSON:
    """The protocol's view of ``seat`` read off OpenSpiel's observation string of its
    player: each player's box (the cards the observation shows of that hand), the
    discard pile and upcard, the stock's size."""
    st = m.state
    text = str(st.observation_string(m.player(seat)))
    boxes: dict[int, list[int]] = {}
    for player in (0, 1):
        part = text.split(f"Player{player}:", 1)[1]
        part = part.split(f"Player{1 - player}:", 1)[0] if player == 0 else part
        rows = [ln for ln in part.splitlines() if ln.startswith("|")]
        boxes[m.seat(player)] = _tokens(" ".join(rows))
    pile_line = next((ln for ln in text.splitlines() if ln.startswith("Discard pile:")), "")
    up = re.search(r"Upcard: (\S+)", text)
    pile = _tokens(pile_line.removeprefix("Discard pile:"))
    if up is not None and up.group(1) != "XX":
        pile += _tokens(up.group(1))
    size = re.search(r"Stock size: (\d+)", text)
    other = 1 - seat
    knocker = [m.seat(p) for p in (0, 1) if st.knocked()[p]]
    shown = m.phase() == "layoff" and knocker == [other] and bool(boxes[other])
    return {"seat": seat, "hand": [card_text(c) for c in boxes[seat]],
            "hand_sizes": [len(st.hands()[m.player(s)]) for s in (0, 1)],
            "known": [[] if s == seat or shown else [card_text(c) for c in boxes[s]]
                      for s in (0, 1)],
            "pile": [card_text(c) for c in pile],
            "stock_size": int(size.group(1)) if size else 0,
            "revealed": {str(other): [card_text(c) for c in boxes[other]]} if shown else {}}


class OpenSpielGin(Engine):
    def __init__(self, views: bool = False) -> None:
        self.game = pyspiel.load_game("gin_rummy")
        self.match: Match | None = None
        self.views = views

    def hello(self) -> Hello:
        return Hello(2, "OpenSpiel gin_rummy (rummy-spec adapter)",
                     f"open_spiel {package_version('open_spiel')}", frozenset({VARIANT}),
                     FEATURES | ({"views"} if self.views else set()))

    def new(self, game: NewGame) -> None:
        if game.variant != VARIANT:
            raise SkipGame(f"this adapter plays only {VARIANT}")
        if game.options:
            raise SkipGame("OpenSpiel's game parameters are not mapped to options")
        if game.players != 2:
            raise SkipGame("OpenSpiel's gin_rummy is for two players")
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
        every = [c for h in cards for c in h] + stock + pile
        if sorted(every) != list(range(52)):
            raise EngineError("error", "the setup must hold each card of the pack once")
        if int(setup.get("round", 1)) != 1 or any(setup.get("totals", [0, 0])):
            raise SkipGame("OpenSpiel plays one hand from nothing: no later round, no totals")
        if any(len(h) != 10 for h in cards) or len(pile) != 1:
            raise SkipGame("OpenSpiel deals ten cards each and one upcard")
        state = self.game.new_initial_state()
        first = (dealer + 1) % 2
        for c in cards[first] + cards[1 - first] + pile:
            state.apply_action(c)
        m = Match(state, dealer, stock)
        m.settle()
        self.match = m

    def _match(self) -> Match:
        if self.match is None:
            raise EngineError("error", "no game: send 'new' first")
        return self.match

    def act(self, action: JSON) -> Verdict:
        m = self._match()
        try:
            a = read_action(action, CARDS)
        except BadAction as err:
            return Verdict(False, "bad-action", str(err))
        trial = m.copy()
        try:
            trial.act(a)
        except Rejected as no:
            return Verdict(False, no.code, no.message)
        self.match = trial
        return Verdict(True)

    def state(self) -> JSON:
        return self._match().observe()

    def legal(self) -> list[JSON]:
        return self._match().legal()

    def view(self, seat: int) -> JSON:
        """What OpenSpiel's observation of the seat's player shows (its
        ``observation_string``): the seat's hand, the other hand's cards it shows, the
        pile and the stock's size (docs/peers.md says what it leaks or leaves out)."""
        m = self._match()
        if seat not in (0, 1):
            raise EngineError("error", f"view: seat {seat} is not a seat of this game (0..1)")
        return observed_view(m, seat)

    def perft(self, depth: int) -> int:
        return perft(self._match(), depth, CARDS)


def main() -> int:
    return serve(OpenSpielGin(views="--views" in sys.argv[1:]))


if __name__ == "__main__":
    sys.exit(main())
