"""Known deviations: what an engine is known to do differently, each with a note.

An engine that plays a rule its own way on purpose (or has a bug its authors know of)
should not fail every run for it, nor pass silently: a deviations file lists each such
difference, and ``run`` and ``fuzz`` report a disagreement it matches as *known*, with
its note.  The file is YAML::

    deviations:
      - rule: "a run may not go around the corner*"   # the rule or law broken (a glob)
        note: our house plays K-A-2 as a run
      - reason: [must-draw-first, not-your-turn]      # a reason code either side gave
        note: we answer out-of-turn discards with must-draw-first
      - when:                                         # a predicate over the step
          action: {type: buy}                         # parts of the action
          before: {phase: claim}                      # parts of the state before it
          after: {stock_size: 0}                      # parts of the state after it
          reference: accepted                         # accepted | rejected | a code
          engine: rejected
        note: we close the claim window once the stock is empty

An entry holds one or more of ``rule``, ``reason`` and ``when`` (all must hold), may be
narrowed by ``variant`` and ``case`` (globs), and must have a ``note``.  A ``when`` part
matches when every key it names is there with a matching value: mappings are matched
key by key, lists and plain values must be equal.
"""

from __future__ import annotations

import fnmatch
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ...engine.records.reasons import all_reasons
from ...textsafe import outside_text
from .safe_yaml import MOST_BYTES, YamlError, load_yaml

JSON = dict[str, Any]
ENTRY_KEYS = ("rule", "reason", "when", "variant", "case", "note", "id")
WHEN_KEYS = ("action", "before", "after", "reference", "engine")
_CODE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class DeviationsError(ValueError):
    """A deviations file that cannot be used: the message names the file, the entry and
    what is wrong."""


class DeviationsMissing(DeviationsError):
    """The file named is not there or cannot be read (a usage error, not bad content)."""


@dataclass(frozen=True)
class Departure:
    """One disagreement as the matcher sees it.

    ``rule`` is the rule the case tests or the law the engine broke; ``reasons`` the
    reason codes either side gave; ``reference`` and ``engine`` the verdicts as
    ``accepted`` or ``rejected (code)``; ``before`` and ``after`` observable states.
    """

    rule: str = ""
    reasons: tuple[str, ...] = ()
    action: JSON | None = None
    before: JSON | None = None
    after: JSON | None = None
    reference: str = ""
    engine: str = ""
    variant: str = ""
    case: str = ""


@dataclass(frozen=True)
class Deviation:
    """One entry of a deviations file."""

    index: int
    note: str
    where: str  # "FILE: deviations[i]" (with its id when it has one)
    rule: str | None = None
    reasons: frozenset[str] | None = None
    when: JSON | None = None
    variant: str | None = None
    case: str | None = None

    def matches(self, d: Departure) -> bool:
        if self.variant is not None and not fnmatch.fnmatchcase(d.variant, self.variant):
            return False
        if self.case is not None and not fnmatch.fnmatchcase(d.case, self.case):
            return False
        if self.rule is not None and not fnmatch.fnmatchcase(d.rule.lower(), self.rule.lower()):
            return False
        if self.reasons is not None and not self.reasons & set(d.reasons):
            return False
        return self.when is None or _when_holds(self.when, d)

    @property
    def label(self) -> str:
        return f"{self.where}: {self.note}"


@dataclass(frozen=True)
class Deviations:
    """The entries of one file, in order; the first that matches is the one reported."""

    path: str = ""
    entries: tuple[Deviation, ...] = ()
    met: set[int] = field(default_factory=set, compare=False)

    def match(self, departure: Departure) -> Deviation | None:
        for entry in self.entries:
            if entry.matches(departure):
                self.met.add(entry.index)
                return entry
        return None

    def known(self, *, rule: str = "", reasons: Iterable[str | None] = (),
              action: JSON | None = None, before: JSON | None = None,
              after: JSON | None = None, reference: str = "", engine: str = "",
              variant: str = "", case: str = "") -> Deviation | None:
        """The entry a disagreement is known by, or None: the call fuzz and run make."""
        return self.match(Departure(rule, tuple(r for r in reasons if r), action, before,
                                    after, reference, engine, variant, case))

    def unmet(self) -> list[Deviation]:
        """Entries no disagreement matched so far (an entry the engine outgrew)."""
        return [e for e in self.entries if e.index not in self.met]

    def __bool__(self) -> bool:
        return bool(self.entries)


NONE = Deviations()


def _verdict_holds(want: str, got: str) -> bool:
    if want == "accepted":
        return got == "accepted"
    if want == "rejected":
        return got.startswith("rejected")
    return got == f"rejected ({want})"


def _part_holds(pattern: Any, value: Any) -> bool:
    if isinstance(pattern, dict):
        return isinstance(value, dict) and all(
            k in value and _part_holds(v, value[k]) for k, v in pattern.items())
    if isinstance(pattern, bool) or isinstance(value, bool):
        return pattern is value
    return bool(pattern == value)


def _when_holds(when: JSON, d: Departure) -> bool:
    for key in ("action", "before", "after"):
        if key in when and not _part_holds(when[key], getattr(d, key)):
            return False
    return all(_verdict_holds(when[key], getattr(d, key))
               for key in ("reference", "engine") if key in when)


# ----- reading the file --------------------------------------------------------------------

