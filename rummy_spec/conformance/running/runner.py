"""Running cases against an engine: each case passes, fails, is skipped, or errors.

* passed: every step's outcome and every checkpoint matched;
* failed: a wrong answer (an action accepted that should be rejected, the wrong reason
  code, a state field that differs, a rejected action that changed the state), reported
  with the step, what was expected and what the engine said;
* skipped: the engine does not claim the variant or a feature the case needs, declines
  the game, or the case is in the skip file and still fails;
* errored: the engine timed out, crashed, answered something malformed or reported an
  error; the engine is restarted for the next case;
* unexpected pass: the case is in the skip file but now passes (the entry should go);
* known: it failed in a way a deviations file lists (``deviations.py``), shown with the
  entry's note; it does not fail the run.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ...textsafe import outside_text
from ..oracle.comparison import CODES, agrees, expected_text, mode_for
from ..oracle.differential import Codes, Differential, Finding
from ..oracle.observe import differences
from ..oracle.reference import ReferenceEngine
from ..suite.cases import Case, Step
from ..suite.deviations import NONE, Departure, Deviations
from ..wire.engine import Engine, EngineError, Hello, NewGame, SkipGame, new_game
from .replies import action_text, describe, expected_got
from .replies import check_state_reply as check_state_reply  # also taken from here
from .replies import stderr_lines as stderr_lines  # also taken from here
from .skips import listed

JSON = dict[str, Any]
STATUSES = ("passed", "failed", "known", "skipped", "errored", "unexpected-pass")


@dataclass
class CaseResult:
    id: str
    status: str
    rule: str = ""
    variant: str = ""
    step: int | None = None
    lines: list[str] = field(default_factory=list)
    seconds: float = 0.0
    path: str = ""  # the case file
    exchange: list[str] = field(default_factory=list)  # protocol lines, when recorded
    # what differed, as data: the action of the step, the verdicts expected and got, and
    # each state field or law ({field, expected, got} / {field, law, message})
    action: JSON | None = None
    expected: str = ""
    got: str = ""
    fields: list[JSON] = field(default_factory=list)

    @property
    def message(self) -> str:
        return self.lines[0] if self.lines else ""


class CaseFailed(Exception):
    """A wrong answer at ``step``; ``departure`` holds what a deviations file matches
    (the action, the verdicts, the states, the law broken; the case's rule stands where
    no law is named)."""

    def __init__(self, step: int | None, *lines: str,
                 departure: Departure | None = None, fields: list[JSON] | None = None
                 ) -> None:
        super().__init__(lines[0] if lines else "failed")
        self.step = step
        self.lines = list(lines)
        self.departure = departure or Departure()
        self.fields = fields or []


class StepError(EngineError):
    """An engine error at a known step of a case (the message names the step)."""

    def __init__(self, err: EngineError, step: int) -> None:
        message = re.sub(r"^(reply to '[a-z]+')(?=:)", rf"\1, step {step}", err.message)
        super().__init__(err.kind, message, err.stderr)
        self.step = step
        # "reply to 'act', step 12: ..." names the step; other faults are prefixed with it
        self.prefix = "" if message != err.message else f"step {step}: "


def play_case(engine: Engine, case: Case, hello: Hello | None = None,
              mode: str = CODES) -> None:
    """Run every step; raise CaseFailed on a wrong answer, StepError (an EngineError) on a
    broken reply; SkipGame passes through.  Besides the case's own expectations every
    step is judged by the differential step: the engine's state after it against the
    reference's playing the same case, and the laws on the engine's own state.  ``mode``
    (``comparison.py``) compares reason codes or only accepted/refused."""
    game = new_game(case)
    engine.new(game)
    pair = _pair(engine, game, hello, "exact" if mode == CODES else "accepted")
    checked = False  # one state answer per case is checked whole against the schema
    shows = hello.shows if hello is not None else None
    if pair is not None:
        _fail_on(pair.start(), "after the deal", shows, state=pair.last)
    for step in case.steps:
        checked = _play_step(engine, pair, step, checked, shows, mode)


def _pair(engine: Engine, game: NewGame, hello: Hello | None,
          codes: Codes) -> Differential | None:
    """The reference playing the case beside the engine (None where it cannot)."""
    reference = ReferenceEngine()
    try:
        reference.new(game)
    except (SkipGame, EngineError):
        return None
    return Differential(reference, engine, codes=codes,
                        shows=hello.shows if hello is not None else None,
                        views=hello is not None and shows_views(hello))


def shows_views(hello: Hello) -> bool:
    """The engine answers ``view`` (protocol 2, feature ``views``)."""
    return hello.protocol >= 2 and "views" in hello.features


def _fail_on(findings: list[Finding], what: str, shows: frozenset[str] | None,
             step: int | None = None, state: JSON | None = None,
             action: JSON | None = None, before: JSON | None = None) -> None:
    """Raise CaseFailed for the first law or field the findings name (verdicts are the
    case's to judge)."""
    found = [f for f in findings if f.law != "verdict"]
    if not found:
        return
    if state is not None:
        check_state_reply(state, shows)  # a malformed answer is the engine's error
    at = "after the deal" if step is None else f"step {step}"
    states = [f for f in found if f.law == "state"]
    law = ""
    if states:
        lines = [f"{at}: {what}: the state differs from the reference's"]
        for f in states:
            lines += _field_lines(f.field, f.expected, f.got)
        lines += [f"  and law '{f.law}' is broken: {f.message}"
                  for f in found if f.law != "state"][:3]
    else:
        first = found[0]
        law = first.law
        lines = [f"{at}: {what}: law '{first.law}' broken", f"  {first.message}"]
        lines += [f"  law '{f.law}': {f.message}" for f in found[1:4]]
    data = [{"field": f.field, "expected": f.expected, "got": f.got} if f.law == "state"
            else {"field": f.field, "law": f.law, "message": f.message} for f in found]
    raise CaseFailed(step, *lines, departure=Departure(rule=law, action=action,
                                                       before=before, after=state),
                     fields=data)


def _field_lines(key: str, want: Any, got: Any) -> list[str]:
    """Expected against got for one field; a list of cards whole, with what is missing
    and what is extra (a sorted hand narrowed entry by entry would mislead)."""
    if not (isinstance(want, list) and isinstance(got, list)
            and all(isinstance(c, str) for c in [*want, *got])):
        return describe(key, want, got)
    lacks, extra = Counter(want) - Counter(got), Counter(got) - Counter(want)
    return [*expected_got(key, want, got),
            f"  {' ' * len(key)}  (missing: {' '.join(sorted(lacks.elements())) or '-'}; "
            f"extra: {' '.join(sorted(extra.elements())) or '-'})"]


def _play_step(engine: Engine, pair: Differential | None, step: Step, checked: bool,
               shows: frozenset[str] | None, mode: str) -> bool:
    """One step; whether a state was checked whole against the schema so far."""
    at = f"step {step.index}"
    try:
        if step.act is None:
            assert step.state is not None
            got = engine.state()
            if not checked:
                check_state_reply(got, shows)
                checked = True
            diffs = differences(step.state, got)
            if diffs:
                check_state_reply(got, shows)
                lines = [f"{at}: the state differs" + (f" ({step.note})" if step.note
                                                       else "")]
                for key, want, have in diffs:
                    lines += describe(key, want, have)
                raise CaseFailed(step.index, *lines, departure=Departure(after=got),
                                 fields=[{"field": k, "expected": w, "got": h}
                                         for k, w, h in diffs])
            return checked
        before = engine.state() if pair is None and step.reason is not None else None
        seen = pair.last if pair is not None else before  # the engine's state before
        result = pair.step(step.act, index=step.index) if pair is not None else None
        verdict = result.engine if result is not None else engine.act(step.act)
        assert verdict is not None
    except EngineError as err:
        raise StepError(err, step.index) from None
    want = "accepted" if step.reason is None else f"rejected ({step.reason})"
    facts = Departure(reasons=_codes(step.reason, verdict.reason), action=step.act,
                      before=seen, reference=want, engine=verdict.text)
    if not agrees(step.reason, verdict, mode, step.informative):
        detail = f" [{verdict.message}]" if verdict.message and not verdict.accepted else ""
        shown = expected_text(step.reason, mode, step.informative)
        raise CaseFailed(step.index, f"{at}: {action_text(step.act)}: expected {shown}, "
                         f"got {verdict.text}{detail}", departure=facts)
    if result is not None and pair is not None:
        if result.reference.accepted != verdict.accepted:
            pair.compare = False  # the reference reads the case otherwise: laws only
        if any(f.law == "refused-changes-nothing" for f in result.findings):
            lines = [f"{at}: {action_text(step.act)} was rejected but changed the state"]
            lines += [f"  {f.message}" for f in result.findings
                      if f.law == "refused-changes-nothing"]
            raise CaseFailed(step.index, *lines, departure=replace(
                facts, rule="refused-changes-nothing", after=result.state))
        _fail_on(result.findings, action_text(step.act), shows, step.index, result.state,
                 step.act, seen)
        return checked
    if before is not None:
        try:
            after = engine.state()
        except EngineError as err:
            raise StepError(err, step.index) from None
        if after != before:
            check_state_reply(after, shows)
            lines = [f"{at}: {action_text(step.act)} was rejected but changed the state"]
            for key, was, now in differences(before, after):
                lines += describe(key, was, now)
            raise CaseFailed(step.index, *lines, departure=replace(
                facts, rule="refused-changes-nothing", after=after))
    return checked


def _codes(*codes: str | None) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c for c in codes if c))


