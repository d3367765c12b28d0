"""The two simple players: ``random`` and ``greedy``.

Both are kept as they were first written: the conformance kit's generated cases and old
traces come from their games, so a change here would change those.  The one exception
is a contract with a meld a near count cannot see whole (a run longer than five cards,
a run of mixed suits, a colour group: Twelve-Step's "1 run of 13", Phase 10's runs):
there greedy aims at the contract (:mod:`.aims`), which no golden trace reaches.

* ``random``: uniform over the legal actions of whoever may act.
* ``greedy``: takes the upcard or buys when it lowers what its hand would leave unmelded
  (toward a contract: when it matches a rank or sits near a suit-mate, or, for a
  contract out of the near count's sight, when it adds to the contract's aim), goes
  down as soon as it can, lays off all it can, calls rummy when it can, knocks as soon
  as it may, and discards its least useful card (one the aim does not need first).
  Where a drop is allowed (a knock before the draw, Tonk) it drops only holding a count
  of at most ``DROP_AT``: a drop is a bet on the count, not a gain it can see.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

from ..engine.records.rules import Rules
from ..engine.records.state import Move, State
from .aims import aim, aimed

Bot = Callable[[Rules, State, list[Move]], Move]
NEAR = 2  # the ranks either side of a card that its usefulness counts suit-mates at
DROP_AT = 5  # greedy drops (where it may) holding at most this count


def random_bot(seed: int) -> Bot:
    r = random.Random(f"random-bot:{seed}")

    def choose(rules: Rules, state: State, actions: list[Move]) -> Move:
        return actions[r.randrange(len(actions))]

    return choose


def _unmelded(rules: Rules, hand: list[int]) -> int:
    return rules.arrange(hand).rest_points


def _usefulness(rules: Rules, hand: list[int], card: int) -> tuple[int, int]:
    """Higher is more useful: wilds, cards of a set or near a run; ties by low points."""
    if card in rules.wild:
        return (100, 0)
    if rules.table.faces[card].rank is None:
        return (-1, -rules.points[card])
    return (_near_count(rules, hand, card), -rules.points[card])


def _near_count(rules: Rules, hand: list[int], card: int, enough: int | None = None) -> int:
    """The hand's other cards of ``card``'s rank (3 each) and of its suit one rank away
    (2) or two (1), for a natural ``card``; counting stops once it reaches ``enough``
    (it only grows)."""
    faces = rules.table.faces
    f = faces[card]
    rank, suit = f.rank, f.suit
    assert rank is not None
    score = 0
    for other in hand:
        if other == card:
            continue
        g = faces[other]
        if g.rank is None:
            continue
        if g.rank == rank:
            score += 3
        elif g.suit == suit and abs(g.rank - rank) <= NEAR:
            score += 2 if abs(g.rank - rank) == 1 else 1
        if enough is not None and score >= enough:
            break
    return score


def _useful_enough(rules: Rules, hand: list[int], card: int) -> bool:
    """``_usefulness(rules, hand, card)[0] >= 3`` for a card that is not wild, told as
    soon as the count gets there."""
    return rules.table.faces[card].rank is not None and _near_count(rules, hand, card, 3) >= 3


def _usefulness_in(rules: Rules, hand: list[int]) -> Callable[[int], tuple[int, int]]:
    """:func:`_usefulness` of any card against one hand, from counts made once.

    The same figures: the cards of the hand of the card's rank (not its own copies) and
    the hand's cards one and two ranks off in its suit.  Choosing a discard asks this of
    every card in hand: the counts turn that from every pair of cards into one pass.
    """
    faces = rules.table.faces
    by_rank: dict[int, int] = {}
    by_face: dict[int, int] = {}
    by_suit: dict[str | None, dict[int, int]] = {}  # suit: rank: cards
    for other in hand:
        g = faces[other]
        rank = g.rank
        if rank is None:
            continue
        by_rank[rank] = by_rank.get(rank, 0) + 1
        by_face[other] = by_face.get(other, 0) + 1
        row = by_suit.get(g.suit)
        if row is None:
            row = by_suit[g.suit] = {}
        row[rank] = row.get(rank, 0) + 1
    wild = rules.wild
    points = rules.points
    none: dict[int, int] = {}

    def of(card: int) -> tuple[int, int]:
        if card in wild:
            return (100, 0)
        f = faces[card]
        rank = f.rank
        if rank is None:
            return (-1, -points[card])
        near = by_suit.get(f.suit, none).get
        score = 3 * (by_rank.get(rank, 0) - by_face.get(card, 0))
        score += 2 * (near(rank - 1, 0) + near(rank + 1, 0)) + near(rank - 2, 0) + near(
            rank + 2, 0)
        return (score, -points[card])

    return of


def greedy_bot(seed: int) -> Bot:
    fallback = random.Random(f"greedy-bot:{seed}")

    def choose(rules: Rules, state: State, actions: list[Move]) -> Move:
        by_type: dict[str, list[Move]] = {}
        for a in actions:
            by_type.setdefault(a.type, []).append(a)
        if state.hand.phase == "draw" and "knock" in by_type and rules.hand_points(
                state.hand.seats[state.hand.turn].hand) > DROP_AT:
            del by_type["knock"]  # no drop on a high count
            actions = [a for a in actions if a.type != "knock"]
        for kind in ("go_down", "knock"):
            if kind in by_type:
                return _best_knock(by_type[kind]) if kind == "knock" else by_type[kind][0]
        if "call" in by_type:
            return max(by_type["call"], key=lambda a: -1 if a.card is None
                       else rules.points[a.card])
        if state.hand.phase in ("offer", "draw", "claim"):
            return _draw_or_claim(rules, state, by_type) or actions[0]
        if "lay_off" in by_type:
            naturals = [a for a in by_type["lay_off"] if a.card not in rules.wild]
            return (naturals or by_type["lay_off"])[0]
        if "meld" in by_type:
            return by_type["meld"][0]
        if "give" in by_type:
            useful = _usefulness_in(rules, state.hand.seats[by_type["give"][0].player].hand)
            return min(by_type["give"], key=lambda a: useful(a.card or 0))
        if "discard" in by_type:
            hand = state.hand.seats[state.hand.turn].hand
            useful = _usefulness_in(rules, hand)
            spare = _spare(rules, state, state.hand.turn, hand)
            return min(by_type["discard"], key=lambda a: (not spare(a.card or 0),
                                                          useful(a.card or 0), a.target or 0))
        return actions[fallback.randrange(len(actions))]

    return choose


def _spare(rules: Rules, state: State, player: int, hand: list[int]) -> Callable[[int], bool]:
    """Is a card of ``hand`` one its contract's aim (:mod:`.aims`) does not need?  Every
    card is once the player is down, where there are no contracts, and where the
    contract's melds are all within the near count's sight (so its play is as it was)."""
    if not rules.has_contracts or state.hand.seats[player].down:
        return lambda card: True
    kept = aim(rules, aimed(rules, state, player, NEAR), hand)
    if not kept:
        return lambda card: True
    held = Counter(hand)
    return lambda card: held[card] > kept[card]


def _best_knock(knocks: list[Move]) -> Move:
    big = [a for a in knocks if a.card is None]
    return big[0] if big else knocks[0]


def _draw_or_claim(rules: Rules, state: State, by_type: dict[str, list[Move]]) -> Move | None:
    upcard = state.hand.discard[-1] if state.hand.discard else None

    def helps(player: int) -> bool:
        if upcard is None:
            return False
        hand = state.hand.seats[player].hand
        if upcard in rules.wild:
            return True
        down = state.hand.seats[player].down
        wanted = aimed(rules, state, player, NEAR) if rules.has_contracts and not down else []
        if wanted:  # does it add to what the hand is building toward its contract?
            return aim(rules, wanted, [*hand, upcard]).total() > aim(
                rules, wanted, hand).total()
        if rules.has_contracts:  # cheap: does it match a rank or sit next to a suit-mate?
            return _useful_enough(rules, hand, upcard)
        return _unmelded(rules, [*hand, upcard]) < _unmelded(rules, hand) - 2

    takes = [a for a in by_type.get("draw", []) if a.source == "discard" and a.depth is None]
    if takes and helps(takes[0].player):
        return takes[0]
    stock = [a for a in by_type.get("draw", []) if a.source == "stock"]
    if stock:
        return stock[0]
    for a in by_type.get("buy", []):
        seat = state.hand.seats[a.player]
        if not seat.down and helps(a.player) and len(seat.hand) < 16:
            return a
    dead = by_type.get("dead_hand", [])  # the stock is low and the upcard does not help
    if dead:
        return dead[0]
    passes = by_type.get("pass", [])
    return passes[0] if passes else None

