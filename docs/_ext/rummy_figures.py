"""The figures of the rulebook pages, made at docs build time and cached by spec hash.

For every built-in variant: one SVG of three panels from seeded bot games
(:func:`rummy_spec.rulebook.plays.how_it_plays`, the default bot): the spread of final
scores, the turns each round took, and each seat's win rate with its 95% interval; and the
turn diagram (:func:`rummy_spec.rulebook.diagram.turn_svg`).  The panels are stacked in
one column, so the figure stays readable on a phone's width.  No figure is drawn from
games in which a round did not end by the rules of play (stopped at the turn cap, or with
no card left): :func:`undrawn_text` says what happened instead, and the build warns (so
``make docs``, which runs with ``-W``, fails).

The games are what costs: their results are kept under ``docs/_build/figure-cache``, keyed
by a hash of the variant's spec texts (its own and its ancestors'), the settings, and the
code that plays and draws them, so a rebuild plays only variants whose rules or engine
changed.  Misses are played on two processes.  ``RUMMY_DOCS_PLAYS="GAMES,BUDGET"``
overrides the number of games and the move budget per variant (the docs tests use a small
one); the settings are part of the key.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import rummy_spec
from rummy_spec.engine.records.rules import TURN_CAP
from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang import model as m
from rummy_spec.rulebook.plays import Plays, how_it_plays, wilson

GAMES, BUDGET = 40, 40_000
SEED = 0
PACKAGE = Path(rummy_spec.__file__).resolve().parent
# the code whose change changes the games (the drawing is redone at every build)
CODE = [*sorted((PACKAGE / "engine").rglob("*.py")), *sorted((PACKAGE / "bots").rglob("*.py")),
        PACKAGE / "simulate.py", PACKAGE / "rulebook" / "plays.py"]


def settings() -> tuple[int, int]:
    text = os.environ.get("RUMMY_DOCS_PLAYS", "")
    if not text:
        return GAMES, BUDGET
    try:
        games, budget = (int(x) for x in text.split(","))
    except ValueError:
        raise ValueError(f"RUMMY_DOCS_PLAYS={text!r}: expected GAMES,BUDGET, e.g. 4,2000") \
            from None
    return games, budget


def table_size(v: m.Variant) -> int:
    """The player count the figures are played at: four, or the nearest allowed."""
    high = v.players.max if v.players.max is not None else 4
    return min(max(v.players.min, 4), high)


def cache_key(lib: Library, name: str, games: int, budget: int) -> str:
    digest = hashlib.sha256()
    chain: str | None = name
    while chain is not None and chain in lib.decls:
        digest.update(lib.sources.get(lib.decls[chain].path, "").encode())
        chain = lib.decls[chain].parent
    digest.update(f"{games},{budget},{SEED},{rummy_spec.__version__}".encode())
    for path in CODE:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:20]


def _play(name: str, games: int, budget: int) -> dict[str, object]:
    variant, _ = builtin_library().resolve(name)
    return how_it_plays(variant, table_size(variant), games, SEED, budget=budget).to_json()


def plays_for(lib: Library, names: Iterable[str], cache: Path) -> dict[str, Plays]:
    """Each variant's games, from the cache or played now (on two processes)."""
    games, budget = settings()
    cache.mkdir(parents=True, exist_ok=True)
    found: dict[str, Plays] = {}
    missing: dict[str, Path] = {}
    for name in names:
        path = cache / f"{name}-{cache_key(lib, name, games, budget)}.json"
        if path.exists():
            found[name] = Plays.from_json(json.loads(path.read_text(encoding="utf-8")))
        else:
            missing[name] = path
    if missing:
        with ProcessPoolExecutor(max_workers=min(2, os.cpu_count() or 1)) as pool:
            jobs = {name: pool.submit(_play, name, games, budget) for name in missing}
            for name, job in jobs.items():
                data = job.result()
                found[name] = Plays.from_json(data)
                temp = missing[name].with_suffix(".tmp")
                temp.write_text(json.dumps(data), encoding="utf-8")
                temp.replace(missing[name])
    return found


