"""Rulebook sentences of the stake rules: a hand won as dealt, the drop, and how a hand
settled in stakes is paid."""

from __future__ import annotations

from ..lang import model as m


def _stakes(n: int) -> str:
    return "one stake" if n == 1 else "two stakes" if n == 2 else f"{n} stakes"


def dealt_win(v: m.Variant) -> str:
    """The deal's paragraph on a hand that wins as dealt ('' without the rule)."""
    won = v.deal.total_wins
    if won is None:
        return ""
    total = f"{won[0]} points" if won[0] == won[1] else f"{won[0]} to {won[1]} points"
    pays = _stakes(2 if v.score.dealt_win_doubles else 1)
    return (f"Before anyone plays, every player counts their hand. A hand worth {total} "
            f"wins at once: the hand is not played, and every other player pays its holder "
            f"{pays}. If two or more players hold such a hand, nobody is paid; the cards "
            "are thrown in and the next dealer deals.")


def drop_step(v: m.Variant) -> str:
    """The draw step's sentence on dropping ('' without the rule)."""
    if not v.turn.drop:
        return ""
    return (" Or, instead of drawing, drop: lay your hand face up, saying yours is the lowest "
            "count. Everyone shows and counts their hand, and the hand ends (see Scoring).")


def scoring(v: m.Variant) -> list[str]:
    """How a hand settled in stakes is paid, one rule an item."""
    s = v.score
    out = ["Each hand is settled in stakes: every other player pays the hand's winner one "
           "stake, unless a rule below says two. The totals count the stakes won and lost."]
    out.append("Going out wins " + (
        "one stake from each player by a discard, and two (“tonk”) without one: every card "
        "melded or laid off." if s.bare_out_doubles else "one stake from each player."))
    if "end-round" in v.stock.empty:
        out.append("When the stock runs out, the player with the lowest count wins one stake "
                   "from each; if two or more share the lowest count, nobody is paid.")
    if v.turn.drop:
        out.append("A drop: if the dropper's count is below every other player's, the "
                   "dropper wins one stake from each. Otherwise the dropper is caught and "
                   f"pays {_stakes(s.caught_pays)} to each player whose count is equal to "
                   "theirs or lower; nobody else pays.")
    if s.drawn_add_stake:
        out.append("A drawn hand (nobody wins it) adds one stake to the next hand won: after "
                   "one drawn hand the winner is paid two stakes by each player, after two "
                   "in a row three, and so on. Stakes of drawn hands left when the game ends "
                   "are paid to nobody.")
    if v.deal.total_wins is not None:
        out.append("A hand won as dealt is paid " + (
            "two stakes" if s.dealt_win_doubles else "one stake") + " by each player (see "
                   "The deal).")
    return out