def unsupported(hello: Hello, case: Case) -> str | None:
    if not hello.supports(case.variant):
        from ..suite.variants import not_claimed

        return not_claimed(case.variant)
    missing = sorted(case.features - hello.features)
    if missing:
        return "the engine does not claim feature(s): " + ", ".join(missing)
    return None


def run_case(engine: Engine, hello: Hello, case: Case, record: bool = False,
             deviations: Deviations = NONE, mode: str | None = None) -> CaseResult:
    """One case's result; with ``record`` the protocol lines exchanged are kept too; a
    failure ``deviations`` lists is *known*; ``mode`` (default: what ``hello`` declares)
    compares reason codes or only accepted/refused."""
    start = time.perf_counter()
    result = CaseResult(case.id, "passed", case.rule, case.variant, path=str(case.path))
    why = unsupported(hello, case)
    if why is not None:
        result.status, result.lines = "skipped", [why]
        return result
    if record:
        engine.exchange = result.exchange
    try:
        play_case(engine, case, hello, mode_for(hello, mode))
    except CaseFailed as failed:
        result.status, result.step, result.lines = "failed", failed.step, failed.lines
        d = failed.departure
        result.action, result.expected, result.got = d.action, d.reference, d.engine
        result.fields = failed.fields
        _known(result, failed.departure, case, deviations)
    except SkipGame as skip:
        result.status, result.lines = "skipped", [f"the engine declined the game: {skip}"]
    except EngineError as err:
        prefix = err.prefix if isinstance(err, StepError) else ""
        result.status, result.lines = "errored", [f"{prefix}engine {err.kind}: {err.message}"]
        result.step = err.step if isinstance(err, StepError) else None
        if err.stderr.strip():
            result.lines += ["  engine stderr:"] + [
                "    " + ln for ln in stderr_lines(err.stderr)]
        engine.restart()
    except Exception as err:  # an in-process engine's own fault: this case's error only
        result.status = "errored"
        result.lines = [f"engine internal error: {err.__class__.__name__}: "
                        f"{outside_text(str(err), 200)}"]
        engine.restart()
    finally:
        engine.exchange = None
    result.seconds = time.perf_counter() - start
    return result


