"""Hands settled in stakes (``score { method stakes }``, Tonk's branch): each loser pays
the hand's winner one stake, or two where a rule doubles it.  Pure functions of the counts
and the ending; the effects that end a hand (a drop, a hand that wins as dealt) are in
``drops``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..records.rules import Rules
from ..records.state import RoundResult


def paid_by_each(players: int, winner: int, stakes: int) -> list[int]:
    """Each other player pays the winner ``stakes``."""
    return [stakes * (players - 1) if i == winner else -stakes for i in range(players)]


def lowest_alone(counts: list[int]) -> int | None:
    """The seat with the lowest count, if no one else has it."""
    low = min(counts)
    holders = [i for i, c in enumerate(counts) if c == low]
    return holders[0] if len(holders) == 1 else None


def stake_round(rules: Rules, winner: int | None, ending: str, held: list[int],
                details: Mapping[str, object]) -> tuple[int | None, list[int]]:
    """The winner and the scores of a hand settled in stakes, for the endings the other
    rules make (going out, the stock run out, a dead hand); a drop and a dealt win are
    scored where they end the hand."""
    s, n = rules.variant.score, rules.players
    if ending == "out" and winner is not None:
        # going out with no discard ("tonk"): a double stake where the spec says so
        bare = details.get("by") != "discard"
        return winner, paid_by_each(n, winner, 2 if bare and s.bare_out_doubles else 1)
    if ending == "stock":
        # the stock run out: the lowest count wins one stake; a tie for it pays nothing
        low = lowest_alone(held)
        if low is not None:
            return low, paid_by_each(n, low, 1)
    return None, [0] * n


def drawn_before(results: Sequence[RoundResult]) -> int:
    """The drawn (dead) hands in a row at the end of ``results``: the stakes they add to
    the next hand won (``score { drawn hands add a stake }``)."""
    count = 0
    for r in reversed(results):
        if r.ending != "dead":
            break
        count += 1
    return count


def drop_scores(players: int, dropper: int, counts: list[int], caught_pays: int
                ) -> tuple[int, bool, list[int]]:
    """A drop: (the hand's winner, whether the dropper was caught, the scores).  A dropper
    whose count is below every other wins one stake from each; otherwise he is caught and
    pays ``caught_pays`` stakes to each player whose count is equal to his or lower."""
    mine = counts[dropper]
    catchers = [i for i in range(players) if i != dropper and counts[i] <= mine]
    if not catchers:
        return dropper, False, paid_by_each(players, dropper, 1)
    scores = [0] * players
    for i in catchers:
        scores[i] = caught_pays
    scores[dropper] = -caught_pays * len(catchers)
    low = min(counts[i] for i in catchers)
    # the hand's winner: the lowest count, the first of them after the dropper
    order = [(dropper + k) % players for k in range(1, players)]
    return next(i for i in order if i in catchers and counts[i] == low), True, scores


def dealt_winners(rules: Rules, hands: list[list[int]]) -> list[int]:
    """The seats whose hand as dealt totals within ``deal { hand of N..M points wins }``."""
    span = rules.variant.deal.total_wins
    if span is None:
        return []
    return [i for i, h in enumerate(hands) if span[0] <= rules.hand_points(h) <= span[1]]
