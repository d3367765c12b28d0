"""Reports of a run: JSON (our own layout), JUnit XML (for CI) and one HTML page
(``html_report``, for people).

Both are written whole or not at all (a temporary file renamed into place).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import SUITE_VERSION
from ..running.runner import CaseResult, counts
from ..wire.engine import Hello
from .present import exchange_lines

FORMATS = ("json", "junit", "html")


def report_json(results: Sequence[CaseResult], hello: Hello | None, engine: str) -> str:
    data: dict[str, Any] = {
        "format": "rummy-spec/conformance-report",
        "version": 1,
        "suite": SUITE_VERSION,
        "engine": {"command": engine, "name": hello.name if hello else None,
                   "version": hello.version if hello else None,
                   "features": sorted(hello.features) if hello else []},
        "summary": counts(results),
        "cases": [{"id": r.id, "status": r.status, "variant": r.variant, "rule": r.rule,
                   "step": r.step, "message": r.message, "details": r.lines,
                   "seconds": round(r.seconds, 4), "path": r.path,
                   **({"action": r.action, "expected": r.expected, "got": r.got,
                       "fields": r.fields} if r.status in ("failed", "known") else {}),
                   **({"exchange": exchange_lines(r.exchange, None)} if r.exchange else {})}
                  for r in results],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def report_junit(results: Sequence[CaseResult], engine: str) -> str:
    c = counts(results)
    suites = ET.Element("testsuites")
    suite = ET.SubElement(suites, "testsuite", {
        "name": f"rummy-spec conformance ({engine})",
        "tests": str(len(results)),
        "failures": str(c["failed"] + c["unexpected-pass"]),
        "errors": str(c["errored"]),
        "skipped": str(c["skipped"] + c["known"]),
        "time": f"{sum(r.seconds for r in results):.3f}",
    })
    for r in results:
        classname, _, name = r.id.rpartition("/")
        case = ET.SubElement(suite, "testcase", {"classname": classname.replace("/", "."),
                                                 "name": name, "time": f"{r.seconds:.4f}"})
        text = "\n".join(r.lines)
        if r.status in ("failed", "unexpected-pass"):
            ET.SubElement(case, "failure", {"message": r.message, "type": r.status}).text = text
        elif r.status == "errored":
            ET.SubElement(case, "error", {"message": r.message}).text = text
        elif r.status in ("skipped", "known"):  # a known deviation fails nothing
            ET.SubElement(case, "skipped", {"message": r.message})
        if r.rule:
            props = ET.SubElement(case, "properties")
            ET.SubElement(props, "property", {"name": "rule", "value": r.rule})
    ET.indent(suites)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, "unicode") + "\n"


def write_report(kind: str, path: Path, results: Sequence[CaseResult], hello: Hello | None,
                 engine: str, rerun: Mapping[str, str] | None = None) -> None:
    if kind == "html":
        from .html_report import report_html

        text = report_html(results, hello, engine, rerun)
    elif kind == "json":
        text = report_json(results, hello, engine)
    else:
        text = report_junit(results, engine)
    write_atomic(path, text)


def write_atomic(path: Path, text: str, what: str = "--report") -> None:
    """The whole file or nothing, never over a device, FIFO or symlink (see outfile)."""
    from ...outfile import write_text

    write_text(path, text, what)
