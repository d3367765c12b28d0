"""The four balance plots, as PNG and SVG: matplotlib (the ``analysis`` extra), imported
only here and only when a plot is asked for.

* ``scores``: the distribution of final totals (every seat of every game);
* ``round-length``: mean turns per round number, with 95% intervals;
* ``seat-wins``: win rate by seat, with 95% (Wilson) intervals and the fair 1/n line;
* ``rounds-made``: the share of players who went down (made the contract) per round.

Each function takes one or two labelled sets of games, so the same code draws a variant
alone (``analyze``) and two side by side (``compare``).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..simulate import GameRecord
from .figures import round_numbers, seat_rates
from .stats import mean_interval, share_interval

PLOTS = ("scores", "round-length", "seat-wins", "rounds-made")
Labelled = Sequence[tuple[str, Sequence[GameRecord]]]


class PlotsUnavailable(RuntimeError):
    """matplotlib is not installed."""


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise PlotsUnavailable("--plots needs matplotlib: pip install "
                               "'rummy-spec[analysis]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def write_plots(sets: Labelled, folder: Path, title: str) -> list[Path]:
    """Draw the four plots of ``sets`` into ``folder``; the files written, in order."""
    plt = _pyplot()
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    for name, draw in (("scores", _scores), ("round-length", _round_length),
                       ("seat-wins", _seat_wins), ("rounds-made", _rounds_made)):
        fig, ax = plt.subplots(figsize=(7, 4.2))
        draw(ax, sets)
        ax.set_title(f"{title}: {ax.get_title()}")
        if len(sets) > 1 or name != "scores":
            ax.legend(fontsize="small")
        fig.tight_layout()
        for ext in ("png", "svg"):
            path = folder / f"{name}.{ext}"
            tmp = folder / f".{name}.part.{ext}"
            try:
                fig.savefig(tmp, format=ext, dpi=110)
                tmp.replace(path)
            finally:
                tmp.unlink(missing_ok=True)
            written.append(path)
        plt.close(fig)
    return written


def _offsets(count: int) -> list[float]:
    width = 0.8 / count
    return [(i - (count - 1) / 2) * width for i in range(count)]


def _scores(ax: Any, sets: Labelled) -> None:
    totals = [[t for g in games for t in g.totals] for _, games in sets]
    ax.hist(totals, bins=20, label=[label for label, _ in sets], alpha=0.8)
    ax.set_xlabel("final total")
    ax.set_ylabel("players")
    ax.set_title("score distribution")


def _round_length(ax: Any, sets: Labelled) -> None:
    for (label, games), dx in zip(sets, _offsets(len(sets)), strict=True):
        xs, ys, err = [], [], []
        for k in round_numbers(games):
            e = mean_interval([r.turns for g in games for r in g.rounds if r.round == k])
            xs.append(k + dx)
            ys.append(e.value)
            err.append(e.value - e.low)
        ax.errorbar(xs, ys, yerr=err, fmt="o-", capsize=3, label=label)
    ax.set_xlabel("round")
    ax.set_ylabel("turns (mean, 95% interval)")
    ax.set_title("round length per round")


def _seat_wins(ax: Any, sets: Labelled) -> None:
    players = 0
    offsets = _offsets(len(sets))
    for (label, games), dx in zip(sets, offsets, strict=True):
        rates = seat_rates(games)
        players = max(players, len(rates))
        ax.bar([i + dx for i in range(len(rates))], [r.value for r in rates],
               width=0.8 / len(sets),
               yerr=[[r.value - r.low for r in rates], [r.high - r.value for r in rates]],
               capsize=3, label=label)
    if players:
        ax.axhline(1 / players, color="grey", linestyle="--", linewidth=1, label="1/n")
    ax.set_xticks(range(players), [str(i + 1) for i in range(players)])
    ax.set_xlabel("seat (1 plays first)")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title("win rate by seat")


def _rounds_made(ax: Any, sets: Labelled) -> None:
    for (label, games), dx in zip(sets, _offsets(len(sets)), strict=True):
        xs, ys, err_low, err_high = [], [], [], []
        for k in round_numbers(games):
            rounds = [r for g in games for r in g.rounds if r.round == k]
            seats = sum(g.players for g in games for r in g.rounds if r.round == k)
            e = share_interval(sum(r.went_down for r in rounds), seats)
            xs.append(k + dx)
            ys.append(e.value)
            err_low.append(e.value - e.low)
            err_high.append(e.high - e.value)
        ax.errorbar(xs, ys, yerr=[err_low, err_high], fmt="s-", capsize=3, label=label)
    ax.set_ylim(0, 1.05)
    ax.set_xlabel("round")
    ax.set_ylabel("players who went down (share)")
    ax.set_title("rounds made per round")
