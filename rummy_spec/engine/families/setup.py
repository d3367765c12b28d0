"""Starting a game and dealing a round: the pack, the seeded shuffle, the cut, the deal.

Every random choice comes from ``random.Random`` seeded with a string made of the game
seed and a purpose, so a game is fixed by (variant, options, players, seed, actions).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ... import decks
from ..records.rules import Rules
from ..records.state import (
    DEAL_CAP,
    TURN_CAP,
    GameRecord,
    HandRecord,
    Phase,
    Seat,
    SeatRecord,
    State,
)
from . import sheet


def rng(seed: int, *purpose: object) -> random.Random:
    return random.Random(":".join([str(seed), *map(str, purpose)]))


@dataclass(frozen=True)
class Deal:
    """An explicit deal (conformance cases, scenario tests) instead of a shuffle, and the
    position of the game it is dealt in, so a case can start in the middle of a game.

    ``stock`` lists the stock from its top card down; ``discard`` the pile from bottom to
    top (its last card is the upcard).  The position, each by seat where it is a list:
    ``round`` the round (hand) this deal is played as; ``totals`` the scores before it;
    ``contracts`` the contract each player is on, the earlier ones made (individual
    progression; with a shared schedule the round decides); ``hands_won`` the hands each
    has won so far (line and shutout bonuses); ``buys_used`` the buys each made in the
    earlier rounds, which count where unused buys carry over.  Left out: a fresh game.

    ``restocks`` states the order of the stocks the deal's shuffles make when the stock
    runs out: the n-th list, from its top card down, is for the n-th time it runs out,
    where the rules then shuffle cards into a new stock (a pile reshuffled, a new pack).
    The cards named come off first, in the order given; cards being shuffled that are not
    named go under them in the seeded shuffle's order; a card named that is not among
    them is passed over.  So a case can script play through a second exhaustion.
    """

    dealer: int
    hands: Sequence[Sequence[int]]
    stock: Sequence[int]
    discard: Sequence[int]
    round: int = 1
    totals: Sequence[int] | None = None
    contracts: Sequence[int] | None = None
    hands_won: Sequence[int] | None = None
    buys_used: Sequence[int] | None = None
    restocks: Sequence[Sequence[int]] = ()

    def problems(self, rules: Rules) -> list[str]:
        """What makes this setup impossible for the variant at its player count."""
        n = rules.players
        out = []
        if not 0 <= self.dealer < n:
            out.append(f"dealer {self.dealer} is not a seat (0..{n - 1})")
        if len(self.hands) != n:
            out.append(f"{len(self.hands)} hands for {n} players")
        last = len(rules.contracts)
        rounds = last if rules.has_contracts and not rules.individual else None
        if self.round < 1 or (rounds is not None and self.round > rounds):
            span = "1 on" if rounds is None else f"1..{rounds}"
            out.append(f"round {self.round} is not a round of this game ({span})")
        for name in ("totals", "contracts", "hands_won", "buys_used"):
            values = getattr(self, name)
            if values is not None and len(values) != n:
                out.append(f"{name} has {len(values)} entries for {n} players")
        for name in ("hands_won", "buys_used"):
            if any(v < 0 for v in getattr(self, name) or ()):
                out.append(f"{name} may not be negative")
        if any(not 1 <= c <= max(last, 1) for c in self.contracts or ()):
            out.append(f"contracts are numbered 1..{max(last, 1)}")
        return out

    def place(self, rules: Rules, game: GameRecord) -> None:
        """Put the game's position (not the deal) into the record of a game just dealt."""
        for i, seat in enumerate(game.seats):
            if self.totals is not None:
                seat.total = self.totals[i]
            if self.hands_won is not None:
                seat.hands_won = self.hands_won[i]
            if self.contracts is not None:
                seat.contract = self.contracts[i] - 1
                seat.completed = list(range(1, self.contracts[i]))
            seat.buy_credit = carried_buys(rules, self.round,
                                           self.buys_used[i] if self.buys_used else 0)


def carried_buys(rules: Rules, round_: int, used: int) -> int:
    """The unused buys of rounds 1..round-1 a player brings into ``round_``, having made
    ``used`` buys in them (0 where buys do not carry over)."""
    allowed = buys_allowed_before(rules, round_)
    return 0 if allowed is None else max(0, allowed - used)


def buys_allowed_before(rules: Rules, round_: int) -> int | None:
    """The buys rounds 1..round-1 allowed in all, where unused buys carry over into
    ``round_``; None where none are carried (no carry-over, an unlimited round, round 1)."""
    claim = rules.variant.claim
    if claim is None or not claim.carry_over or round_ <= 1:
        return None
    allowed = [rules.buy_limit_one(r) for r in range(1, round_)]
    if any(a is None for a in allowed):
        return None
    return sum(a for a in allowed if a is not None)


def first_dealer(rules: Rules, seed: int) -> int:
    """Each player draws a card (seeded); highest or lowest deals, ties to the lower seat."""
    how = rules.variant.deal.first_dealer
    r = rng(seed, "first-dealer")
    if how == "random":
        return r.randrange(rules.players)
    if how == "last":  # the last seat deals, so the first seat plays first
        return rules.players - 1
    pack = decks.full_deck(rules.variant, rules.players)
    r.shuffle(pack)
    faces = rules.table.faces
    drawn = [faces[c].rank or 0 for c in pack[: rules.players]]
    best = max(drawn) if how == "highest" else min(drawn)
    return drawn.index(best)


