"""``going out { needs a meld of N }``: a player may empty his hand only when his side
(with partners, his team) has a meld of at least N cards on the table (Canasta: "the
partnership has made at least one canasta", a meld of seven; Britannica, "Canasta: Going
out").  Until then he keeps a card after discarding: a discard may not be his last card,
and a meld or lay-off may not leave him fewer than two, unless the play itself makes the
side's long meld."""

from __future__ import annotations

from collections.abc import Iterable

from ..melding.melds import Meld
from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import State
from ..records.teams import team


def out_ok(rules: Rules, player: int, left: int,
           table_after: Iterable[tuple[int, Meld]]) -> Verdict:
    """A play by ``player`` that leaves ``left`` cards in his hand, with the table (owner,
    meld) as it would be after it: refused where it leaves too few cards and his side has
    no meld long enough."""
    need = rules.variant.going_out.needs_meld
    if need is None or left > 1:
        return OK
    side = team(rules.variant.game.partners, rules.players, player)
    if any(owner in side and len(meld.cards) >= need for owner, meld in table_after):
        return OK
    return no("needs-meld-to-go-out", f"going out needs a meld of {need} cards of your "
              "side on the table; until then keep a card after discarding")


def table_of(state: State) -> list[tuple[int, Meld]]:
    return [(t.owner, t.meld) for t in state.hand.table]
