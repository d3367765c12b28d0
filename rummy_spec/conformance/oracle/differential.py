"""One step, two engines: the reference and the engine under test take the same action,
and everything either says is judged.

``conformance run``, ``conformance fuzz`` and the shipped state machine all play through
:class:`Differential`: ``start()`` after ``new``, then ``step(action)`` for every action.
A step

1. sends the action to the reference and to the engine under test and compares the
   verdicts (``codes="exact"``: accepted, or refused with the same reason code;
   ``codes="accepted"``: accepted or refused only);
2. asks the engine for its state (where it answers ``state``) and compares every field
   it shows with the reference's (melds by their cards and the meanings of their wilds,
   not by the order the engine lists them);
3. checks the laws (``laws.StateLaws``) on the engine's own state, and between its state
   before and after the action.

Every disagreement is a :class:`Finding` that names the step, the law or field, and the
expected and the got.  Nothing is raised for a finding: the caller decides whether one
ends the game.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..wire.engine import Engine, EngineError, Verdict
from .laws import ENDED, Broken, StateLaws, broken_laws
from .observe import ENDED_FIELDS, FIELDS, ROUND_END, ended_compared, meld_key
from .reference import ReferenceEngine
from .views import view_diffs

JSON = dict[str, Any]
Codes = Literal["exact", "accepted"]
# after the pile is reshuffled each engine's stock is in its own order: what is drawn
# from it, and where it goes, is no longer compared (the counts still are)
OWN_AFTER_RESHUFFLE = ("hands", "table", "discard_top", "discard")


@dataclass(frozen=True)
class Finding:
    """One disagreement at one step (``None``: the deal, before any action).

    ``law`` is ``verdict`` (the answers to the action differ), ``state`` (a field of the
    engine's state differs from the reference's) or the name of a broken law; ``field``
    names where (``hands[2]``, ``table[0].wilds``); ``expected`` and ``got`` are the
    values compared (for a law: what the law asks, and what the engine showed)."""

    step: int | None
    law: str
    field: str
    expected: Any
    got: Any
    message: str = ""

    @property
    def where(self) -> str:
        return "the deal" if self.step is None else f"step {self.step}"

    def text(self) -> str:
        what = self.message or f"{self.field}: expected {self.expected!r}, got {self.got!r}"
        return f"{self.where}: [{self.law}] {what}"


@dataclass
class StepResult:
    """What one step gave: both verdicts, and every finding (empty: they agree)."""

    step: int
    action: JSON
    reference: Verdict
    engine: Verdict | None
    findings: list[Finding] = field(default_factory=list)
    state: JSON | None = None  # the engine's state after the step, where it was asked

    @property
    def agreed(self) -> bool:
        return not self.findings


def same_verdict(want: Verdict, got: Verdict, codes: Codes = "exact") -> bool:
    return want.accepted == got.accepted and (codes == "accepted" or want.reason == got.reason)


def compared(state: JSON) -> JSON:
    """The state with its melds put in the form compared (see ``meld_key``)."""
    if isinstance(state.get("table"), list):
        return {**state, "table": [meld_key(x) for x in state["table"]]}
    return state


def field_diffs(want: JSON, got: JSON, keys: tuple[str, ...],
                ended: tuple[str, ...] = ENDED_FIELDS) -> list[tuple[str, Any, Any]]:
    """(field, expected, got) for every field in ``keys`` that differs, lists narrowed to
    their differing entries (``hands[2]``, ``table[0]``); ``ended`` (the round the step
    ended; an answer without the field is not judged on it) field by field
    (``ended.discard_size``), its melds in no order, the fields ``ended`` names."""
    out: list[tuple[str, Any, Any]] = []
    a, b = compared(want), compared(got)
    for key in keys:
        if key not in a:
            continue
        if key == "ended" and key not in b:  # (an engine that does not show it)
            continue
        w, g = a[key], b.get(key, "<missing>")
        if key == "ended":
            w, g = ended_compared(w), ended_compared(g)
            if isinstance(w, dict) and isinstance(g, dict):
                out += [(f"ended.{k}", x, y) for k, x, y in field_diffs(w, g, ended)]
                continue
        if w == g:
            continue
        if isinstance(w, list) and isinstance(g, list) and len(w) == len(g):
            out += [(f"{key}[{i}]", x, y) for i, (x, y) in enumerate(zip(w, g, strict=True))
                    if x != y]
        else:
            out.append((key, w, g))
    return out


class Differential:
    """The reference and an engine under test (None: the reference alone, judged by the
    laws) playing one game side by side.

    ``shows``: the state fields the engine shows (``Hello.shows``; None: every field of
    ``FIELDS``; none: the engine shows no state); ``observe=False``, or an engine that
    shows nothing, compares verdicts only (no ``state`` request)."""

    def __init__(self, reference: ReferenceEngine, engine: Engine | None = None, *,
                 codes: Codes = "exact", shows: frozenset[str] | None = None,
                 observe: bool = True, views: bool = False) -> None:
        game = reference._game()
        self.reference = reference
        self.engine = engine
        self.codes = codes
        self.shows = frozenset(FIELDS) if shows is None else shows
        self.observe = observe and bool(self.shows)
        self.compare = True  # False: the laws alone judge the engine's states
        self.laws = StateLaws(game.variant, game.state.game.players)
        self.steps = 0
        self.last: JSON | None = None  # the engine's last state seen
        self.reshuffled = False  # stocks differ from here on: hands are each engine's
        self.views = views and engine is not None  # every seat's view compared too

    # ----- states ------------------------------------------------------------------------
    def _engine_state(self) -> JSON:
        if self.engine is None:
            return self.reference.state()
        got = self.engine.state()
        return {k: v for k, v in got.items() if k in self.shows}

    def _keys(self, want: JSON) -> tuple[str, ...]:
        if want.get("phase") in ENDED:
            base: tuple[str, ...] = ROUND_END
        elif self.reshuffled:
            base = tuple(k for k in FIELDS if k not in OWN_AFTER_RESHUFFLE)
        else:
            base = FIELDS
        return tuple(k for k in dict.fromkeys(base) if k in self.shows)

    def _ended_keys(self) -> tuple[str, ...]:
        """The fields of ``ended`` compared: those the engine shows (after a reshuffle,
        the counts and the scores only)."""
        return tuple(k for k in ENDED_FIELDS if k in self.shows and not (
            self.reshuffled and k in OWN_AFTER_RESHUFFLE))

    def _judge(self, step: int | None, got: JSON) -> list[Finding]:
        return self._compared(step, got) + [_law(step, b) for b in
                                            self.laws.state_faults(got)]

    def _compared(self, step: int | None, got: JSON) -> list[Finding]:
        out: list[Finding] = []
        if self.engine is not None and self.compare:
            want = self.reference.state()
            diffs = field_diffs(want, got, self._keys(want), self._ended_keys())
            out += [Finding(step, "state", key, w, g, f"{key}: expected {_brief(w)}, got "
                            f"{_brief(g)}") for key, w, g in diffs]
        return out

    # ----- the game ------------------------------------------------------------------------
    def start(self) -> list[Finding]:
        """Compare the states right after ``new`` (both engines have the game)."""
        self.reshuffled = False
        if not self.observe:
            return []
        got = self._engine_state()
        self.last = got
        found = self._judge(None, got) + [_law(None, b) for b in self.laws.deal_faults(got)]
        return found or self.view_findings(None)

    def view_findings(self, step: int | None, want: list[JSON] | None = None,
                      got: list[JSON] | None = None) -> list[Finding]:
        """Every seat's view on the engine (``got``; None: asked now) against the
        reference's (``want``; None: asked now), feature ``views``."""
        if want is None:
            want = self._reference_views()
        if want is None or self.engine is None:
            return []
        out = []
        for seat, mine in enumerate(want):
            theirs = got[seat] if got is not None else self.engine.view(seat)
            out += [Finding(step, "view", f"view[{seat}].{k}", w, g,
                            f"seat {seat}'s view, {k}: expected {_brief(w)}, got {_brief(g)}")
                    for k, w, g in view_diffs(mine, theirs)]
        return out

    def judge(self, *, index: int | None = None) -> list[Finding]:
        """The engine's state as it stands, compared and judged (no action played)."""
        if not self.observe:
            return []
        self.last = self._engine_state()
        return self._judge(self.steps if index is None else index, self.last)

    def step(self, action: JSON, *, index: int | None = None) -> StepResult:
        """Play ``action`` on both engines and judge it (``index``: the step's number in
        the findings; default: the count of steps so far)."""
        return self.finish([self.begin(action, index=index)])[0]

    def begin(self, action: JSON, *, index: int | None = None) -> Begun:
        """The reference's half of a step: its verdict, and its state to compare with
        (the engine's half is :meth:`finish`, for one step or several begun in turn)."""
        step = self.steps if index is None else index
        self.steps += 1
        game = self.reference._game()
        before = game.state.hand.exhaustions
        want = self.reference.act(action)
        if game.state.hand.exhaustions > before and not game.state.game.results:
            self.reshuffled = True
        expected: tuple[JSON, tuple[str, ...]] | None = None
        if self.engine is not None and self.observe and self.compare:
            now = self.reference.state()
            expected = (now, self._keys(now))
        return Begun(step, action, want, expected, self._reference_views())

    def _reference_views(self) -> list[JSON] | None:
        """Every seat's view on the reference now, where views are compared: within a
        deal (once the round has ended each engine deals its own next one)."""
        game = self.reference._game()
        if (not self.views or self.engine is None or not self.compare or not self.observe
                or game.over or len(game.state.game.results) > self.reference.results_before):
            return None
        return [self.reference.view(seat) for seat in range(game.players)]

    def finish(self, begun: list[Begun],
               answered: list[tuple[Verdict, JSON | None]] | None = None) -> list[StepResult]:
        """The engine's half of the steps begun: each action played on it in turn (sent
        at once), each verdict and state judged.  ``answered``: the engine's answers
        already in hand (those it gave before an EngineError), judged as they are."""
        shown: list[tuple[Verdict | None, JSON | None]]
        seen: list[list[JSON]] | None = None  # the engine's views after each step
        if answered is not None:
            shown = list(answered)
        elif self.engine is None:
            shown = [(None, None) for _ in begun]
        elif self.observe and any(b.views is not None for b in begun):
            triples = self.engine.acts_states_and_views([b.action for b in begun],
                                                        self.reference._game().players)
            shown = [(v, s) for v, s, _ in triples]
            seen = [views for _, _, views in triples]
        elif self.observe:
            shown = list(self.engine.acts_and_states([b.action for b in begun]))
        else:
            shown = []
            try:
                for b in begun:
                    shown.append((self.engine.act(b.action), None))
            except EngineError as err:
                err.answered = [(v, s) for v, s in shown if v is not None]
                raise
        out = []
        for b, (got, state) in zip(begun, shown, strict=True):
            want = b.reference
            result = StepResult(b.step, b.action, want, got)
            out.append(result)
            if got is not None and not same_verdict(want, got, self.codes):
                result.findings.append(Finding(
                    b.step, "verdict", "result", want.text, got.text,
                    f"reference {want.text}, engine {got.text}"
                    + (f" [{got.message}]" if got.message else "")))
            if not self.observe:
                continue
            if state is None and answered is not None:  # (answered without a state)
                continue
            now = self._engine_state() if state is None else {
                k: v for k, v in state.items() if k in self.shows}
            result.state = now
            accepted = (got or want).accepted
            compared = [] if b.expected is None else [
                Finding(b.step, "state", key, w, g, f"{key}: expected {_brief(w)}, got "
                        f"{_brief(g)}") for key, w, g in field_diffs(b.expected[0], now,
                                                                    b.expected[1],
                                                                    self._ended_keys())]
            result.findings += compared + [
                _law(b.step, x) for x in broken_laws(self.laws, self.last, b.action,
                                                     accepted, now)]
            if not result.findings and seen is not None and b.views is not None:
                result.findings += self.view_findings(b.step, b.views, seen[len(out) - 1])
            self.last = now
        return out


@dataclass(frozen=True)
class Begun:
    """A step the reference has played: its verdict, and (where the engine's state is
    compared) the reference's state after it, with the fields compared."""

    step: int
    action: JSON
    reference: Verdict
    expected: tuple[JSON, tuple[str, ...]] | None = None
    views: list[JSON] | None = None  # every seat's view on the reference after the step


def _law(step: int | None, b: Broken) -> Finding:
    return Finding(step, b.law, b.field, "", "", f"{b.field}: {b.message}")


def _brief(value: Any, limit: int = 160) -> str:
    import json

    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 3] + "..."

