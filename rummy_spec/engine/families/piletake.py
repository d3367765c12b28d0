"""Taking from the spread discard pile: a card deep in it with every card above it
(``turn { take deep in the discard pile }``), and the card taken that must be melded or
laid off at once (the card reached by a deep take; with ``card taken from the pile
melded at once``, the upcard taken alone too).

A take that binds is legal only when the card can be used at once: some meld of it with
cards then held, or some lay-off of it, is legal right after the take.  The player's next
play must then use it (``must_meld``); he may not discard before.  So a take never leaves
a player without a legal move (500 Rum, after Bicycle: the card taken from the pile must
be used at once, in a meld or laid off).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import Move, State
from .meld_play import check_lay_off, check_new_meld
from .tableplay import opening_due
from .wholepile import frozen


def depth_of(a: Move) -> int:
    """The cards a draw from the pile takes (the upcard alone: 1)."""
    return 1 if a.depth is None else a.depth


def binds(rules: Rules, depth: int) -> bool:
    """Must the card reached by a take of ``depth`` cards be melded at once?"""
    t = rules.variant.turn
    return depth > 1 or t.pile_card_melded or t.whole_pile


def check_pile_take(rules: Rules, state: State, a: Move) -> Verdict:
    """The depth of a draw from the pile: 1 anywhere; more where deep takes are allowed
    and the pile holds that many; and, where the card reached must be melded, a card that
    can be used at once."""
    depth = depth_of(a)
    if depth < 1:
        return no("bad-action", "depth: 1 card or more")
    if depth > 1 and not rules.variant.turn.deep_take:
        return no("no-deep-take")
    if depth > len(state.hand.discard):
        return no("pile-too-short", f"the pile holds {len(state.hand.discard)} card(s)")
    if binds(rules, depth) and not usable(rules, state, a.player, depth):
        return no("taken-card-unusable")
    return OK


def take_from_pile(rules: Rules, state: State, player: int, depth: int) -> None:
    """The ``depth`` top cards of the pile go to the player's hand, the card reached
    last; it is the card taken (and, where it binds, the card he must meld)."""
    hand = state.hand
    taken = hand.discard[-depth:]
    del hand.discard[-depth:]
    del hand.pile_owner[-depth:]
    hand.seats[player].hand.extend(taken)
    hand.taken = taken[0]
    hand.must_meld = taken[0] if binds(rules, depth) else None


def usable(rules: Rules, state: State, player: int, depth: int) -> bool:
    """Could the card ``depth`` deep be melded or laid off right after it is taken?"""
    ice = frozen(rules, state, player, state.hand.discard[-1]) if (
        rules.variant.turn.frozen_by or rules.variant.turn.frozen_until_melded) else False
    # what the answer depends on: the cards, the table (its owners too: a side's melds
    # open lay-offs), the pile's freezing and size (a whole pile's rest comes to the hand)
    # and the opening still due (by the side's total)
    key = ("pile-usable", player, depth, tuple(state.hand.discard[-depth:]), ice,
           len(state.hand.discard),
           opening_due(rules, state, player), tuple(t.owner for t in state.hand.table),
           tuple(sorted(state.hand.seats[player].hand)),
           tuple(t.meld for t in state.hand.table), state.hand.melds_this_turn,
           _early(rules, state))
    hit: bool | None = rules.cache.get(key)
    if hit is None:
        after = state.clone()
        take_from_pile(rules, after, player, depth)
        after.hand.phase = "play"
        after.hand.must_meld = state.hand.discard[-depth]
        hit = rules.cache[key] = next(plays_with(rules, after, player), None) is not None
    return hit


def _early(rules: Rules, state: State) -> bool:
    """Is it still too early to meld (``no melding in the first N turns each``)?  Part of
    the memo's key: the same hand and table may be usable later in the hand."""
    early = rules.variant.turn.no_meld_turns
    return early is not None and state.hand.turn_no < early * rules.players


