"""The pathology sweep: CPU time per game over every built-in configuration.

A configuration is a built-in variant (as written, or with one of its options on), a
player count (the variant's minimum, middle and maximum; an open-ended variant stops at
the checker's player limit) and a bot in every seat (``random``, ``greedy`` and any other
registered bot).  Each is played to its end at the engine's default caps for ``--seeds``
seeds.  The table gives, per configuration, the median and the largest CPU time per game
and their ratio; a configuration is flagged when its slowest game is over ``--ratio``
times its median or over ``--slow`` seconds of CPU.  Slow games hide in the tails, which
a median over a few seeds never shows.

CPU time, not wall time: the figures hold on a shared machine.  It is the CPU time of the
thread that plays (``time.thread_time``; a game is played in this one thread), not the
process clock: the CPU limit below arms a process CPU timer, and while one is armed Linux
reads the process clock from the timer's own count, which lags by the running thread's
time since it was last counted (up to a scheduler tick, several ms).  On the project's
machine a game of a millisecond or two was read so as a few microseconds, and rows of such
games were flagged for max/median ratios they did not have (:func:`cpu_clock`).
Every game starts with the engine's caches empty and the heap collected, outside the
clock, so a game's figure is its own work.
A game over ``--limit`` CPU seconds is stopped and counted at the limit (shown ``>``).
``--digest`` adds a hash of each game's actions and final state, so two versions of the
engine can be shown to play the same games; ``--times`` each game's CPU seconds, so a
flagged row's slow seed can be found and replayed alone.

Run ``python -m benchmarks.sweep [--seeds N] [--variant NAME ...] [--bot NAME ...]``
(``--strict``: exit 1 when a configuration is flagged).  The whole sweep takes hours on a
busy machine, so it can be run in pieces: ``--list`` prints the configurations in the
sweep's order, numbered, and ``--from LABEL`` (or ``--from N``) with ``--count N`` runs
one stretch of that order, e.g. ``--from "contract+flat_scores 2p planner" --count 30``.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import hashlib
import signal
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_spec.bots import BOTS
from rummy_spec.engine.records import codec
from rummy_spec.engine.records.rules import compile_variant
from rummy_spec.interrupt import AtNextLine, time_limit
from rummy_spec.lang import load
from rummy_spec.lang.counts import OPEN_PLAYER_LIMIT
from rummy_spec.lang.data import builtin_specs
from rummy_spec.simulate import play_out

BASE_BOTS = ("random", "greedy", "planner")  # the order of the table; others follow


@dataclass(frozen=True)
class Config:
    variant: str
    option: str | None
    players: int
    bot: str

    @property
    def label(self) -> str:
        name = self.variant + (f"+{self.option}" if self.option else "")
        return f"{name} {self.players}p {self.bot}"


@dataclass
class Row:
    config: Config
    times: list[float]
    stopped: int  # games stopped at the CPU limit
    digests: list[str]

    @property
    def median(self) -> float:
        return statistics.median(self.times)

    @property
    def worst(self) -> float:
        return max(self.times)

    @property
    def ratio(self) -> float:
        return self.worst / max(self.median, 1e-6)


def player_counts(low: int, high: int | None) -> list[int]:
    """Minimum, middle and maximum, each once."""
    top = high if high is not None else max(OPEN_PLAYER_LIMIT, low)
    return sorted({low, (low + top) // 2, top})


def bot_names() -> list[str]:
    """The registered bots, the usual ones first."""
    return [b for b in BASE_BOTS if b in BOTS] + sorted(b for b in BOTS if b not in BASE_BOTS)


def configs(variants: Sequence[str], bots: Sequence[str],
            players: Sequence[int] | None = None,
            options: Sequence[str] | None = None) -> list[Config]:
    """Every configuration of these variants (``options``: only these, ``none`` for the
    variant as written; ``players``: only these of each minimum, middle and maximum)."""
    out: list[Config] = []
    for name in variants:
        v = load(name)
        for option in [None, *(o.name for o in v.options)]:
            if options and (option or "none") not in options:
                continue
            counts = player_counts(v.players.min, v.players.max)
            if players:
                counts = [p for p in counts if p in players]
            for n in counts:
                out += [Config(name, option, n, bot) for bot in bots]
    return out


class _OverLimit(Exception):
    pass


def cold_start() -> None:
    """Drop the compiled rules (and their memo of ways down, which clears itself in one go
    at 200,000 entries) and collect the heap: what runs next, here or in a process forked
    from here, starts with none of the answers found before and none of their garbage."""
    compile_variant.cache_clear()
    gc.collect()


def cpu_clock() -> float:
    """The CPU seconds of this thread, which plays the games.  Not ``time.process_time``:
    with the process CPU timer of :func:`cpu_limit` armed, the process clock is read from
    the timer's count, which misses the running thread's time since the last tick."""
    return time.thread_time()


@contextlib.contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """Raise _OverLimit inside the block once it has used ``seconds`` of CPU, at the next
    Python line (raised inside the compiled engine's arithmetic, it would abort the
    process: see rummy_spec.interrupt)."""
    stop = AtNextLine(_OverLimit)
    old = signal.signal(signal.SIGPROF, stop)
    try:
        with time_limit(stop, seconds):
            yield
    finally:
        signal.signal(signal.SIGPROF, old)


def stretch(chosen: Sequence[Config], start: str | None, count: int | None) -> list[Config]:
    """The configurations from ``start`` (a label, or a number from 1 as ``--list`` shows
    them) on, at most ``count`` of them.  Raises ValueError naming an unknown start."""
    first = 0
    if start is not None:
        labels = [c.label for c in chosen]
        if start.isdigit() and start not in labels:
            first = int(start) - 1
            if not 0 <= first < len(chosen):
                raise ValueError(f"--from {start}: there are {len(chosen)} configurations")
        elif start in labels:
            first = labels.index(start)
        else:
            raise ValueError(f"--from: no configuration '{start}' (--list shows them)")
    return list(chosen[first:first + count if count is not None else None])


def play(config: Config, seed: int, limit: float, digest: bool) -> tuple[float, bool, str]:
    """(CPU seconds, stopped at the limit, digest of the game or '')."""
    variant = load(config.variant, (config.option,) if config.option else ())
    # Each game starts cold, so no game pays for what the games before it left behind,
    # and a seed replayed alone takes the time it took in the sweep.
    cold_start()
    start = cpu_clock()
    try:
        with cpu_limit(limit):
            out = play_out(variant, config.players, seed, config.bot)
    except _OverLimit:
        return limit, True, "stopped"
    spent = cpu_clock() - start
    if not digest:
        return spent, False, ""
    game = out.game
    text = codec.dumps({"actions": [game.action_json(a) for a in game.history],
                        "final": game.state_json()})
    return spent, False, hashlib.sha256(text.encode()).hexdigest()[:16]


def run(configs_: Sequence[Config], seeds: int, limit: float, digest: bool,
        progress: bool = False, times: bool = False) -> list[Row]:
    rows: list[Row] = []
    for config in configs_:
        row = Row(config, [], 0, [])
        for seed in range(seeds):
            spent, stopped, mark = play(config, seed, limit, digest)
            row.times.append(spent)
            row.stopped += stopped
            row.digests.append(mark)
        rows.append(row)
        if progress:
            print(f"  {config.label}: median {row.median:.3f} s, max {row.worst:.3f} s"
                  + (f" ({row.stopped} stopped)" if row.stopped else "")
                  + (f" times {_times(row)}" if times else "")
                  + (f" [{' '.join(row.digests)}]" if digest else ""), file=sys.stderr,
                  flush=True)
    return rows


def _times(row: Row) -> str:
    """Each game's CPU seconds, seed by seed (a stopped game shown at the limit, ``>``),
    so the slow seed of a flagged row can be replayed and profiled on its own."""
    return " ".join(f"{'>' if d == 'stopped' else ''}{t:.2f}"
                    for t, d in zip(row.times, row.digests, strict=True))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.sweep",
                                     description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seeds", type=int, default=10, help="games per configuration (10)")
    parser.add_argument("--variant", action="append", help="only these variants")
    parser.add_argument("--bot", action="append", help="only these bots")
    parser.add_argument("--option", action="append",
                        help="only these options ('none': each variant as written)")
    parser.add_argument("--players", type=int, action="append",
                        help="only these player counts (of min/mid/max)")
    parser.add_argument("--from", dest="start", metavar="LABEL",
                        help="start at this configuration (its label, or its number in "
                             "--list)")
    parser.add_argument("--count", type=int, help="run at most this many configurations")
    parser.add_argument("--list", action="store_true",
                        help="print the configurations chosen, numbered, and stop")
    parser.add_argument("--limit", type=float, default=120.0,
                        help="CPU seconds after which a game is stopped (120)")
    parser.add_argument("--ratio", type=float, default=10.0,
                        help="flag a max over this many medians (10)")
    parser.add_argument("--slow", type=float, default=5.0,
                        help="flag a game over this many CPU seconds (5)")
    parser.add_argument("--digest", action="store_true",
                        help="print a hash of every game (actions and final state)")
    parser.add_argument("--times", action="store_true",
                        help="print every game's CPU seconds, seed by seed")
    parser.add_argument("--progress", action="store_true",
                        help="a line on stderr as each configuration is done")
    parser.add_argument("--strict", action="store_true",
                        help="exit 1 when a configuration is flagged")
    args = parser.parse_args(argv)
    if args.seeds < 1 or args.limit <= 0 or (args.count is not None and args.count < 1):
        parser.error("--seeds, --limit and --count must be positive")
    known = sorted(builtin_specs())
    unknown = [v for v in args.variant or () if v not in known]
    if unknown:
        parser.error(f"no built-in variant named '{unknown[0]}'")
    bots = bot_names()
    unknown = [b for b in args.bot or () if b not in bots]
    if unknown:
        parser.error(f"no bot named '{unknown[0]}' (known: {', '.join(bots)})")
    chosen = configs(args.variant or known, args.bot or bots, args.players, args.option)
    if not chosen:
        parser.error("no configuration left (--players keeps only min, middle and max; "
                     "--option only the variants' own options or 'none')")
    if args.list:
        for i, config in enumerate(chosen, 1):
            print(f"{i:4} {config.label}")
        return 0
    try:
        chosen = stretch(chosen, args.start, args.count)
    except ValueError as e:
        parser.error(str(e))
    rows = run(chosen, args.seeds, args.limit, args.digest, args.progress, args.times)

    print(f"CPU seconds per game over seeds 0..{args.seeds - 1} (this thread's CPU time), "
          f"engine default caps; flagged (!): max over {args.ratio:g}x the median or over "
          f"{args.slow:g} s")
    width = max((len(r.config.label) for r in rows), default=10)
    print(f"{'configuration':<{width}} {'median':>8} {'max':>9} {'max/med':>8}")
    flagged = 0
    for r in rows:
        bad = r.ratio > args.ratio or r.worst > args.slow
        flagged += bad
        worst = f"{'>' if r.stopped else ''}{r.worst:.3f}"
        print(f"{r.config.label:<{width}} {r.median:8.3f} {worst:>9} {r.ratio:8.1f}"
              f"{'  !' if bad else ''}")
        if args.times:
            print(f"  times: {_times(r)}")
        if args.digest:
            print(f"  digests: {' '.join(r.digests)}")
    every = [t for r in rows for t in r.times]
    if every:
        print(f"\n{len(rows)} configurations, {len(every)} games, {sum(every):.1f} CPU s; "
              f"largest max/median {max(r.ratio for r in rows):.1f}, slowest game "
              f"{max(every):.3f} s; flagged: {flagged}")
    return 1 if args.strict and flagged else 0


if __name__ == "__main__":
    raise SystemExit(main())