def _known(result: CaseResult, departure: Departure, case: Case,
           deviations: Deviations) -> None:
    """A failure the deviations file lists becomes *known*: by the law it broke, or by
    the case's rule."""
    d = replace(departure, variant=case.variant, case=case.id)
    entry = None
    for rule in dict.fromkeys(r for r in (d.rule, case.rule) if r):
        entry = entry or deviations.match(replace(d, rule=rule))
    if entry is not None:
        result.status = "known"
        result.lines = [f"known deviation ({entry.where}): {entry.note}", *result.lines]


Progress = Callable[[int, int, CaseResult], None]


def run_suite(engine: Engine, cases: Sequence[Case], skip_entries: Sequence[str] = (),
              progress: Progress | None = None, record: bool = False,
              deviations: Deviations = NONE, mode: str | None = None) -> list[CaseResult]:
    """Run every case in order (the engine answered ``hello`` already or answers now)."""
    hello = engine.hello()
    results = []
    for i, case in enumerate(cases):
        result = run_case(engine, hello, case, record, deviations, mode)
        entry = listed(case.id, skip_entries)
        if entry is not None:
            if result.status == "passed":
                result.status = "unexpected-pass"
                result.lines = [f"listed in the skip file ({entry}) but now passes: "
                                "remove the entry"]
            elif result.status in ("failed", "errored"):
                result.lines = [f"listed in the skip file ({entry}); {result.status}:",
                                *result.lines]
                result.status = "skipped"
        results.append(result)
        if progress is not None:
            progress(i + 1, len(cases), result)
    return results


def counts(results: Sequence[CaseResult]) -> dict[str, int]:
    out = dict.fromkeys(STATUSES, 0)
    for r in results:
        out[r.status] += 1
    return out


def all_good(results: Sequence[CaseResult]) -> bool:
    c = counts(results)
    return c["failed"] == 0 and c["errored"] == 0 and c["unexpected-pass"] == 0
