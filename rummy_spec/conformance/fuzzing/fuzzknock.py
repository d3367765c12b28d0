"""The knock-tie scene: two arrangements of the eleven cards held after the draw that
meld the same points, only one of them leaving the high card to discard, with the best
ten after that discard worth the knock limit (or one point either side).  Engines that
count the eleven cards' first best arrangement less its highest card answer the knock
wrongly here."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import strategies as st

from ...engine.records.rules import Rules
from .fuzzcards import Scene, all_ranks, draw_one, give_back, hand_size, natural_card, take


def knock_tie(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
              rounds: tuple[int, ...]) -> Scene | None:
    """Ranks a < b < c (points in step) in two runs, a third a and a third c: melded as
    sets (aaa, ccc) the hand keeps b b, melded as runs it keeps a c; both meld the same
    points, but only the runs leave the high card c to discard.  Three or more cards
    that meld with nothing make the best ten after discarding c worth the knock limit
    plus ``delta``: an engine that counts the eleven cards' first best arrangement less
    its highest card refuses a knock the rules allow (or allows one a point over)."""
    k = rules.variant.knock
    mr = rules.melds
    suits = list(rules.table.suits)
    if k is None or mr.set is None or mr.run is None or mr.set.min > 3 or mr.run.min > 3 \
            or len(suits) < 3:
        return None
    ranks = all_ranks(rules)
    pts = rules.points

    def worth(r: int) -> int:
        return pts[rules.table.face(r, suits[0])]

    fill = hand_size(rules, 1) + 1 - 8

    def pool_for(i: int, remaining: Counter[int]) -> list[int]:
        far = [r for j, r in enumerate(ranks) if j < i - 1 or j > i + 3]
        return [x for r in far for s in suits if (x := natural_card(rules, r, s)) is not None
                and remaining[x] > 0 and pts[x] <= worth(ranks[i + 1])]

    key = ("fuzz: knock tie starts",)
    starts = rules.cache.get(key)
    if starts is None:  # (start, delta) that some filler can make, with the whole pack
        whole = Counter(range(len(rules.table.faces)))
        starts = rules.cache[key] = [
            (i, d) for i in range(len(ranks) - 2) for d in (0, -1, 1)
            if worth(ranks[i]) + worth(ranks[i + 2]) == 2 * worth(ranks[i + 1])
            and worth(ranks[i + 2]) > worth(ranks[i + 1]) and fill >= 0
            and _sum_to(rules, pool_for(i, whole), fill,
                        k.deadwood + d - worth(ranks[i])) is not None]
    if not starts:
        return None
    i, delta = starts[draw(st.integers(0, len(starts) - 1))]
    a, b, c = ranks[i], ranks[i + 1], ranks[i + 2]
    order = draw(st.permutations(suits))
    s1, s2, s3 = order[0], order[1], order[2]
    s4 = order[3] if len(order) > 3 and draw(st.booleans()) else s3
    core = [natural_card(rules, r, s) for r, s in
            ((a, s1), (b, s1), (c, s1), (a, s2), (b, s2), (c, s2), (a, s3), (c, s4))]
    if any(x is None for x in core):
        return None
    cards = [x for x in core if x is not None]
    goal = k.deadwood + delta - worth(a)  # the filler's points: the best ten less a
    if not take(remaining, cards):
        return None
    rng = random.Random(draw(st.integers(0, 2 ** 16 - 1)))
    pool = pool_for(i, remaining)
    rng.shuffle(pool)
    filler = _sum_to(rules, pool, fill, goal)
    if filler is None:
        give_back(remaining, cards)
        return None
    hand = cards + filler
    take(remaining, filler)
    ten = list(hand)
    ten.remove(cards[-1])  # less the high c
    if rules.arrange(ten).rest_points != k.deadwood + delta:  # (the model disagrees)
        give_back(remaining, hand)
        return None
    rng.shuffle(hand)
    return draw_one(draw, rules, Scene("knock tie"), hand)


def _sum_to(rules: Rules, pool: list[int], n: int, goal: int) -> list[int] | None:
    """``n`` cards of ``pool`` worth ``goal`` points that meld with nothing among
    themselves (fewer of a rank than a set, no two of a suit within a run's reach)."""
    pts, mr = rules.points, rules.melds
    set_min = mr.set.min if mr.set is not None else 99
    out: list[int] = []

    def fits(card: int) -> bool:
        same_rank = sum(1 for x in out if mr.rank[x] == mr.rank[card])
        near = any(mr.suit[x] == mr.suit[card] and abs(mr.rank[x] - mr.rank[card]) < 3
                   for x in out)
        return same_rank + 1 < set_min and not near

    def walk(start: int, left: int) -> bool:
        if len(out) == n:
            return left == 0
        for j in range(start, min(len(pool), start + 40)):
            card = pool[j]
            if pts[card] <= left and fits(card):
                out.append(card)
                if walk(j + 1, left - pts[card]):
                    return True
                out.pop()
        return False

    return out if walk(0, goal) else None
