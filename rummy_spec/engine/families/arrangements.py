"""The melds a knock lays, chosen by a stated rule when several arrangements tie.

A knock lays the knocker's best arrangement: the one leaving the least deadwood.  Often
several do (8D 9D 10D 8C 8H 8S 9C 9H 9S 10H melds every card as a run of diamonds and
two sets, or as a run of hearts and two sets), and which one is laid changes what the
defender may lay off.  So the choice is a rule of the protocol (PROTOCOL.md, "Table melds
and their numbers"), not an accident of the solver's search order:

1. the least deadwood;
2. then the most cards in sets;
3. then the runs, taken in suit order C D H S, each suit's run starting highest first
   (compared run by run, as sorted (suit, -lowest rank) pairs);
4. then the melds' cards, as sorted lists of (suit, rank) pairs.

Every arrangement is enumerated: each candidate set or run the hand holds (checked by the
meld validator), then every way to lay disjoint candidates.  Packs with wilds, duplicate
cards, wrap-around or colour-blind runs or colour groups are not enumerated: there the
solver's best arrangement is laid (no built-in knock variant has any of them).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..melding.melds import Meld, validate
from ..records.rules import Rules
from ..solving.solver import Solution

SUIT_ORDER = "CDHS"


def knock_arrangement(rules: Rules, hand: Sequence[int]) -> Solution:
    """The arrangement a knock lays for ``hand`` (the cards left after the discard)."""
    key = ("knock-arrangement", tuple(sorted(hand)))
    hit: Solution | None = rules.cache.get(key)
    if hit is None:
        hit = rules.cache[key] = _choose(rules, list(hand))
    return hit


def _enumerable(rules: Rules, hand: list[int]) -> bool:
    v = rules.variant
    run = v.run
    return not (rules.wild or v.group is not None or rules.table.custom
                or (run is not None and (run.wrap or run.any_colour))
                or len(set(hand)) != len(hand))


def _candidates(rules: Rules, hand: list[int]) -> list[Meld]:
    """Every set and run the hand holds, as the validator accepts them."""
    v = rules.variant
    faces = rules.table.faces
    out: list[Meld] = []
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[str, dict[int, int]] = {}
    for c in sorted(hand):
        f = faces[c]
        if f.rank is None or f.suit is None:
            continue
        by_rank.setdefault(f.rank, []).append(c)
        ranks = by_suit.setdefault(f.suit, {})
        ranks[f.rank] = c
        if f.rank == 1 and v.run is not None and v.run.ace != "low":
            ranks[14] = c
    if v.set is not None:
        for cards in by_rank.values():
            for size in range(v.set.min, min(len(cards), v.set.max or len(cards)) + 1):
                for combo in _combinations(cards, size):
                    got = validate(rules.melds, "set", combo)
                    if isinstance(got, Meld):
                        out.append(got)
    if v.run is not None:
        for ranks in by_suit.values():
            for low in sorted(ranks):
                high = low
                while high + 1 in ranks:
                    high += 1
                    if high - low + 1 >= v.run.min:
                        cards = [ranks[r] for r in range(low, high + 1)]
                        if len(set(cards)) == len(cards):
                            got = validate(rules.melds, "run", cards, ordered=True)
                            if isinstance(got, Meld):
                                out.append(got)
    return out


def _combinations(cards: list[int], size: int) -> list[tuple[int, ...]]:
    if size == 0:
        return [()]
    if len(cards) < size:
        return []
    first, rest = cards[0], cards[1:]
    return [(first, *c) for c in _combinations(rest, size - 1)] + _combinations(rest, size)


def _preference(rules: Rules, melds: tuple[Meld, ...]) -> tuple[object, ...]:
    faces = rules.table.faces

    def place(card: int) -> tuple[int, int]:
        f = faces[card]
        suit = SUIT_ORDER.find(f.suit) if f.suit is not None else -1
        suit = suit if suit >= 0 else len(SUIT_ORDER)
        return (suit, f.rank or 0)

    in_sets = sum(len(m.cards) for m in melds if m.kind == "set")
    runs = sorted((place(m.cards[0])[0], -m.ranks[0]) for m in melds if m.kind == "run")
    cards = sorted(sorted(place(c) for c in m.cards) for m in melds)
    return (-in_sets, runs, cards)


def least_arrangements(rules: Rules, hand: Sequence[int]) -> tuple[Solution, ...]:
    """Every arrangement of ``hand`` that leaves its least deadwood, the preferred one
    (the tie rule above) first; memoised on the hand.  Packs the enumeration does not
    cover answer the solver's best arrangement alone."""
    key = ("least-arrangements", tuple(sorted(hand)))
    hit: tuple[Solution, ...] | None = rules.cache.get(key)
    if hit is None:
        hit = rules.cache[key] = _enumerate(rules, list(hand))
    return hit


def _choose(rules: Rules, hand: list[int]) -> Solution:
    return least_arrangements(rules, hand)[0]


def every_arrangement(rules: Rules, hand: Sequence[int]) -> tuple[Solution, ...]:
    """Every arrangement of ``hand`` (any deadwood, no meld at all too), least deadwood
    first, ties by the rule above; the solver's best alone where the pack is not
    enumerated."""
    return _enumerate(rules, list(hand), every=True)


def _enumerate(rules: Rules, hand: list[int], every: bool = False) -> tuple[Solution, ...]:
    best = rules.arrange(hand)
    if not _enumerable(rules, hand):
        return (best,)
    points = rules.points
    total = sum(points[c] for c in hand)
    candidates = _candidates(rules, hand)
    masks = []
    index = {c: i for i, c in enumerate(hand)}
    for m in candidates:
        bits = 0
        for c in m.cards:
            bits |= 1 << index[c]
        masks.append((bits, sum(points[c] for c in m.cards), m))
    found: list[tuple[tuple[object, ...], tuple[Meld, ...]]] = []

    def walk(start: int, used: int, melded: int, laid: tuple[Meld, ...]) -> None:
        if every or total - melded == best.rest_points:
            found.append(((total - melded, *_preference(rules, laid)), laid))
        for i in range(start, len(masks)):
            bits, pts, m = masks[i]
            if not bits & used:
                walk(i + 1, used | bits, melded + pts, (*laid, m))

    walk(0, 0, 0, ())
    if not found:  # the solver's deadwood is always reachable; keep it if not
        return (best,)
    found.sort(key=lambda f: f[0])
    out = []
    for _, laid in found:
        laid_cards = {c for m in laid for c in m.cards}
        rest = tuple(c for c in hand if c not in laid_cards)
        out.append(Solution(laid, rest, sum(points[c] for c in rest)))
    return tuple(out)
