"""The balance study's page (``docs/balance.md``) and its figures, from measured games.

Every number on the page is computed here from the games (:mod:`.study`); the reading
of each rule is assembled from those numbers, so the page cannot say more than they do.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import DEFAULT_BOT
from ..simulate import GameRecord
from .metrics import SHARE, SPREAD, Metric, metrics, p_value, text
from .stats import Z95, Difference, share_interval, variance
from .study import PLAYERS, Measured
from .study_skill import capped, changes, skill_section, skill_table_rows
from .study_skill import reading as skill_reading
from .study_skill import table_row as skill_row

WORDS = {  # the metrics by their position in metrics(), as the readings call them
    "first": 0, "length": 1, "spread": 2, "leads": 3, "decided": 4, "deficit": 5,
    "behind": 6, "points": 7,
}


@dataclass(frozen=True)
class Row(Difference):
    name: str
    base: Metric
    rule: Metric


def _se(m: Metric) -> float:
    n = len(m.values)
    return math.sqrt(variance(m.values) / n) if n > 1 else math.nan


def rows(base: Sequence[GameRecord], rule: Sequence[GameRecord]) -> list[Row]:
    """Each metric of the base and of the rule, their difference with its 95% interval
    (normal approximation), and the p-value of the metric's test."""
    out = []
    for a, b in zip(metrics(base), metrics(rule), strict=True):
        diff = b.estimate.value - a.estimate.value
        if a.kind == SPREAD:  # from the two intervals' half widths
            half = math.hypot(b.estimate.high - b.estimate.value,
                              a.estimate.high - a.estimate.value)
        else:
            half = Z95 * math.hypot(_se(a), _se(b))
        low, high = diff - half, diff + half
        if a.kind == SHARE:  # two shares differ by at most 1 either way
            low, high = max(-1.0, low), min(1.0, high)
        out.append(Row(a.name, a, b, diff=diff, low=low, high=high, p=p_value(a, b)))
    return out


def _whole(x: float) -> str:
    """A signed whole number, with no "-0"."""
    return f"{round(x):+d}" if round(x) else "0"


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _num(x: float, kind: str) -> str:
    if math.isnan(x):
        return "-"
    if kind == SHARE:  # percentage points
        return _whole(100 * x)
    return f"{x:+.2f}" if abs(x) < 10 else f"{x:+.1f}"


def table(rs: Sequence[Row], base: str, rule: str) -> list[str]:
    """The metrics of one rule against its base, as a Markdown table."""
    out = [f"| metric | {base} [95%] | {rule} [95%] | difference [95%] | p | test |",
           "|---|---|---|---|---|---|"]
    for r in rs:
        k = r.base.kind
        d = f"{_num(r.diff, k)} [{_num(r.low, k)}, {_num(r.high, k)}]" + (
            " points" if k == SHARE else "")
        p = ("-" if math.isnan(r.p) else ("< 0.001" if r.p < 0.001 else f"{r.p:.3f}")
             + (" **differs**" if r.differs else ""))
        out.append(f"| {r.name} | {text(r.base.estimate, k)} | {text(r.rule.estimate, k)} "
                   f"| {d} | {p} | {r.base.test} |")
    return out


def base_table(measured: Sequence[Measured], titles: dict[str, str]) -> list[str]:
    names = [titles[m.config.base] for m in measured]
    out = ["| metric | " + " | ".join(f"{n} [95%]" for n in names) + " |",
           "|---|" + "---|" * len(names)]
    columns = [metrics(m.games) for m in measured]
    for i, first in enumerate(columns[0]):
        out.append(f"| {first.name} | "
                   + " | ".join(text(c[i].estimate, c[i].kind) for c in columns) + " |")
    return out


