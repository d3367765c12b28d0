"""The balance study's skill part: does each house rule make skill matter more or less?

From the skill games of :func:`.study.measure_skill` (the planner against the greedy bot,
each seed played twice with the seats swapped), every number and every reading here is
computed: the planner's win rate in the base game and with the rule, the difference with
its 95% interval (Newcombe's), the two-proportion z-test, and a figure of all the rules at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..simulate import GameRecord
from .skill import PAIR, SKILL_TEST, Skill, SkillChange, share_text, skill_change, skill_of
from .study import Measured

CEILING = 0.95  # a base win rate this high leaves little room to show "more"


def skill_measured(m: Measured) -> Skill:
    return skill_of(m.games, PAIR[0], PAIR[1])


def capped(games: Sequence[GameRecord]) -> int:
    """Games with a round stopped at the turn cap."""
    return sum(1 for g in games if any(r.kind == "turn cap" for r in g.rounds))


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _rate(s: Skill) -> str:
    """A win rate to a tenth of a percent: near 100%, whole percents hide the change."""
    r = s.rate
    return f"{100 * r.value:.1f}% [{100 * r.low:.1f}-{100 * r.high:.1f}]"


def _points(x: float) -> str:
    v = round(100 * x, 1)
    return f"{v:+.1f}" if v else "0"


def _diff(c: SkillChange) -> str:
    return f"{_points(c.diff)} [{_points(c.low)}, {_points(c.high)}] points"


def _p(c: SkillChange) -> str:
    if math.isnan(c.p):
        return "-"
    return ("< 0.001" if c.p < 0.001 else f"{c.p:.3f}") + (" **differs**" if c.differs else "")


def verdict(c: SkillChange) -> str:
    """More, less, or no change shown, in a family's words."""
    if not c.differs:
        return "no change shown"
    return "skill matters more" if c.diff > 0 else "skill matters less"


def table_row(c: SkillChange) -> str:
    """The rule's row in its own table: metric, base, rule, difference, p, test."""
    return (f"| skill: {PAIR[0]}'s win rate against {PAIR[1]} (seats swapped) | "
            f"{_rate(c.base)} | {_rate(c.rule)} | {_diff(c)} | {_p(c)} | {SKILL_TEST} |")


def summary(rows: Sequence[tuple[str, str, SkillChange]]) -> list[str]:
    """The table of every rule: game, rule, base, rule, difference, p, verdict."""
    out = [f"| game | house rule | the {PAIR[0]} bot wins, base [95%] | with the rule [95%] "
           "| difference [95%] | p | reading |", "|---|---|---|---|---|---|---|"]
    for title, label, c in rows:
        out.append(f"| {title} | {label} | {_rate(c.base)} | {_rate(c.rule)} | {_diff(c)} "
                   f"| {_p(c)} | {verdict(c)} |")
    return out


def reading(c: SkillChange) -> str:
    """One paragraph on what the rule does to skill, from the numbers alone."""
    base, rule = c.base, c.rule
    p = "p < 0.001" if c.p < 0.001 else f"p = {c.p:.2f}"
    text = (f"Skill: the planning bot won {_rate(rule)} of {rule.games} games against "
            f"the greedy bot with this rule, against {_rate(base)} in the base game "
            f"(difference {_diff(c)}; {p}); skill share {share_text(rule.share)} against "
            f"{share_text(base.share)}. ")
    if c.differs and c.diff > 0:
        text += ("Skill matters more with this rule: the better player's edge grows, and "
                 "less of the result is down to the cards.")
    elif c.differs:
        text += ("Skill matters less with this rule: more of the result is down to the "
                 "cards, and a weaker player has a better chance.")
    else:
        half = round(50 * (c.high - c.low))
        text += (f"This sample shows no change in how much skill matters: a change of up "
                 f"to about {half} points either way would not show at {rule.games} games "
                 "a side.")
        if base.rate.value >= CEILING:
            text += (f" The planning bot already wins {_pct(base.rate.value)} of the base "
                     "game, so a rule that made skill matter more could hardly show it here.")
    if base.capped or rule.capped:
        text += (f" Left out: {base.capped} of the base game's {base.games + base.capped} "
                 f"games and {rule.capped} of the rule's {rule.games + rule.capped}, each "
                 "with a round stopped at the turn cap (the bots could not finish it).")
    undecided = base.undecided + rule.undecided
    if undecided:
        text += (f" {undecided} of these games (base and rule) "
                 f"{'were' if undecided != 1 else 'was'} won by neither side alone and "
                 f"count{'s' * (undecided == 1)} a half.")
    return text


