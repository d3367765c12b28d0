"""How much a discard could help another player, from what the seat can see.

A card thrown is offered to the next player: it helps him if he holds cards it melds
with.  The seat cannot see his hand, but it can see which cards he cannot hold: its own
hand, the discard pile and the table.  :func:`danger` counts the ways the card could
complete a three-card meld with two cards that are still unseen (two of its rank; the
two below it, the ones either side, or the two above it, in its suit): a card whose
partners are all in sight is safe to throw.  Nothing here reads a hidden card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from ..engine.records.rules import Rules
from ..engine.records.state import State


def unseen_counts(rules: Rules, state: State, player: int) -> Counter[int]:
    """Copies of each card the seat cannot see: the whole pack (everything the state
    holds) less its hand, the pile and the table."""
    h = state.hand
    pack: Counter[int] = Counter(h.stock)
    for s in h.seats:
        pack.update(s.hand)
    seen: Counter[int] = Counter(h.seats[player].hand)
    seen.update(h.discard)
    for t in h.table:
        seen.update(t.meld.cards)
    pack.update(h.discard)
    for t in h.table:
        pack.update(t.meld.cards)
    return pack - seen


def danger_of(rules: Rules, state: State, player: int) -> Callable[[int], int]:
    """The ways each card could complete a meld in another hand (0: safe to throw)."""
    unseen = unseen_counts(rules, state, player)
    faces = rules.table.faces
    by_place: dict[tuple[int, str | None], int] = {}
    by_rank: Counter[int] = Counter()
    for code, f in enumerate(faces):
        if f.rank is None or code in rules.wild:
            continue
        by_place[(f.rank, f.suit)] = code
        by_rank[f.rank] += unseen[code]

    def count(rank: int, suit: str | None) -> int:
        code = by_place.get((rank, suit))
        return 0 if code is None else unseen[code]

    def danger(card: int) -> int:
        f = faces[card]
        if f.rank is None or card in rules.wild:
            return 0
        r, s = f.rank, f.suit
        same = by_rank[r] - unseen[card]  # the rank's other cards, its own copies apart
        sets = same * (same - 1) // 2
        below2, below, above, above2 = (count(r + k, s) for k in (-2, -1, 1, 2))
        return sets + below2 * below + below * above + above * above2

    return danger