def reading(rs: Sequence[Row], label: str, title: str, games: int) -> str:
    """One paragraph a family can use, from the numbers alone."""
    r = {w: rs[i] for w, i in WORDS.items()}

    def said(row: Row) -> str:
        p = "p < 0.001" if row.p < 0.001 else f"p = {row.p:.3f}"
        return (f"{p}, a difference this sample shows" if row.differs
                else f"p = {row.p:.2f}, within what chance alone gives at {games} games")

    length, first = r["length"], r["first"]
    change = round(abs(length.diff))
    more = ("about as long" if change == 0 else
            f"{change} turn{'s' * (change != 1)} {'longer' if length.diff > 0 else 'shorter'}")
    parts = [
        f"With the house rule \u201c{label}\u201d, a game of {title} at {PLAYERS} players took "
        f"{length.rule.estimate.value:.0f} turns on average instead of "
        f"{length.base.estimate.value:.0f}: {more} "
        f"(95% interval {_whole(length.low)} to {_whole(length.high)}; {said(length)}).",
        f"The player who plays first won {_pct(first.rule.estimate.value)} of games "
        f"against {_pct(first.base.estimate.value)} in the base game (a fair share is "
        f"{_pct(1 / PLAYERS)}; difference {_num(first.diff, SHARE)} points, 95% interval "
        f"{_num(first.low, SHARE)} to {_num(first.high, SHARE)}; {said(first)}).",
        f"The winner led for good from {_pct(r['decided'].rule.estimate.value)} of the way "
        f"through (base {_pct(r['decided'].base.estimate.value)}), came from behind in "
        f"{_pct(r['behind'].rule.estimate.value)} of games (base "
        f"{_pct(r['behind'].base.estimate.value)}), and the final totals ended "
        f"{r['points'].rule.estimate.value:.0f} points apart (base "
        f"{r['points'].base.estimate.value:.0f}).",
    ]
    differ = [row.name.split(" (")[0] for row in rs if row.differs]
    if differ:
        parts.append("Measures that differ (p < 0.05, each alone): " + ", ".join(differ)
                     + ".")
    else:
        parts.append(f"No measure differs at p < 0.05 with {games} games a side: if the rule "
                     "changes any of them, it changes it by less than these intervals "
                     "can show.")
    return " ".join(parts)


def figure_svg(title: str, base: Sequence[GameRecord], rule: Sequence[GameRecord],
               names: tuple[str, str]) -> str:
    """Two stacked panels, base against rule: turns per game, and the win share of each
    place in the turn order (1 plays first) with 95% intervals."""
    import io

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "rummy-spec"
    fig, (length, seats) = plt.subplots(2, 1, figsize=(4.6, 6.4))
    length.boxplot([[g.turns for g in base], [g.turns for g in rule]], widths=0.5,
                   medianprops={"color": "#b5542c"})
    length.set_xticks([1, 2], list(names), fontsize=9)
    length.set_ylabel("turns per game")
    length.set_title("Game length", fontsize=10)
    for k, (games, colour) in enumerate(((base, "#4a7bd0"), (rule, "#7aa35a"))):
        wins = [0.0] * PLAYERS
        for g in games:
            for w in g.winners:
                wins[(w - g.first) % PLAYERS] += 1 / len(g.winners)
        decided = sum(1 for g in games if g.winners)
        est = [share_interval(w, decided) for w in wins]
        xs = [i + 1 + (k - 0.5) * 0.35 for i in range(PLAYERS)]
        seats.bar(xs, [e.value for e in est], width=0.35, color=colour, label=names[k],
                  yerr=[[e.value - e.low for e in est], [e.high - e.value for e in est]],
                  capsize=3)
    seats.axhline(1 / PLAYERS, color="#555", linestyle="--", linewidth=1)
    seats.set_xticks(range(1, PLAYERS + 1))
    seats.set_xlabel("place in the turn order (1 plays first)")
    seats.set_ylabel("win share (95% interval)")
    seats.set_ylim(0, 1)
    seats.legend(fontsize=8)
    seats.set_title("Who wins", fontsize=10)
    fig.suptitle(title, fontsize=10)
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None})
    plt.close(fig)
    return out.getvalue()



