"""The fuzz scene ``many wilds``: a hand holding from none to every wild of the pack,
beside a few naturals that a meld with those wilds would need.

A shuffled deal gives one hand three or four of a pack's four jokers almost never, so
the melds led, ended or filled by many wilds (``JK JK JK 2H 3H``, a set of one natural
and three wilds) are never tried.  The scene asks the variant's model for its wild cards
and its meld kinds and plants, in the first player's hand: ``k`` wilds (0 up to all the
pack holds, as many as the hand has room for) and one to three naturals of a run near a
corner of the ranks (from the lowest rank, the second lowest, or up to the highest) or
of a set.  The near misses of the aimed style then put the wilds at every position: all
leading, all trailing, some either side (``probes.nearmiss``).
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from ...engine.records.rules import Rules
from .fuzzcards import Scene, all_ranks, draw_one, hand_size, natural_card, take


def pack_wilds(rules: Rules, remaining: Counter[int]) -> list[int]:
    """The wild cards left in the pack, each copy once."""
    return sorted(c for c, n in remaining.items() for _ in range(n)
                  if rules.melds.is_wild[c])


def many_wilds(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
               rounds: tuple[int, ...]) -> Scene | None:
    mr = rules.melds
    wilds = pack_wilds(rules, remaining)
    kinds = [k for k, rule in (("run", mr.run), ("set", mr.set)) if rule is not None]
    if not wilds or not kinds:
        return None
    kind = kinds[draw(st.integers(0, len(kinds) - 1))]
    naturals = _naturals(draw, rules, kind)
    room = hand_size(rules, 1) + (0 if rules.variant.deal.first_turn_discard else 1)
    most = max(0, min(len(wilds), room - len(naturals)))
    k = draw(st.integers(0, most))  # shrinks to no wilds; every count up to all
    cards = [*naturals, *wilds[:k]]
    if not cards or not take(remaining, cards):
        return None
    return draw_one(draw, rules, Scene("many wilds", style="aimed"), cards)


def _naturals(draw: st.DrawFn, rules: Rules, kind: str) -> list[int]:
    """One to three naturals: of a run of one suit, starting at the lowest rank, the
    second lowest or just below the highest (where wilds before or after them would
    pass a corner); or of a set of one rank."""
    ranks = all_ranks(rules)
    suits = list(rules.table.suits) or [""]
    suit = suits[draw(st.integers(0, len(suits) - 1))]
    count = draw(st.integers(1, 3))
    if kind == "set":
        rank = ranks[draw(st.integers(0, len(ranks) - 1))]
        picked = [natural_card(rules, rank, s) for s in suits[:count]]
    else:
        starts = [0, 1, max(0, len(ranks) - count), len(ranks) // 2]
        start = starts[draw(st.integers(0, len(starts) - 1))]
        picked = [natural_card(rules, ranks[i], suit)
                  for i in range(start, min(start + count, len(ranks)))]
    return [c for c in picked if c is not None]