def changes(bases: dict[str, Measured], rules: Sequence[Measured]) -> list[SkillChange]:
    """Each rule's skill change against its base, in the order of ``rules``."""
    out = []
    for m in rules:
        assert m.config.rule is not None
        out.append(skill_change(skill_measured(bases[m.config.rule.base]), skill_measured(m)))
    return out


def figure_svg(rows: Sequence[tuple[str, str, SkillChange]]) -> str:
    """Every rule's change in the planner's win rate against greedy, with its 95%
    interval, one line each (0: skill matters as much as in the base game)."""
    import io
    import textwrap

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "rummy-spec"
    fig, ax = plt.subplots(figsize=(4.6, 0.5 * len(rows) + 1.6))
    ys = list(range(len(rows)))[::-1]
    for y, (_, _, c) in zip(ys, rows, strict=True):
        colour = "#b5542c" if c.differs else "#4a7bd0"
        ax.errorbar([100 * c.diff], [y], xerr=[[100 * (c.diff - c.low)],
                                               [100 * (c.high - c.diff)]],
                    fmt="o", color=colour, capsize=3)
    ax.axvline(0, color="#555", linestyle="--", linewidth=1)
    names = [textwrap.fill(f"{t.split()[0]}: {label}", 24) for t, label, _ in rows]
    ax.set_yticks(ys, names, fontsize=7)
    ax.set_xlabel(f"{PAIR[0]}'s win rate against {PAIR[1]}: change in\n"
                  "points (95% interval; red: p < 0.05)\n"
                  "left: skill matters less, right: more", fontsize=8)
    ax.tick_params(axis="x", labelsize=8)
    ax.set_title("Skill under each house rule", fontsize=9)
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None})
    plt.close(fig)
    return out.getvalue()


def skill_table_rows(base_skills: Sequence[Measured]) -> list[str]:
    """The base games' skill rows, for the table of the base games."""
    found = [skill_measured(m) for m in base_skills]
    return [f"| skill: {PAIR[0]}'s win rate against {PAIR[1]} (seats swapped) | "
            + " | ".join(_rate(s) for s in found) + " |",
            "| skill share (2 x win rate - 1) | "
            + " | ".join(share_text(s.share) for s in found) + " |"]


def skill_section(rows: Sequence[tuple[str, str, SkillChange]],
                  games: int) -> tuple[list[str], str]:
    """The page's section on skill, and its figure's SVG."""
    more = [f"{t}, \u201c{label}\u201d" for t, label, c in rows if c.differs and c.diff > 0]
    less = [f"{t}, \u201c{label}\u201d" for t, label, c in rows if c.differs and c.diff < 0]
    same = len(rows) - len(more) - len(less)
    said = [f"Skill matters more with {len(more)} of the {len(rows)} rules"
            + (f" ({'; '.join(more)})" if more else ""),
            f"less with {len(less)}" + (f" ({'; '.join(less)})" if less else ""),
            f"and this sample shows no change with the other {same}."]
    lines = [
        "## Does skill matter more or less?", "",
        f"For each rule: how often the planning bot beat the greedy bot in the base game "
        f"and with the rule ({games} seeds, each played twice with the seats swapped: "
        f"{2 * games} games a side), the difference in percentage points with its 95% "
        "interval (Newcombe's, from the two Wilson intervals), and the two-proportion "
        "z-test. A higher win rate means skill decides "
        "more of the games. The skill share, 2 x win rate - 1, reads the same number as "
        "the share of games the better player wins by skill if the rest were a coin toss "
        "(defined in [Simulation and balance](simulation.md#balance-metrics)). The "
        "greedy bot is a weak player, not a beginner's average: the numbers say which "
        "way a rule moves skill, not how much a family's players differ.", "",
        *summary(rows), "",
        "![Each house rule's change in how often the planning bot beats the greedy bot, "
        "with 95% intervals](balance/figures/skill.svg)", "",
        ", ".join(said[:2]) + ", " + said[2] + f" With {len(rows)} rules tested, about "
        f"{0.05 * len(rows):.1f} marks at p < 0.05 would come by chance alone if no rule "
        "changed anything: a mark with p near 0.05 is a hint, one with p < 0.001 a finding.",
        "",
    ]
    return lines, figure_svg(rows)