def new_game(rules: Rules, seed: int, setup: Deal | None = None,
             turn_cap: int = TURN_CAP, deal_cap: int = DEAL_CAP) -> State:
    n = rules.players
    if setup is not None and (bad := setup.problems(rules)):
        raise ValueError("; ".join(bad))
    dealer = setup.dealer if setup is not None else first_dealer(rules, seed)
    game = GameRecord(
        players=n, seed=seed, round=setup.round if setup is not None else 1, deal_no=0,
        dealer=dealer, seats=[SeatRecord() for _ in range(n)], turn_cap=turn_cap,
        deal_cap=deal_cap,
    )
    # no hand before the first: nothing dealt, no buys made
    state = State(game, HandRecord(turn=(dealer + 1) % n, phase="draw",
                                   seats=[Seat(hand=[]) for _ in range(n)], stock=[],
                                   discard=[]))
    deal(rules, state, setup)
    if setup is not None:
        setup.place(rules, game)
    if rules.variant.game.games_at_once > 1:  # the sheet, blank or game 1 as set up
        sheet.place(rules, state)
    # a hand won as dealt is settled by the caller (``ending.settle_dealt_win``), once the
    # position is placed: its totals are the base
    return state


def deal(rules: Rules, state: State, setup: Deal | None = None) -> None:
    """Deal the current round into ``state`` (which the caller owns): a new hand record,
    the game record's buys carried over from the hand just played."""
    n = rules.players
    game = state.game
    game.deal_no += 1
    claim = rules.variant.claim
    if claim is not None:  # the buys left of the hand just played
        for record, seat in zip(game.seats, state.hand.seats, strict=True):
            carried = 0
            if claim.carry_over and game.round > 1:
                prev = rules.buy_limit_one(game.round - 1)
                carried = max(0, record.buy_credit + (prev or 0) - seat.buys)
            record.buy_credit = carried
    cut_exact = None
    if setup is not None:
        hands = [list(hand) for hand in setup.hands]
        stock = list(reversed(setup.stock))
        discard = list(setup.discard)
        pile_owner = [-1] * len(discard)
    else:
        pack = decks.full_deck(rules.variant, n, game.extra_decks)
        rng(game.seed, "deal", game.deal_no).shuffle(pack)
        cut_exact = _cut(rules, game, pack)
        size = rules.cards_dealt(game.round)
        hands = [[] for _ in range(n)]
        top = len(pack) - 1
        for _ in range(size):  # one card at a time, from the dealer's left
            for i in range(1, n + 1):
                hands[(game.dealer + i) % n].append(pack[top])
                top -= 1
        how = rules.variant.deal
        if how.first_turn_discard:  # the first player is dealt one card more
            hands[(game.dealer + 1) % n].append(pack[top])
            top -= 1
        discard = [pack[top]] if how.upcard else []
        pile_owner = [-1] if how.upcard else []
        stock = pack[:top] if how.upcard else pack[:top + 1]
        while discard and discard[-1] in rules.covered and stock:
            # ``deal { upcard covered when CARDS }``: the next card is turned up on it
            discard.append(stock.pop())
            pile_owner.append(-1)
    # ``wilds { cut joker }``: the stock's next card is turned face up under it, and its
    # rank is wild for this deal; an explicit deal's stock ends with that card
    cut_card = None
    if rules.variant.wilds.cut_joker and stock:
        if setup is None:
            stock.insert(0, stock.pop())
        cut_card = stock[0]
    first = (game.dealer + 1) % n
    upcard = rules.special_of(discard[0]) if len(discard) == 1 else None
    if upcard is not None and upcard.acts_turned_up and upcard.skip is not None:
        # the first upcard acts on the first player: a Skip costs him his turn (A44's
        # "no repeat skips" counts it as a skip)
        skipped, first = first, (first + 1) % n
    else:
        skipped = None
    phase: Phase = "draw"
    offer: list[int] = []
    if rules.variant.deal.first_turn_discard:  # he holds one card more: no draw
        phase = "play"
    elif rules.variant.deal.upcard_offered and discard:
        offer = [first, game.dealer]
        phase = "offer"
    state.hand = HandRecord(
        turn=first, phase=phase, seats=[Seat(hand=hand) for hand in hands], stock=stock,
        discard=discard, offer=offer, cut_exact=cut_exact, pile_owner=pile_owner,
        restocks=[list(r) for r in setup.restocks] if setup is not None else [],
        first_upcard=discard[0] if discard else None, cut_card=cut_card,
    )
    if skipped is not None:
        state.hand.seats[skipped].was_skipped = True


def _cut(rules: Rules, game: GameRecord, pack: list[int]) -> int | None:
    """The cut: the cutter lifts a seeded number of cards near the target; exact earns
    the bonus (the seat that earned it is returned).  The lifted packet goes under the
    rest."""
    cut = rules.variant.cut
    if cut is None:
        return None
    from ...lang.expr import evaluate_int

    n = rules.players
    r = rng(game.seed, "cut", game.deal_no)
    if cut.by == "right":
        cutter = (game.dealer - 1) % n
    elif cut.by == "dealer":
        cutter = game.dealer
    else:
        cutter = (game.dealer + 1 + r.randrange(max(1, n - 1))) % n
    bonus = evaluate_int(cut.bonus, n, game.round) or 0
    target = evaluate_int(cut.target, n, game.round) or 0 if bonus else 0
    if target > 0:
        low, high = max(1, target - 5), min(len(pack) - 1, target + 5)
        lifted = r.randint(low, high)
    else:
        lifted = r.randint(1, max(1, len(pack) - 1))
    # pack's top is its last element: the top `lifted` cards move under the rest
    pack[:] = pack[len(pack) - lifted:] + pack[: len(pack) - lifted]
    if bonus and lifted == target:
        game.seats[cutter].total += bonus
        return cutter
    return None
