"""Completion after ``extends``: the variants a spec may name as its parent.

``extends NAME`` takes a built-in variant or one declared earlier in the same file;
``extends "FILE"`` and ``extends NAME from "FILE"`` take a spec file, by a path relative
to the file being edited (language reference, section 1.4).  So after ``extends`` the
editor is offered the built-in names, the names this file declares, and the spec files
of the workspace as quoted relative paths; after ``from`` only the files.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from .library import builtin_library

# extends, then (NAME from)? and what is typed so far: a word, or an opened string
_EXTENDS = re.compile(r'\bextends\s+(?:(?P<name>[A-Za-z_]\w*)\s+(?P<from>from)\s+)?'
                      r'(?P<typed>"[^"\n]*|[A-Za-z_]\w*)?$')
_DECLARED = re.compile(r"^\s*variant\s+([A-Za-z_]\w*)", re.MULTILINE)
# folders never searched for spec files: tools' and builds' own
_SKIPPED = {"node_modules", "__pycache__", "_build", "build", "dist", "site-packages"}
MOST_FILES = 200  # spec files offered at most (a workspace may be large)


@dataclass(frozen=True)
class Parent:
    text: str  # what is written: a variant name, or a quoted relative path
    detail: str  # what it is, for the editor's list
    column: int  # where on the line the text replaces what is typed
    is_file: bool


def parent_completions(text: str, line: int, column: int, here: Path | None,
                       roots: Sequence[Path]) -> list[Parent] | None:
    """What may follow ``extends`` (or ``from``) before the cursor; None elsewhere.
    ``here``: the edited file (None: not saved yet), ``roots``: the workspace folders."""
    lines = text.split("\n")
    if not 0 <= line < len(lines):
        return None
    before = lines[line][:column]
    found = _EXTENDS.search(before)
    if found is None:
        return None
    typed = found.group("typed") or ""
    start = found.start("typed") if found.group("typed") else column
    out: list[Parent] = []
    if not typed.startswith('"') and found.group("from") is None:
        lib = builtin_library()
        for name in sorted(lib.decls):
            if name.startswith(typed):
                out.append(Parent(name, f"built-in: {lib.decls[name].title}", start, False))
        for name in dict.fromkeys(_DECLARED.findall(text[:_offset(lines, line)])):
            if name.startswith(typed) and name not in lib.decls:
                out.append(Parent(name, "declared above in this file", start, False))
    base = here.parent if here is not None else (roots[0] if roots else None)
    if base is not None:
        for path in spec_files(roots or [base]):
            if here is not None and _same(path, here):
                continue
            quoted = '"' + Path(os.path.relpath(path, base)).as_posix() + '"'
            if quoted.startswith(typed) or not typed:
                out.append(Parent(quoted, "spec file", start, True))
    return out


def _offset(lines: list[str], line: int) -> int:
    return sum(len(x) + 1 for x in lines[:line])


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def spec_files(roots: Sequence[Path]) -> Iterator[Path]:
    """The ``*.rummy`` files under ``roots`` (hidden and tool folders left out), in name
    order within each folder, at most MOST_FILES."""
    count = 0
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIPPED)
            for name in sorted(files):
                if name.endswith(".rummy"):
                    yield Path(folder) / name
                    count += 1
                    if count >= MOST_FILES:
                        return