def _ends(measured: Sequence[Measured], skills: Sequence[Measured]) -> str:
    """Whether every game ended by the rules: a round stopped at the turn cap is the
    bots' failure, and the page says so rather than show it as the game."""
    plain = sum(capped(m.games) for m in measured)
    mixed = sum(capped(m.games) for m in skills)
    n = sum(len(m.games) for m in measured)
    k = sum(len(m.games) for m in skills)
    if not plain and not mixed:
        return (f"Every one of the {n + k} games ended by the rules: no round was stopped "
                "at the turn cap, so every figure here is from games as they are played.")
    said = (f"{plain} of the {n} games of planning bots had a round stopped at the turn "
            "cap (the bots could not finish it): read the figures of those configurations "
            "with that in mind. " if plain else
            f"Every one of the {n} games of planning bots ended by the rules: no round was "
            "stopped at the turn cap. ")
    return said + (f"Of the {k} skill games, {mixed} had a round stopped at the turn cap, "
                   "where the bots could not finish it: they are left out of the skill "
                   "figures, and each rule's reading says how many." if mixed else
                   f"Nor did any of the {k} skill games.")


def _where(measured: Sequence[Measured]) -> str:
    places = sorted({m.workers for m in measured})
    return " and ".join(places)


def render_page(measured: Sequence[Measured], skills: Sequence[Measured], games: int, seed: int,
                speed: dict[str, Any] | None, root: Path) -> tuple[str, dict[Path, str]]:
    """The page's Markdown and its figures (path: SVG text), from the measured games."""
    from ..lang import builtin_library

    lib = builtin_library()
    titles = {b: lib.resolve(b)[0].title for b in {m.config.base for m in measured}}
    bases = {m.config.base: m for m in measured if m.config.rule is None}
    rules = [m for m in measured if m.config.rule is not None]
    total = sum(m.seconds for m in measured)
    skill_bases = {m.config.base: m for m in skills if m.config.rule is None}
    skill_rules = [m for m in skills if m.config.rule is not None]
    if [m.config.key for m in skill_rules] != [m.config.key for m in rules]:
        raise ValueError("the skill games are not of the same configurations")
    moved = changes(skill_bases, skill_rules)
    last = seed + games - 1
    out = [
        "# What house rules change: a balance study of the contract family", "",
        "<!-- generated by `rummy-spec balance`: edit rummy_spec/analysis/study*.py, not "
        "this file -->", "",
        f"Continental, Liverpool and Contract Rummy at {PLAYERS} players, each against the "
        f"house rules below, measured in the same seeded games (seeds {seed} to {last}, "
        f"{games} games per configuration) of `{DEFAULT_BOT}` bots in every seat. Every "
        "number here is computed from those games by `rummy-spec balance`, which wrote "
        "this page; none was typed. A turn is one player's draw, melds and discard. "
        "The measures are defined in "
        "[Simulation and balance](simulation.md#balance-metrics); each has its 95% "
        "interval, and each rule's difference from its base is tested with the test named "
        "in its row. A difference is marked where p < 0.05 for that measure alone: with "
        f"nine measures and {len(rules)} rules, a few such marks are expected by chance, "
        "so treat a lone mark with care.", "",
        "How much skill matters is measured in games of their own: the planning bot "
        "against the greedy bot, two seats each, every seed played twice with the seats "
        f"swapped ({2 * games} games per configuration; see [the skill ladder](ladder.md)). "
        "In the other games the bots decide alike, so what differs between seats is the "
        "cards and the order of play. What this does not measure: how people, rather "
        "than bots, would play.", "",
        "## How it was made", "",
        "```", "rummy-spec balance --games "
        f"{games} --seed {seed} --workers 2", "```", "",
        f"The games were played on {_where(measured)}: {total:.0f} seconds of wall time for "
        f"all {len(measured)} configurations ({len(measured) * games} games) on this "
        "project's shared two-core machine, while other work ran on it, so the times are "
        "a rough guide. The games are cached in `docs/balance/data`, one file per "
        "configuration named by a hash of the spec texts it was played from and the "
        "settings, so the page is rebuilt without replaying anything until a rule "
        "changes. `--ray ADDRESS` plays the same games on a Ray cluster, with the same "
        f"results. The skill games ({len(skills)} configurations x {2 * games} games) "
        f"took {sum(m.seconds for m in skills):.0f} seconds more, on "
        f"{_where(skills)}, cached in `docs/balance/data/skill`.", "",
        _ends(measured, skills), "",
    ]
    if speed:
        ratio = speed["one"] / speed["two"] if speed["two"] else math.nan
        out += [f"Speed-up with two workers: {speed['games']} games of `{speed['config']}` "
                f"took {speed['one']:.1f} s on one process and {speed['two']:.1f} s on two "
                f"(`--speedup {speed['games']}`): {ratio:.2f} times as fast."
                + (" That is more than two cores can give alone: the machine was shared, "
                   "and two processes get two shares of it, so read the ratio as a rough "
                   "guide (on an idle two-core machine expect at most 2)." if ratio > 2
                   else ""), ""]
    out += ["## The base games", "", *base_table(list(bases.values()), titles),
            *skill_table_rows([skill_bases[b] for b in bases]), "",
            "## Every rule at a glance", "",
            "Game length and the first player's win share with each rule, against its "
            "base game; the last column lists every measure that differs (p < 0.05). "
            "Each rule's section below has all the measures.", "",
            "| game | house rule | turns per game: base, rule (difference [95%]) "
            "| first player wins: base, rule (difference [95%]) | differs |",
            "|---|---|---|---|---|"]
    for m in rules:
        rule = m.config.rule
        assert rule is not None
        rs = rows(bases[rule.base].games, m.games)
        length, first = rs[WORDS["length"]], rs[WORDS["first"]]
        differ = ", ".join(r.name.split(" (")[0] for r in rs if r.differs) or "none"
        out.append(f"| {titles[rule.base]} | {rule.label} | "
                   f"{length.base.estimate.value:.0f}, {length.rule.estimate.value:.0f} "
                   f"({_whole(length.diff)} [{_whole(length.low)}, {_whole(length.high)}]) | "
                   f"{_pct(first.base.estimate.value)}, {_pct(first.rule.estimate.value)} "
                   f"({_num(first.diff, SHARE)} [{_num(first.low, SHARE)}, "
                   f"{_num(first.high, SHARE)}] points) | {differ} |")
    out.append("")
    figures: dict[Path, str] = {}
    named = [(titles[m.config.rule.base], m.config.rule.label, c)
             for m, c in zip(rules, moved, strict=True) if m.config.rule is not None]
    section, skill_svg = skill_section(named, games)
    out += section
    figures[root / "docs" / "balance" / "figures" / "skill.svg"] = skill_svg
    for m, change in zip(rules, moved, strict=True):
        rule = m.config.rule
        assert rule is not None
        base = bases[rule.base]
        title = titles[rule.base]
        rs = rows(base.games, m.games)
        stated = (f"the option `{' '.join(rule.options)}` of `{rule.base}`" if rule.options
                  else f"`{rule.house}` in `docs/balance/house.rummy` (extends "
                       f"`{rule.base}`)")
        svg_name = f"balance/figures/{rule.key}.svg"
        figures[root / "docs" / svg_name] = figure_svg(
            f"{title}: {rule.label}", base.games, m.games, ("base", "house rule"))
        out += [f"## {title}: {rule.label}", "",
                f"Source: {rule.source}. Stated as {stated}.", "",
                *table(rs, "base", "house rule"), skill_row(change), "",
                f"![{title}, base game against the house rule: game length and who wins]"
                f"({svg_name})", "",
                reading(rs, rule.label, title, games), "", skill_reading(change), ""]
    return "\n".join(out).rstrip() + "\n", figures
