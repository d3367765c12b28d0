"""The referee: the laws of a step that one observed state cannot show.

The laws any observed state keeps, and those between the states around one action
(cards, conservation, every table meld legal, hand sizes, turn order, a refused action
changes nothing, a round's scores are what the totals gain) are stated once, in the
conformance kit (``conformance.laws``, ``laws.turn``): the state machine checks them on
the reference's states at every step, the kit on any engine's.  The referee states the
laws that need what the reference's own state records or what was played earlier in the
round, each from the variant's model and the states before and after a step:

* ``contract``: the melds of a go-down are legal contract melds and together make a
  contract the player is on;
* ``score``: a round's scores are what the score table gives the cards left in the
  hands (the winner collects them, doubled for a rummy; a knock scores the difference of
  the deadwood with the gin, undercut and knock bonuses; zero-sum as the model says), the
  arithmetic in ``referee_scores``;
* ``totals``: a seat's total is the sum of its round scores with the cut and game
  bonuses (with games scored at once, the sum of its games on the sheet worked out from
  the round scores); the winners of the game hold the best total;
* ``turn-order``: where Skip cards are played, the turn passes over only the seats the
  state shows a Skip has hit;
* ``table-meld``: the wild flags of a table meld are those of its cards.

Three rules of the variant are switches that no law of the states can see: a lay-off
before going down, a wild freed from a set, the card just taken thrown back.  An engine
that misreads one plays a game every law above accepts, so each is kept as the
smallest law that names the switch (``lay-off``, ``swap``, ``keep-taken-card``).
Nothing here decides what the engine must do next; it only judges what it did.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..engine.records.state import Move, State, TableMeld
from ..lang import model as m
from ..lang.expr import evaluate_int
from ..laws.turn import TABLE_PLAY, turn_fault
from ..laws.variant import Laws, Placed, require
from .referee_scores import (
    capped,
    knock_scores,
    meld_bonuses,
    out_bonus,
    side,
    unzero,
    upcard_times,
    zero_sum,
)
from .referee_stakes import dealt_scores, pool, stake_scores

KNOCK_ENDINGS = frozenset({"knock", "gin", "big-gin", "undercut"})


def placed(t: TableMeld) -> Placed:
    return Placed(t.meld.kind, t.meld.cards, t.meld.ranks, t.meld.suit)


@dataclass
class Book:
    """What the referee saw of the round: no rule, only what was played."""

    taken: tuple[int, int] | None = None  # (player, card) taken from the pile this turn
    played_now: set[int] = field(default_factory=set)  # laid cards on the table this turn
    played_before: set[int] = field(default_factory=set)  # ... in an earlier turn
    # (player, card) taken from the pile that his next play must meld or lay off
    bound: tuple[int, int] | None = None
    # (player, card) turned from the stock that must be melded, laid off or discarded
    drawn: tuple[int, int] | None = None
    laid: dict[int, int] = field(default_factory=dict)  # points each seat put on the table
    freed: int = 0  # points of wilds freed from the table back to a hand


class Referee:
    def __init__(self, laws: Laws, start: State) -> None:
        self.laws = laws
        self.v = laws.variant
        self.book = Book()
        self.cut = [0] * laws.players  # cut bonuses earned, per seat
        self.skips = any(s.skip is not None for s in self.v.deck.specials)
        self._new_deal(start)

    def _new_deal(self, s: State) -> None:
        self.book = Book()
        if s.hand.cut_exact is not None and self.v.cut is not None:
            self.cut[s.hand.cut_exact] += evaluate_int(self.v.cut.bonus, self.laws.players,
                                                  s.game.round) or 0

    # ----- one state ------------------------------------------------------------------
    def check_state(self, s: State) -> None:
        self.laws.dealt(s.hand.cut_card)  # the deal's wilds (``cut joker``)
        for i, t in enumerate(s.hand.table):
            require(t.meld.wild == tuple(c in self.laws.wild for c in t.meld.cards),
                    "table-meld", f"meld {i}: wild flags {t.meld.wild} do not match its cards")
        n = self.laws.players
        hands = [sum(r.scores[i] for r in s.game.results) for i in range(n)]
        sums = [hands[i] + self.cut[i] for i in range(n)]
        if self.v.game.games_at_once > 1:  # the sheet of games scored at once
            sums = self.laws.sheet_totals([(r.winner, r.scores) for r in s.game.results])
        elif s.over and not s.game.abandoned:
            won = [sum(1 for r in s.game.results if r.winner == i) for i in range(n)]
            sums = self.laws.game_bonuses(sums, won, hands)
        require([x.total for x in s.game.seats] == sums, "totals",
                f"totals {[x.total for x in s.game.seats]}, the round scores (with cut and game "
                f"bonuses) add up to {sums}")

    # ----- one step -------------------------------------------------------------------
    def check_step(self, pre: State, a: Move, post: State) -> None:
        self.laws.dealt(pre.hand.cut_card)  # judged in the deal it was played in
        ended = len(post.game.results) > len(pre.game.results)
        self._switches(pre, a)
        if a.type == "discard" and self.v.going_out.empty_plays_on and ended:
            require(post.game.results[-1].ending != "out", "going-out",
                    f"player {a.player} went out by a discard: it only empties his hand")
        if a.type == "go_down":
            self._contract(pre, a, post, ended)
        if ended:
            self._scores(pre, a, post)
            done = post.game.results
            for i in range(len(pre.game.results) + 1, len(done)):  # dealt in the step
                r = done[i]
                times = pool(self.laws, done[:i], r.winner is not None)
                require(r.scores == [x * times for x in dealt_scores(self.laws, r)], "score",
                        f"hand {r.round} as dealt scored {r.scores}")
            if post.over:
                self._winners(post)
            else:
                self._new_deal(post)
            return
        if self.skips:
            self._skips(pre, a, post)
        self._remember(pre, a, post)

    def _switches(self, pre: State, a: Move) -> None:
        """The variant's switches no state shows broken (see the module's docstring)."""
        v, p = self.v, a.player
        if a.type == "lay_off" and pre.hand.phase == "play":
            require(not (v.layoff.needs_down and v.contracts.rounds and not pre.hand.seats[p].down),
                    "lay-off", f"player {p} laid off before going down")
        if a.type == "swap" and a.meld is not None and a.meld < len(pre.hand.table):
            kind = pre.hand.table[a.meld].meld.kind
            require(v.swap.from_runs if kind == "run" else v.swap.from_sets, "swap",
                    f"a wild freed from a {kind}, which the variant forbids")
        if self.book.bound is not None and self.book.bound[0] == p and pre.hand.phase == "play":
            card = self.book.bound[1]
            uses = (a.type == "lay_off" and a.card == card) or (
                a.type == "meld" and any(card in x for x in a.melds or ()))
            require(uses, "pile-take", f"player {p} played {a.type} before melding "
                    f"{self.laws.text([card])}, the card taken from the pile")
        drawn = self.book.drawn
        if drawn is not None and drawn[0] == p and a.type == "discard":
            require(a.card == drawn[1], "stock-card", f"player {p} discarded "
                    f"{self.laws.text([a.card or 0])} before using or passing "
                    f"{self.laws.text([drawn[1]])}, the card turned from the stock")
        if (a.type == "lay_off" and pre.hand.phase == "play" and v.layoff.own_only
                and v.game.partners == "none" and a.meld is not None
                and a.meld < len(pre.hand.table)):
            require(pre.hand.table[a.meld].owner == p, "lay-off",
                    f"player {p} laid off on another player's meld")
        exempt = a.type == "knock" and v.turn.knock_taken_card
        if a.type in ("discard", "knock") and v.turn.keep_taken_card and not exempt \
                and a.card is not None and self.book.taken == (p, a.card):
            hand = pre.hand.seats[p].hand
            require(hand.count(a.card) > 1 or len(hand) == 1, "keep-taken-card",
                    f"player {p} threw away {self.laws.text([a.card])}, the card just taken")

    def _skips(self, pre: State, a: Move, post: State) -> None:
        n, p = self.laws.players, a.player
        hit = {q for q, seat in enumerate(pre.hand.seats) if seat.skipped}
        code = self.laws.table.faces[a.card].special if a.card is not None else None
        special = next((s for s in self.v.deck.specials if s.code == code), None)
        if a.type == "discard" and special is not None and special.skip is not None:
            hit.add(a.target if special.skip == "chosen" and a.target is not None
                    else (p + 1) % n)
        fault = turn_fault(self.v, n, pre.hand.phase, a.type, pre.hand.turn, post.hand.turn,
                           not post.hand.seats[p].hand, frozenset(hit))
        require(not fault, "turn-order", fault)

    def _remember(self, pre: State, a: Move, post: State) -> None:
        b, p = self.book, a.player
        if a.type in TABLE_PLAY and pre.hand.phase == "play":
            b.played_now.add(p)
        if post.hand.turn != pre.hand.turn or post.hand.turn_no != pre.hand.turn_no:
            b.played_before |= b.played_now
            b.played_now, b.taken, b.drawn = set(), None, None
        if a.type == "draw" and a.source == "stock" and self.v.turn.stock_card_melded:
            gained = Counter(post.hand.seats[p].hand) - Counter(pre.hand.seats[p].hand)
            b.drawn = (p, next(iter(gained))) if gained else None
        if b.drawn is not None and b.drawn[0] == p and (
                (a.type == "lay_off" and a.card == b.drawn[1])
                or (a.type == "meld" and any(b.drawn[1] in x for x in a.melds or ()))):
            b.drawn = None
        if a.type == "draw" and pre.hand.discard and (a.source == "discard"
                                                      or pre.hand.phase == "offer"):
            depth = a.depth or 1
            b.taken = (p, pre.hand.discard[-depth])
            if depth > 1 or (self.v.turn.pile_card_melded and pre.hand.phase != "offer"):
                b.bound = b.taken
        if b.bound is not None and b.bound[0] == p and (
                (a.type == "lay_off" and a.card == b.bound[1])
                or (a.type == "meld" and any(b.bound[1] in x for x in a.melds or ()))):
            b.bound = None
        self._count_laid(pre, a, post)

    def _count_laid(self, pre: State, a: Move, post: State | None) -> None:
        """The points each player put on the table, from the plays themselves."""
        b, p, points = self.book, a.player, self.laws.hand_points
        if a.type in ("meld", "go_down"):
            b.laid[p] = b.laid.get(p, 0) + sum(self._meld_laid(x) for x in a.melds or ())
        elif a.type in ("lay_off", "swap", "shift") and a.card is not None:
            low = a.meld is not None and a.meld < len(pre.hand.table) and self._goes_low(
                pre.hand.table[a.meld], a)
            b.laid[p] = b.laid.get(p, 0) + (self._low_ace() if low else points([a.card]))
        if a.type == "swap" and post is not None and len(post.game.results) == len(
                pre.game.results) and a.meld is not None:
            gained = Counter(post.hand.seats[p].hand) - Counter(pre.hand.seats[p].hand)
            if gained:  # the wild freed went to the hand: whoever laid it loses its points
                b.freed += points(list(gained.elements()))
                return
            # laid again at once by the swapper: his now, and its layer loses it
            before = pre.hand.table[a.meld].meld.cards
            left = Counter(before) - Counter(post.hand.table[a.meld].meld.cards)
            wild = list(left.elements()) or [c for c in before if c in self.laws.wild][:1]
            b.laid[p] = b.laid.get(p, 0) + points(wild)
            b.freed += points(wild)

    def _low_ace(self) -> int:
        low = self.v.score.low_ace
        assert low is not None
        return low

    def _is_ace(self, card: int) -> bool:
        face = self.laws.table.faces[card]
        return card not in self.laws.wild and face.rank == 1 and not self.laws.table.custom

    def _meld_laid(self, cards: tuple[int, ...]) -> int:
        """A new meld's points on the table: a natural ace in a run of low cards counts
        the variant's low-ace value (a run: naturals of one suit and different ranks)."""
        total = self.laws.hand_points(cards)
        if self.v.score.low_ace is None:
            return total
        faces = self.laws.table.faces
        naturals = [c for c in cards if c not in self.laws.wild]
        ranks = [faces[c].rank or 0 for c in naturals]
        aces = [c for c in naturals if self._is_ace(c)]
        others = [r for r in ranks if r != 1]
        run = len(naturals) >= 2 and len(set(ranks)) == len(ranks) and len(
            {faces[c].suit for c in naturals}) == 1
        if run and aces and others and min(others) <= 7:
            total += self._low_ace() - self.laws.hand_points(aces[:1])
        return total

    def _goes_low(self, t: TableMeld, a: Move) -> bool:
        """Does the ace of a lay-off (or of a swap or shift) take the place of rank 1 in a
        run, where a low ace has a value of its own?"""
        if self.v.score.low_ace is None or a.card is None or not self._is_ace(a.card) \
                or t.meld.kind != "run":
            return False
        if a.type == "lay_off":
            return t.meld.ranks[0] == 2
        return any(r == 1 and c in self.laws.wild for c, r in zip(t.meld.cards, t.meld.ranks,
                                                                   strict=True))

    # ----- contracts ------------------------------------------------------------------
    def _open_contracts(self, pre: State, p: int) -> list[m.Contract]:
        """The contracts the player may make now, by the model's progression and the
        contracts the state records him as having made."""
        rounds, progression = self.v.contracts.rounds, self.v.contracts.progression
        if pre.game.contenders:  # a tie-break hand replays the last contract
            return [rounds[-1]]
        if progression == "together":
            return [rounds[pre.game.round - 1]] if pre.game.round <= len(rounds) else []
        seat = pre.game.seats[p]
        if progression == "any-order":
            return [c for c in rounds if c.number not in seat.completed]
        return [rounds[seat.contract]] if seat.contract < len(rounds) else []

    def _contract(self, pre: State, a: Move, post: State, ended: bool) -> None:
        p, laws = a.player, self.laws
        options = self._open_contracts(pre, p)
        require(options, "contract", f"player {p} went down with no contract left to make")
        left = len(pre.hand.seats[p].hand) - sum(len(x) for x in a.melds or ())
        if ended:  # the table is dealt anew: the melds are read from the action
            ok = any(laws.readable_contract(c, a.melds or (), left) for c in options)
            require(ok, "contract", f"player {p}'s go-down "
                    f"{[laws.text(x) for x in a.melds or ()]} does not make the contract")
            return
        new = post.hand.table[len(pre.hand.table):]
        require(len(new) == len(a.melds or ()) and all(t.owner == p and t.contract
                                                       for t in new), "contract",
                "the go-down did not put the player's melds on the table")
        melds = [placed(t) for t in new]
        for x in melds:
            faults = laws.meld_faults(x, contract=True)
            require(not faults, "table-meld", f"contract meld {laws.text(x.cards)}: "
                    + "; ".join(faults))
        results = [laws.contract_faults(c, melds, left) for c in options]
        require(any(not r for r in results), "contract",
                f"player {p}'s go-down {[laws.text(x.cards) for x in melds]} does not "
                f"make contract {[c.number for c in options]}: {results[0]}")

    # ----- scores ---------------------------------------------------------------------
    def _scores(self, pre: State, a: Move, post: State) -> None:
        # the action's hand (a hand won as dealt may follow it in the same step)
        r, v, n = post.game.results[len(pre.game.results)], self.v, self.laws.players
        require(len(r.scores) == n, "score", "a score for every seat")
        held = [self.laws.hand_points(s.hand) for s in pre.hand.seats]
        if v.score.losers_meld:  # each loser's hand laid out: at most what it holds
            shown = r.details.get("held")
            require(isinstance(shown, list) and len(shown) == n, "score",
                    "the hands laid out are not recorded")
            assert isinstance(shown, list)
            require(all(0 <= int(x) <= h for x, h in zip(shown, held, strict=True)), "score",
                    f"hands laid out count {shown}: more than the hands hold {held}")
            held = [int(x) for x in shown]
        held = capped(self.laws, held)  # ``hand counts at most N``
        want = [0] * n
        if v.score.method == "stakes":
            times = pool(self.laws, pre.game.results, r.winner is not None)
            want = [x * times for x in stake_scores(self.laws, pre, a, r)]
            require(r.scores == want, "score", f"round {r.round} ended '{r.ending}' "
                    f"scoring {r.scores}; the stakes give {want}")
            return
        if v.score.method == "melds" and r.ending in ("out", "stock"):
            self._count_laid(pre, a, None)  # the play that ended the round
            laid = [self.book.laid.get(i, 0) for i in range(n)]
            if r.ending == "out" and r.winner is not None:
                held[r.winner] = 0
            extra = meld_bonuses(self.laws, pre, a)  # canastas
            if r.ending == "out" and r.winner is not None:  # going out (concealed)
                extra[r.winner] += out_bonus(self.laws, pre, a, r.winner,
                                             r.winner in self.book.played_before)
            want = [laid[i] + extra[i] - held[i] for i in range(n)]
            if self.book.freed:  # whose wild left the table, no play tells: the sum only
                require(sum(r.scores) == sum(want) - self.book.freed, "score",
                        f"round {r.round} scores {r.scores} do not add up to the table's "
                        "points less the hands'")
                return
        elif r.ending == "out" and r.winner is not None:
            w = r.winner
            held[w] = 0
            if v.score.method == "collect":  # from the other team's hands only
                rummy = v.score.rummy_doubles and w not in self.book.played_before
                paid = sum(x for i, x in enumerate(held)
                           if side(self.laws, i) != side(self.laws, w))
                want[w] = paid * (2 if rummy else 1)
            else:
                want = held
        elif r.ending in KNOCK_ENDINGS:
            want = knock_scores(self.laws, pre, a, r.ending, r.details)
        elif r.ending == "dead" and v.score.method == "minus-deadwood":
            lost = [-x for x in unzero(self.laws, r.scores)]  # each loses at most his deadwood
            require(all(0 <= lost[i] <= held[i] for i in range(n)), "score",
                    f"a dead hand scores {r.scores}: not minus each player's deadwood")
            return
        elif r.ending == "stock":
            if v.score.method != "penalty":
                return  # a blocked or exhausted hand scores as the engine's ending says
            stock_held = r.details.get("held")  # the hands as the round's end left them
            require(isinstance(stock_held, list), "score", "the hands held are not recorded")
            assert isinstance(stock_held, list)
            want = capped(self.laws, [int(x) for x in stock_held])
        times = upcard_times(self.laws, pre)  # ``score { upcard S doubles }``
        want = zero_sum(self.laws, [x * times for x in want])
        require(r.scores == want, "score", f"round {r.round} ended '{r.ending}' scoring "
                f"{r.scores}; the score table gives {want}")

    def _winners(self, post: State) -> None:
        g = self.v.game
        if post.game.abandoned or g.ends == "last-contract":  # who may win: those who made them all
            return
        seats = [s.total for s in post.game.seats]
        # with partners a seat stands on its team's total: the sum of its side's seats
        totals = [sum(t for j, t in enumerate(seats)
                      if side(self.laws, j) == side(self.laws, i))
                  for i in range(len(seats))]
        best = (min if g.winner == "lowest" else max)(totals)
        want = [i for i, t in enumerate(totals) if t == best]
        require(sorted(post.game.winners) == want, "totals",
                f"winners {post.game.winners}, the totals {totals} give {want}")