def load_deviations(path: Path) -> Deviations:
    """Read and check a deviations file; every fault is a :class:`DeviationsError` naming
    the file, the entry and what is wrong (:class:`DeviationsMissing` when unreadable)."""
    shown = outside_text(str(path), 200)
    try:
        if not path.is_file():
            raise DeviationsMissing(f"{shown}: no such file" if not path.exists()
                                    else f"{shown}: not a regular file")
        if path.stat().st_size > MOST_BYTES:
            raise DeviationsError(f"{shown}: too large (at most {MOST_BYTES:,} bytes)")
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise DeviationsError(f"{shown}: not UTF-8 text") from None
    except OSError as err:
        raise DeviationsMissing(f"{shown}: cannot read ({err.strerror or err})") from None
    return deviations_from_text(text, shown)


def deviations_from_text(text: str, where: str) -> Deviations:
    try:
        data = load_yaml(text)
    except YamlError as err:
        raise DeviationsError(f"{where}{err}") from None
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        at = f":{mark.line + 1}:{mark.column + 1}" if mark is not None else ""
        problem = getattr(err, "problem", None) or str(err).splitlines()[0]
        raise DeviationsError(f"{where}{at}: not valid YAML: "
                              f"{outside_text(str(problem), 200)}") from None
    if not isinstance(data, dict) or "deviations" not in data:
        raise DeviationsError(f"{where}: a mapping with a 'deviations' list is needed "
                              "(deviations: [{rule: ..., note: ...}, ...])")
    extra = sorted(str(k) for k in data if k != "deviations")
    if extra:
        raise DeviationsError(f"{where}: unknown key(s) {', '.join(extra)} (only "
                              "'deviations' is read)")
    entries = data["deviations"]
    if not isinstance(entries, list):
        raise DeviationsError(f"{where}: deviations: a list of entries is needed")
    return Deviations(where, tuple(_entry(e, i, where) for i, e in enumerate(entries)))


def _entry(e: Any, i: int, file: str) -> Deviation:
    at = f"{file}: deviations[{i}]"
    if not isinstance(e, dict):
        raise DeviationsError(f"{at}: an entry is a mapping (rule/reason/when and note)")
    if isinstance(e.get("id"), str) and e["id"].strip():
        at += f" ({outside_text(e['id'], 60)})"
    unknown = sorted(str(k) for k in e if k not in ENTRY_KEYS)
    if unknown:
        raise DeviationsError(f"{at}: unknown key(s) {', '.join(unknown)} (an entry has "
                              f"{', '.join(ENTRY_KEYS)})")
    note = e.get("note")
    if not isinstance(note, str) or not note.strip():
        raise DeviationsError(f"{at}: note: every entry says why in a note (a non-empty "
                              "text)")
    if not any(k in e for k in ("rule", "reason", "when")):
        raise DeviationsError(f"{at}: give at least one of rule, reason or when (an entry "
                              "that matches everything would hide every disagreement)")
    for key in ("rule", "variant", "case", "id"):
        if key in e and (not isinstance(e[key], str) or not e[key].strip()):
            raise DeviationsError(f"{at}: {key}: a non-empty text is needed")
    return Deviation(i, note.strip(), at, e.get("rule"),
                     _reasons(e["reason"], at) if "reason" in e else None,
                     _when(e["when"], at) if "when" in e else None,
                     e.get("variant"), e.get("case"))


def _reasons(value: Any, at: str) -> frozenset[str]:
    codes: Sequence[Any] = [value] if isinstance(value, str) else value
    if not isinstance(codes, list) or not codes:
        raise DeviationsError(f"{at}: reason: a reason code or a non-empty list of them")
    for j, code in enumerate(codes):
        if not isinstance(code, str) or not _CODE.match(code):
            shown = outside_text(str(code), 40)
            raise DeviationsError(f"{at}: reason[{j}]: '{shown}' is not a reason code "
                                  "(lower case, digits and '-', e.g. not-your-turn)")
    return frozenset(codes)


def _when(value: Any, at: str) -> JSON:
    if not isinstance(value, dict) or not value:
        raise DeviationsError(f"{at}: when: a mapping of {', '.join(WHEN_KEYS)}")
    unknown = sorted(str(k) for k in value if k not in WHEN_KEYS)
    if unknown:
        raise DeviationsError(f"{at}: when: unknown key(s) {', '.join(unknown)} (it has "
                              f"{', '.join(WHEN_KEYS)})")
    for key in ("action", "before", "after"):
        if key in value and not isinstance(value[key], dict):
            raise DeviationsError(f"{at}: when.{key}: a mapping of the fields to match, "
                                  "e.g. {type: discard}")
    for key in ("reference", "engine"):
        if key in value:
            v = value[key]
            if not isinstance(v, str) or not (v in ("accepted", "rejected") or _CODE.match(v)):
                raise DeviationsError(f"{at}: when.{key}: accepted, rejected or a reason "
                                      f"code, not '{outside_text(str(v), 40)}'")
            if key == "reference" and v not in ("accepted", "rejected") \
                    and v not in all_reasons():
                raise DeviationsError(f"{at}: when.reference: '{v}' is not a reason code "
                                      "of the reference (see 'rummy-spec reasons')")
    return dict(value)


__all__ = ["NONE", "Departure", "Deviation", "Deviations", "DeviationsError",
           "DeviationsMissing", "deviations_from_text", "load_deviations"]