def plays_with(rules: Rules, state: State, player: int) -> Iterator[Move]:
    """The legal plays that use the card the player must meld: each lay-off of it, then
    each smallest meld of it (of each kind's least size) with cards he holds; where his
    first lay-down must count points, that meld alone or with the best melds of the rest
    of his hand, laid together (the first of these that is legal)."""
    card = state.hand.must_meld
    if card is None:
        return
    # a frozen pile's card goes into a new meld with a natural pair, never onto a meld
    table = () if frozen(rules, state, player, card) else state.hand.table
    for i, t in enumerate(table):
        ends: tuple[str | None, ...] = (None,)
        if card in rules.wild and t.meld.kind == "run":
            ends = ("low", "high")
        for end in ends:
            a = Move("lay_off", player, card=card, meld=i,
                     end="low" if end == "low" else "high" if end == "high" else None)
            if not isinstance(check_lay_off(rules, state, a), Verdict):
                yield a
    hand = list(state.hand.seats[player].hand)
    hand.remove(card)
    pool = _partners(rules, hand, card)
    seen: set[tuple[int, ...]] = set()
    opening = opening_due(rules, state, player) is not None
    if opening:  # the whole hand's best melds, where one of them holds the card
        for a in _whole_opening(rules, state, player, card):
            if not isinstance(check_new_meld(rules, state, a), Verdict):
                yield a
                break
    for size in _least_sizes(rules):
        for rest in combinations(pool, size - 1):
            cards = tuple(sorted((card, *rest)))
            if cards in seen:
                continue
            seen.add(cards)
            for a in _with_opening(rules, state, player, cards) if opening else (
                    Move("meld", player, melds=(cards,)),):
                if not isinstance(check_new_meld(rules, state, a), Verdict):
                    yield a
                    break


def _with_opening(rules: Rules, state: State, player: int, cards: tuple[int, ...]
                  ) -> list[Move]:
    """A first lay-down that must count points, holding the meld ``cards``: that meld
    alone, then with the best melds of the rest of the hand (and those but the last,
    where all of them would leave no card to discard)."""
    rest = list(state.hand.seats[player].hand)
    for c in cards:
        rest.remove(c)
    others = tuple(m.cards for m in rules.arrange(rest).melds)
    out = [Move("meld", player, melds=(cards,))]
    if others:
        out.append(Move("meld", player, melds=(cards, *others)))
        if len(others) > 1:
            out.append(Move("meld", player, melds=(cards, *others[:-1])))
    return out


def _whole_opening(rules: Rules, state: State, player: int, card: int) -> list[Move]:
    """A first lay-down of the best melds of the whole hand, when one of them holds
    ``card`` (and those but the last without it, where all would leave no discard):
    the card may open only in a meld longer than the least size (K-K-K-K with 5-6-7 is 58
    where K-K-K with 5-6-7 is 48)."""
    found = tuple(m.cards for m in rules.arrange(list(state.hand.seats[player].hand)).melds)
    if not any(card in x for x in found):
        return []
    out = [Move("meld", player, melds=found)]
    spare = [i for i, x in enumerate(found) if card not in x]
    if spare:
        out.append(Move("meld", player, melds=tuple(
            x for i, x in enumerate(found) if i != spare[-1])))
    return out


def _least_sizes(rules: Rules) -> list[int]:
    sizes = {rules.variant.kind_rule(k).min for k in rules.variant.meld_kinds()}
    return sorted(s for s in sizes if s >= 2)


def _partners(rules: Rules, hand: list[int], card: int) -> list[int]:
    """The held cards that could stand in a meld with ``card``: wilds, and naturals of its
    rank or its suit (its colour, in a custom pack); every card where runs may mix
    colours or the card is wild."""
    faces = rules.table.faces
    f = faces[card]
    run = rules.variant.run
    if card in rules.wild or f.rank is None or (run is not None and run.any_colour):
        return sorted(hand)
    return sorted(c for c in hand if c in rules.wild or faces[c].rank == f.rank
                  or faces[c].suit == f.suit)
