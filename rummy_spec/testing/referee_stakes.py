"""The referee's law of a hand settled in stakes (``score { method stakes }``): who pays
whom, from the counts the hands show, stated again apart from the engine's own scoring.

Each loser pays the winner one stake: going out (two where a hand emptied with no discard
doubles); the stock run out (the lowest count alone; a tie pays nothing); a drop (the
dropper below every other count wins one from each; otherwise each player at or below his
count takes ``caught drop pays`` from him); a hand won as dealt (two where ``dealt win
doubles``).  A hand won as dealt is settled in the step that dealt it, after the hand the
step ended, so a step may end two hands: the second is judged by :func:`dealt_scores`."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.records.state import Move, RoundResult, State
from ..laws.variant import Laws, require


def pool(laws: Laws, before: Sequence[RoundResult], won: bool) -> int:
    """How many times over a hand is paid: once, and where drawn hands add a stake
    (Foster's pool), once more for each drawn hand just before a hand won."""
    if not (laws.variant.score.drawn_add_stake and won):
        return 1
    drawn = 0
    while drawn < len(before) and before[len(before) - 1 - drawn].ending == "dead":
        drawn += 1
    return 1 + drawn


def _each_pays(n: int, winner: int, stakes: int) -> list[int]:
    return [stakes * (n - 1) if i == winner else -stakes for i in range(n)]


def stake_scores(laws: Laws, pre: State, a: Move, r: RoundResult) -> list[int]:
    """The scores the stakes give the hand the action ``a`` ended."""
    v, n = laws.variant, laws.players
    counts = [laws.hand_points(s.hand) for s in pre.hand.seats]
    if r.ending == "out" and r.winner is not None:
        bare = a.type != "discard"
        return _each_pays(n, r.winner, 2 if bare and v.score.bare_out_doubles else 1)
    if r.ending in ("drop", "caught"):
        require(v.turn.drop and a.type == "knock" and pre.hand.phase == "draw", "score",
                f"a hand ended '{r.ending}' by {a.type} in phase {pre.hand.phase}")
        mine = counts[a.player]
        at_or_below = [i for i in range(n) if i != a.player and counts[i] <= mine]
        require((r.ending == "caught") == bool(at_or_below), "score",
                f"a drop with count {mine} against {counts} ended '{r.ending}'")
        if not at_or_below:
            return _each_pays(n, a.player, 1)
        want = [0] * n
        for i in at_or_below:
            want[i] = v.score.caught_pays
        want[a.player] = -v.score.caught_pays * len(at_or_below)
        return want
    if r.ending == "stock":
        held = r.details.get("held")
        require(isinstance(held, list), "score", "the hands held are not recorded")
        assert isinstance(held, list)
        low = min(held)
        if held.count(low) == 1:
            return _each_pays(n, held.index(low), 1)
    require(r.ending != "dealt", "score", "a hand won as dealt, ended by a move")
    return [0] * n


def dealt_scores(laws: Laws, r: RoundResult) -> list[int]:
    """The scores of a hand that ended as it was dealt: a win, or a deal thrown in."""
    v, n = laws.variant, laws.players
    span = v.deal.total_wins
    counts = r.details.get("counts")
    require(span is not None and isinstance(counts, list) and len(counts) == n, "score",
            f"hand {r.round} ended '{r.ending}' as dealt, with no winning total or counts")
    assert span is not None and isinstance(counts, Sequence)
    won = [i for i, c in enumerate(counts) if span[0] <= c <= span[1]]
    if r.ending == "dead":
        require(len(won) > 1, "score", f"a deal thrown in with counts {counts}")
        return [0] * n
    require(r.ending == "dealt" and won == [r.winner], "score",
            f"hand {r.round} ended '{r.ending}' as dealt, counts {counts}, winner {r.winner}")
    assert r.winner is not None
    return _each_pays(n, r.winner, 2 if v.score.dealt_win_doubles else 1)
