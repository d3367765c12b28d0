"""Reading a variant's merged settings section by section: the model class of each
section, and the reader that marks each setting it takes and collects the errors, so that
what no section took can be reported (E037) and the checker knows the sections that broke.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import meldkinds
from . import model as m
from .errors import Diagnostic
from .span import BUILTIN, Span
from .syntax import Key, Setting

# Each section of the grammar -> the model class its settings fill.  A setting of a built
# section that names no field of its class is reported (E037), never dropped.
SECTION_MODELS: dict[str, type] = {
    "deck": m.Deck, "wilds": m.WildRules, "deal": m.Deal, "cut": m.Cut, "contracts": m.Contracts,
    "turn": m.Turn, "layoff": m.Layoff, "swap": m.Swap, "claim": m.Claim,
    "rummy_call": m.RummyCall, "going_out": m.GoingOut, "knock": m.Knock, "stock": m.Stock,
    "score": m.Score, "game": m.GameEnd, "special": m.SpecialCard, "players": m.Players,
    "limits": m.EngineLimits,
}
# Sections built only when stated (their presence setting is the key ``(section,)``).
OPTIONAL_SECTIONS = ("cut", "claim", "rummy_call", "knock")


def section_models() -> dict[str, type]:
    """Every section -> its model class, the meld kinds' from their entries."""
    return {**SECTION_MODELS, **{k.name: k.model for k in meldkinds.entries()}}


def optional_sections() -> tuple[str, ...]:
    return (*meldkinds.names(), *OPTIONAL_SECTIONS)


@dataclass
class Reader:
    """Reads sections out of the merged settings; remembers spans for the checker.

    Every setting read is marked used, so what no section took can be reported.
    """

    settings: Mapping[Key, Setting]
    problems: list[Diagnostic] = field(default_factory=list)
    used: set[Key] = field(default_factory=set)
    section: str = ""  # the section being built, which an error marks as broken
    broken: set[str] = field(default_factory=set)
    _first: dict[Key, Span] | None = None  # span() by prefix, indexed on first use
    _sections: dict[str | int, list[tuple[Key, Setting]]] | None = None  # take(), likewise

    def has(self, *key: str | int) -> bool:
        self.used.add(key)
        return key in self.settings

    def get(self, key: Key, default: Any) -> Any:
        self.used.add(key)
        s = self.settings.get(key)
        return default if s is None else s.value

    def take(self, prefix: Key) -> list[tuple[Key, Setting]]:
        """Every setting under ``prefix`` (rows of a table), marked used."""
        if self._sections is None:
            self._sections = {}
            for k, s in self.settings.items():
                self._sections.setdefault(k[0], []).append((k, s))
        found = [(k, s) for k, s in self._sections.get(prefix[0], ())
                 if k[: len(prefix)] == prefix] if prefix else list(self.settings.items())
        self.used.update(k for k, _ in found)
        return found

    def span(self, *prefix: str | int) -> Span:
        """Where a section (or a rule) was stated: its block, its first setting, or BUILTIN."""
        if self._first is None:
            self._first = _first_spans(self.settings)
        return self._first.get(prefix) or BUILTIN

    def fields(self, section: str, defaults: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in defaults.__dataclass_fields__:
            if name == "span":
                continue
            if (section, name) in self.settings:
                self.used.add((section, name))
                out[name] = self.settings[(section, name)].value
        out["span"] = self.span(section)
        return out

    def error(self, code: str, message: str, span: Span, hint: str = "") -> None:
        self.problems.append(Diagnostic(code, message, span, hint))
        if self.section:
            self.broken.add(self.section)

    def report_unplaced(self) -> None:
        """E037 for each setting of a built section that no model field took."""
        optional = optional_sections()
        for key, s in self.settings.items():
            if key in self.used or key[-1] == "__block__" or key[0] in ("source", "unstated"):
                continue
            section = str(key[0])
            if section in optional and not self.get((section,), False):
                continue  # the section is switched off: its inherited rules are moot
            what = " ".join(str(k) for k in key)
            self.error("E037", f"the rule '{what}' has no place in the rules model, so it "
                       "would be lost", s.span, "a fault in rummy-spec's grammar tables; "
                       "please report it")


def _first_spans(settings: Mapping[Key, Setting]) -> dict[Key, Span]:
    """Every prefix of a setting's key -> the earliest span (file, line, column) of the
    settings under it, blocks left out; the first stated wins a tie.  One walk of the
    settings answers every :meth:`Reader.span` of a build."""
    first: dict[Key, Span] = {}
    # in source order (a stable sort: of two at one place, the first stated stays first),
    # so the first setting met under a prefix is its earliest
    stated = sorted(((key, s) for key, s in settings.items() if key[-1] != "__block__"),
                    key=source_order)
    for key, s in stated:
        for length in range(len(key) + 1):
            prefix = key[:length]
            if prefix not in first:
                first[prefix] = s.span
    return first


def source_order(item: tuple[Key, Setting]) -> tuple[str, int, int]:
    s = item[1].span
    return (s.path, s.line, s.column)
