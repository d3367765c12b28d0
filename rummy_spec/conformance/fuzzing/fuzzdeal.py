"""Deals for the differential fuzzer: a seeded shuffle with melds planted in the hands.

A plain shuffle rarely puts a run around the corner, a set heavy with wilds or a hand that
melds to the last card in anybody's hand, and those are where engines go wrong.  So each
seat may get a few planted structures first (sets with some wilds, runs of one suit that
may wrap, colour groups), then the hands are filled from the shuffled pack.  The deal is
always the whole pack, as the protocol wants.  Hypothesis shrinks a deal towards the
seed 0, no plants, the first dealer and the first round.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import strategies as st

from ... import decks
from ...engine.records.rules import Rules, compile_variant
from ..suite.cases import variant
from .fuzzscenes import Scene, scene

JSON = dict[str, Any]
Structure = tuple[str, int, int, int, int]  # kind, rank index, suit index, length, wilds

# a grid: ranks r..r+2 in three suits, some left out, so sets and runs share cards (the
# hands where the best of eleven cards is not the best ten plus one: knocks, lay-downs)
# (a rank index past the last rank starts a run just below the top: around the corner)
# a wild run: two or three naturals of a suit and one to four wilds (all the pack has
# when fewer), for melds with wilds at every position
STRUCTURE = st.tuples(st.sampled_from(["set", "run", "group", "grid", "wildrun"]),
                      st.integers(0, 15),
                      st.integers(0, 3), st.integers(2, 9), st.integers(0, 3))


def _take(remaining: Counter[int], card: int) -> bool:
    if remaining[card] > 0:
        remaining[card] -= 1
        return True
    return False


def realise(table: Any, wilds: list[int], s: Structure, remaining: Counter[int],
            room: int) -> list[int]:
    """The cards of one planted structure still in the pack, at most ``room`` of them."""
    kind, rank_i, suit_i, length, n_wild = s
    ranks = list(range(table.low_rank, table.high_rank + 1))
    suits = list(table.suits)
    if rank_i >= len(ranks):  # start one to three ranks below the top
        rank_i = len(ranks) - 1 - (rank_i - len(ranks)) % 3
    rank = ranks[rank_i % len(ranks)]
    suit = suits[suit_i % len(suits)]
    wild_pool = [w for w in wilds if remaining[w] > 0]
    out: list[int] = []
    if kind == "set":
        for i in range(len(suits) * 4):
            if len(out) >= length:
                break
            card = table.face(rank, suits[(suit_i + i) % len(suits)])
            if _take(remaining, card):
                out.append(card)
    elif kind == "run":
        for i in range(length):
            r = ranks[(rank_i + i) % len(ranks)]  # runs may go around the corner
            card = table.face(r, suit)
            if _take(remaining, card):
                out.append(card)
            elif n_wild > 0 and wild_pool and _take(remaining, wild_pool[0]):
                out.append(wild_pool[0])
                n_wild -= 1
    elif kind == "wildrun":  # at a corner: from the ace or the two, or below the top
        start = rank_i % 2 if rank_i < len(ranks) - 3 else rank_i
        for i in range(2 + length % 2):
            card = table.face(ranks[(start + i) % len(ranks)], suit)
            if _take(remaining, card):
                out.append(card)
        n_wild += 1
    elif kind == "grid":
        for i in range(9):
            if len(out) >= length:
                break
            card = table.face(ranks[(rank_i + i // 3) % len(ranks)],
                              suits[(suit_i + i % 3) % len(suits)])
            if _take(remaining, card):
                out.append(card)
    else:
        for i in range(length + 3):
            if len(out) >= length:
                break
            card = table.face(ranks[(rank_i + 3 * i) % len(ranks)], suit)
            if _take(remaining, card):
                out.append(card)
    for _ in range(n_wild):
        pool = [w for w in wilds if remaining[w] > 0]
        if pool and _take(remaining, pool[0]):
            out.append(pool[0])
    if len(out) > room:
        for c in out[room:]:
            remaining[c] += 1
        out = out[:room]
    return out


def deadwood_near(rules: Rules, delta: int, remaining: Counter[int], room: int,
                  start: int) -> list[int]:
    """Unmatched cards worth the knock limit plus ``delta`` points together (one of each
    rank from ``start`` on, in turn through the suits, the last card chosen to make the
    sum), so that the hand, once its melds are laid, sits at the limit's edge."""
    k = rules.variant.knock
    if k is None or room <= 0:
        return []
    goal = k.deadwood + delta
    table = rules.table
    ranks = list(range(table.low_rank, table.high_rank + 1))
    out: list[int] = []
    total = 0
    for i in range(len(ranks)):
        if len(out) >= room or total >= goal:
            break
        suit = table.suits[i % len(table.suits)]
        want = goal - total
        # the card that closes the sum exactly, when there is one; else the next rank
        exact = [table.face(r, suit) for r in ranks if rules.points[table.face(r, suit)] ==
                 want]
        card = exact[0] if exact and len(out) + 1 >= min(room, 2) else table.face(
            ranks[(start + i) % len(ranks)], suit)
        if rules.points[card] > want or not _take(remaining, card):
            continue
        out.append(card)
        total += rules.points[card]
    return out


