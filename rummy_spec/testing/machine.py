"""The shipped state machine: Hypothesis drives a game and judges every step by the laws.

``engine_state_machine(variant, players, options, engine)`` returns a
:class:`~hypothesis.stateful.RuleBasedStateMachine` class.  The reference interpreter
plays the game; an engine under test, the same :class:`~rummy_spec.conformance.wire.engine.
Engine` that ``rummy-spec conformance run`` drives (in-process, or a process behind the
protocol), receives every action too, each deal as an explicit ``new``.  Every step goes
through the conformance kit's differential step (``conformance.differential``): verdicts
and the whole observable state compared with the reference's, the laws checked on the
engine's own state, and, where it claims ``perft``, its legal actions.  Without an
engine the reference itself is under test, judged by the same laws and the referee's.

Rules: play legal actions (drawn by type, then action, or the greedy bot's choice, so
games reach going down, buying, laying off and going out); probe with actions that must
be refused or that the laws must judge; save and load through JSON; rebuild the game
from its trace.  A failure notes the game's trace as JSON lines that
``rummy-spec replay`` accepts.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from hypothesis import note
from hypothesis import settings as Settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from ..bots import greedy_bot
from ..conformance import probes
from ..conformance.fuzzing.fuzzchoose import low_to_high
from ..conformance.oracle.differential import Codes, Differential, Finding, StepResult
from ..conformance.oracle.reference import ReferenceEngine, setup_of
from ..conformance.wire.engine import Engine, EngineError, NewGame, SkipGame
from ..engine.dispatch.core import IllegalAction
from ..engine.game import Game
from ..engine.records import codec
from ..engine.records.reasons import all_reasons
from ..engine.records.state import Move
from ..lang import load
from ..lang import model as m
from ..laws.variant import Laws, LawViolation, require
from .game_checks import compare_legal, offered, rebuild, save_and_load
from .notes import note_trace
from .profiles import profile
from .referee import Referee
from .view_laws import check_no_leak_and_sufficiency, check_recall, views

TURN_CAP = 40  # turns per round: two-player rounds reach the end of the stock (Gin: dead at 2)
DEAL_CAP = 3  # deals per game
BURST = 10  # most legal actions one ``play`` step takes
# action types the greedy bot seldom picks: half the time one of them is, when offered
RARE = frozenset({"swap", "shift", "call", "give", "meld", "knock", "buy"})
PROBES = 4  # most probes one ``probe`` step makes
SAVE_EVERY = 8  # actions between two save-and-load checks
REBUILD_EVERY = 60  # actions between two rebuilds from the trace
LIST_EVERY = 4  # actions between two checks that legal_actions lists every legal action
VIEW_EVERY = 5  # actions between two checks of the laws of the seats' views

EngineFactory = Callable[[], Engine]


def engine_state_machine(
    variant: str | m.Variant,
    players: int,
    options: Sequence[str] = (),
    engine: EngineFactory | None = None,
    settings: Settings | None = None,
    *,
    turn_cap: int = TURN_CAP,
    deal_cap: int = DEAL_CAP,
    seeds: st.SearchStrategy[int] | None = None,
    codes: Codes = "exact",
) -> type[RuleBasedStateMachine]:
    """A state machine for one variant (a built-in name, a spec file's path, or a loaded
    :class:`Variant`) at one
    player count, with ``options`` switched on.  ``engine`` makes a fresh engine for each
    run (None: the reference alone); ``codes`` says how its refusals are compared
    (``exact`` reason codes, or ``accepted`` or refused only).  ``settings`` become the
    machine's TestCase settings (None: the profile ``HYPOTHESIS_PROFILE`` names, else
    ``default``)."""
    v = variant if isinstance(variant, m.Variant) else load(variant, tuple(options))
    laws = Laws(v, players)
    reasons = frozenset(all_reasons())

    class EngineMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.game: Game | None = None
            self.referee: Referee | None = None
            self.engine: Engine | None = engine() if engine is not None else None
            self.pair: Differential | None = None
            self.later_deal = False  # the engine was dealt a later round by ``new``
            self.comparing = self.engine is not None
            self.bot = greedy_bot(0)
            self.saved_at = self.rebuilt_at = self.listed_at = self.viewed_at = 0

        # ----- setting up ------------------------------------------------------------
        @initialize(seed=seeds if seeds is not None else st.integers(0, 2**32 - 1))
        def deal(self, seed: int) -> None:
            self.game = Game(v, players, seed, turn_cap=turn_cap, deal_cap=deal_cap)
            self.bot = greedy_bot(seed)
            note(f"game: {v.name} {list(v.enabled)} players={players} seed={seed}")
            with self._tracing():
                self._start(seed)

        def _start(self, seed: int) -> None:
            g = self._game()
            self.referee = Referee(laws, g.state)
            reference = ReferenceEngine.around(g)
            shows = None
            if self.engine is not None:
                shows = self.engine.hello().shows
            self.pair = Differential(reference, self.engine if self.comparing else None,
                                     codes=codes, shows=shows)
            self._deal_engine()

        def _deal_engine(self) -> None:
            """Hand the engine the reference's deal (the first, or a later round's as a
            later round), then compare the states right after it."""
            pair = self._pair()
            self.later_deal = bool(self._game().state.game.results)
            if pair.engine is not None:
                g = self._game()
                try:
                    pair.engine.new(NewGame(v.name, v.enabled, players, setup_of(g)))
                except (SkipGame, EngineError) as why:
                    note(f"the engine declines round {g.state.game.round}: {why}; comparison ends")
                    self.comparing, pair.engine = False, None
            self._judge(pair.start(), "the deal")

        def _pair(self) -> Differential:
            assert self.pair is not None
            return self.pair

        def _game(self) -> Game:
            assert self.game is not None
            return self.game

        def _ref(self) -> Referee:
            assert self.referee is not None
            return self.referee

        def live(self) -> bool:
            return self.game is not None and not self.game.over

        # ----- rules -----------------------------------------------------------------
        @precondition(lambda self: self.live())
        @rule(data=st.data())
        def play(self, data: st.DataObject) -> None:
            """Take legal actions: by type then action, or what the greedy bot takes."""
            count = data.draw(st.integers(1, BURST), label="actions")
            for _ in range(count):
                g = self._game()
                if g.over:
                    return
                with self._tracing():
                    actions = offered(g, v)
                    rare = sorted({a.type for a in actions} & RARE)
                    pick_rare: bool = bool(rare) and data.draw(st.booleans(), label="rare")
                    if pick_rare:
                        kind = data.draw(st.sampled_from(rare), label="type")
                        action = data.draw(st.sampled_from(
                            [a for a in actions if a.type == kind]), label="action")
                    elif data.draw(st.integers(0, 3), label="greedy (not 0)"):
                        action = self.bot(g.rules, g.state, actions)
                    else:
                        types = sorted({a.type for a in actions})
                        kind = data.draw(st.sampled_from(types), label="type")
                        action = data.draw(st.sampled_from(
                            [a for a in actions if a.type == kind]), label="action")
                    self._step(action, from_list=True)

        @precondition(lambda self: self.live())
        @rule(data=st.data())
        def probe(self, data: st.DataObject) -> None:
            """Attempt actions that are illegal (or that the laws must judge)."""
            g = self._game()
            for _ in range(data.draw(st.integers(1, PROBES), label="probes")):
                kind = data.draw(st.sampled_from(probes.KINDS), label="probe")
                for _ in range(4):  # some probes are made after the draw: play up to it
                    if kind not in probes.IN_PLAY or g.over or g.state.hand.phase == "play":
                        break
                    with self._tracing():
                        actions = offered(g, v)
                        first = [a for a in actions if a.type in ("draw", "pass", "buy")]
                        self._step(data.draw(st.sampled_from(first or actions),
                                             label="to play"), from_list=True)
                if g.over:
                    return
                made = probes.make(kind, data, laws, g.state, offered(g, v))
                if made is not None:
                    with self._tracing():
                        self._attempt(kind, *made)

        def _due(self, mark: int, every: int) -> bool:
            """A check is due every so many actions, and always once the game is over
            (so a finished game still has a rule to run)."""
            g = self.game
            return g is not None and (g.over or len(g.history) - mark >= every)

        @precondition(lambda self: self._due(self.saved_at, SAVE_EVERY))
        @rule()
        def save_and_load(self) -> None:
            """Save the state as JSON text, load it back: equal, and it plays on alike."""
            self.saved_at = len(self._game().history)
            with self._tracing():
                save_and_load(self._game())

        @precondition(lambda self: self._due(self.rebuilt_at, REBUILD_EVERY))
        @rule()
        def rebuild_from_trace(self) -> None:
            """Replay the trace from the seed: every digest and the final state agree."""
            self.rebuilt_at = len(self._game().history)
            with self._tracing():
                rebuild(self._game(), v, players, turn_cap, deal_cap)

        @precondition(lambda self: self.live() and self._due(self.listed_at, LIST_EVERY))
        @rule(data=st.data())
        def legal_actions_are_complete(self, data: st.DataObject) -> None:
            """Every legal action that lays no new meld is listed by ``legal_actions``
            (checked after the draw: the play phase offers the most kinds of action)."""
            g = self._game()
            self.listed_at = len(g.history)
            with self._tracing():
                if g.state.hand.phase == "draw":
                    draws = [a for a in offered(g, v) if a.type == "draw"]
                    if draws:
                        self._step(data.draw(st.sampled_from(draws), label="draw"),
                                   from_list=True)
                if g.over:
                    return
                compare_legal(self._pair())
                listed = {codec.dumps(g.action_json(a)) for a in g.legal_actions()}
                for a in probes.single_card_actions(laws, g.state):
                    if g.legal(a).ok:
                        require(codec.dumps(g.action_json(a)) in listed, "legal-actions",
                                f"{g.action_json(a)} is legal, and legal_actions does not "
                                "list it")

        @precondition(lambda self: self.live() and self._due(self.viewed_at, VIEW_EVERY))
        @rule(data=st.data())
        def views_obey_their_laws(self, data: st.DataObject) -> None:
            """No leak and sufficiency for a seat, in sampled worlds; then one legal move,
            and recall: every seat's view after it extends its view before."""
            g = self._game()
            self.viewed_at = len(g.history)
            with self._tracing():
                seat = data.draw(st.integers(0, players - 1), label="seat")
                rng = random.Random(data.draw(st.integers(0, 2**32 - 1), label="worlds"))
                check_no_leak_and_sufficiency(g, seat, rng)
                before = views(g)
                action = data.draw(st.sampled_from(offered(g, v)), label="move")
                self._step(action, from_list=True)
                check_recall(before, views(g), action)

        @invariant()
        def laws_hold(self) -> None:
            if self.game is not None:
                with self._tracing():
                    self._ref().check_state(self._game().state)
                    self._judge(self._pair().judge(), "the state")

        # ----- one step ----------------------------------------------------------------
        def _step(self, a: Move, from_list: bool) -> None:
            g = self._game()
            pre = g.state.clone()
            rounds = len(g.state.game.results)
            done = self._both(a)
            if not done.reference.accepted:
                what = "legal_actions offered" if from_list else "legal() accepted"
                raise LawViolation("legal-actions" if from_list else "rejected",
                                   f"{what} {g.action_json(a)}, the reference refused it: "
                                   f"{done.reference.reason} {done.reference.message}")
            self._ref().check_step(pre, a, g.state)
            self._ref().check_state(g.state)
            findings = done.findings
            record = g.state.game
            if len(record.results) > rounds and (record.abandoned or record.results[
                    -1].ending == "abandoned"):  # this machine's own caps: not the engine's
                findings = [f for f in findings if f.law != "state"]
            if g.over and self.later_deal and v.game.end_bonuses:
                # a shutout doubles the points of the hands played since ``new``: an
                # engine dealt a later round cannot know the earlier ones
                findings = [f for f in findings if f.law != "state" or not f.field.startswith(
                    ("totals", "winners"))]
            self._judge(findings, json.dumps(done.action))
            if g.over:  # nothing more to compare: the laws judge the reference alone
                self._pair().engine = None
            elif len(g.state.game.results) > rounds:  # a new deal
                self._pair().reference.deal_seen()
                self._deal_engine()

        def _both(self, a: Move) -> StepResult:
            """The differential step: the action to the reference (this machine's game)
            and to the engine under test."""
            pair = self._pair()
            g = self._game()  # runs written low to high, as the protocol reads them
            action = pair.reference.to_protocol(g.action_json(low_to_high(g.rules, a)))
            try:
                return pair.step(action)
            except EngineError:
                raise
            except Exception as err:  # an engine crash is a finding, not a test error
                raise LawViolation("engine-crash", f"{action}: "
                                   f"{type(err).__name__}: {err}") from err

        def _judge(self, findings: Sequence[Finding], what: str) -> None:
            """The first finding of a step, as the law it breaks (a verdict or a state
            field the engine answers otherwise than the reference: ``differential``)."""
            for f in findings:
                law = "differential" if f.law in ("verdict", "state") else f.law
                raise LawViolation(law, f"{what}: {f.text()}")

        def _attempt(self, kind: str, a: Move, must_reject: bool) -> None:
            g = self._game()
            before = g.state.clone()
            try:
                verdict = g.legal(a)
            except Exception as err:
                raise LawViolation("engine-crash", f"legal({g.action_json(a)}): "
                                   f"{type(err).__name__}: {err}") from err
            require(g.state == before, "rejected-changes-nothing",
                    f"checking {g.action_json(a)} changed the state")
            if verdict.ok:
                require(not must_reject, "rejected",
                        f"{kind} probe {g.action_json(a)} was accepted")
                note(f"probe {kind} accepted: {json.dumps(g.action_json(a))}")
                self._step(a, from_list=False)
                return
            require(verdict.code in reasons, "reason-code",
                    f"{g.action_json(a)} refused with unpublished code '{verdict.code}'")
            try:
                g.apply(a)
            except IllegalAction as err:
                require(err.verdict.code == verdict.code, "reason-code",
                        f"legal says {verdict.code}, apply says {err.verdict.code}")
            else:
                raise LawViolation("rejected", f"legal refused {g.action_json(a)} "
                                   f"({verdict.code}) and apply accepted it")
            require(g.state == before, "rejected-changes-nothing",
                    f"the refused {g.action_json(a)} ({verdict.code}) changed the state")
            done = self._both(a)
            self._judge(done.findings, json.dumps(done.action))
            require(not done.reference.accepted, "rejected",
                    f"legal refused {g.action_json(a)} and the reference accepted it")

        # ----- failures print a trace ---------------------------------------------------
        @contextmanager
        def _tracing(self) -> Iterator[None]:
            try:
                yield
            except Exception:
                if self.game is not None:
                    note_trace(self.game)
                raise

    EngineMachine.__name__ = EngineMachine.__qualname__ = (
        f"Machine_{v.name}_{'_'.join(v.enabled) or 'base'}_{players}p")
    EngineMachine.TestCase.settings = settings if settings is not None else profile()
    return EngineMachine


__all__ = ["engine_state_machine"]
