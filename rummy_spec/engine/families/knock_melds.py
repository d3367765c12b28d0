"""The melds a knocker shows, and the defender's own: named by the player, or his best.

Published gin rules have the knocker show his melds and his deadwood, then the defender
show his and lay off onto the knocker's melds (cardgames.io, Bicycle; the EAAI-2021 Gin
Rummy challenge's game asks each player for his final melds).  Which arrangement the
knocker shows is his choice: between arrangements of equal deadwood, one may leave the
defender fewer lay-offs.  So a ``knock`` may name its melds (``melds``), and so may the
defender's closing ``pass``; without them the player's best arrangement is laid, ties
broken by the rule of :mod:`.arrangements`.

A named arrangement is checked: every card at most once and held, every meld legal, and
for a knock the deadwood within the limit (the cards named in no meld are deadwood, even
where they would make a meld).

``legal_actions`` lists, for each knock, the plain knock (the preferred arrangement) and
one knock naming its melds for each other arrangement of the least deadwood that leaves
an opponent a different set of cards to lay off: arrangements that differ only in ways
no lay-off can tell apart are one choice (so where nothing may be laid off, against gin
or in a variant without lay-offs, no knock names its melds).  At most
``KNOCK_ARRANGEMENTS`` are listed per discard; any other arrangement within the limit is
legal too, but not listed (as with going down, where the solver's candidates are listed).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..melding.melds import Meld, fits, validate
from ..records.reasons import Verdict, no
from ..records.rules import Rules
from ..solving.solver import Solution
from .arrangements import knock_arrangement, least_arrangements

KNOCK_ARRANGEMENTS = 6  # arrangements named per knock discard in legal_actions, at most


def named_arrangement(rules: Rules, hand: Sequence[int],
                      melds: tuple[tuple[int, ...], ...]) -> Verdict | Solution:
    """The arrangement the player names for ``hand``, or why it cannot be laid."""
    left = list(hand)
    laid: list[Meld] = []
    for cards in melds:
        for c in cards:
            if c not in left:
                return no("not-in-hand", f"{rules.table.text(c)} is not held, or is "
                          "named twice")
            left.remove(c)
        got = validate(rules.melds, None, cards)
        if not isinstance(got, Meld):
            return no(got.code, got.message)
        laid.append(got)
    return Solution(tuple(laid), tuple(left), sum(rules.points[c] for c in left))


def lays_off(rules: Rules, held: Sequence[int], melds: Sequence[Meld]) -> frozenset[int]:
    """The cards of the pack outside ``held`` that an opponent could lay off at once onto
    one of ``melds``."""
    out: set[int] = set()
    for m in melds:
        out |= _fitting(rules, m)
    return frozenset(out.difference(held))


def _fitting(rules: Rules, meld: Meld) -> frozenset[int]:
    """Every natural card of the pack that fits ``meld``; memoised on the meld."""
    key = ("fitting", meld.kind, meld.cards)
    hit: frozenset[int] | None = rules.cache.get(key)
    if hit is None:
        hit = rules.cache[key] = frozenset(
            c for c in range(len(rules.table.faces))
            if rules.melds.is_natural[c] and fits(rules.melds, meld, c))
    return hit


def knock_choices(rules: Rules, hand: Sequence[int],
                  rest: Sequence[int]) -> list[tuple[tuple[int, ...], ...]]:
    """The arrangements of ``rest`` (``hand`` less the knock's discard) a knock lists by
    name: those of least deadwood leaving a different set of lay-offs than the preferred
    one and than each other, at most ``KNOCK_ARRANGEMENTS``.  Where nothing may be laid
    off (no lay-offs in the variant, or none against gin) every arrangement is alike to
    the opponent, and none is named."""
    k = rules.variant.knock
    if k is None or not k.defender_lays_off or (
            k.no_layoff_on_gin and rules.arrange(tuple(rest)).rest_points == 0):
        return []
    ways = least_arrangements(rules, rest)
    if len(ways) < 2:
        return []
    seen = {lays_off(rules, hand, knock_arrangement(rules, rest).melds)}
    out: list[tuple[tuple[int, ...], ...]] = []
    for way in ways:
        sig = lays_off(rules, hand, way.melds)
        if sig in seen:
            continue
        seen.add(sig)
        out.append(tuple(m.cards for m in way.melds))
        if len(out) == KNOCK_ARRANGEMENTS:
            break
    return out

