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

import fnmatch
import json
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..textsafe import outside_text
from . import suite_root
from .cases import Case, Step
from .deviations import NONE, Departure, Deviations
from .engine import Engine, EngineError, Hello, SkipGame, new_game
from .observe import differences
from .schema_check import errors as schema_errors
from .schema_check import load_schema

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

    @property
    def message(self) -> str:
        return self.lines[0] if self.lines else ""


class CaseFailed(Exception):
    """A wrong answer at ``step``; ``departure`` holds what a deviations file matches
    (the action, the verdicts, the states; the case's rule is added by the runner)."""

    def __init__(self, step: int | None, *lines: str,
                 departure: Departure | None = None) -> None:
        super().__init__(lines[0] if lines else "failed")
        self.step = step
        self.lines = list(lines)
        self.departure = departure or Departure()


def _short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(key: str, want: Any, got: Any) -> list[str]:
    """Expected vs got for one state field, narrowed to the differing entries of lists."""
    if isinstance(want, list) and isinstance(got, list) and len(want) == len(got):
        out = []
        for i, (w, g) in enumerate(zip(want, got, strict=True)):
            if w != g:
                out += describe(f"{key}[{i}]", w, g)
        return out
    if isinstance(want, dict) and isinstance(got, dict):
        out = []
        for k in sorted(set(want) | set(got)):
            if want.get(k, "<missing>") != got.get(k, "<missing>"):
                out += describe(f"{key}.{k}", want.get(k, "<missing>"),
                                got.get(k, "<missing>"))
        return out
    return [f"  {key}: expected {_short(want)}", f"  {' ' * len(key)}  got      {_short(got)}"]


def action_text(act: JSON) -> str:
    rest = " ".join(f"{k}={_short(v, 80)}" for k, v in act.items() if k not in ("type",
                                                                                "player"))
    return f"{act.get('type')} by {act.get('player')}" + (f" {rest}" if rest else "")


_STATE_SCHEMA: JSON | None = None


def check_state_reply(state: JSON) -> None:
    global _STATE_SCHEMA
    if _STATE_SCHEMA is None:
        _STATE_SCHEMA = load_schema(suite_root() / "schema" / "state.schema.json")
    found = schema_errors(_STATE_SCHEMA, state)
    if found:
        where, what = found[0]
        raise EngineError("malformed", f"the state answer is not a proper state: "
                          f"{where}: {what}")


class StepError(EngineError):
    """An engine error at a known step of a case (the message names the step)."""

    def __init__(self, err: EngineError, step: int) -> None:
        message = re.sub(r"^(reply to '[a-z]+')(?=:)", rf"\1, step {step}", err.message)
        super().__init__(err.kind, message, err.stderr)
        self.step = step
        # "reply to 'act', step 12: ..." names the step; other faults are prefixed with it
        self.prefix = "" if message != err.message else f"step {step}: "


def play_case(engine: Engine, case: Case) -> None:
    """Run every step; raise CaseFailed on a wrong answer, StepError (an EngineError) on a
    broken reply; SkipGame passes through."""
    engine.new(new_game(case))
    known: JSON | None = None  # the last state asked for, while no action was accepted
    checked = False  # one state answer per case is checked whole against the schema
    for step in case.steps:
        try:
            known, checked = _play_step(engine, step, known, checked)
        except StepError:
            raise
        except EngineError as err:
            raise StepError(err, step.index) from None


