"""A fault met in a parent's file while checking a child: which of the child's lines
caused it.

A house variant that seats more players or takes a deck away makes its parent's deal too
big for the pack; the checker finds that at the parent's ``cards 12``, in a file the
author never wrote.  Each such fault is tried against the child's own rules: a rule
whose removal (the parent's rule back in its place) makes the fault go is its cause, and
the fault is reported at that line, naming the parent's rule it meets.  A fault that
stays with every rule of the child removed is the parent's own, and is said to be so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import PurePath

from .errors import Diagnostic
from .span import Span
from .syntax import Key, Setting

Rebuild = Callable[[dict[Key, Setting]], Iterable[Diagnostic]]


def name_own_lines(problems: list[Diagnostic], own_path: str, owners: Mapping[str, str],
                   merged: Mapping[Key, Setting], inherited: Mapping[Key, Setting],
                   rebuild: Rebuild) -> list[Diagnostic]:
    """``problems`` with each one in another file than ``own_path`` moved to the line of
    ``own_path`` that causes it, or marked as the parent's own.

    ``owners`` maps a file to the variant it declares (for the message); ``merged`` are
    the settings the variant was built from, ``inherited`` those it would have without its
    own (the parents' and their options'); ``rebuild`` checks a variant built from some
    settings and gives its diagnostics.
    """
    foreign = [p for p in problems if p.span.path != own_path and p.span.line > 0]
    if not foreign:
        return problems
    own: dict[Span, list[Key]] = {}
    for key, s in merged.items():
        if s.span.path == own_path and s.span.line > 0 and key[-1] != "__block__":
            own.setdefault(s.span, []).append(key)
    if not own:
        return problems

    def faults_without(spans: Iterable[Span]) -> set[tuple[str, Span]]:
        settings = dict(merged)
        for span in spans:
            for key in own[span]:
                if key in inherited:
                    settings[key] = inherited[key]
                else:
                    settings.pop(key, None)
        return {(p.code, p.span) for p in rebuild(settings)}

    parents_own = faults_without(own)
    singles: dict[Span, set[tuple[str, Span]]] = {}
    out: list[Diagnostic] = []
    for p in problems:
        if p not in foreign:
            out.append(p)
            continue
        owner = owners.get(p.span.path, "the parent")
        where = f"{PurePath(p.span.path).name}:{p.span.line}"
        if (p.code, p.span) in parents_own:
            out.append(Diagnostic(p.code, f"{p.message}; a fault of '{owner}' itself, not "
                                  "of the variant that extends it", p.span, p.hint))
            continue
        if not singles:
            singles = {span: faults_without([span]) for span in own}
        causes = sorted((span for span in own if (p.code, p.span) not in singles[span]),
                        key=lambda s: (s.line, s.column))
        if causes:
            rest = [line for line in dict.fromkeys(str(s.line) for s in causes[1:])
                    if line != str(causes[0].line)]  # each line named once
            also = ("; so do lines " + ", ".join(rest) if len(rest) > 1
                    else f"; so does line {rest[0]}" if rest else "")
            said = f"caused by this line, with the rule of '{owner}' at {where}{also}"
        else:  # no one rule alone: the child's rules together
            causes = sorted(own, key=lambda s: (s.line, s.column))
            lines = ", ".join(dict.fromkeys(str(s.line) for s in causes))
            said = (f"caused by this variant's lines {lines} together, with the rule of "
                    f"'{owner}' at {where}")
        out.append(Diagnostic(p.code, f"{p.message}; {said}", causes[0], p.hint))
    return out
