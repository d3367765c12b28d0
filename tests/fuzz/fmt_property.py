"""The formatter as an identity on meaning: generated specs, and what ``fmt`` must keep.

:func:`generate` builds a valid-looking spec from a seed: house variants that extend the
built-ins and restate sections taken from them (so sources, options and tables of every
kind appear), every token separated by odd whitespace (tabs, blank lines, CRLF, form
feeds, trailing blanks) and comments put in at random places, own-line or trailing, with
odd characters (a no-break space at the end, U+0085, quotes, a ``#`` inside).

:func:`fmt_fault` says what ``fmt`` broke on a text, or None: the text must keep, after
``fmt``, the same ``show --json`` of every variant and option, the same diagnostics (by
code), every comment byte in order; ``fmt`` of its output must be that output; and the
output must be one ``check`` reads (not over the size limit).
"""

from __future__ import annotations

import json
import random
import re
from functools import cache
from typing import Any

from lark import Tree

from rummy_spec.lang import Library, SpecError, builtin_library
from rummy_spec.lang.data import builtin_specs
from rummy_spec.lang.export import variant_to_json
from rummy_spec.lang.fmt import FormatError, format_text
from rummy_spec.lang.limits import MOST_TEXT, check_text
from rummy_spec.lang.syntax import parser

GAPS = [" ", " ", " ", "  ", "\t", "\n", "\n", "\n\n", "\n    \n", " \n\t  ", "\r\n",
        "\n\n\n", "\x0c ", " \t \n        "]
COMMENT_WORDS = ["a", "rule", "A45", "see VARIANTS.md", "# twice", '"quoted"', "é ü",
                 "trailing\u00a0", "\u3000wide", "tab\there", "{ } , :", "..",
                 "end  ", "\u00a0", "日本", "\u2003em"]


@cache
def _pieces() -> dict[str, list[str]]:
    """Each built-in variant's items (``source``, sections, options) as written."""
    out: dict[str, list[str]] = {}
    for path in builtin_specs().values():
        text = path.read_text(encoding="utf-8")
        for variant in parser().parse(text).children:
            assert isinstance(variant, Tree)
            name = str(variant.children[0])
            items = [text[c.meta.start_pos:c.meta.end_pos] for c in variant.children
                     if isinstance(c, Tree) and c.data not in ("title", "extends",
                                                                "extends_file")]
            out[name] = items
    return out


def _token_gaps(text: str) -> list[tuple[int, int]]:
    """(start, end) of every token of a text that parses."""
    return [(t.start_pos or 0, t.end_pos or 0)
            for t in parser().parse_interactive(text).iter_parse() if t.type != "$END"]


def _comment(rng: random.Random) -> str:
    text = "#" + "".join(rng.choice(["", " "]) + rng.choice(COMMENT_WORDS)
                         for _ in range(rng.randint(0, 4)))
    if rng.random() < 0.003:  # a control character: the whole text is refused (E052)
        text += "x\u0085y"
    return text


def generate(seed: int) -> str:
    """A spec of one to three house variants, laid out oddly, with comments."""
    rng = random.Random(seed)
    pieces = _pieces()
    names = sorted(pieces)
    blocks = []
    parents: list[str] = []
    for k in range(rng.choice([1, 1, 1, 2, 3])):
        parent = rng.choice(names + parents)
        own = pieces.get(parent) or pieces[rng.choice(names)]
        chosen = rng.sample(own, min(len(own), rng.randint(0, 4)))
        if rng.random() < 0.5:
            chosen.insert(0, f'source "house rules {seed}"')
        name = f"fz{seed % 1000}_{k}"
        blocks.append(f"variant {name} extends {parent} {{\n" + "\n".join(chosen) + "\n}\n")
        parents.append(name)
    text = "\n".join(blocks)
    return _relayout(text, rng)


def _relayout(text: str, rng: random.Random) -> str:
    try:
        spans = _token_gaps(text)
    except Exception:  # the pieces do not fit together: keep the plain layout
        return text
    out: list[str] = []
    last = 0
    comment_rate = rng.choice([0.0, 0.05, 0.2, 0.5])
    for start, end in spans:
        gap = text[last:start]
        if last and gap:
            gap = rng.choice(GAPS) if rng.random() < 0.6 else gap
            if rng.random() < comment_rate:
                where = rng.choice(["trailing", "own", "indented"])
                pad = {"trailing": rng.choice([" ", "  ", "\t"]), "own": "\n",
                       "indented": "\n" + " " * rng.randint(0, 12)}[where]
                gap = pad + _comment(rng) + "\n" + rng.choice(["", "    ", "\t", "\n"])
        elif not last and rng.random() < comment_rate:
            gap = _comment(rng) + "\n"
        out.append(gap + text[start:end])
        last = end
    out.append(text[last:] if rng.random() < 0.7 else "\n" + _comment(rng) + "\n")
    return "".join(out)


_COMMENT = re.compile(r'"[^"\n]*"|#[^\n]*')


def comments(text: str) -> list[str]:
    """Every comment, trimmed of the layout after it (spaces, tabs, CR, form feed)."""
    return [m.group().rstrip(" \t\r\x0c") for m in _COMMENT.finditer(text)
            if m.group().startswith("#")]


def meaning(text: str, path: str) -> Any:
    """What ``show --json`` prints for every variant and option of the text, and the
    codes of its diagnostics; None when it does not parse."""
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    try:
        decls = lib.add_text(text, path)
    except SpecError:
        return None
    out: list[Any] = [sorted(d.code for d in lib.problems)]
    for decl in decls:
        for option in [None, *decl.options]:
            chosen = () if option is None else (option,)
            variant, problems = lib.resolve(decl.name, chosen, check=False)
            try:
                shown = json.dumps(variant_to_json(variant, variant.players.min),
                                   sort_keys=True, default=str)
            except Exception as err:  # a variant too broken to show: its fault is the meaning
                shown = type(err).__name__
            out.append((decl.name, option, shown,
                        sorted(p.code for p in problems)))
    return out


def fmt_fault(text: str, path: str = "/fuzz/house.rummy") -> str | None:
    """What the formatter broke on ``text`` (None: nothing, or the text does not parse)."""
    return fmt_check(text, path)[1]


def fmt_check(text: str, path: str = "/fuzz/house.rummy") -> tuple[bool, str | None]:
    """Whether the text parses (the property applies), and what fmt broke on it."""
    before = meaning(text, path)
    if before is None:
        return False, None
    return True, _fault(text, path, before)


def _fault(text: str, path: str, before: Any) -> str | None:
    try:
        out = format_text(text, path)
    except SpecError as err:
        if all(d.code == "E060" for d in err.diagnostics):
            return None  # refused as too large once formatted: nothing was written
        return f"fmt refused a text that parses: {err.diagnostics[0].code}"
    except FormatError as err:
        return f"FormatError: {err}"
    if len(out) > MOST_TEXT:
        return f"output of {len(out):,} characters, over the limit"
    try:
        check_text(out, path)
    except SpecError as err:
        return f"output refused: {err.diagnostics[0].code}"
    if comments(out) != comments(text):
        return "a comment changed"
    if meaning(out, path) != before:
        return "show --json or the diagnostics differ after fmt"
    try:
        again = format_text(out, path)
    except (SpecError, FormatError) as err:
        return f"fmt of its own output failed: {err}"
    if again != out:
        return "not idempotent"
    return None


__all__ = ["comments", "fmt_check", "fmt_fault", "generate", "meaning"]