def _play_step(engine: Engine, step: Step, known: JSON | None,
               checked: bool) -> tuple[JSON | None, bool]:
    """One step: the state known after it, and whether a state was checked whole."""
    at = f"step {step.index}"
    if step.act is None:
        assert step.state is not None
        got = engine.state()
        if not checked:
            check_state_reply(got)
            checked = True
        known = got
        diffs = differences(step.state, got)
        if diffs:
            check_state_reply(got)
            lines = [f"{at}: the state differs" + (f" ({step.note})" if step.note else "")]
            for key, want, have in diffs:
                lines += describe(key, want, have)
            raise CaseFailed(step.index, *lines, departure=Departure(after=got))
        return known, checked
    if step.reason is not None and known is None:
        known = engine.state()
    verdict = engine.act(step.act)
    want = "accepted" if step.reason is None else f"rejected ({step.reason})"
    if verdict.text != want:
        detail = f" [{verdict.message}]" if verdict.message and not verdict.accepted else ""
        raise CaseFailed(step.index, f"{at}: {action_text(step.act)}: expected {want}, "
                         f"got {verdict.text}{detail}",
                         departure=Departure(reasons=_codes(step.reason, verdict.reason),
                                             action=step.act, before=known, reference=want,
                                             engine=verdict.text))
    if verdict.accepted:
        return None, checked
    after = engine.state()
    if known is not None and after != known:
        check_state_reply(after)
        lines = [f"{at}: {action_text(step.act)} was rejected but changed the state"]
        for key, was, now in differences(known, after):
            lines += describe(key, was, now)
        raise CaseFailed(step.index, *lines, departure=Departure(
            reasons=_codes(step.reason, verdict.reason), action=step.act, before=known,
            after=after, reference=want, engine=verdict.text))
    return after, checked


def _codes(*codes: str | None) -> tuple[str, ...]:
    return tuple(dict.fromkeys(c for c in codes if c))


def unsupported(hello: Hello, case: Case) -> str | None:
    if not hello.supports(case.variant):
        return f"the engine does not claim variant '{case.variant}'"
    missing = sorted(case.features - hello.features)
    if missing:
        return "the engine does not claim feature(s): " + ", ".join(missing)
    return None


STDERR_HEAD, STDERR_TAIL = 12, 12
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")  # never sent raw to a terminal


def stderr_lines(text: str) -> list[str]:
    """The engine's stderr as shown: all of it when short, else its head and its tail
    (a crash's first line, such as Node's ``Error: ...``, and its last frames)."""
    shown = [_CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", line)
             for line in text.strip("\n").splitlines()]
    if len(shown) <= STDERR_HEAD + STDERR_TAIL + 1:
        return shown
    cut = len(shown) - STDERR_HEAD - STDERR_TAIL
    return [*shown[:STDERR_HEAD], f"... ({cut} lines left out) ...", *shown[-STDERR_TAIL:]]


def run_case(engine: Engine, hello: Hello, case: Case, record: bool = False,
             deviations: Deviations = NONE) -> CaseResult:
    """One case's result; with ``record`` the protocol lines exchanged are kept too; a
    failure ``deviations`` lists is *known*."""
    start = time.perf_counter()
    result = CaseResult(case.id, "passed", case.rule, case.variant, path=str(case.path))
    why = unsupported(hello, case)
    if why is not None:
        result.status, result.lines = "skipped", [why]
        return result
    if record:
        engine.exchange = result.exchange
    try:
        play_case(engine, case)
    except CaseFailed as failed:
        result.status, result.step, result.lines = "failed", failed.step, failed.lines
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
    if not deviations:
        return
    d = departure
    entry = deviations.known(rule=case.rule, reasons=d.reasons, action=d.action,
                             before=d.before, after=d.after, reference=d.reference,
                             engine=d.engine, variant=case.variant, case=case.id)
    if entry is not None:
        result.status = "known"
        result.lines = [f"known deviation ({entry.where}): {entry.note}", *result.lines]


# ----- skip files ------------------------------------------------------------------------

class SkipFileError(ValueError):
    pass


def read_skip_file(path: Path) -> list[str]:
    """Case ids or globs, one per line; '#' starts a comment."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise SkipFileError(f"--skip-file {path}: cannot read ({err.__class__.__name__})")\
            from None
    out = []
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip()
        if entry:
            out.append(entry)
    return out


def listed(case_id: str, entries: Sequence[str]) -> str | None:
    for e in entries:
        if fnmatch.fnmatchcase(case_id, e):
            return e
    return None


Progress = Callable[[int, int, CaseResult], None]


def run_suite(engine: Engine, cases: Sequence[Case], skip_entries: Sequence[str] = (),
              progress: Progress | None = None, record: bool = False,
              deviations: Deviations = NONE) -> list[CaseResult]:
    """Run every case in order (the engine answered ``hello`` already or answers now)."""
    hello = engine.hello()
    results = []
    for i, case in enumerate(cases):
        result = run_case(engine, hello, case, record, deviations)
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
