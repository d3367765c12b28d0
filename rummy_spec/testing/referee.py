"""The referee: watches every step of a reference-format game and checks what only its
book of the game can judge.

It keeps its own book of the round (hand sizes, who is down, what was taken, buys, cut
bonuses, contracts made) from the actions alone, and after each step compares the state
the engine produced with what the book and the variant's rules say must follow: hand
sizes, turn order, who may act, the contract laid, the scores the score table gives,
the end of the round and the game.  The laws any observed state keeps (conservation,
every table meld legal, a step touching only the hands it should, scores adding up) are
the conformance kit's (``conformance.laws``), the same code that judges an engine under
test; the machine checks them on every step.  Everything the referee reads from a state
is plain data (hands, piles, table, phase fields); it never calls the engine's rule
code.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.state import Action, State, TableMeld
from ..lang import model as m
from ..lang.expr import evaluate_int
from .laws import Laws, Placed, require

PLAY_TYPES = frozenset({"go_down", "meld", "lay_off", "swap", "shift", "discard", "knock"})
KNOCK_ENDINGS = frozenset({"knock", "gin", "big-gin", "undercut"})
STOCK_ENDINGS = frozenset({"stock", "replay", "abandoned"})


def low_stock(v: m.Variant, pre: State) -> str | None:
    """At the draw with the stock down to the spec's count: how the low stock is played
    ("wall": knock with the upcard or pass; "declared": the upcard or a dead hand)."""
    st = v.stock
    if pre.hand.phase != "draw" or st.dead_at is None or st.dead_how == "discard" \
            or len(pre.hand.stock) > st.dead_at:
        return None
    return st.dead_how


def late_turn(v: m.Variant, pre: State) -> bool:
    """From the spec's turn (1 = the first) on, the player to draw may only declare the
    hand dead."""
    limit = v.limits.dead_hand_turn
    return limit is not None and pre.hand.turn_no + 1 >= limit


def entitled(v: m.Variant, pre: State, a: Action) -> bool:
    """May this player take an action of this type now (whatever its details)?"""
    ph = pre.hand.phase
    who = a.player
    if ph == "offer":
        return bool(pre.hand.offer) and who == pre.hand.offer[0] and a.type in ("draw", "pass")
    if ph == "claim":
        pending = pre.hand.claim.pending if pre.hand.claim is not None else []
        if v.claim is not None and v.claim.priority == "nearest":
            pending = pending[:1]
        return who in pending and a.type in ("buy", "pass")
    if ph == "gifts":
        return bool(pre.hand.giver) and who == pre.hand.giver[0] and a.type in ("give", "pass")
    if ph == "layoff":
        return who == pre.hand.turn and a.type in ("lay_off", "pass")
    if ph == "draw":
        low = low_stock(v, pre)
        ends = (low == "wall" and a.type == "pass") or (
            (low == "declared" or late_turn(v, pre)) and a.type == "dead_hand")
        return (a.type == "draw" and who == pre.hand.turn) or (ends and who == pre.hand.turn) or (
            a.type == "call" and v.rummy_call is not None and pre.hand.call_on is not None
            and who != pre.hand.call_on)
    if ph == "play":
        return who == pre.hand.turn and a.type in PLAY_TYPES
    return False


def placed(t: TableMeld) -> Placed:
    return Placed(t.meld.kind, t.meld.cards, t.meld.ranks, t.meld.suit)


@dataclass
class Book:
    """What the referee remembers of the round and the game."""

    sizes: list[int]
    down: set[int] = field(default_factory=set)
    down_turn: dict[int, int] = field(default_factory=dict)
    taken: tuple[int, int] | None = None  # (player, card) taken from the pile this turn
    played_now: set[int] = field(default_factory=set)  # melded or laid off this turn
    played_before: set[int] = field(default_factory=set)
    melds_now: int = 0
    owes_go_down: bool = False  # took a freed wild into hand before going down this turn
    buys: Counter[int] = field(default_factory=Counter)
    last_discarder: int | None = None
    made: list[int] = field(default_factory=list)  # contracts made, per seat (in order)
    completed: list[list[int]] = field(default_factory=list)  # contract numbers made
    cut: list[int] = field(default_factory=list)  # cut bonuses earned, per seat
    throwbacks: int = 0  # turns in a row that ended by throwing back the upcard taken
    upcard_draws: int = 0  # upcards drawn at the draw this hand


class Referee:
    def __init__(self, laws: Laws, start: State) -> None:
        self.laws = laws
        self.v = laws.variant
        n = laws.players
        self.book = Book(sizes=[0] * n, made=[0] * n, completed=[[] for _ in range(n)],
                         cut=[0] * n)
        self._new_deal(start)

    # ----- dealing ----------------------------------------------------------------------
    def _new_deal(self, s: State) -> None:
        b = self.book
        dealt = self.laws.cards_dealt(s.game.round)
        b.sizes = [dealt] * self.laws.players
        if self.v.deal.first_turn_discard:  # the first player holds one card more
            b.sizes[(s.game.dealer + 1) % self.laws.players] += 1
            require(s.hand.phase == "play", "deal", "the first player starts by discarding")
        if not self.v.deal.upcard:
            require(not s.hand.discard, "deal", "with no upcard the pile starts empty")
        b.down, b.down_turn, b.taken = set(), {}, None
        b.played_now, b.played_before, b.melds_now = set(), set(), 0
        b.owes_go_down = False
        b.throwbacks = b.upcard_draws = 0
        b.buys, b.last_discarder = Counter(), None
        if s.hand.cut_exact is not None and self.v.cut is not None:
            b.cut[s.hand.cut_exact] += evaluate_int(self.v.cut.bonus, self.laws.players,
                                                    s.game.round) or 0
        require([len(x.hand) for x in s.hand.seats] == b.sizes, "deal",
                f"round {s.game.round} deals {dealt} cards each, hands hold "
                f"{[len(x.hand) for x in s.hand.seats]}")
        require(not s.hand.table, "deal", "the table is not cleared at the deal")

    # ----- state-only laws (after every step) ---------------------------------------------
    def check_state(self, s: State) -> None:
        """What only the referee's book can judge: hand sizes from the history, totals
        from the round scores.  The laws any observed state keeps (conservation, every
        table meld legal) are the conformance kit's (``conformance.laws``), which the
        machine checks on every step."""
        for i, t in enumerate(s.hand.table):
            require(t.meld.wild == tuple(c in self.laws.wild for c in t.meld.cards),
                    "table-meld", f"meld {i}: wild flags {t.meld.wild} do not match its cards")
        require([len(x.hand) for x in s.hand.seats] == self.book.sizes, "hand-sizes",
                f"hand sizes {[len(x.hand) for x in s.hand.seats]}, the history gives "
                f"{self.book.sizes}")
        self._check_totals(s)

    def _check_totals(self, s: State) -> None:
        n = self.laws.players
        hands = [sum(r.scores[i] for r in s.game.results) for i in range(n)]
        sums = [hands[i] + self.book.cut[i] for i in range(n)]
        if s.over and not s.game.abandoned:
            won = [sum(1 for r in s.game.results if r.winner == i) for i in range(n)]
            sums = self.laws.game_bonuses(sums, won, hands)
        require([x.total for x in s.game.seats] == sums, "totals",
                f"totals {[x.total for x in s.game.seats]}, the round scores (with cut and game "
                f"bonuses) add up to {sums}")

    # ----- one step ---------------------------------------------------------------------
    def check_step(self, pre: State, a: Action, post: State) -> None:
        self._entitled(pre, a)
        self._legal_by_rule(pre, a)
        ended = len(post.game.results) > len(pre.game.results)
        require(len(post.game.results) <= len(pre.game.results) + 1, "round-end",
                "more than one round ended in one step")
        sizes = self._sizes_after(pre, a, post, ended)
        if a.type == "go_down":
            self._contract(pre, a, post, ended, sizes[a.player])
        if ended:
            self._round_end(pre, a, post, sizes)
            self._game_end(post)
            self._after_round(pre, post, sizes)
            return
        require(post.hand.phase != "game-over", "game-end", "the game ended without a round end")
        self._no_round_end(pre, a, sizes)
        self._turn(pre, a, post, sizes)
        self._table_changes(pre, a, post)
        self.book.sizes = sizes
        self._remember(pre, a, post)

    # entitlement: only a player the spec lets act, acted
    def _entitled(self, pre: State, a: Action) -> None:
        require(entitled(self.v, pre, a), "entitled", f"player {a.player} may not {a.type} "
                f"in phase {pre.hand.phase} (turn {pre.hand.turn})")

    # rules about which plays are allowed at all, by the spec's switches
    def _legal_by_rule(self, pre: State, a: Action) -> None:
        v, b, p = self.v, self.book, a.player
        contracts = bool(v.contracts.rounds)
        if a.type == "lay_off" and pre.hand.phase == "play":
            lo = v.layoff
            require(lo.allowed, "lay-off", "a lay-off where the variant has none")
            require(not (lo.needs_down and contracts and p not in b.down), "lay-off",
                    f"player {p} laid off before going down")
            if contracts and b.down_turn.get(p) == pre.hand.turn_no:
                require(lo.timing != "next-turn", "lay-off",
                        f"player {p} laid off in the turn he went down")
                if lo.own_melds_next_turn and a.meld is not None and a.meld < len(pre.hand.table):
                    require(pre.hand.table[a.meld].owner != p, "lay-off",
                            f"player {p} added to his own meld in the turn he went down")
        if a.type == "lay_off" and pre.hand.phase == "layoff":
            require(a.meld is not None and a.meld < len(pre.hand.table)
                    and pre.hand.table[a.meld].owner == pre.hand.knocker, "lay-off",
                    "the defender laid off on a meld that is not the knocker's")
        if a.type in ("meld", "go_down", "lay_off", "swap", "shift") and pre.hand.phase == "play":
            require(v.knock is None, "table-play",
                    "cards were laid on the table before the knock in a knock game")
        if a.type == "go_down":
            require(contracts, "go-down", "a go-down in a variant without contracts")
            require(p not in b.down, "go-down", f"player {p} went down twice in a hand")
        if a.type == "meld" and contracts:
            require(p in b.down, "new-meld", f"player {p} started a meld before going down")
            require(v.turn.new_melds_after_down, "new-meld",
                    "a new meld after going down, which the variant forbids")
        if a.type == "meld" and v.turn.melds_per_turn is not None:
            require(b.melds_now < v.turn.melds_per_turn, "new-meld",
                    f"more than {v.turn.melds_per_turn} meld(s) in one turn")
        if a.type == "swap":
            sw = v.swap
            table = pre.hand.table
            target = table[a.meld] if a.meld is not None and a.meld < len(table) else None
            require(target is not None, "swap", "a swap on no meld")
            assert target is not None
            allowed = sw.from_runs if target.meld.kind == "run" else sw.from_sets
            require(allowed, "swap", f"a wild freed from a {target.meld.kind}, which the "
                    "variant forbids")
            require(not (sw.others_only and target.owner == p), "swap",
                    "a player freed a wild from his own meld")
            require(not (sw.who == "down" and contracts and p not in b.down), "swap",
                    f"player {p} freed a wild before going down")
        if a.type == "shift":
            require(v.swap.shift_to_end, "swap", "a wild shifted in a variant without shifts")
        if a.type == "draw":
            require(not late_turn(v, pre), "low-stock",
                    f"a draw at turn {pre.hand.turn_no + 1}, from which the spec allows only a "
                    "dead hand")
        if a.type == "draw" and a.source == "stock":
            require(low_stock(v, pre) is None, "low-stock",
                    f"a draw from a stock of {len(pre.hand.stock)} cards, which the spec closes")
        if a.type == "discard" and b.taken is not None and b.taken[0] == p \
                and v.stock.dead_how == "wall" and v.stock.dead_at is not None \
                and len(pre.hand.stock) <= v.stock.dead_at:
            require(False, "low-stock", f"player {p} took the upcard at the wall and "
                    "discarded instead of knocking")
        knock_exempt = a.type == "knock" and v.turn.knock_taken_card
        if a.type in ("discard", "knock") and a.card is not None and v.turn.keep_taken_card \
                and b.taken == (p, a.card) and not knock_exempt:
            hand = pre.hand.seats[p].hand
            require(hand.count(a.card) > 1 or len(hand) == 1, "keep-taken-card",
                    f"player {p} threw away {self.laws.text([a.card])}, the card just taken")
        if a.type == "discard":
            require(not (b.owes_go_down and p not in b.down), "swap",
                    f"player {p} took a wild into his hand and discarded without going down")
        if a.type == "discard" and len(pre.hand.seats[p].hand) == 1:
            require(v.going_out.by != "meld", "going-out",
                    "a player went out by discarding where the variant asks for melding")
        if a.type == "buy":
            require(v.claim is not None, "claim", "a buy in a variant without claims")

    # hand sizes from the history: what this action adds to or takes from each hand
    def _sizes_after(self, pre: State, a: Action, post: State, ended: bool) -> list[int]:
        sizes = list(self.book.sizes)
        p = a.player
        v = self.v
        closed = pre.hand.phase == "claim" and post.hand.phase != "claim"
        if a.type == "draw":
            if not (pre.hand.phase == "draw" and a.source == "stock"
                    and post.hand.phase == "claim"):
                sizes[p] += 1
        elif a.type == "buy":
            assert v.claim is not None
            sizes[p] += 1 + v.claim.penalty
        elif a.type == "go_down" or a.type == "meld":
            sizes[p] -= sum(len(x) for x in a.melds or ())
        elif a.type in ("lay_off", "shift", "discard"):
            sizes[p] -= 1
        elif a.type == "swap":
            sizes[p] -= 0 if v.swap.freed == "hand" else 1
        elif a.type == "knock":
            laid = sum(len(t.meld.cards) for t in post.hand.table) - sum(
                len(t.meld.cards) for t in pre.hand.table)
            sizes[p] -= (a.card is not None) + (laid if not ended else 0)
        elif a.type == "call":
            rc = v.rummy_call
            assert rc is not None and pre.hand.call_on is not None
            if rc.penalty == "caller-discards":
                sizes[p] -= 1
            elif rc.penalty == "take-back":
                sizes[pre.hand.call_on] += 1 + rc.take_back_extra
        elif a.type == "give":
            sizes[p] -= 1
            sizes[pre.hand.turn] += 1
        if closed and pre.hand.claim is not None and not ended:
            sizes[pre.hand.claim.refuser] += 1
        for i, n in enumerate(sizes):
            require(n >= 0, "hand-sizes", f"seat {i} would hold {n} cards")
        return sizes

    def _emptied(self, pre: State, a: Action, sizes: list[int]) -> bool:
        return sizes[a.player] == 0 and len(pre.hand.seats[a.player].hand) > 0 and a.type in (
            "discard", "go_down", "meld", "lay_off", "swap", "shift", "call") and \
            pre.hand.phase != "layoff"

    def _no_round_end(self, pre: State, a: Action, sizes: list[int]) -> None:
        v = self.v
        if self._emptied(pre, a, sizes):
            floating = v.going_out.floating and a.type != "discard" and not (
                a.type == "go_down" and self._pat(pre, a.player))
            require(floating, "round-end",
                    f"player {a.player} emptied his hand and the round went on")
        if a.type == "discard":
            require(pre.hand.turn_no + 1 < pre.game.turn_cap, "round-end",
                    f"the turn cap {pre.game.turn_cap} was reached and the round went on")
            dead = v.stock.dead_at if v.stock.dead_how == "discard" else None
            require(dead is None or len(pre.hand.stock) > dead, "round-end",
                    f"the stock is down to {len(pre.hand.stock)} and the hand is not dead")
        require(not (a.type == "pass" and pre.hand.phase == "layoff"), "round-end",
                "the defender finished laying off and the knock was not scored")
        require(not (a.type == "dead_hand" or (a.type == "pass" and pre.hand.phase == "draw")),
                "round-end", f"a {a.type} at the low stock and the hand went on")
        require(not self._dead_by_count(pre, a), "round-end",
                f"a {a.type} reached the spec's count for a dead hand and the hand went on")

    def _dead_by_count(self, pre: State, a: Action) -> bool:
        """Does this action end the hand by one of the spec's counts: throw-backs in a row,
        upcard draws, a dead hand declared from the spec's late turn?"""
        st, b = self.v.limits, self.book
        thrown = (st.throwbacks is not None and a.type == "discard"
                  and b.taken == (a.player, a.card) and b.throwbacks + 1 >= st.throwbacks)
        drawn = (st.upcard_draws is not None and a.type == "draw" and a.source == "discard"
                 and pre.hand.phase == "draw" and b.upcard_draws + 1 >= st.upcard_draws)
        late = a.type == "dead_hand" and late_turn(self.v, pre)
        return thrown or drawn or late

    def _pat(self, pre: State, p: int) -> bool:
        return any(c.pat for c in self._current(pre, p))

    # the turn passes as the spec says
    def _turn(self, pre: State, a: Action, post: State, sizes: list[int]) -> None:
        n = self.laws.players
        p = a.player
        if a.type == "discard":
            want = self._next_seat(pre, a)
            require(post.hand.turn == want and post.hand.phase in ("draw", "gifts"), "turn",
                    f"after player {p}'s discard the turn is {post.hand.turn} ({post.hand.phase}), "
                    f"the spec gives {want}")
            require(post.hand.turn_no == pre.hand.turn_no + 1, "turn",
                    "the turn count did not advance")
        elif a.type == "draw" and pre.hand.phase == "offer":
            require(post.hand.turn == p, "turn", "the player who took the offered upcard is not "
                    "in turn")
        elif a.type == "knock":
            require(post.hand.turn == (p + 1) % n and post.hand.phase == "layoff", "turn",
                    "after a knock the defender is not laying off")
        elif sizes[p] == 0 and self.v.going_out.floating and a.type in PLAY_TYPES:
            require(post.hand.turn == self._next_seat(pre, a), "turn",
                    "a floating player's turn did not pass")
        else:
            require(post.hand.turn == pre.hand.turn, "turn",
                    f"a {a.type} by player {p} moved the turn from {pre.hand.turn} to "
                    f"{post.hand.turn}")
        if pre.hand.phase == "claim" and post.hand.phase != "claim" and pre.hand.claim is not None:
            require(post.hand.phase == "play" and post.hand.turn == pre.hand.claim.refuser, "turn",
                    "after the claim window the player who refused the upcard does not play")

    def _next_seat(self, pre: State, a: Action) -> int:
        n = self.laws.players
        skipped = [s.skipped for s in pre.hand.seats]
        if a.type == "discard" and a.card is not None:
            special = self._special(a.card)
            if special is not None and special.skip is not None:
                t = a.target if special.skip == "chosen" else (a.player + 1) % n
                assert t is not None
                # no repeat skips (A44): not while skipped and not played since
                if not (special.no_repeat_skips and (skipped[t] or pre.hand.seats[t].was_skipped)):
                    skipped[t] = True
        q = (a.player + 1) % n
        for _ in range(n):
            if not skipped[q]:
                break
            skipped[q] = False
            q = (q + 1) % n
        return q

    def _special(self, card: int) -> m.SpecialCard | None:
        code = self.laws.table.faces[card].special
        return next((s for s in self.v.deck.specials if s.code == code), None)

    # contracts: a go-down meets the player's contract
    def _current(self, pre: State, p: int) -> list[m.Contract]:
        rounds = self.v.contracts.rounds
        prog = self.v.contracts.progression
        if prog == "together":
            return [rounds[pre.game.round - 1]] if pre.game.round <= len(rounds) else []
        if pre.game.contenders:  # a tie-break hand replays the last contract
            return [rounds[-1]]
        if prog == "any-order":
            return [c for c in rounds if c.number not in self.book.completed[p]]
        k = self.book.made[p]
        return [rounds[k]] if k < len(rounds) else []

    def _contract(self, pre: State, a: Action, post: State, ended: bool, left: int) -> None:
        p = a.player
        options = self._current(pre, p)
        require(options, "contract", f"player {p} went down with no contract left to make")
        if ended:
            ok = any(self.laws.readable_contract(c, a.melds or (), left) for c in options)
            require(ok, "contract", f"player {p}'s go-down "
                    f"{[self.laws.text(x) for x in a.melds or ()]} does not make the contract")
            return
        new = post.hand.table[len(pre.hand.table):]
        require(len(new) == len(a.melds or ()) and all(t.owner == p and t.contract
                                                       for t in new), "contract",
                "the go-down did not put the player's melds on the table")
        melds = [placed(t) for t in new]
        for x in melds:
            faults = self.laws.meld_faults(x, contract=True)
            require(not faults, "table-meld", f"contract meld {self.laws.text(x.cards)}: "
                    + "; ".join(faults))
        results = [self.laws.contract_faults(c, melds, left) for c in options]
        require(any(not r for r in results), "contract",
                f"player {p}'s go-down {[self.laws.text(x.cards) for x in melds]} does not "
                f"make contract {[c.number for c in options]}: {results[0]}")
        if self.v.contracts.progression == "any-order":
            chosen = options[[not r for r in results].index(True)]
            self.book.completed[p].append(chosen.number)

    # the table changes only where the action says
    def _table_changes(self, pre: State, a: Action, post: State) -> None:
        touched = {a.meld, a.wild_to} if a.type in ("lay_off", "swap", "shift") else set()
        grows = a.type in ("go_down", "meld", "knock")
        require(len(post.hand.table) == len(pre.hand.table) or grows, "table",
                f"a {a.type} changed the number of melds on the table")
        for i, t in enumerate(pre.hand.table):
            require(i < len(post.hand.table), "table", f"meld {i} left the table")
            if i not in touched:
                require(post.hand.table[i] == t, "table", f"a {a.type} changed meld {i}")
        if a.type == "lay_off" and a.meld is not None and a.card is not None:
            before = Counter(pre.hand.table[a.meld].meld.cards)
            before[a.card] += 1
            require(Counter(post.hand.table[a.meld].meld.cards) == before, "table",
                    "a lay-off did not add exactly its card to the meld")

    def _remember(self, pre: State, a: Action, post: State) -> None:
        b, p = self.book, a.player
        if a.type == "go_down":
            b.down.add(p)
            b.down_turn[p] = pre.hand.turn_no
        if a.type == "draw" and a.source == "discard" and pre.hand.discard:
            b.taken = (p, pre.hand.discard[-1])
            if pre.hand.phase == "draw":
                b.upcard_draws += 1
        if a.type == "discard":
            b.throwbacks = b.throwbacks + 1 if b.taken == (p, a.card) else 0
        if a.type in ("go_down", "meld", "lay_off", "swap", "shift") and pre.hand.phase == "play":
            b.played_now.add(p)
        if a.type in ("go_down", "meld"):
            b.melds_now += len(a.melds or ())
        if a.type == "buy":
            b.buys[p] += 1
        if a.type == "swap" and self.v.swap.freed == "hand" and self.v.contracts.rounds \
                and p not in b.down:
            b.owes_go_down = True
        if a.type == "discard" or (a.type == "call" and self.v.rummy_call is not None
                                   and self.v.rummy_call.penalty == "caller-discards"):
            b.last_discarder = p
        if post.hand.turn != pre.hand.turn or post.hand.turn_no != pre.hand.turn_no:
            b.played_before |= b.played_now
            b.played_now, b.taken, b.melds_now = set(), None, 0
            b.owes_go_down = False
            if a.type == "draw" and pre.hand.phase == "offer" and pre.hand.discard:
                b.taken = (p, pre.hand.discard[-1])  # the dealer took the offered upcard: his turn

    # ----- round and game end ------------------------------------------------------------
    def _round_end(self, pre: State, a: Action, post: State, sizes: list[int]) -> None:
        r = post.game.results[-1]
        v = self.v
        n = self.laws.players
        require(len(r.scores) == n, "round-end", "a score for every seat")
        held = [self.laws.hand_points(s.hand) for s in pre.hand.seats]
        if r.ending == "out":
            w = r.winner
            require(w == a.player and self._emptied(pre, a, sizes), "round-end",
                    f"round ended 'out' for {w} after a {a.type} by {a.player} "
                    f"(hand sizes {sizes})")
            assert w is not None
            require(not (v.going_out.floating and a.type not in ("discard", "call")
                         and not (a.type == "go_down" and self._pat(pre, w))), "round-end",
                    f"player {w} emptied his hand by melding and the round ended, where the "
                    "spec has him float until he discards")
            held[w] = 0
            if v.score.method == "collect":
                total = sum(held)
                if v.score.rummy_doubles and w not in self.book.played_before:
                    total *= 2
                want = [total if i == w else 0 for i in range(n)]
            else:
                want = [0 if i == w else held[i] for i in range(n)]
            want = self._zero_sum(want)
            require(r.scores == want, "score", f"round {r.round} scores {r.scores}, "
                    f"the score table gives {want}")
        elif r.ending in KNOCK_ENDINGS:
            require(a.type == "knock" or (a.type == "pass" and pre.hand.phase == "layoff"),
                    "round-end", f"a '{r.ending}' ending after a {a.type}")
            self._knock_scores(pre, a, r.ending, r.scores, r.details)
        elif r.ending == "dead":
            st = v.stock
            low = st.dead_at is not None and len(pre.hand.stock) <= st.dead_at
            how = {"discard": a.type == "discard", "wall": a.type == "pass"
                   and pre.hand.phase == "draw", "declared": a.type == "dead_hand"}[st.dead_how]
            require((low and how) or self._dead_by_count(pre, a), "round-end",
                    f"a dead hand after a {a.type} with {len(pre.hand.stock)} cards in the stock")
            if v.score.method == "minus-deadwood":  # each loses at most his hand's points
                lost = [-x for x in self._unzero(r.scores)]
                require(all(0 <= lost[i] <= held[i] for i in range(n)), "score",
                        f"a dead hand scores {r.scores}: not minus each player's deadwood")
            else:
                require(r.scores == [0] * n, "score", "a dead hand scores nothing")
        elif r.ending in STOCK_ENDINGS:
            capped = a.type == "discard" and pre.hand.turn_no + 1 >= pre.game.turn_cap
            penalty = (v.claim.penalty if v.claim is not None else 0) + (
                v.rummy_call.take_back_extra if v.rummy_call is not None else 0)
            require(capped or len(pre.hand.stock) <= 1 + penalty, "round-end",
                    f"round ended '{r.ending}' with {len(pre.hand.stock)} cards in the stock")
            if r.ending == "stock" and v.score.method == "penalty":
                stock_held = r.details.get("held")
                require(isinstance(stock_held, list)
                        and r.scores == self._zero_sum(list(stock_held)), "score",
                        "a round ended by the stock scores what each hand holds")
            elif r.ending != "stock":
                require(r.scores == [0] * n, "score", f"an '{r.ending}' round scores nothing")
        else:
            require(False, "round-end", f"unknown ending '{r.ending}'")
        if a.type == "discard" and sizes[a.player] == 0:
            require(r.ending == "out" and r.winner == a.player, "round-end",
                    "a player discarded his last card and did not go out")

    def _knock_scores(self, pre: State, a: Action, kind: str, scores: list[int],
                      details: dict[str, object]) -> None:
        k = self.v.knock
        require(k is not None, "round-end", "a knock ending in a game without knocking")
        assert k is not None
        knocker = pre.hand.knocker if a.type == "pass" else a.player
        assert knocker is not None
        defender = (knocker + 1) % self.laws.players
        kd, dd = details.get("knocker_deadwood"), details.get("defender_deadwood")
        require(isinstance(kd, int) and isinstance(dd, int), "score",
                "a knock's deadwood is not recorded")
        assert isinstance(kd, int) and isinstance(dd, int)
        if a.type == "pass":
            require(kd == self.laws.hand_points(pre.hand.seats[knocker].hand), "score",
                    f"the knocker's deadwood {kd} is not what he holds")
        require(dd <= self.laws.hand_points(pre.hand.seats[defender].hand), "score",
                "the defender's deadwood is more than his hand")
        want = [0] * self.laws.players
        if self.v.score.method == "minus-deadwood":  # flat points; the defender loses dd
            require(kind in ("knock", "gin", "big-gin"), "score",
                    f"a '{kind}' where knocks score flat points")
            want[knocker] = {"gin": k.gin_bonus, "big-gin": k.big_gin_bonus or 0}.get(
                kind, k.knock_bonus)
            want[defender] = -dd
            want = self._zero_sum(want)
            require(scores == want, "score", f"the knock scores {scores}, the spec gives "
                    f"{want}")
            return
        if kind == "gin":
            require(kd == 0, "score", "gin with deadwood")
            want[knocker] = dd + k.gin_bonus
        elif kind == "big-gin":
            require(kd == 0 and k.big_gin_bonus is not None, "score", "a big gin not allowed")
            want[knocker] = dd + (k.big_gin_bonus or 0)
        elif kind == "undercut":
            require(dd < kd or (dd == kd and k.undercut_on_equal), "score",
                    f"an undercut with deadwood {dd} against {kd}")
            want[defender] = kd - dd + k.undercut_bonus
        else:
            require(kd <= k.deadwood, "score", f"a knock with deadwood {kd}")
            require(not (dd < kd or (dd == kd and k.undercut_on_equal)), "score",
                    f"a knock scored for the knocker though the defender has {dd} against {kd}")
            want[knocker] = dd - kd + k.knock_bonus
        want = self._zero_sum(want)
        require(scores == want, "score", f"the knock scores {scores}, the spec gives {want}")

    def _zero_sum(self, scores: list[int]) -> list[int]:
        """A zero-sum hand: each player's points less the others' points."""
        if not self.v.score.zero_sum:
            return scores
        total = sum(scores)
        return [2 * x - total for x in scores]

    def _unzero(self, scores: list[int]) -> list[int]:
        """The points before ``_zero_sum`` (two players: a hand's points are unknown up to
        a common part, so the larger is taken to be 0 when both are at most 0)."""
        if not self.v.score.zero_sum:
            return scores
        top = max(scores)
        return [x - top for x in scores]

    def _game_end(self, post: State) -> None:
        g = self.v.game
        n = self.laws.players
        over = post.hand.phase == "game-over"
        if over and post.game.abandoned:
            require(post.game.deal_no >= post.game.deal_cap, "game-end",
                    "the game was abandoned before the deal cap")
            return
        if post.game.contenders:
            return
        sums = [sum(r.scores[i] for r in post.game.results) + self.book.cut[i] for i in range(n)]
        candidates = list(range(n))
        if g.ends == "rounds":
            progress = sum(1 for r in post.game.results if r.ending not in ("replay", "dead"))
            done = progress >= len(self.v.contracts.rounds)
        elif g.ends == "target":
            done = max(sums) >= (g.target or 0)
        elif g.ends == "hands":
            done = len(post.game.results) >= (g.hands or 0)
        else:
            made = self._made_after(post)
            candidates = [i for i in range(n) if made[i] >= len(self.v.contracts.rounds)]
            done = bool(candidates)
        if not over:
            require(not done or (g.ties == "replay" and self._tie(post, candidates)),
                    "game-end", "the game should have ended after round "
                    f"{post.game.results[-1].round} (totals {sums})")
            return
        require(done, "game-end", f"the game ended early (totals {sums})")
        totals = [s.total for s in post.game.seats]
        pick = min if g.winner == "lowest" else max
        best = pick(totals[i] for i in candidates)
        want = [i for i in candidates if totals[i] == best]
        require(sorted(post.game.winners) == want, "game-end",
                f"winners {post.game.winners}, the totals {totals} give {want}")

    def _tie(self, post: State, candidates: list[int]) -> bool:
        totals = [s.total for s in post.game.seats]
        pick = min if self.v.game.winner == "lowest" else max
        best = pick(totals[i] for i in candidates)
        return sum(1 for i in candidates if totals[i] == best) > 1

    def _made_after(self, post: State) -> list[int]:
        r = post.game.results[-1]
        made = list(self.book.made)
        if r.ending != "replay":
            for p in self.book.down:
                made[p] += 1
        return made

    def _after_round(self, pre: State, post: State, sizes: list[int]) -> None:
        b = self.book
        r = post.game.results[-1]
        if r.ending != "replay" and self.v.contracts.rounds:
            b.made = self._made_after(post)
        if post.game.contenders:  # tie-break hands: the engine's own progression takes over
            b.made = [s.contract for s in post.game.seats]
            b.completed = [list(s.completed) for s in post.game.seats]
        if post.hand.phase == "game-over":
            b.sizes = [len(s.hand) for s in post.hand.seats]
            return
        self._new_deal(post)
