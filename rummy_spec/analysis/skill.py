"""The skill share: how much of a game's outcome skill explains, from a strong bot's win
rate against a weak one (defined in docs/simulation.md, "Balance metrics").

The games are the ladder's (:mod:`.ladder`): each seed played twice, the strong bot in the
even seats and the weak one in the odd, then the other way round, so both sides get the
same deals from the same seats.  A game counts 1 for the side whose seat won it alone, a
half where seats of both sides share the win or nobody wins.  A game with a round stopped
at the turn cap is left out (and counted apart): the bots failed to finish it, and that
is not how the game plays.

* **win rate** r: the strong side's count over the games, with its Wilson 95% interval;
* **skill share** s = 2r - 1: if a share s of the games went to the stronger side by
  skill and the rest were a fair coin between the two sides, the strong side would win
  r = s + (1 - s) / 2 of them.  0: these bots win alike, as if by luck; 1: the stronger
  one wins every game; below 0, the "strong" bot is the weaker at this game.  Its
  interval is the win rate's, mapped the same way.

Two games (a base game and a house rule) are compared by the difference of the win rates,
with Newcombe's 95% interval (from the two Wilson intervals), and the two-proportion
z-test.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..lang import model as m
from ..simulate import GameRecord
from .ladder import Run, score, swapped_games
from .stats import Difference, Estimate, share_interval, two_proportions

PAIR = ("planner", "greedy")  # the strong bot and the weak one, unless told otherwise
SKILL_TEST = "two-proportion z-test"


@dataclass(frozen=True)
class Skill:
    """What the games of one strong bot against one weak one showed."""

    strong: str
    weak: str
    games: int  # the games counted: every round ended by the rules
    points: float  # the strong side's count
    undecided: int  # games neither side won alone (a shared win, or no winner)
    capped: int  # games left out: a round stopped at the turn cap (the bots' failure)

    @property
    def rate(self) -> Estimate:
        return share_interval(self.points, self.games)

    @property
    def share(self) -> Estimate:
        r = self.rate
        if math.isnan(r.value):
            return r
        return Estimate(2 * r.value - 1, 2 * r.low - 1, 2 * r.high - 1, r.n)


def skill_of(records: Sequence[GameRecord], strong: str, weak: str) -> Skill:
    """The skill figures of games in which ``strong`` and ``weak`` share the seats."""
    for g in records:
        if set(g.bots) != {strong, weak}:
            raise ValueError(f"game of seed {g.seed} is played by {', '.join(g.bots)}, "
                             f"not by {strong} against {weak}")
    ended = [g for g in records if not any(r.kind == "turn cap" for r in g.rounds)]
    points = [score(g, strong) for g in ended]
    return Skill(strong, weak, len(ended), sum(points), sum(1 for p in points if p == 0.5),
                 len(records) - len(ended))


def skill(variant: m.Variant, players: int, strong: str, weak: str, seed: int, games: int,
          run: Run) -> tuple[Skill, list[GameRecord]]:
    """``games`` seeds of ``strong`` against ``weak``, each played with the seats swapped
    (2 x ``games`` games), their skill figures and the games."""
    records = swapped_games(variant, players, strong, weak, seed, games, run)
    return skill_of(records, strong, weak), records


@dataclass(frozen=True)
class SkillChange(Difference):
    """The strong side's win rate in a base game and with a rule, and how it moved
    (``diff``: rule minus base, in win rate; the skill share moves twice as much)."""

    base: Skill
    rule: Skill


def skill_change(base: Skill, rule: Skill) -> SkillChange:
    """The difference of the two win rates with its 95% interval (Newcombe's, from the
    two Wilson intervals), and the p-value of the two-proportion z-test (pooled)."""
    a, b = base.rate, rule.rate
    if not base.games or not rule.games:
        return SkillChange(base, rule, diff=math.nan, low=math.nan, high=math.nan, p=math.nan)
    diff = b.value - a.value
    # Newcombe's interval from the two Wilson intervals: sound near 0 and 1, where the
    # strong bot wins almost every game (a plain normal interval shrinks to nothing)
    low = diff - math.hypot(b.value - b.low, a.high - a.value)
    high = diff + math.hypot(b.high - b.value, a.value - a.low)
    p = two_proportions(base.points, base.games, rule.points, rule.games)
    return SkillChange(base, rule, diff=diff, low=low, high=high, p=p)


def rate_text(e: Estimate) -> str:
    """A win rate and its interval, as the other shares are printed."""
    if math.isnan(e.value):
        return "-"
    return f"{100 * e.value:.0f}% [{100 * e.low:.0f}-{100 * e.high:.0f}]"


def share_text(e: Estimate) -> str:
    """A skill share and its interval (which may reach below 0)."""
    if math.isnan(e.value):
        return "-"
    return f"{e.value:.2f} [{e.low:.2f}, {e.high:.2f}]"


def skill_rows(s: Skill) -> list[list[str]]:
    """``analyze``'s rows for the skill figures: name, value [95%], n (games)."""
    return [[f"skill: {s.strong}'s win rate against {s.weak} (seats swapped)",
             rate_text(s.rate), str(s.games)],
            ["skill share (2 x win rate - 1)", share_text(s.share), str(s.games)]]


def compared_skill_rows(a: Skill, b: Skill) -> list[list[str]]:
    """``compare``'s rows for the skill figures: name, A, B, p, verdict (test)."""
    change = skill_change(a, b)
    p = "-" if math.isnan(change.p) else f"{change.p:.3f}"
    said = "-" if math.isnan(change.p) else ("DIFFERS" if change.differs else "same")
    return [[f"skill: {a.strong}'s win rate against {a.weak}", rate_text(a.rate),
             rate_text(b.rate), p, f"{said} ({SKILL_TEST})"],
            ["skill share (2 x win rate - 1)", share_text(a.share), share_text(b.share), p,
             f"{said} ({SKILL_TEST})"]]


def skill_notes(s: Skill, label: str = "") -> list[str]:
    """What the counts leave out: games no side won, games with a capped round."""
    played = s.games + s.capped
    out = [f"{label}skill: {played // 2} seeds, each played with {s.strong} in the even "
           f"seats and again in the odd ({played} games); {s.strong} {s.points:g} of "
           f"{s.games}"]
    if s.undecided:
        out.append(f"{label}  {s.undecided} game{'s' * (s.undecided != 1)} won by neither "
                   "side alone, counted a half each")
    if s.capped:
        out.append(f"{label}  {s.capped} game{'s' * (s.capped != 1)} left out: a round "
                   "stopped at the turn cap (the bots' failure, not the game's)")
    return out
