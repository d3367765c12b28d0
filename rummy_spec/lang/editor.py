"""What an editor asks about spec text being written: its diagnostics, what a clause means,
which words may come next, where a parent is.  Plain functions over text, so the language
server (``rummy_spec.lsp``) is only glue and these answers are tested without it.

Lines and columns here are 0-based, as editors count; diagnostics keep the checker's
1-based spans.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from . import families, meldkinds
from .clauses import Clause
from .data import language_reference_path
from .errors import Diagnostic, SpecError
from .grammar_errors import _expected, _open_brace_before, accepted_before, section_clauses
from .library import Library, builtin_library
from .span import Span
from .syntax import VariantDecl

_WORD = re.compile(r"[A-Za-z0-9_]+")


def diagnostics(text: str, path: str) -> list[Diagnostic]:
    """Every diagnostic ``rummy-spec check`` gives the text, for the text's own lines."""
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    try:
        decls = lib.add_text(text, path)
    except SpecError as err:
        return [d for d in err.diagnostics if d.span.path == path]
    found: list[Diagnostic] = [d for d in lib.problems if d.span.path == path]
    seen = set(found)  # a set: thousands of faults are checked in linear time
    for decl in decls:
        for option in [None, *decl.options]:
            _, problems = lib.resolve(decl.name, () if option is None else (option,))
            for d in problems:
                if d not in seen:
                    shown = d if d.span.path == path else _at_variant(d, decl)
                    seen.add(shown)
                    found.append(shown)
    return found


def _at_variant(d: Diagnostic, decl: VariantDecl) -> Diagnostic:
    """A fault met in a parent's file, shown on the variant of this file that meets it."""
    return Diagnostic(d.code, f"{d.message} (in {Path(d.span.path).name}:{d.span.line})",
                      decl.span, d.hint)


def offset_of(text: str, line: int, column: int) -> int:
    """The offset of a 0-based line and column (past the end: the end)."""
    rows = text.split("\n")
    if line >= len(rows):
        return len(text)
    return sum(len(r) + 1 for r in rows[:line]) + min(column, len(rows[line]))


# ----- hover ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Meaning:
    syntax: str
    meaning: str
    default: str
    sections: tuple[str, ...]  # the sections the reference documents it under
    example: str = ""  # the reference's example of it, when it gives one


@lru_cache(maxsize=1)
def reference_rows() -> tuple[Meaning, ...]:
    """The clause tables of the language reference: syntax, meaning, when absent."""
    path = language_reference_path()
    if not path.is_file():  # pragma: no cover - shipped with the package
        return ()
    rows: list[Meaning] = []
    sections: tuple[str, ...] = ()
    heading: tuple[str, ...] = ()
    for row in path.read_text(encoding="utf-8").splitlines():
        if row.startswith("### "):
            heading = sections = tuple(re.findall(r"`([^`]+)`", row))
            continue
        kind = re.match(r"\*\*`([^`]+)`\*\*", row)  # **`run`**: a table of one of them
        if kind and kind.group(1) in heading:
            sections = (kind.group(1),)
            continue
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if not row.startswith("| `") or len(cells) < 3:
            continue
        written = re.findall(r"`([^`]+)`", cells[0])  # `no round N` / `no rounds N..M`
        for syntax in written:
            full, part = written[0].split(), syntax.split()
            if len(part) < len(full) and part[0] != full[0]:  # `at most N per set` / `per run`
                syntax = " ".join(full[:len(full) - len(part)] + part)
            elif part[0].startswith("...") and syntax != written[0]:  # `...: pip`
                syntax = " ".join([full[0] + part[0][3:], *part[1:]])
            example = re.findall(r"`([^`]+)`", cells[3]) if len(cells) > 3 else []
            rows.append(Meaning(syntax, cells[1], cells[2], sections,
                                example[0] if example else ""))
    documented = {s for r in rows for s in r.sections}
    known = {r.syntax for r in rows}
    for family in families.FAMILIES.values():  # a clause the reference does not document
        rows += [Meaning(c.reference, *c.row, (family.words,))
                 for c in family.clauses.values() if c.row and c.reference not in known]
    for entry in meldkinds.entries():  # a kind the reference does not document: its own rows
        if entry.name not in documented:
            rows += [Meaning(syntax, meaning, absent, (entry.name,))
                     for syntax, meaning, absent in entry.rows]
    return tuple(rows)


meldkinds.on_change(reference_rows.cache_clear)


