"""``rummy-spec check PATH|NAME...``: every diagnostic of some spec files, then a summary.

A directory means every ``*.rummy`` file directly inside it; a name means the built-in
file that declares it.  Each variant is checked as written and with each of its options
switched on by itself.  Exit 0 when no error was found (warnings allowed), 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from ..lang import Diagnostic, Library, LookupFailure, SpecError
from .base import FAILED, INTERNAL, OK, USAGE, Command, Outcome, UsageError, lines
from .specs import FileReport, Finding, builtins, check_spec_file, spec_files


def check_targets(targets: list[str]) -> list[FileReport]:
    """Check every file the targets name; a usage error is raised before any checking."""
    b = builtins()
    files = spec_files(targets, b)
    # A file may extend a variant of another file given on the same command line.
    shared = Library(dict(b.library.decls), dict(b.library.sources))
    for f in files:
        try:
            shared.add_file(f, replace=str(f) not in {str(p) for p in b.files.values()})
        except (SpecError, LookupFailure):
            continue  # reported when the file itself is checked
    return [check_spec_file(f, shared) for f in files]


def plural(n: int, word: str) -> str:
    if n == 0:
        return f"no {word}s"
    return f"{n} {word}" + ("" if n == 1 else "s")


def file_status(r: FileReport) -> str:
    names = ", ".join(r.variants) or "no variant"
    if r.crashes:
        return (f"{r.path}: not fully checked ({plural(len(r.crashes), 'internal error')}), "
                f"{plural(r.errors, 'error')}, {plural(r.warnings, 'warning')}")
    if r.errors:
        return f"{r.path}: {plural(r.errors, 'error')}, {plural(r.warnings, 'warning')}"
    warned = f", {plural(r.warnings, 'warning')}" if r.warnings else ""
    return f"{r.path}: ok ({names}){warned}"


def summary(reports: list[FileReport]) -> str:
    errors = sum(r.errors for r in reports)
    warnings = sum(r.warnings for r in reports)
    variants = sum(len(r.variants) for r in reports)
    crashes = sum(len(r.crashes) for r in reports)
    verdict = "failed" if errors or crashes else "ok"
    text = (f"{verdict}: {plural(len(reports), 'file')}, {plural(variants, 'variant')}, "
            f"{plural(errors, 'error')}, {plural(warnings, 'warning')}")
    if crashes:
        text += f", {plural(crashes, 'internal error')} (bugs in rummy-spec)"
    return text


def report_text(reports: list[FileReport]) -> str:
    """Each file's diagnostics, then its status line, then the summary.

    A fault shared with an earlier file (a parent's, seen again through a child) is shown
    once.  The checker tries every player count and round, so one faulty rule can fail many
    times at one place: the first is shown in full and the rest counted below it.
    """
    parts: list[str] = []
    shown: set[Diagnostic] = set()
    split: dict[str, list[str]] = {}  # each source's lines, split once for all its faults
    for r in reports:
        groups: dict[tuple[str, str, int, int, str], list[Finding]] = {}
        for f in r.findings:
            if f.diagnostic in shown:
                continue
            shown.add(f.diagnostic)
            d = f.diagnostic
            # one fault at other counts differs only in its numbers; two faults that land
            # on one line (a house line that breaks two rules of its parent) stay apart
            words = re.sub(r"\d+", "#", d.message)
            groups.setdefault((d.code, d.span.path, d.span.line, d.span.column, words),
                              []).append(f)
        parts.extend(r.crashes)
        for same in groups.values():
            text = same[0].render(r.sources, r.path, split)
            if len(same) > 1:
                text += (f"\n    ... and {len(same) - 1} more {same[0].diagnostic.code} here "
                         "(other player counts or rounds)")
            parts.append(text)
        parts.append(file_status(r))
    parts.append(summary(reports))
    return lines(*parts)


def diagnostic_json(d: Diagnostic, variant: str | None, option: str | None) -> dict[str, Any]:
    """One diagnostic for tools and editors (schema/check.schema.json)."""
    s = d.span
    return {"file": s.path, "line": s.line, "column": s.column, "end_line": s.end_line,
            "end_column": s.end_column, "code": d.code, "name": d.name,
            "severity": d.severity, "message": d.message, "hint": d.hint or None,
            "variant": variant, "option": option}


def report_json(reports: list[FileReport]) -> str:
    """Every diagnostic once (a parent's fault seen through a child is not repeated)."""
    files: list[dict[str, Any]] = []
    diagnostics: list[dict[str, Any]] = []
    shown: set[Diagnostic] = set()
    for r in reports:
        files.append({"path": r.path, "variants": list(r.variants), "errors": r.errors,
                      "warnings": r.warnings, "internal_errors": list(r.crashes)})
        for f in r.findings:
            if f.diagnostic not in shown:
                shown.add(f.diagnostic)
                diagnostics.append(diagnostic_json(f.diagnostic, f.variant, f.option))
    errors = sum(r.errors for r in reports)
    crashes = sum(len(r.crashes) for r in reports)
    body = {"ok": not errors and not crashes, "errors": errors,
            "warnings": sum(r.warnings for r in reports), "files": files,
            "diagnostics": diagnostics}
    return json.dumps(body, indent=2) + "\n"


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("targets", nargs="+", metavar="PATH|NAME",
                        help="a spec file, a directory of spec files, or a built-in name")
    parser.add_argument("--json", action="store_true",
                        help="print every diagnostic as JSON (file, line, column, end, code, "
                        "severity, message, hint) instead of text")


def _run(args: argparse.Namespace) -> Outcome:
    try:
        reports = check_targets(list(args.targets))
    except UsageError as err:
        if not args.json:
            raise
        # a tool reading stdout gets a report it can parse, saying why nothing was checked
        body = {"ok": False, "errors": 0, "warnings": 0, "files": [], "diagnostics": [],
                "usage_error": str(err)}
        return Outcome(code=USAGE, out=json.dumps(body, indent=2) + "\n",
                       err=f"rummy-spec: {err}\n")
    code = OK
    if any(r.errors for r in reports):
        code = FAILED
    if any(r.crashes for r in reports):
        code = INTERNAL
    return Outcome(code=code, out=report_json(reports) if args.json else report_text(reports))


COMMAND = Command(
    name="check",
    help="check spec files and print every error with its line and a caret",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
