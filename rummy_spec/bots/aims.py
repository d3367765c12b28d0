"""What a hand is building toward its contract: the natural cards a simple player keeps.

A card's nearness to others (a matching rank, a suit-mate a rank or two away) is enough
for contracts of short melds, but not for a contract such as "1 set + 1 run of 10" or
"1 run of 13", where nearly every card of the hand must belong to one long run of one
suit: a suit-mate at the end of the run counts less than a stray pair, and the run is
thrown away card by card.  So the greedy player reads its own contract from the model
and aims at it: for each meld the contract asks (the longest first), the stretch of the
hand that already holds the most of it (the rank with most cards for a set, the window
of one suit, or of any suit where runs may mix colours, for a run, the colour with most
cards for a colour group), those cards set aside before the next meld is chosen.  The
aim's cards are kept; wilds are kept anyway.  The choice is quick and never looks
ahead: it only ranks the hand's cards, the engine still judges every go-down.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..engine.families.schedule import current_contracts
from ..engine.records.rules import Rules, contract_needs
from ..engine.records.state import State
from ..lang import model as m

# a meld the hand holds fewer natural cards of than this is no aim yet
LEAST = 2


def _melds(rules: Rules, contract: m.Contract) -> list[tuple[str, int]]:
    """The contract's melds as (kind, least size), the longest first."""
    return list(contract_needs(rules.variant, contract)[0])


def _out_of_reach(rules: Rules, melds: list[tuple[str, int]], reach: int) -> bool:
    """Does a meld lie beyond what a count of near cards sees: a run longer than the
    ranks ``reach`` either side of one card, a run that may mix suits, a colour group?"""
    mixed = rules.variant.run is not None and rules.variant.run.any_colour
    return any(kind == "group" or (kind == "run" and (mixed or size > 2 * reach + 1))
               for kind, size in melds)


def aimed(rules: Rules, state: State, player: int, reach: int) -> list[list[tuple[str, int]]]:
    """The contracts the player may make now, as their melds, where one of them lies
    beyond ``reach`` (:func:`_out_of_reach`); none where each is within it, so a contract
    a near count sees whole is played by that count alone."""
    wanted = [_melds(rules, c) for c in current_contracts(rules, state, player)]
    return wanted if any(_out_of_reach(rules, w, reach) for w in wanted) else []


def _best_set(rules: Rules, left: Counter[int], size: int) -> list[int]:
    rank_of = rules.melds.rank
    by_rank: dict[int, list[int]] = {}
    for card, n in sorted(left.items()):
        if rank_of[card]:
            by_rank.setdefault(rank_of[card], []).extend([card] * n)
    best: list[int] = []
    for cards in by_rank.values():
        if min(len(cards), size) > len(best):
            best = cards[:size]
    return best


def _best_run(rules: Rules, left: Counter[int], size: int) -> list[int]:
    space = rules.melds.space
    if space is None:
        return []
    rank_of, suit_of = rules.melds.rank, rules.melds.suit
    mixed = rules.variant.run is not None and rules.variant.run.any_colour
    lanes: dict[str | None, dict[int, int]] = {}  # suit (None: any): rank: a card
    for card in sorted(left):
        if rank_of[card]:
            lane = lanes.setdefault(None if mixed else suit_of[card], {})
            lane.setdefault(rank_of[card], card)
    best: list[int] = []
    for lane in lanes.values():
        if len(lane) <= len(best):
            continue
        for start in space.starts(size):
            held = [c for p in range(start, start + size)
                    if (c := lane.get(space.rank_at(p))) is not None]
            if len(held) > len(best):
                best = held
    return best


def _best_group(rules: Rules, left: Counter[int], size: int) -> list[int]:
    faces = rules.table.faces
    by_colour: dict[str, list[int]] = {}
    for card, n in sorted(left.items()):
        colour = faces[card].colour
        if rules.melds.is_natural[card] and colour is not None:
            by_colour.setdefault(colour, []).extend([card] * n)
    best: list[int] = []
    for cards in by_colour.values():
        if min(len(cards), size) > len(best):
            best = cards[:size]
    return best


# The kinds the bots aim at (those the contract solver searches); a kind declared beyond
# them (rummy_spec.lang.meldkinds) is never aimed at.
_BEST = {"set": _best_set, "run": _best_run, "group": _best_group}


def aim(rules: Rules, wanted: list[list[tuple[str, int]]], hand: Sequence[int]) -> Counter[int]:
    """The natural cards of ``hand`` (card: copies) that the best-held of the ``wanted``
    contracts (:func:`aimed`) already holds, as described above."""
    best: Counter[int] = Counter()
    for melds in wanted:
        left = Counter(c for c in hand if rules.melds.is_natural[c])
        kept: Counter[int] = Counter()
        for kind, size in melds:
            best_of = _BEST.get(kind)
            if best_of is None:
                continue
            cards = best_of(rules, left, size)
            if len(cards) < LEAST:
                continue
            kept.update(cards)
            left.subtract(cards)
            left = +left
        if kept.total() > best.total():
            best = kept
    return best