def _literal(words: list[str]) -> list[str]:
    out = []
    for w in words:
        if not re.fullmatch(r"[a-z]+", w):
            break
        out.append(w)
    return out


def meaning_of(clause: Clause) -> Meaning | None:
    """The reference row that documents a clause: the longest run of its words."""
    words = _literal(clause.phrase.split())
    own = [r for r in reference_rows() if clause.section in r.sections] or list(
        reference_rows())
    exact = next((r for r in own if r.syntax == clause.phrase), None)
    if exact is not None:  # ``need N naturals``, not the row of ``need a natural``
        return exact
    if not words:  # ``N: MELDS``: the row that starts with the same placeholder
        first = clause.phrase.split()[0]
        return next((r for r in own if r.syntax.startswith(first)), None)
    best: tuple[int, Meaning] | None = None
    for row in own:
        row_words = _literal(row.syntax.replace("...", " ").split())
        common = 0
        for a, b in zip(words, row_words, strict=False):
            if a != b:
                break
            common += 1
        if common == 0 or (common < len(words) and common < len(row_words)):
            continue
        if best is None or common > best[0]:
            best = (common, row)
    return best[1] if best else None


def _clause_start(text: str, offset: int) -> int:
    start = max(text.rfind(ch, 0, offset) for ch in "{,\n") + 1
    while start < offset and text[start] in " \t":
        start += 1
    return start


def clause_at(text: str, offset: int) -> Clause | None:
    """The clause written around ``offset``, matched against the grammar's phrases."""
    start = _clause_start(text, offset)
    ends = [i for i in (text.find(ch, offset) for ch in "},#\n") if i >= 0]
    written = text[start:min(ends) if ends else len(text)].split()
    if not written:
        return None
    best: tuple[int, Clause] | None = None
    for c in section_clauses(text, offset):
        phrase = c.phrase.split()
        score = 0
        for a, b in zip(written, phrase, strict=False):
            if a == b or (b.isupper() or ("|" in b and a in b.split("|"))):
                score += 1
            else:
                break
        if score and (best is None or score > best[0]):
            best = (score, c)
    return best[1] if best else None


_HOLDER = re.compile(r"N|M|LOW|HIGH|[A-Z]{2,}")  # N, N..M, LOW..HIGH:, CLASS:, EXPR


def _holder(word: str) -> str:
    if word in ("N", "M"):
        return r"-?\d+"  # a number
    if word in ("LOW", "HIGH"):
        return r"[A-Za-z0-9]+"  # a rank
    return r"(?:(?!\.\.)\S)+"  # one word (a range is not a CLASS)


def _word_pattern(word: str) -> re.Pattern[str]:
    """What one word of a reference row's syntax accepts: ``N..M``, ``CLASS:``, ``+``."""
    parts = re.split(r"(N|M|LOW|HIGH|[A-Z]{2,})", word)
    return re.compile("".join(_holder(p) if _HOLDER.fullmatch(p) else re.escape(p)
                              for p in parts))


def _singular(word: str) -> str | None:
    """A plain plural word of a row's syntax (``deals``, ``turns``) in the singular, which
    the grammar accepts after a number of 1; None for any other word."""
    return word[:-1] if re.fullmatch(r"[a-z]{3,}s", word) else None


def _fits(syntax: str, written: list[str]) -> tuple[int, int]:
    """How many words of ``written`` a reference row's syntax covers, and how many of them
    it names literally: (-1, 0) if they differ.  A number's placeholder covers a number,
    another placeholder one word, ``and ...`` or ``...`` the rest; a row that opens with
    ``...`` (``... (pat)``) states how a clause ends."""
    words = syntax.split()
    if words[0].startswith("..."):
        tail = words[1:]
        if len(tail) < len(written) and written[-len(tail):] == tail:
            return len(written), len(tail)
        return -1, 0
    covered = named = 0
    for i, word in enumerate(words):
        if word == "..." or words[i:] == ["and", "..."]:
            return len(written), named
        if covered == len(written):
            return -1, 0  # the row says more than was written
        if not (_word_pattern(word).fullmatch(written[covered])
                or _singular(word) == written[covered]):  # "1 deal" for "N deals"
            return -1, 0
        named += bool(re.fullmatch(r"[a-z]+:?", word))
        covered += 1
    return covered, named


