"""Diagnostics for rule authors: stable codes, positions, and a caret under the fault.

Each fault has a stable code and name (``E012 unknown-meld-kind``); the catalogue below is
the one place they are listed, and ``docs/`` is generated from it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal

from .span import Span

# code -> (name, what it means)
CATALOGUE: dict[str, tuple[str, str]] = {
    "E001": ("syntax-error", "the text does not follow the language's grammar"),
    "E002": ("unknown-word", "a word the language does not know in this place"),
    "E003": ("unterminated", "a '{' never closed: the file ends or the next section begins first"),
    "E004": ("bad-character", "a character that cannot start any word of the language"),
    "E010": ("duplicate-rule", "the same rule is stated twice in one variant or option"),
    "E011": ("duplicate-variant", "two variants with one name"),
    "E012": ("unknown-meld-kind", "a contract names a meld kind the variant does not define"),
    "E013": ("unknown-parent", "extends names a variant that does not exist"),
    "E014": ("extends-cycle", "a variant extends itself, directly or through others"),
    "E015": ("unknown-option", "an option that the variant does not declare"),
    "E016": ("unknown-card", "a card or card class that the deck does not hold"),
    "E017": ("duplicate-option", "two options with one name"),
    "E020": ("min-above-max", "a minimum is larger than its maximum"),
    "E021": ("bad-count", "a count that must be positive is zero or negative"),
    "E022": ("rounds-not-contiguous", "contract rounds must be numbered 1, 2, 3, ... without gaps"),
    "E023": ("meld-too-small", "a contract meld is shorter than the meld kind allows"),
    "E024": ("meld-too-long", "a contract meld is longer than the meld kind allows"),
    "E025": ("contract-unreachable", "a contract needs more cards than a player can hold"),
    "E026": ("deck-too-small", "the deck cannot serve the deal at some player count"),
    "E027": ("no-score", "a card that can be held has no score"),
    "E028": ("formula-not-whole", "a formula gives a fraction where a whole number is needed"),
    "E029": ("formula-not-positive", "a formula gives zero or less where it must be positive"),
    "E030": ("formula-error", "a formula cannot be evaluated (division by zero, no table row)"),
    "E031": ("bad-range", "a range whose low end is above its high end"),
    "E032": ("conflicting-rules", "two rules that cannot both hold"),
    "E033": ("missing-rule", "a rule the variant needs is not stated"),
    "E034": ("run-impossible", "a run length cannot be reached with the ranks available"),
    "E035": ("not-a-custom-deck", "a custom-deck rule in a variant played with French cards"),
    "E036": ("formula-variable", "a formula uses a variable that means nothing here"),
    "E037": ("setting-not-in-model", "a rule the parser read but the rules model has no place "
             "for (a fault in rummy-spec)"),
    "E038": ("not-playable", "a rule the language reads but the engine does not play yet: "
             "refused rather than ignored"),
    # resource limits and unreadable text (rummy_spec/lang/limits.py)
    "E050": ("empty-file", "the file declares no variant"),
    "E051": ("not-utf8", "the file holds bytes that are not UTF-8 text"),
    "E052": ("control-character", "an invisible or control character in the text"),
    "E053": ("number-too-large", "a number or a formula's value above 1,000,000, or a "
             "contract round numbered above 100"),
    "E054": ("formula-too-long", "a formula of more than 200 terms"),
    "E055": ("formula-too-deep", "a formula nested more than 32 levels deep"),
    "E056": ("too-many-players", "a variant for more than 16 players"),
    "E057": ("too-many-decks", "a pack of more than 16 decks"),
    "E058": ("pack-too-large", "a pack of more than 1000 cards"),
    "E059": ("unreadable-file", "the file cannot be read (permissions, a directory...)"),
    "E060": ("file-too-large", "a spec file of more than 100,000 characters"),
    "W101": ("unused-kind", "a meld kind is defined but no contract uses it"),
    "W102": ("no-wild-limit", "wild limits are stated but no card is wild"),
    "W103": ("deal-below-contract", "the cards dealt cannot hold a round's contract without "
             "buying"),
    "W104": ("no-buyer", "a contract needs buying, but at some player count nobody may buy"),
}

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Diagnostic:
    code: str
    message: str
    span: Span
    hint: str = ""

    @property
    def name(self) -> str:
        return CATALOGUE[self.code][0]

    @property
    def severity(self) -> Severity:
        return "warning" if self.code.startswith("W") else "error"

    def render(self, sources: Mapping[str, str] | None = None,
               split: dict[str, list[str]] | None = None) -> str:
        """The diagnostic with its source line and a caret; ``split`` caches each
        source's lines across many diagnostics (one split per file, not per fault)."""
        head = f"{self.span}: {self.code} {self.name}: {self.message}"
        lines = [head]
        text = (sources or {}).get(self.span.path)
        if text is not None and self.span.line > 0:
            cache = split if split is not None else {}
            if self.span.path not in cache:
                cache[self.span.path] = text.split("\n")  # lines as the parser counts them
            src_lines = cache[self.span.path]
            if self.span.line <= len(src_lines):
                lines += _source_and_caret(self.span, src_lines[self.span.line - 1])
        if self.hint:
            lines.append(f"    hint: {self.hint}")
        return "\n".join(lines)


SHOWN = 1000  # characters of a source line shown under a diagnostic


def _source_and_caret(span: Span, raw: str) -> list[str]:
    """The source line (at most :data:`SHOWN` characters of it, around the fault) and
    the caret line under it, cut where the source line is cut."""
    raw = raw.removesuffix("\r")
    start = 0
    if len(raw) > SHOWN:
        start = max(0, min(span.column - 1 - SHOWN // 2, len(raw) - SHOWN))
    piece = raw[start:start + SHOWN]
    lead = "..." if start else ""
    tail = "..." if start + SHOWN < len(raw) else ""
    prefix = f"    {span.line}: "
    at = min(max(span.column - 1 - start, 0), len(piece))
    width = 1
    if span.end_line == span.line:
        width = max(1, min(span.end_column - 1 - start, len(piece) + 1) - at)
    return [prefix + lead + _printable(piece) + tail,
            " " * (len(prefix) + len(lead) + at) + "^" * width]


_PRINTABLE = {c: "\ufffd" for c in [*range(32), *range(0x7F, 0xA0), *range(0x2028, 0x202F)]
              if c != 0x202F}
_PRINTABLE[ord("\t")] = " "


def _printable(line: str) -> str:
    """A source line safe for a terminal, one column per character so the caret stays
    under the fault: a tab becomes a space, other control characters U+FFFD."""
    return line.translate(_PRINTABLE)


class SpecError(Exception):
    """One or more errors in spec text; carries every diagnostic found."""

    def __init__(self, diagnostics: Iterable[Diagnostic], sources: Mapping[str, str]) -> None:
        self.diagnostics = sorted(
            diagnostics, key=lambda d: (d.span.path, d.span.line, d.span.column, d.code)
        )
        self.sources = dict(sources)
        super().__init__(self.render())

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity == "error"]

    def render(self) -> str:
        split: dict[str, list[str]] = {}
        return "\n".join(d.render(self.sources, split) for d in self.diagnostics)
