"""The race: rummy-spec's interpreter against two hand-written gin rummy engines.

Under uniformly random legal play, in one process and one run, with the same hand count
and the same seeds for every engine:

* **rummy-spec** plays the profile variants (``gin_openspiel`` and ``gin_rlcard`` by
  default: the rules each peer implements, stated in ``spec/``) through
  :class:`~rummy_spec.engine.game.Game`: ``legal_actions`` then ``apply``;
* **OpenSpiel** (``pyspiel``, C++ core): its ``gin_rummy`` game, chance nodes (the deal and
  every stock draw) answered with a uniformly chosen outcome;
* **OpenSpiel's C++ loop**: the same game played to its end inside C++ by
  ``pyspiel.evaluate_bots`` with two uniform random bots (``make_uniform_random_bot``),
  chance nodes sampled by OpenSpiel itself: no Python between moves, so its decisions
  are not counted (shown ``-``);
* **RLCard** (pure Python): its raw game loop, ``judge.get_legal_actions`` then ``step``.

Hand *i* of every engine is dealt from seed *i* and its choices drawn from
``random.Random(i)``.  A hand is complete when the engine scores it (a knock, gin, or a
hand ended by the low stock).  Hands run in interleaved chunks (each engine plays the
next chunk of hands in turn), so a change of machine load touches all engines alike.

Reported: complete hands per second and decisions per second (a player's choice; chance
nodes are not decisions), wall clock and CPU time; the median cost of cloning a mid-hand
state; the memory one clone takes (resident memory grown by holding many clones of one
state).  Ratios are rummy-spec's figure over the peer's; the goal is judged on the first
variant (``gin_openspiel``) against RLCard.

With ``--compiled DIR`` rummy-spec also races from a second build: a checkout whose
engine is compiled (``make wheel-compiled`` leaves one in /tmp/rummy-spec-compiled).  That
form plays in a child interpreter run from DIR, one chunk at a time in the same
interleaved turns, and reports the CPU time it spent itself; the rest of the table is
this process.  Each rummy-spec row names its build (pure or compiled).

Run ``python -m benchmarks.peers [--hands N] [--chunk N] [--variant NAME ...]
[--compiled DIR]`` or ``rummy-spec bench peers``.  The peers are the optional extra ``peers``
(``pip install -e '.[peers]'``).
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the checkout importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rummy_spec.engine.game import Game
from rummy_spec.lang import load
from rummy_spec.lang.errors import SpecError
from rummy_spec.lang.library import LookupFailure

GOAL_VS_RLCARD = 1.0  # rummy-spec's hands/s over RLCard's
GOAL_VS_LOOP = 2.0  # the compiled build's CPU hands/s over OpenSpiel's C++ loop's


@dataclass
class Tally:
    hands: int = 0
    decisions: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    clone_us: float = 0.0
    bytes_per_state: float = 0.0
    ends: dict[str, int] = field(default_factory=dict)

    def rate(self, n: int, cpu: bool = False) -> float:
        spent = self.cpu if cpu else self.wall
        return n / spent if spent else 0.0


# Each engine is three functions: play hands [lo, hi) (returning decisions and how each
# hand ended), a mid-hand state for seed i, and a clone of such a state.
class Engine:
    name = ""
    counts_decisions = True  # False: the loop runs where its moves cannot be counted
    own_states = True  # False: its states are another engine's (no clone figures)
    own_cpu: float | None = None  # CPU seconds of the last play, when not this process's

    def play(self, lo: int, hi: int, tally: Tally) -> int:
        raise NotImplementedError

    def midhand(self, seed: int, steps: int) -> Any:
        raise NotImplementedError

    def clone(self, state: Any) -> Any:
        raise NotImplementedError


class RummySpec(Engine):
    def __init__(self, variant_name: str) -> None:
        from benchmarks.build import form

        self.variant = load(variant_name)
        build = "compiled" if form().startswith("compiled") else "pure"
        self.name = f"rummy-spec {build} ({variant_name})"

    def _hand(self, seed: int) -> Game:
        return Game(self.variant, 2, seed)

    def play(self, lo: int, hi: int, tally: Tally) -> int:
        decisions = 0
        for i in range(lo, hi):
            game = self._hand(i)
            rng = random.Random(i)
            state = game.state
            while not (state.game.results or state.over):  # one hand: until it is scored
                actions = game.legal_actions()
                game.apply(actions[rng.randrange(len(actions))])
                decisions += 1
                state = game.state
            end = state.game.results[0].ending if state.game.results else "none"
            tally.ends[end] = tally.ends.get(end, 0) + 1
        return decisions

    def midhand(self, seed: int, steps: int) -> Any:
        game = self._hand(seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.state.game.results or game.over:
                break
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
        return game.state

    def clone(self, state: Any) -> Any:
        return state.clone()


class OpenSpiel(Engine):
    name = "OpenSpiel (pyspiel)"

    def __init__(self) -> None:
        import pyspiel

        self.game = pyspiel.load_game("gin_rummy")

    def _advance(self, state: Any, rng: random.Random, limit: int | None) -> int:
        decisions = 0
        while not state.is_terminal() and (limit is None or decisions < limit):
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                actions = state.legal_actions()
                state.apply_action(actions[rng.randrange(len(actions))])
                decisions += 1
        return decisions

    def play(self, lo: int, hi: int, tally: Tally) -> int:
        decisions = 0
        for i in range(lo, hi):
            state = self.game.new_initial_state()
            decisions += self._advance(state, random.Random(i), None)
            returns = state.returns()
            end = "scored" if returns[0] else "no score"
            tally.ends[end] = tally.ends.get(end, 0) + 1
        return decisions

    def midhand(self, seed: int, steps: int) -> Any:
        state = self.game.new_initial_state()
        self._advance(state, random.Random(seed), steps)
        return state

    def clone(self, state: Any) -> Any:
        return state.clone()


class OpenSpielLoop(OpenSpiel):
    name = "OpenSpiel (C++ loop)"
    counts_decisions = False
    own_states = False

    def play(self, lo: int, hi: int, tally: Tally) -> int:
        import pyspiel

        for i in range(lo, hi):
            bots = [pyspiel.make_uniform_random_bot(p, 2 * i + p) for p in (0, 1)]
            returns = pyspiel.evaluate_bots(self.game.new_initial_state(), bots, i)
            end = "scored" if returns[0] else "no score"
            tally.ends[end] = tally.ends.get(end, 0) + 1
        return 0


class Compiled(Engine):
    """rummy-spec from another build (``--compiled DIR``), in a child interpreter that
    plays each chunk on request and reports its own CPU time."""

    def __init__(self, variant_name: str, folder: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(folder)}
        self.child = subprocess.Popen(
            [sys.executable, "-m", "benchmarks.peers", "--serve", variant_name],
            cwd=folder, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.name = self._ask(["name"])["name"]
        self.clone_us, self.bytes_per_state = 0.0, 0.0

    def _ask(self, words: list[object]) -> dict[str, Any]:
        assert self.child.stdin is not None and self.child.stdout is not None
        self.child.stdin.write(" ".join(map(str, words)) + "\n")
        self.child.stdin.flush()
        line = self.child.stdout.readline()
        if not line:
            raise RuntimeError("the compiled build's child stopped")
        reply: dict[str, Any] = json.loads(line)
        return reply

    def play(self, lo: int, hi: int, tally: Tally) -> int:
        got = self._ask(["play", lo, hi])
        for end, n in got["ends"].items():
            tally.ends[end] = tally.ends.get(end, 0) + n
        self.own_cpu = float(got["cpu"])
        return int(got["decisions"])

    def measure(self, tally: Tally, samples: int, copies: int) -> None:
        got = self._ask(["states", samples, copies])
        tally.clone_us, tally.bytes_per_state = got["clone_us"], got["bytes_per_state"]

    def close(self) -> None:
        assert self.child.stdin is not None
        self.child.stdin.close()
        self.child.wait(timeout=60)


def serve(variant_name: str) -> int:
    """The child side of :class:`Compiled`: one JSON line per request line."""
    engine = RummySpec(variant_name)
    for line in sys.stdin:
        words = line.split()
        if words == ["name"]:
            reply: dict[str, Any] = {"name": engine.name}
        elif words[:1] == ["play"]:
            tally = Tally()
            c = time.process_time()
            decisions = engine.play(int(words[1]), int(words[2]), tally)
            reply = {"decisions": decisions, "cpu": time.process_time() - c,
                     "ends": tally.ends}
        elif words[:1] == ["states"]:
            tally = Tally()
            measure_states(engine, tally, int(words[1]), int(words[2]))
            reply = {"clone_us": tally.clone_us, "bytes_per_state": tally.bytes_per_state}
        else:
            reply = {"error": f"unknown request {line.strip()!r}"}
        print(json.dumps(reply), flush=True)
    return 0


class RLCard(Engine):
    name = "RLCard (raw game)"

    def __init__(self) -> None:
        from rlcard.games.gin_rummy.game import GinRummyGame

        self.game = GinRummyGame()

    def _deal(self, seed: int) -> Any:
        import numpy

        self.game.np_random = numpy.random.RandomState(seed)
        self.game.init_game()
        return self.game

    def play(self, lo: int, hi: int, tally: Tally) -> int:
        decisions = 0
        for i in range(lo, hi):
            game = self._deal(i)
            rng = random.Random(i)
            judge = game.judge
            while not game.is_over():
                actions = judge.get_legal_actions()
                game.step(actions[rng.randrange(len(actions))])
                decisions += 1
            ending = [type(a).__name__ for a in game.actions
                      if type(a).__name__ in ("KnockAction", "GinAction", "DeclareDeadHandAction")]
            end = ending[-1] if ending else "none"
            tally.ends[end] = tally.ends.get(end, 0) + 1
        return decisions

    def midhand(self, seed: int, steps: int) -> Any:
        game = self._deal(seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if game.is_over():
                break
            actions = game.judge.get_legal_actions()
            game.step(actions[rng.randrange(len(actions))])
        return copy.deepcopy(game)

    def clone(self, state: Any) -> Any:
        return copy.deepcopy(state)


def _resident_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def measure_states(engine: Engine, tally: Tally, samples: int, copies: int) -> None:
    """Median clone time over mid-hand states; memory per clone of one state."""
    times = []
    for seed in range(samples):
        state = engine.midhand(seed, 30)
        start = time.perf_counter()
        for _ in range(20):
            engine.clone(state)
        times.append((time.perf_counter() - start) / 20)
    tally.clone_us = statistics.median(times) * 1e6
    if not os.path.exists("/proc/self/statm"):
        return
    state = engine.midhand(samples, 30)
    gc.collect()
    before = _resident_bytes()
    held = [engine.clone(state) for _ in range(copies)]
    tally.bytes_per_state = (_resident_bytes() - before) / len(held)
    del held
    gc.collect()


def race(engines: list[Engine], hands: int, chunk: int) -> dict[str, Tally]:
    tallies = {e.name: Tally() for e in engines}
    for lo in range(0, hands, chunk):
        hi = min(hands, lo + chunk)
        for e in engines:
            t = tallies[e.name]
            w, c = time.perf_counter(), time.process_time()
            t.decisions += e.play(lo, hi, t)
            t.wall += time.perf_counter() - w
            t.cpu += e.own_cpu if e.own_cpu is not None else time.process_time() - c
            t.hands += hi - lo
    return tallies


def _peers(missing: list[str]) -> list[Engine]:
    out: list[Engine] = []
    for module, makers in (("pyspiel", (OpenSpiel, OpenSpielLoop)), ("rlcard", (RLCard,))):
        if importlib.util.find_spec(module) is None:
            missing.append(module)
        else:
            out += [make() for make in makers]
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="benchmarks.peers", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=1000, help="hands per engine")
    parser.add_argument("--chunk", type=int, default=50, help="hands per turn of the race")
    parser.add_argument("--variant", action="append",
                        help="rummy-spec's variant, repeatable (a built-in name or a .rummy "
                             "path; default: gin_openspiel and gin_rlcard)")
    parser.add_argument("--states", type=int, default=50,
                        help="mid-hand states for the clone cost")
    parser.add_argument("--copies", type=int, default=2000,
                        help="clones held to measure memory per state")
    parser.add_argument("--compiled", metavar="DIR", type=Path,
                        help="also race rummy-spec from this checkout's compiled build")
    parser.add_argument("--serve", metavar="VARIANT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        return serve(args.serve)
    if args.compiled is not None and not (args.compiled / "benchmarks" / "peers.py").is_file():
        print(f"benchmarks.peers: --compiled {args.compiled}: not a checkout of rummy-spec "
              "(make wheel-compiled makes one)", file=sys.stderr)
        return 2
    if args.hands < 1 or args.chunk < 1 or args.states < 1 or args.copies < 1:
        print("benchmarks.peers: --hands, --chunk, --states and --copies must be at least 1",
              file=sys.stderr)
        return 2
    try:
        mine: list[Engine] = [RummySpec(name)
                              for name in args.variant or ["gin_openspiel", "gin_rlcard"]]
    except (SpecError, LookupFailure) as err:
        print(f"benchmarks.peers: {err}", file=sys.stderr)
        return 2
    compiled: list[Compiled] = []
    if args.compiled is not None:
        compiled = [Compiled(name, args.compiled.resolve())
                    for name in args.variant or ["gin_openspiel", "gin_rlcard"]]
        if not compiled[0].name.startswith("rummy-spec compiled"):
            print(f"benchmarks.peers: --compiled {args.compiled}: its engine is not compiled "
                  f"({compiled[0].name})", file=sys.stderr)
            for c in compiled:
                c.close()
            return 2
        mine = [x for pair in zip(compiled, mine, strict=True) for x in pair]
    missing: list[str] = []
    peers = _peers(missing)
    engines = [*mine, *peers]
    if missing:
        print(f"not installed: {', '.join(missing)} (the optional extra: "
              f"pip install -e '.[peers]'); racing without them")
    tallies = race(engines, args.hands, args.chunk)
    for e in engines:
        if isinstance(e, Compiled):
            e.measure(tallies[e.name], args.states, args.copies)
            e.close()
        elif e.own_states:
            measure_states(e, tallies[e.name], args.states, args.copies)
    print(f"{args.hands} hands each, seeds 0..{args.hands - 1}, chunks of {args.chunk}, "
          f"uniformly random legal play")
    print(f"{'engine':34s} {'hands/s':>8s} {'decisions/s':>12s} {'hands/s CPU':>12s} "
          f"{'dec./hand':>9s} {'clone us':>9s} {'bytes/state':>11s}")
    for e in engines:
        t = tallies[e.name]
        per_second, per_hand = ((f"{t.rate(t.decisions):.0f}", f"{t.decisions / t.hands:.1f}")
                                if e.counts_decisions else ("-", "-"))
        print(f"{e.name:34s} {t.rate(t.hands):8.0f} {per_second:>12s} "
              f"{t.rate(t.hands, cpu=True):12.0f} {per_hand:>9s} "
              + (f"{t.clone_us:9.1f} {t.bytes_per_state:11.0f}" if e.own_states
                 else f"{'-':>9s} {'-':>11s}"))
    for ours in mine:
        me = tallies[ours.name]
        for e in peers:
            t = tallies[e.name]
            per_decision = (f", decisions/s {me.rate(me.decisions) / t.rate(t.decisions):.2f}x"
                            if e.counts_decisions else "")
            clone = f", clone cost {me.clone_us / t.clone_us:.2f}x" if e.own_states else ""
            print(f"{ours.name} / {e.name}: hands/s "
                  f"{me.rate(me.hands) / t.rate(t.hands):.2f}x (CPU "
                  f"{me.rate(me.hands, True) / t.rate(t.hands, True):.2f}x){per_decision}"
                  f"{clone}")
    for e in engines:
        ends = ", ".join(f"{k} {v}" for k, v in sorted(tallies[e.name].ends.items()))
        print(f"  {e.name} hand endings: {ends}")
    rl = tallies.get(RLCard.name)
    if rl is not None:
        first = tallies[mine[0].name]
        ratio = first.rate(first.hands) / rl.rate(rl.hands)
        print(f"goal: {mine[0].name} at least {GOAL_VS_RLCARD:.1f}x RLCard's hands/s: "
              f"{'met' if ratio >= GOAL_VS_RLCARD else 'MISSED'} ({ratio:.2f}x)")
    loop = tallies.get(OpenSpielLoop.name)
    if loop is not None and compiled:
        first = tallies[compiled[0].name]
        ratio = first.rate(first.hands, True) / loop.rate(loop.hands, True)
        print(f"goal: {compiled[0].name} at least {GOAL_VS_LOOP:.1f}x OpenSpiel's C++ loop's "
              f"CPU hands/s: {'met' if ratio >= GOAL_VS_LOOP else 'MISSED'} ({ratio:.2f}x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
