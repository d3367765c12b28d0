"""The referee's arithmetic of a hand's scores (``referee``'s law ``score``), each stated
from the variant's model apart from the engine's own scoring: the cap on a hand's count,
a knock's scores with its limit and bonuses, the first upcard's multiplier, zero-sum
points and back, and the side a seat plays for.
"""

from __future__ import annotations

from ..engine.records.state import Move, State
from ..laws.variant import Laws, require


def capped(laws: Laws, held: list[int]) -> list[int]:
    cap = laws.variant.score.cap
    return held if cap is None else [min(h, cap) for h in held]


def knock_scores(laws: Laws, pre: State, a: Move, kind: str,
                 details: dict[str, object]) -> list[int]:
    k = laws.variant.knock
    require(k is not None, "score", "a knock ending in a game without knocking")
    assert k is not None
    knocker = pre.hand.knocker if a.type == "pass" else a.player
    assert knocker is not None
    defender = (knocker + 1) % laws.players
    kd, dd = details.get("knocker_deadwood"), details.get("defender_deadwood")
    require(isinstance(kd, int) and isinstance(dd, int), "score",
            "a knock's deadwood is not recorded")
    assert isinstance(kd, int) and isinstance(dd, int)
    if a.type == "pass":
        require(kd == laws.hand_points(pre.hand.seats[knocker].hand), "score",
                f"the knocker's deadwood {kd} is not what he holds")
    require(dd <= laws.hand_points(pre.hand.seats[defender].hand), "score",
            "the defender's deadwood is more than his hand")
    undercut = dd < kd or (dd == kd and k.undercut_on_equal)
    bonus = {"gin": k.gin_bonus, "big-gin": k.big_gin_bonus or 0}.get(kind, k.knock_bonus)
    want = [0] * laws.players
    if laws.variant.score.method == "minus-deadwood":  # flat points; the defender loses dd
        require(kind != "undercut", "score", "an undercut where knocks score flat points")
        want[knocker], want[defender] = bonus, -dd
    elif kind == "undercut":
        require(undercut, "score", f"an undercut with deadwood {dd} against {kd}")
        want[defender] = kd - dd + k.undercut_bonus
    elif kind in ("gin", "big-gin"):
        require(kd == 0 and (kind == "gin" or k.big_gin_bonus is not None), "score",
                f"a {kind} with deadwood {kd}")
        want[knocker] = dd + bonus
    else:
        limit = knock_limit(laws, pre)
        require(kd <= limit and not undercut, "score", f"a knock with deadwood {kd} "
                f"against {dd} scored for the knocker")
        want[knocker] = dd - kd + bonus
    return want


def knock_limit(laws: Laws, pre: State) -> int:
    """The knock limit of this hand: fixed, or the first upcard's count (its rank's
    stated limit first)."""
    k, up = laws.variant.knock, pre.hand.first_upcard
    assert k is not None
    if not k.deadwood_by_upcard or up is None:
        return k.deadwood
    rank = laws.table.faces[up].rank
    stated = dict(k.upcard_deadwood)
    return stated[rank] if rank in stated else laws.hand_points([up])


def upcard_times(laws: Laws, pre: State) -> int:
    up = pre.hand.first_upcard
    if up is None:
        return 1
    return dict(laws.variant.score.upcard_times).get(laws.table.faces[up].suit or "", 1)


def zero_sum(laws: Laws, scores: list[int]) -> list[int]:
    """A zero-sum hand: each player's points less the others' points."""
    if not laws.variant.score.zero_sum:
        return scores
    total = sum(scores)
    return [2 * x - total for x in scores]


def unzero(laws: Laws, scores: list[int]) -> list[int]:
    """The points before :func:`zero_sum` (two players: a hand's points are unknown up to
    a common part, so the larger is taken to be 0 when both are at most 0)."""
    if not laws.variant.score.zero_sum:
        return scores
    top = max(scores)
    return [x - top for x in scores]


def side(laws: Laws, seat: int) -> int:
    """The seat's side: its partnership (``game { partners }``), or itself alone."""
    n, partners = laws.players, laws.variant.game.partners
    if partners == "across":  # facing seats: i and i + n/2
        return seat % (n // 2)
    return seat % 2 if partners == "alternate" else seat


def meld_bonuses(laws: Laws, pre: State, a: Move) -> list[int]:
    """Each seat's bonus for its long melds on the table as the play ``a`` leaves it
    (``score { meld of N bonus X or Y with wilds }``), counted from the melds seen."""
    bonus = laws.variant.score.long_meld_bonus
    out = [0] * laws.players
    if bonus is None:
        return out
    size, natural, mixed = bonus
    for owner, cards in final_melds(pre, a):
        if len(cards) >= size:
            out[owner] += mixed if any(c in laws.wild for c in cards) else natural
    return out


def final_melds(pre: State, a: Move) -> list[tuple[int, tuple[int, ...]]]:
    """(owner, cards) of each table meld as the play ``a`` leaves the table."""
    melds = [(t.owner, t.meld.cards) for t in pre.hand.table]
    if a.type == "lay_off" and a.card is not None and a.meld is not None \
            and 0 <= a.meld < len(melds):
        owner, cards = melds[a.meld]
        melds[a.meld] = (owner, (*cards, a.card))
    elif a.type == "meld":
        melds += [(a.player, tuple(x)) for x in a.melds or ()]
    return melds


def out_bonus(laws: Laws, pre: State, a: Move, winner: int, played_before: bool) -> int:
    """What going out adds to the winner's score: ``winner bonus N``, or ``concealed out
    bonus N`` where he laid nothing on an earlier turn, no card on another player's meld,
    and holds a meld of his own as long as going out needs."""
    s = laws.variant.score
    if s.concealed_bonus is None or played_before:
        return s.winner_bonus
    on_others = any(seat == winner for t in pre.hand.table for seat, _ in t.credits) or (
        a.type == "lay_off" and a.meld is not None and 0 <= a.meld < len(pre.hand.table)
        and pre.hand.table[a.meld].owner != winner)
    long = laws.variant.going_out.needs_meld or 0
    own = any(owner == winner and len(cards) >= long for owner, cards in final_melds(pre, a))
    return s.winner_bonus if on_others or not own else s.concealed_bonus
