"""The ``planner`` bot: plays toward the round's contract with the solver.

Before going down it keeps the cards that bring the contract closer and throws the ones
the best arrangement leaves over (:mod:`.reach`): it takes the upcard or buys it only
when that leaves the hand fewer cards short, goes down as soon as it can (leaving the
fewest points in hand), and in a pat round keeps every card that fits the whole-hand
arrangement.  Once down it lays off, swaps and shifts wilds out of the table's melds,
takes an upcard it can lay off, and throws the card least likely ever to be played.  In
games without contracts it melds and knocks by deadwood: it takes the upcard when that
leaves less deadwood, throws the card whose loss leaves the least (of equals, the least
useful to its hand, then the one the opponent could meld in the fewest ways:
:mod:`.safety`), and knocks with the discard that leaves the least (gin when it can),
showing the arrangement (of those listed) that leaves the defender the fewest cards to
lay off.

Nothing here names a variant: every answer comes from the legal actions, the solver and
the variant's model.  The choice is a pure function of the state and the legal actions,
so a game is fixed by its seed.

Three ways a round used to run on for ever are kept away from: shedding down to one card
that nothing on the table can ever take (:mod:`.wayout`: it keeps its cards, and breaks
up a held meld that could never be followed out); taking the upcard into a hand too
small for its contract, only to throw a card of the arrangement back (so nobody ever
drew from the stock, and nobody could buy); and buying past what the contract's melds
can hold where nothing else may take the rest (a run of 13 as the last contract), or
far past a pat contract's least.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..engine.families.schedule import current_contracts
from ..engine.families.tableplay import opening_short
from ..engine.records.rules import Rules
from ..engine.records.state import Move, State
from .knocks import knock_key, open_to
from .reach import HOPELESS, Reach, contract_cards, contract_room, planning, reach, within
from .safety import danger_of
from .simple import DROP_AT, Bot, _usefulness
from .tablefit import goes_on, near_table, playable
from .wayout import shuts_in

BUY_ROOM = 4  # buy only while the hand holds at most this many cards over the deal
PAT_BUY_ROOM = 3  # a pat hand is bought up to at most this many cards over its contract's
STALE = 80  # turns into a round after which the planner varies its discards
DEEP_TAKE_MOST = 3  # the most cards taken from the pile to reach one it can meld


def planner_bot(seed: int) -> Bot:
    shuffle = random.Random(f"planner-bot:{seed}")

    def choose(rules: Rules, state: State, actions: list[Move]) -> Move:
        player = actions[0].player
        mine = [a for a in actions if a.player == player]
        return _choose(rules, state, player, mine, shuffle)

    return choose


def _choose(rules: Rules, state: State, player: int, actions: list[Move],
            shuffle: random.Random) -> Move:
    by_type: dict[str, list[Move]] = {}
    for a in actions:
        by_type.setdefault(a.type, []).append(a)
    hand = state.hand.seats[player].hand
    if state.hand.phase == "draw" and "knock" in by_type:  # a drop, before drawing
        drops = by_type.pop("knock")
        if rules.hand_points(hand) <= DROP_AT:
            return drops[0]
        actions = [a for a in actions if a.type != "knock"]
    if "knock" in by_type:
        best = min(knock_key(rules, hand, a) for a in by_type["knock"])
        shown = [a for a in by_type["knock"] if knock_key(rules, hand, a) == best]
        return min(shown, key=lambda a: open_to(rules, hand, a))
    if "go_down" in by_type:
        return min(by_type["go_down"], key=lambda a: _after_down(rules, state, hand, a))
    if "call" in by_type:
        return max(by_type["call"], key=lambda a: -1 if a.card is None
                   else rules.points[a.card])
    if state.hand.phase in ("offer", "draw", "claim"):
        return _draw(rules, state, player, by_type) or actions[0]
    for kind in ("shift", "swap"):  # a natural in, a wild freed
        if kind in by_type:
            return by_type[kind][0]
    plays = by_type.get("meld", []) + by_type.get("lay_off", [])
    shut: list[Move] = []  # plays held back: they would shut the player in
    if plays and ("discard" in by_type or "pass" in by_type):  # a way out kept open
        shut = [a for a in plays if shuts_in(rules, state, player, a)]
        plays = [a for a in plays if a not in shut]
    if plays:  # the play that sheds the most cards; of lay-offs, a natural before a wild
        return max(plays, key=lambda a: (_shed(a), a.card not in rules.wild))
    if "give" in by_type:
        return min(by_type["give"], key=lambda a: _usefulness(rules, hand, a.card or 0))
    if "discard" in by_type:
        pool = _discards(rules, state, player, by_type["discard"])
        if shut:  # a meld that could never be followed out, or a card no meld takes
            dead = {c for a in shut for c in _cards(a)}  # after it: break it up
            pool = [a for a in pool if a.card in dead] or pool
        if state.hand.turn_no >= STALE and len(pool) > 1:  # a stock that turns over unshuffled
            loose = set(rules.arrange(state.hand.seats[player].hand).rest)  # repeats itself:
            top = [a for a in pool if a.card in loose] or pool  # vary to break out
            return top[shuffle.randrange(len(top))]
        return pool[0]
    passes = by_type.get("pass")
    return passes[0] if passes else actions[0]


# ----- measures ------------------------------------------------------------------------

def _goal(rules: Rules, state: State, player: int, hand: Sequence[int]) -> Reach | None:
    """The hand against its nearest current contract (None: no contract to make)."""
    return _measured(rules, state, player, hand)[0]


def _measured(rules: Rules, state: State, player: int, hand: Sequence[int]
              ) -> tuple[Reach | None, bool]:
    """The goal, and whether the measure calls the hand complete though no way down
    exists (its limitless wilds go where the variant's limits forbid: never adjacent,
    never outnumbering): then it is a card short, and its wilds are what the real rules
    cannot place.  A hand whose ways down would not count an opening minimum is a card
    short too."""
    if not rules.has_contracts or state.hand.seats[player].down:
        return None, False
    contracts = current_contracts(rules, state, player)
    if not contracts:
        return None, False
    best = min((reach(rules, hand, c) for c in contracts), key=lambda r: (r.short, -r.melded))
    if best.short > 0:
        return best, False
    ways = [way for c in contracts for way in rules.ways_down(list(hand), c, 1)]
    if not ways:
        return best._replace(short=1), True
    if not any(opening_short(rules, state, player, way.melds).ok for way in ways):
        return best._replace(short=1), False  # the wilds are placed, the points too few
    return best, False


def _pat(rules: Rules, state: State, player: int) -> bool:
    return any(c.pat for c in current_contracts(rules, state, player))


def _deadwood(rules: Rules, hand: Sequence[int]) -> int:
    return rules.arrange(list(hand)).rest_points








def _shed(a: Move) -> int:
    """How many cards a meld or a lay-off takes out of the hand: a new meld of three goes
    before a lay-off of one, which would leave those three to be laid off singly (or
    never, once the table's melds have closed around them)."""
    return sum(len(meld) for meld in a.melds) if a.melds else 1


def _cards(a: Move) -> list[int]:
    """The cards a meld or a lay-off takes from the hand."""
    if a.melds:
        return [c for meld in a.melds for c in meld]
    return [a.card] if a.card is not None else []


def _after_down(rules: Rules, state: State, hand: list[int], a: Move) -> tuple[int, int, int]:
    rest = list(hand)
    for meld in a.melds or ():
        for c in meld:
            rest.remove(c)
    stuck = [c for c in rest if not playable(rules, state, c)]
    return (len(stuck), rules.hand_points(rest), len(rest))


# ----- the draw and claims -------------------------------------------------------------

def _wants(rules: Rules, state: State, player: int, card: int, discards: bool) -> bool:
    """Would taking ``card`` bring this player's goal closer?  ``discards``: the card is
    taken as the turn's draw, so a discard follows it (a bought card is kept with no
    discard)."""
    seat = state.hand.seats[player]
    hand = seat.hand
    goal = _goal(rules, state, player, hand)
    if goal is not None:
        if goal.short >= HOPELESS:
            return card in rules.wild or _usefulness(rules, hand, card)[0] >= 3
        if _no_nearer(rules, state, player, hand, card, goal):
            return False
        after = _goal(rules, state, player, [*hand, card])
        assert after is not None
        if discards and after.short > 0 and not _loose(after, card):
            return False  # every card melds: the discard would undo the gain
        return after.short < goal.short or (
            after.short == goal.short and after.melded > goal.melded and goal.short > 0)
    if rules.has_contracts:  # down: only a card it can lay off
        return playable(rules, state, card) and not rules.variant.turn.no_upcard_when_down \
            and (not discards or goes_on(rules, state, hand, card))
    if card in rules.wild:
        return True
    lay = rules.variant.layoff
    if lay.allowed and not lay.needs_down and playable(rules, state, card):
        return True  # laid off at once, the hand a card shorter
    best = rules.arrange([*hand, card])
    if discards and not best.rest and rules.variant.going_out.by == "discard":
        # every card melds, but going out needs a discard: the card is worth taking only
        # if the hand, one card thrown, is still better off (two 2s and a third, with no
        # fourth card, are a set that can never be laid: taken and thrown turn after turn)
        now = _deadwood(rules, hand)
        return any(rules.arrange(_without([*hand, card], c)).rest_points < now
                   for c in set(hand))
    return card not in best.rest and best.rest_points < _deadwood(rules, hand)


def _without(cards: list[int], card: int) -> list[int]:
    out = list(cards)
    out.remove(card)
    return out


def _no_nearer(rules: Rules, state: State, player: int, hand: Sequence[int], card: int,
               goal: Reach) -> bool:
    """Is it certain, without measuring the hand with ``card`` in full, that the card
    leaves it as many cards short and melding as many naturals?

    One natural more brings a hand at most one card nearer its contract, and it melds
    one natural more only if it is one card nearer (the melds hold a fixed number of
    cards); so where one contract is in play and the hand is a card short or more, a
    "no" from :func:`within` at one card fewer settles it.  Otherwise (several contracts,
    a pat one, a wild or special card) the caller measures the hand in full."""
    contracts = current_contracts(rules, state, player)
    plan = planning(rules)
    if len(contracts) != 1 or plan is None or goal.short < 1 or plan.points[card] != 1:
        return False
    return within(rules, [*hand, card], contracts[0], goal.short - 1) is False


def _loose(goal: Reach, taken: int) -> bool:
    """Does the arrangement leave a card to discard other than the one just taken (a
    spare wild counts)?  Without one, a hand too small for its contract only trades."""
    spare = list(goal.spare)
    if taken in spare:
        spare.remove(taken)
    return bool(spare)


def _draw(rules: Rules, state: State, player: int,
          by_type: dict[str, list[Move]]) -> Move | None:
    upcard = state.hand.discard[-1] if state.hand.discard else None
    seat = state.hand.seats[player]

    def wants(discards: bool) -> bool:
        return upcard is not None and (_wants(rules, state, player, upcard, discards) or (
            state.hand.turn_no >= STALE and not rules.has_contracts  # free melding that drags
            and _usefulness(rules, seat.hand, upcard)[0] >= 2))  # on: pairs, too
    takes = [a for a in by_type.get("draw", []) if a.source == "discard" and a.depth is None]
    if takes and wants(True):
        return takes[0]
    # where no drawn card is kept unless melded (the stock's card too), an upcard offered
    # only to be melded at once is a card melded for sure: take it
    turn = rules.variant.turn
    if takes and turn.stock_card_melded and turn.pile_card_melded:
        return takes[0]
    # a card deep in the spread pile, which the rules let him take only if he can meld it
    # at once: the shallowest such take, if it brings few cards besides (they weigh on
    # going out)
    deep = [a for a in by_type.get("draw", []) if a.depth is not None
            and a.depth <= DEEP_TAKE_MOST]
    if deep:
        return min(deep, key=lambda a: a.depth or 0)
    stock = [a for a in by_type.get("draw", []) if a.source == "stock"]
    if stock:
        return stock[0]
    buys = by_type.get("buy", [])
    if buys and not seat.down and (
            len(seat.hand) < rules.cards_dealt(state.game.round) + BUY_ROOM) and _room_to_buy(
                rules, state, player) and wants(False):
        return buys[0]
    for kind in ("dead_hand", "pass"):
        if kind in by_type:
            return by_type[kind][0]
    return None


def _room_to_buy(rules: Rules, state: State, player: int) -> bool:
    """Where the contract's melds can hold only so many cards and nothing else takes the
    rest (a pat contract melds the whole hand; without new melds after going down, what
    is left is laid off or stays), buy only while the hand after the buy and the next
    draw still fits in them (and, unless pat, the discard).  A pat hand is bought up to
    at most ``PAT_BUY_ROOM`` cards over the contract's least: each card bought must be
    melded too, and a hand grown far past it only made the round long and each of its
    measures slow."""
    v = rules.variant
    penalty = v.claim.penalty if v.claim is not None else 0
    after = len(state.hand.seats[player].hand) + 1 + penalty + 1
    if v.contracts.count != "exact" or not rules.has_contracts:
        return True  # (a claim game with no contracts: nothing bounds the hand)
    for c in current_contracts(rules, state, player):
        if c.pat and after > contract_cards(rules, c) + PAT_BUY_ROOM:
            return False  # every card bought must be melded too, and measured
        if c.pat or not v.turn.new_melds_after_down:
            room = contract_room(rules, c)
            if room is not None and after > room + (0 if c.pat else 1):
                return False
    return True


# ----- the discard ---------------------------------------------------------------------

def _discards(rules: Rules, state: State, player: int, discards: list[Move]
              ) -> list[Move]:
    """The discards worth making, best first (at least one)."""
    hand = state.hand.seats[player].hand
    specials = [a for a in discards if a.card is not None and rules.melds.rank[a.card] == 0
                and a.card not in rules.wild]
    if specials:  # cards that never meld go first (a Skip hits the next player)
        return specials
    goal, blocked = _measured(rules, state, player, hand)
    pool = discards
    wilds = [a for a in discards if a.card in rules.wild] if blocked else []
    if wilds:  # keep the naturals: a wild is what the real rules cannot place
        pool = wilds
    elif goal is not None:
        spare = set(goal.spare)
        loose = [a for a in discards if a.card in spare and a.card not in rules.wild]
        if loose and goal.short < HOPELESS:
            pool = loose
        elif goal.short < HOPELESS:  # every card is in the arrangement: lose the least
            pool = _least_harm(rules, state, player, hand, discards)
    if goal is not None:

        def key(a: Move) -> tuple[int, int, int, int]:
            c = a.card or 0
            return (c in rules.wild, playable(rules, state, c),
                    _usefulness(rules, hand, c)[0], -rules.points[c])
        return _best(pool, key)
    if rules.has_contracts:  # down: keep what may yet be laid off

        def down_key(a: Move) -> tuple[int, int, int]:
            c = a.card or 0
            return (c in rules.wild, near_table(rules, state, c), -rules.points[c])
        return _best(pool, down_key)

    danger = danger_of(rules, state, player)

    def free_key(a: Move) -> tuple[int, int, int, int, int]:
        c = a.card or 0
        rest = list(hand)
        rest.remove(c)
        return (c in rules.wild, _deadwood(rules, rest), _usefulness(rules, hand, c)[0],
                danger(c), -rules.points[c])
    return _best(pool, free_key)


def _best(pool: list[Move], key: Callable[[Move], tuple[int, ...]]) -> list[Move]:
    """The pool sorted best first, wilds left out unless nothing else is there."""
    ranked = sorted(pool, key=key)
    plain = [a for a in ranked if key(a)[0] == 0]
    return plain or ranked


def _least_harm(rules: Rules, state: State, player: int, hand: list[int],
                discards: list[Move]) -> list[Move]:
    """The discards that leave the hand the fewest cards short."""
    scored: list[tuple[int, Move]] = []
    for a in discards:
        rest = list(hand)
        rest.remove(a.card or 0)
        goal = _goal(rules, state, player, rest)
        scored.append((goal.short if goal is not None else 0, a))
    low = min(s for s, _ in scored)
    return [a for s, a in scored if s == low]