def _sets_to_fill(draw: st.DrawFn, table: Any, wilds: list[int], remaining: Counter[int],
                  room: int) -> list[int]:
    """Sets of drawn ranks that fill ``room`` cards exactly, when the pack allows."""
    if room < 3:
        return []
    count = draw(st.integers(2, max(2, room // 3)))  # two big sets, or more smaller ones
    sizes = [room // count] * count
    for i in range(room % count):
        sizes[i] += 1
    out: list[int] = []
    for size in sizes:
        got: list[int] = []
        for _ in range(13):
            got = realise(table, wilds, ("set", draw(st.integers(0, 12)), 0, size, 0),
                          remaining, size)
            if len(got) == size:
                break
            for c in got:
                remaining[c] += 1
            got = []
        out += got
    return out


@st.composite
def scened_deals(draw: st.DrawFn, name: str, options: tuple[str, ...], players: int,
                 seed: int = 0, later_rounds: bool = True, stock_end: bool = True
                 ) -> tuple[JSON, Scene | None]:
    """An explicit whole-pack setup for ``players`` players of the variant, and the scene
    planted in it (``fuzzscenes``; None: a shuffle with planted melds only).  ``seed``
    (the run's) is part of every shuffle, so that the simplest example (where Hypothesis
    starts) is another game for every seed; ``later_rounds``: the engine plays deals of
    later rounds and individual contracts; ``stock_end``: plain deals may have their stock
    cut short (the scene ``stock's end``), for an engine that plays past the stock's end."""
    v = variant(name, options)
    rules = compile_variant(v, players)
    table = decks.card_table(v.deck)
    pack = decks.full_deck(v, players)
    random.Random(f"fuzz-deal:{seed}:{draw(st.integers(0, 2 ** 16 - 1))}").shuffle(pack)
    dealer = draw(st.integers(0, players - 1))
    setup: JSON = {"dealer": players - 1 - dealer}
    first = (setup["dealer"] + 1) % players
    remaining = Counter(pack)
    rounds = tuple(range(1, len(rules.contracts) + 1)) if rules.has_contracts and \
        later_rounds else (1,)
    planted = scene(draw, rules, remaining, rounds)
    round_ = 1
    if rules.has_contracts and not rules.individual and later_rounds:
        if planted is not None and planted.round is not None:
            round_ = planted.round
        else:
            round_ = draw(st.one_of(st.just(1), st.integers(1, len(rules.contracts))))
        if round_ != 1:
            setup["round"] = round_
    if rules.has_contracts and rules.individual and later_rounds:
        setup["contracts"] = draw(st.lists(st.integers(1, len(rules.contracts)),
                                           min_size=players, max_size=players))
        if planted is not None and planted.round is not None:
            setup["contracts"][first] = planted.round
    size = rules.cards_dealt(round_)
    wilds = sorted(rules.wild)
    hands: list[list[int]] = [[] for _ in range(players)]
    if planted is not None:
        for offset, cards in planted.hands.items():
            hands[(first + offset) % players] += cards
    def room(hand: list[int]) -> int:
        return max(0, size - len(hand))  # (a scene's hand may be full already)

    # the first to play is planted first and gets the most: his hand is where the first
    # turns are judged
    for seat in sorted(range(players), key=lambda q: (q - first) % players):
        hand = hands[seat]
        for s in draw(st.lists(STRUCTURE, max_size=5 if seat == first else 3)):
            hand += realise(table, wilds, s, remaining, room(hand))
        if rules.variant.knock is not None and draw(st.booleans()):
            hand += deadwood_near(rules, draw(st.integers(-2, 2)), remaining, room(hand),
                                  draw(st.integers(0, 12)))
        if draw(st.booleans()):  # a hand of sets to the last card: going out is near
            hand += _sets_to_fill(draw, table, wilds, remaining, room(hand))
    rest = []
    for card in pack:  # the shuffled pack, less the planted cards
        if remaining[card] > 0:
            remaining[card] -= 1
            rest.append(card)
    # with no upcard the first player holds one card more
    for seat, hand in enumerate(hands):
        while len(hand) < size + (seat == first and v.deal.first_turn_discard):
            hand.append(rest.pop())
    discard: list[int] = []
    if v.deal.upcard:
        discard = [planted.upcard] if planted is not None and planted.upcard is not None \
            else [rest.pop()]
    elif planted is not None and planted.upcard is not None:
        rest.append(planted.upcard)
    if planted is None and stock_end and v.deal.upcard and not draw(st.integers(0, 2)):
        # random play seldom draws a stock of one or two packs dry before someone goes
        # out, so an engine's empty-stock rule would go untried
        planted = Scene("stock's end", stock_left=draw(st.integers(1, 3)))
    if planted is not None:
        rest += reversed(planted.stock_top)  # the stock's top is the end of ``rest``
        if planted.stock_left is not None:  # the stock's bottom goes under the upcard
            keep = max(planted.stock_left, len(planted.stock_top))
            discard = rest[:-keep] + discard
            rest = rest[-keep:]
    setup.update({"hands": [table.texts(h) for h in hands],
                  "stock": table.texts(list(reversed(rest))),
                  "discard": table.texts(discard)})
    return setup, planted


def cut_stock_setup(name: str, options: tuple[str, ...], players: int) -> JSON | None:
    """A first-round deal whose stock holds two cards and whose pile the rest of the pack,
    the upcard on top: what the scene ``stock's end`` deals, asked of an engine once
    before a run (one that cannot start from such a pile would decline one plain deal in
    four).  None where the variant turns no upcard (its pile starts empty)."""
    v = variant(name, options)
    if not v.deal.upcard:
        return None
    rules = compile_variant(v, players)
    table = decks.card_table(v.deck)
    pack = decks.full_deck(v, players)
    random.Random("fuzz-cut-stock").shuffle(pack)
    size = rules.cards_dealt(1)
    hands = []
    for seat in range(players):  # the dealer is the last seat: seat 0 plays first
        take = size + (seat == 0 and v.deal.first_turn_discard)
        hands.append(pack[:take])
        pack = pack[take:]
    return {"dealer": players - 1, "hands": [table.texts(h) for h in hands],
            "stock": table.texts(list(reversed(pack[-2:]))), "discard": table.texts(pack[:-2])}


def deals(name: str, options: tuple[str, ...], players: int, seed: int = 0,
          later_rounds: bool = True) -> st.SearchStrategy[JSON]:
    """The setups of :func:`scened_deals` alone."""
    return scened_deals(name, options, players, seed, later_rounds).map(lambda d: d[0])
