"""The melds-shown scene: a hand whose least deadwood comes from two arrangements that an
opponent can tell apart, so a knock may name the one it shows.  Every card of two ranks
a and b, and the next rank c in two suits s and t: the run a-b-c of s beside the other
a's and b's (c of t left over), or the run of t (c of s left over).  Engines that lay
their own best arrangement whatever the knock names show the wrong melds here."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from ...engine.records.rules import Rules
from .fuzzcards import Scene, all_ranks, draw_one, give_back, hand_size, natural_card, take


def melds_shown(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
                rounds: tuple[int, ...]) -> Scene | None:
    """Ten cards (every a and b, c of two suits) and one that melds with nothing, the
    hand's least deadwood the points of one c (within the knock limit)."""
    k = rules.variant.knock
    mr = rules.melds
    suits = list(rules.table.suits)
    if k is None or not k.defender_lays_off or mr.set is None or mr.run is None \
            or mr.set.min > 3 or (mr.set.max or 4) < 3 or mr.run.min > 3 or len(suits) != 4 \
            or hand_size(rules, 1) != 10:
        return None
    ranks = all_ranks(rules)
    pts = rules.points
    starts = [i for i in range(len(ranks) - 2)
              if (c := natural_card(rules, ranks[i + 2], suits[0])) is not None
              and 0 < pts[c] <= k.deadwood]
    if not starts:
        return None
    i = starts[draw(st.integers(0, len(starts) - 1))]
    a, b, c = ranks[i], ranks[i + 1], ranks[i + 2]
    order = draw(st.permutations(suits))
    core = [natural_card(rules, r, s) for r in (a, b) for s in suits]
    core += [natural_card(rules, c, order[0]), natural_card(rules, c, order[1])]
    far = [x for r in ranks if r < a - 2 or r > c + 2 for s in suits
           if (x := natural_card(rules, r, s)) is not None and remaining[x] > 0]
    if any(x is None for x in core) or not far:
        return None
    cards = [x for x in core if x is not None]
    odd = far[draw(st.integers(0, len(far) - 1))]
    if not take(remaining, [*cards, odd]):
        return None
    if rules.arrange(cards).rest_points != pts[cards[-1]]:  # (the model disagrees)
        give_back(remaining, [*cards, odd])
        return None
    return draw_one(draw, rules, Scene("melds shown"), [*cards, odd])