def written_meaning(clause: Clause | None, written: list[str]) -> Meaning | None:
    """The row of the clause as written: ``ace high`` is its own row, not ``ace low``.

    An item of the variant itself (``players 3..8``) is found by its own first word."""
    rows = reference_rows()
    own = [r for r in rows if written and written[0] in r.sections
           and r.syntax.startswith(written[0] + " ")]
    if not own and clause is not None:
        own = [r for r in rows if clause.section in r.sections]
    best: tuple[tuple[int, int], Meaning] | None = None
    for row in own:
        fit = _fits(row.syntax, written)
        if fit[0] > 0 and (best is None or fit > best[0]):
            best = (fit, row)
    if best is not None:
        return best[1]
    return meaning_of(clause) if clause is not None else None


def _header_hover(text: str, offset: int) -> str | None:
    """Hover on a variant's head: ``extends`` and the parent it names."""
    start = text.rfind("\n", 0, offset) + 1
    end = text.find("{", start)
    head = text[start:end if end >= 0 else len(text)]
    found = re.match(r'\s*variant\s+(\w+)(?:\s+"[^"]*")?\s+(extends)\s+("[^"]*"|\w+)', head)
    if found is None or not found.start(2) <= offset - start <= found.end(3):
        return None  # only on ``extends`` and the parent's name
    parent = found.group(3)
    base = builtin_library()
    decl = base.decls.get(parent)
    about = (f"`{parent}` is the built-in {decl.title or parent}"
             if decl is not None else f"`{parent}` is the parent variant")
    return (f"**`extends {parent}`**\n\n`{found.group(1)}` starts from every rule of its "
            f"parent and states only what differs; {about}.")


def hover(text: str, line: int, column: int) -> str | None:
    """Markdown for the clause under the cursor, from the language reference."""
    offset = offset_of(text, line, column)
    header = _header_hover(text, offset)
    if header is not None:
        return header
    if _open_brace_before(text, offset) is None:
        return None  # outside every block: no clause is written here
    clause = clause_at(text, offset)
    start = _clause_start(text, offset)
    ends = [i for i in (text.find(ch, offset) for ch in "{},#\n") if i >= 0]
    row = written_meaning(clause, text[start:min(ends) if ends else len(text)].split())
    if row is None:
        if clause is None:
            return None
        return f"**`{clause.phrase}`** (in `{clause.section} {{ }}`)"
    where = row.sections[0] if clause is None or clause.section not in row.sections \
        else clause.section
    head = f"**`{row.syntax}`** (in `{where} {{ }}`)"
    default = f"\n\nWhen absent: {row.default}" if row.default else ""
    return f"{head}\n\n{row.meaning}{default}"


# ----- completion -------------------------------------------------------------------------
@dataclass(frozen=True)
class Completion:
    text: str  # what to insert
    detail: str  # what it is
    column: int  # it replaces the line from this 0-based column to the cursor


def completions(text: str, line: int, column: int) -> list[Completion]:
    """The clauses and words that may be written at the cursor."""
    offset = offset_of(text, line, column)
    line_start = text.rfind("\n", 0, offset) + 1
    start = offset
    while start > 0 and _WORD.fullmatch(text[start - 1]):
        start -= 1
    prefix = text[start:offset]
    words, _ = _expected(accepted_before(text[:start], start))
    clause_start = _clause_start(text, offset)
    written = " ".join(text[clause_start:offset].split())
    if text[clause_start:offset].endswith((" ", "\t")):
        written += " "
    out: list[Completion] = []
    seen: set[str] = set()
    at_start = clause_start == start
    first_words = set(words) if at_start else set(
        _expected(accepted_before(text[:clause_start], clause_start))[0])
    for c in section_clauses(text, offset):
        if (c.first_word in first_words and c.phrase.startswith(written)
                and c.phrase not in seen):
            seen.add(c.phrase)
            out.append(Completion(c.phrase, f"{c.section} clause", clause_start - line_start))
    for w in words:
        if w.startswith(prefix) and w not in seen:
            seen.add(w)
            out.append(Completion(w, "keyword", start - line_start))
    return out


# ----- go to the parent -------------------------------------------------------------------
def parent_location(text: str, path: str, line: int, column: int) -> Span | None:
    """Where the variant named by the ``extends`` under the cursor is declared."""
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    try:
        decls = lib.add_text(text, path)
    except SpecError:
        return None
    for decl in decls:
        span = decl.parent_span
        if span is None or span.line != line + 1:
            continue
        parent, _ = lib.parent_of(decl)
        if parent is not None:
            return parent.span
    return None