class UndrawnFigure(ValueError):
    """A figure asked of games in which a round did not end by the rules of play."""


def undrawn_text(plays: Plays) -> str:
    """What happened in games no figure may be drawn from, in words."""
    parts = []
    if plays.capped:
        parts.append(f"{plays.capped} round{'s' * (plays.capped != 1)} stopped at the "
                     f"bots' turn cap of {TURN_CAP} turns")
    if plays.stopped:
        parts.append(f"{plays.stopped} round{'s' * (plays.stopped != 1)} abandoned with "
                     "no card left to draw")
    if plays.unfinished and not parts:
        parts.append(f"{plays.unfinished} game{'s' * (plays.unfinished != 1)} stopped "
                     "by the engine's caps")
    return (f"No figure of play is shown: in {plays.games} seeded games of "
            f"{plays.players} {plays.bot} bots, {' and '.join(parts)}, so those games "
            "show the bots' limits, not how the game plays.")


def plays_svg(title: str, plays: Plays) -> str:
    """Three panels, one above another: final scores, turns per round, win rate by seat
    with intervals.  Refused (:class:`UndrawnFigure`) unless every round ended in play."""
    import io

    if not plays.drawable:
        raise UndrawnFigure(undrawn_text(plays))

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    matplotlib.rcParams["svg.hashsalt"] = "rummy-spec"  # the same figure, the same file
    # one column 4.6 inches wide: on a 390-pixel phone the text stays near its set size
    fig, (scores, rounds, seats) = plt.subplots(3, 1, figsize=(4.6, 9.6))
    totals = [t for game in plays.finals for t in game]
    scores.hist(totals, bins=min(15, max(5, len(totals) // 4)), color="#4a7bd0",
                edgecolor="white")
    scores.set_title("Final scores (every seat)", fontsize=10)
    scores.set_xlabel("points at the end of the game")
    scores.set_ylabel("players")
    shown = [list(t) for t in plays.turns_by_round[:15] if t]
    if shown:
        rounds.boxplot(shown, positions=range(1, len(shown) + 1), widths=0.6,
                       medianprops={"color": "#b5542c"})
        rounds.set_xticks(range(1, len(shown) + 1))
        rounds.tick_params(axis="x", labelsize=8)
    rounds.set_title("Turns per round", fontsize=10)
    rounds.set_xlabel("round (hand) number")
    rounds.set_ylabel("turns")
    rates = [w / max(1, plays.games) for w in plays.wins]
    spans = [wilson(w, plays.games) for w in plays.wins]
    low = [r - s[0] for r, s in zip(rates, spans, strict=True)]
    high = [s[1] - r for r, s in zip(rates, spans, strict=True)]
    seat_names = [str(i + 1) for i in range(plays.players)]
    seats.bar(seat_names, rates, color="#7aa35a", yerr=[low, high], capsize=4)
    seats.axhline(1 / plays.players, color="#555", linestyle="--", linewidth=1)
    seats.set_ylim(0, 1)
    seats.set_title("Win rate by seat (95% interval)", fontsize=10)
    seats.set_xlabel("seat, in seating order")
    fig.suptitle(f"{title}:\n{plays.games} games of {plays.players} {plays.bot} bots",
                 fontsize=11)
    fig.tight_layout()
    out = io.StringIO()
    fig.savefig(out, format="svg", metadata={"Date": None})
    plt.close(fig)
    return out.getvalue()


def alt_text(title: str, plays: Plays) -> str:
    """The figure in words, for readers who cannot see it."""
    totals = sorted(t for game in plays.finals for t in game)
    middle = totals[len(totals) // 2] if totals else 0
    rounds = [sorted(t)[len(t) // 2] for t in plays.turns_by_round if t]
    rates = ", ".join(f"seat {i + 1} {w / max(1, plays.games):.0%}"
                      for i, w in enumerate(plays.wins))
    return (f"{title}, {plays.games} bot games: median final score {middle}; median turns "
            f"per round {min(rounds, default=0)} to {max(rounds, default=0)}; win rates "
            f"{rates}.")
