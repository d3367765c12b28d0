"""Differential fuzzing: Hypothesis plays the same deal and the same actions, legal and
not, on the reference and on the engine under test, and compares every answer.

Each example draws a deal (``fuzzdeal.deals``), a style of play (``mixed``: each step a
legal action or a near-miss probe, ``drain``: stock draws and discards until the stock
runs out) and the actions.  After every action both engines' verdicts (accepted, or
rejected with a reason code) and observable states must agree.  At the first
disagreement Hypothesis shrinks the example; the minimal one is printed as a list of
steps and written as a case file that ``rummy-spec conformance run`` replays.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st
from hypothesis.errors import Flaky

from ..engine.game import Game
from ..engine.state import Action
from .author import Recorder, case_data, dump_case, reshuffle_next, reshuffled
from .cases import variant
from .differential import Differential
from .differential import Finding as DiffFinding
from .engine import Engine, EngineError, NewGame, SkipGame
from .fuzzdeal import deals
from .probes import ranked_probes
from .reference import ReferenceEngine
from .reports import write_atomic
from .runner import action_text, check_state_reply, describe

JSON = dict[str, Any]
PRIORITY = {"go_down": 0, "knock": 1, "meld": 2, "lay_off": 3, "swap": 4, "shift": 5,
            "call": 6, "buy": 7, "draw": 8, "give": 9, "discard": 10, "pass": 11,
            "dead_hand": 12}
STYLES = ("mixed", "mixed", "mixed", "drain")  # one game in four drains the stock
SHRINK_SECONDS = 60.0


@dataclass
class FuzzOptions:
    variant: str
    options: tuple[str, ...] = ()
    players: int | None = None
    examples: int = 100
    seed: int = 0
    steps: int = 200
    ignore_codes: bool = False
    command: str = ""  # how the engine was named, for the written case
    shrink_seconds: float = SHRINK_SECONDS  # then the smallest example so far is kept


@dataclass
class Finding:
    """The minimal disagreement: the deal, the actions, and what differed."""

    setup: JSON
    actions: list[JSON]
    lines: list[str]
    trail: list[str] = field(default_factory=list)
    accepted: list[bool] = field(default_factory=list)  # the reference's verdicts

    def trimmed(self) -> Finding:
        """Without the refused actions before the last one: a refused action changes
        nothing (had it changed the engine's state, a later comparison would show it)."""
        keep = [i for i, ok in enumerate(self.accepted)
                if ok or i == len(self.actions) - 1]
        if len(self.accepted) != len(self.actions):
            return self
        return Finding(self.setup, [self.actions[i] for i in keep], self.lines,
                       [self.trail[i] for i in keep if i < len(self.trail)],
                       [self.accepted[i] for i in keep])


@dataclass
class FuzzResult:
    examples: int = 0  # examples generated (up to the first disagreement)
    shrink_runs: int = 0
    skipped: int = 0
    finding: Finding | None = None
    error: str | None = None


class Disagreement(AssertionError):
    pass


class GameOver(Exception):
    """Nothing more to compare in this game (the pile was reshuffled)."""


def default_players(name: str, options: tuple[str, ...]) -> int:
    """Four where claims are (with three, the discarder and the player in turn leave a
    single claimant), else three, within the variant's range."""
    v = variant(name, options)
    high = v.players.max if v.players.max is not None else 8
    return min(max(v.players.min, 4 if v.claim is not None else 3), high)


def ordered(game: Game) -> list[Action]:
    """The legal actions, those that make progress first (stock draws before upcards,
    buys before passes), so shrinking leads to short games."""
    acts = game.legal_actions()
    return sorted(acts, key=lambda a: (PRIORITY.get(a.type, 99), a.source == "discard"))


def drain_choice(game: Game) -> Action:
    """Draw from the stock, pass every claim, discard the first card that may go."""
    options = game.legal_actions()
    for kind in ("pass", "draw", "discard"):
        found = [a for a in options if a.type == kind and a.source != "discard"]
        if found:
            return found[0]
    return ordered(game)[0]


class _Match:
    """One example: the reference and the engine side by side."""

    def __init__(self, engine: Engine, opts: FuzzOptions, players: int, setup: JSON) -> None:
        self.engine = engine
        self.opts = opts
        self.setup = setup
        self.ref = ReferenceEngine()
        game = NewGame(opts.variant, opts.options, players, setup)
        self.ref.new(game)
        self.actions: list[JSON] = []
        self.trail: list[str] = []
        self.accepted: list[bool] = []
        engine.new(game)
        self.pair = Differential(self.ref, engine,
                                 codes="accepted" if opts.ignore_codes else "exact",
                                 shows=engine.hello().shows)

    @property
    def game(self) -> Game:
        assert self.ref.game is not None
        return self.ref.game

    def fail(self, *lines: str) -> None:
        raise Disagreement("\n".join(lines))

    def compare_states(self, after: str) -> None:
        """The states right after the deal (every later step is judged by ``play``)."""
        self._judged(after, self.pair.start())

    def _judged(self, after: str, findings: list[DiffFinding]) -> None:
        if not findings:
            return
        if findings[0].law == "verdict":
            self.fail(findings[0].message)
        if self.pair.last is not None:
            check_state_reply(self.pair.last, self.pair.shows)  # malformed: an error
        states = [f for f in findings if f.law == "state"]
        if states:
            lines = [f"after {after} the states differ (reference vs engine):"]
            for f in states:
                lines += describe(f.field, f.expected, f.got)
            lines += [f"  and law '{f.law}' is broken: {f.message}" for f in findings
                      if f.law != "state"][:3]
        else:
            lines = [f"after {after} law '{f.law}' is broken: {f.message}" for f in findings]
        self.fail(*lines)

    def play(self, action: Action) -> bool:
        """Play ``action`` on both; True when the reference accepted it."""
        aj = self.ref.to_protocol(self.game.action_json(action))
        self.actions.append(aj)
        before = self.game.state.exhaustions
        step = len(self.actions) - 1
        done = self.pair.step(aj, index=step)
        want = done.reference
        text = f"step {step}: {action_text(aj)}"
        self.trail.append(f"{text} -> {want.text}")
        self.accepted.append(want.accepted)
        if done.findings and done.findings[0].law == "verdict":
            self.fail(f"{text}: {done.findings[0].message}")
        self._judged(f"step {step}", done.findings)
        if reshuffled(self.game, before):  # each engine shuffles its own way: stop here
            raise GameOver
        return want.accepted


def fuzz(engine: Engine, opts: FuzzOptions,
         progress: Callable[[int], None] | None = None) -> FuzzResult:
    """Run up to ``opts.examples`` examples; stop at the first disagreement (shrunk)."""
    players = opts.players or default_players(opts.variant, opts.options)
    result = FuzzResult()
    last: list[Finding] = []
    stopped: list[str] = []

    @hypothesis_seed(opts.seed)
    @settings(max_examples=opts.examples, deadline=None, database=None,
              phases=[Phase.generate, Phase.shrink], verbosity=Verbosity.quiet,
              suppress_health_check=list(HealthCheck), report_multiple_bugs=False,
              print_blob=False)
    @given(data=st.data())
    def example(data: st.DataObject) -> None:
        if stopped:
            return
        if last:
            result.shrink_runs += 1
        else:
            result.examples += 1
            if progress is not None:
                progress(result.examples)
        setup = data.draw(deals(opts.variant, opts.options, players), label="deal")
        style = STYLES[data.draw(st.integers(0, len(STYLES) - 1), label="style")]
        try:
            match = _Match(engine, opts, players, setup)
        except SkipGame:
            result.skipped += 1
            return
        except EngineError as err:
            stopped.append(f"engine {err.kind}: {err.message}")
            engine.restart()
            return
        try:
            match.compare_states("the deal")
            _play(data, match, style)
        except GameOver:
            pass
        except Disagreement as why:
            last.append(Finding(setup, list(match.actions), str(why).splitlines(),
                                list(match.trail), list(match.accepted)))
            raise
        except EngineError as err:
            stopped.append(f"engine {err.kind}: {err.message}")
            engine.restart()

    try:
        with _shrink_limit(opts.shrink_seconds):
            example()
    except Disagreement:
        result.finding = last[-1].trimmed()
    except Flaky:
        result.error = ("the engine answered the same actions differently in two runs "
                        "(flaky); the last disagreement is kept")
        result.finding = last[-1] if last else None
    if stopped and result.finding is None:
        result.error = stopped[0]
    return result


@contextmanager
def _shrink_limit(seconds: float) -> Iterator[None]:
    """Bound the time Hypothesis spends shrinking (its own limit is five minutes, kept in
    a module constant; when the constant is not there the limit is Hypothesis's)."""
    from hypothesis.internal.conjecture import engine as conjecture

    before = getattr(conjecture, "MAX_SHRINKING_SECONDS", None)
    if before is None:
        yield
        return
    conjecture.MAX_SHRINKING_SECONDS = seconds  # type: ignore[assignment]
    try:
        yield
    finally:
        conjecture.MAX_SHRINKING_SECONDS = before


def _play(data: st.DataObject, match: _Match, style: str) -> None:
    """Up to ``steps`` turns of play: each step first tries up to three near misses (a
    refused one changes nothing), then takes a legal action."""
    for _ in range(match.opts.steps):
        s = match.game.state
        if s.results or s.over or reshuffle_next(match.game):
            return
        if style == "drain":
            match.play(drain_choice(match.game))
            continue
        listed = ordered(match.game)
        tries = data.draw(st.integers(0, 3), label="probes")
        groups = ranked_probes(match.game.rules, s, listed) if tries else []
        changed = False
        for _ in range(tries):
            if not groups:
                break
            group = groups[data.draw(st.integers(0, len(groups) - 1), label="reason")]
            if match.play(group[data.draw(st.integers(0, len(group) - 1), label="probe")]):
                changed = True  # a legal action the enumerator did not list
                break
        if changed:
            continue
        if not listed:
            return
        match.play(listed[data.draw(st.integers(0, len(listed) - 1), label="action")])


# ----- the minimal case ------------------------------------------------------------------

def finding_case(opts: FuzzOptions, players: int, finding: Finding) -> tuple[str, str]:
    """(case id, YAML) replaying a finding: every step as the reference answers it, then
    the reference's state (the run fails where the engine disagreed)."""
    rec = Recorder(opts.variant, opts.options, players, finding.setup)
    for act in finding.actions:
        rec.act(act, True)
    rec.finish()
    if "state" not in rec.steps[-1] or len(rec.steps[-1]["state"]) < 3:
        rec.check()
    summary = finding.lines[0] if finding.lines else "a disagreement"
    data = case_data(f"fuzz find: {summary}", opts.variant, opts.options, players,
                     finding.setup, rec.steps, rec.features,
                     generated=f"rummy-spec conformance fuzz --engine '{opts.command}' "
                               f"--variant {opts.variant} --seed {opts.seed}")
    digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:10]
    cid = f"{opts.variant}/fuzz/{digest}"
    return cid, dump_case(data, cid)


def write_finding(root: Path, opts: FuzzOptions, players: int, finding: Finding) -> Path:
    cid, text = finding_case(opts, players, finding)
    path = root / f"{cid}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, text, "--out")
    return path
