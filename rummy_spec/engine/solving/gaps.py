"""The gap rule in the slot search (:mod:`.search`): same-suit runs of one way keep at
least ``plan.gap`` ranks apart.  A branch is cut as soon as two chosen runs' naturals are
too close; at a leaf, each run's growth at each end is fixed, the split melding the most
wild points kept.
"""

from __future__ import annotations

from itertools import product

from .plan import Plan
from .shapes import Cand


def shared_suits(chosen: list[Cand]) -> bool:
    seen: set[str] = set()
    for c in chosen:
        if c.kind == "run" and isinstance(c.key, str):
            if c.key in seen:
                return True
            seen.add(c.key)
    return False


def too_close(plan: Plan, chosen: list[Cand], c: Cand) -> bool:
    """Do the naturals of run ``c`` already lie within the gap rule's reach of those of
    a chosen run of its suit?

    A run only grows outward, so two runs whose naturals alone leave fewer than
    ``plan.gap`` ranks between them stay too close however their ends are fixed: every
    leaf below this branch is one :func:`fix_ends` would refuse.  Cutting the branch at
    once, instead of at each of its leaves, changes no answer; it is what made a pat
    hand of one suit (thirteen clubs, three runs wanted) take seconds to prove that it
    has no way at all: every three of its hundred-odd runs were tried, nearly all of
    them overlapping.
    """
    run = c.run
    assert run is not None  # a suited run: the gap rule holds between runs of one suit
    lo, hi = run.positions[0], run.positions[-1]
    space = plan.rules.space
    assert space is not None
    for d in chosen:
        other = d.run
        if other is None or d.key != c.key:
            continue
        olo, ohi = other.positions[0], other.positions[-1]
        if not space.wrap:
            if lo <= ohi + plan.gap and olo <= hi + plan.gap:
                return True
            continue
        mine = {(p - space.low) % space.period for p in range(lo, hi + 1)}
        theirs = {(p - space.low) % space.period for p in range(olo, ohi + 1)}
        near = {(p + k) % space.period for p in mine for k in range(-plan.gap, plan.gap + 1)}
        if near & theirs:
            return True
    return False


def fix_ends(plan: Plan, chosen: list[Cand], need: int, cap: int, wilds: int,
              prefix: tuple[int, ...]) -> tuple[int, dict[int, tuple[int, int]]] | None:
    """Same-suit runs that need a gap: fix how far each grows at each end.

    Tries every split (few runs, few wilds) and keeps the one melding the most wild
    points, then the fewest wilds.  Returns (wilds melded, {meld index: (below, above)}).
    """
    space = plan.rules.space
    assert space is not None
    suits: dict[str, list[int]] = {}
    for i, c in enumerate(chosen):
        if c.kind == "run" and isinstance(c.key, str):
            suits.setdefault(c.key, []).append(i)
    fixed = [i for ix in suits.values() if len(ix) > 1 for i in ix]
    need_o = need - sum(chosen[i].need for i in fixed)
    cap_o = cap - sum(chosen[i].cap for i in fixed)
    # each run grows by at most the wilds the other melds' fewest leave it: a longer
    # growth is a split the wild count below refuses anyway (skipping it keeps the order)
    options: list[list[tuple[int, int, int]]] = []
    for i in fixed:
        c = chosen[i]
        assert c.run is not None
        g, lo, hi = c.run.gaps, c.run.below, c.run.above
        most = min(c.cap, c.need + wilds - need)
        options.append([(b, e - b, g + e) for e in range(c.need - g, most - g + 1)
                        for b in range(max(0, e - hi), min(lo, e) + 1)])
    best: tuple[int, dict[int, tuple[int, int]]] | None = None
    for combo in product(*options):
        if not separate(plan, chosen, fixed, combo):
            continue
        t = sum(w for _, _, w in combo)
        if need_o + t > wilds:
            continue
        k = min(wilds, cap_o + t)
        if plan.pat:
            if k < wilds:
                continue
        else:
            while k > need_o + t and prefix[k] == prefix[k - 1]:
                k -= 1
        if best is None or prefix[k] > prefix[best[0]] or (
                prefix[k] == prefix[best[0]] and k < best[0]):
            best = (k, {i: (b, a) for i, (b, a, _) in zip(fixed, combo, strict=True)})
    return best


def separate(plan: Plan, chosen: list[Cand], fixed: list[int],
              combo: tuple[tuple[int, int, int], ...]) -> bool:
    """Do same-suit runs keep at least ``plan.gap`` ranks between them?"""
    space = plan.rules.space
    assert space is not None
    spans: dict[str | int | None, list[tuple[int, int]]] = {}
    for i, (b, a, _) in zip(fixed, combo, strict=True):
        c = chosen[i]
        assert c.run is not None
        spans.setdefault(c.key, []).append((c.run.positions[0] - b, c.run.positions[-1] + a))
    for windows in spans.values():
        if space.wrap:
            taken = [{(p - space.low) % space.period for p in range(lo, hi + 1)}
                     for lo, hi in windows]
            for x, one in enumerate(taken):
                near = {(p + d) % space.period for p in one
                        for d in range(-plan.gap, plan.gap + 1)}
                if any(near & other for other in taken[x + 1:]):
                    return False
        else:
            windows.sort()
            if any(windows[x][1] + plan.gap >= windows[x + 1][0]
                   for x in range(len(windows) - 1)):
                return False
    return True
