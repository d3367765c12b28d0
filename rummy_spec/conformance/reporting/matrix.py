"""The compliance matrix: the suite and a fixed fuzz budget run over a list of engines.

``rummy-spec conformance matrix --engines FILE --out DIR`` reads a list of engines
(YAML: each with a ``name``, a ``command`` and the ``variants`` it plays; ``{python}`` in
a command is this Python), and for each engine and variant runs every case of the
variant and a fuzz of a fixed number of games.  It writes ``matrix.json`` (per engine and
variant: the cases passed, failed, skipped and errored by topic, the fuzz findings by
rule, the speed; the suite version each was measured against), ``matrix.html`` and an SVG
badge per engine and variant (``badges/ENGINE-VARIANT.svg``).  The suite version of a
variant is the suite's number and a digest of the variant's case files: a result names
what it was measured against.
"""

from __future__ import annotations

import hashlib
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import SUITE_VERSION, suite_root
from ..fuzzing.fuzz import FuzzOptions, fuzz
from ..running.connect import make_engine
from ..running.runner import counts, run_suite
from ..suite.cases import case_files, load_cases, select
from ..wire.engine import EngineError
from .present import topic_of

JSON = dict[str, Any]
FORMAT = "rummy-spec/conformance-matrix"


@dataclass(frozen=True)
class Entry:
    name: str
    command: str
    variants: tuple[str, ...]


class MatrixError(ValueError):
    """A list of engines that cannot be read: where and what."""


def read_engines(path: Path) -> list[Entry]:
    from ..suite.safe_yaml import load_yaml

    try:
        data = load_yaml(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as err:
        raise MatrixError(f"{path}: cannot read the list of engines ({err})") from None
    engines = data.get("engines") if isinstance(data, dict) else None
    if not isinstance(engines, list) or not engines:
        raise MatrixError(f"{path}: 'engines' must list the engines to run")
    out = []
    for i, e in enumerate(engines):
        where = f"{path}: engines[{i}]"
        if not isinstance(e, dict) or not all(isinstance(e.get(k), str) and e.get(k)
                                               for k in ("name", "command")):
            raise MatrixError(f"{where}: 'name' and 'command' (text) are needed")
        variants = e.get("variants")
        if not isinstance(variants, list) or not variants or not all(
                isinstance(v, str) for v in variants):
            raise MatrixError(f"{where}: 'variants' must list the variants it plays")
        out.append(Entry(e["name"], e["command"].replace("{python}", sys.executable),
                         tuple(variants)))
    return out


def suite_version(variant: str, root: Path | None = None) -> str:
    """The suite's number and a digest of the variant's case files."""
    base = root or suite_root() / "cases"
    digest = hashlib.sha256()
    for p in select(case_files(base), base, [variant], ()):
        digest.update(p.relative_to(base).as_posix().encode())
        digest.update(p.read_bytes())
    return f"{SUITE_VERSION}+{digest.hexdigest()[:10]}"


def measure(entry: Entry, variant: str, games: int, seed: int = 0) -> JSON:
    """One engine on one variant: its cases by topic, then the fuzz budget."""
    cases = load_cases(variants=[variant])
    engine = make_engine(entry.command, timeout=30)
    try:
        start = time.perf_counter()
        results = run_suite(engine, cases)
        case_seconds = time.perf_counter() - start
        topics: dict[str, JSON] = {}
        for r in results:
            topics.setdefault(topic_of(r.id), {k: 0 for k in counts([])})[r.status] += 1
        start = time.perf_counter()
        try:
            found = fuzz(engine, FuzzOptions(variant, examples=games, seed=seed,
                                             command=entry.command, shrink_seconds=1.0,
                                             most_findings=10))
            fuzz_note = found.error
        except EngineError as err:  # (the engine cannot be fuzzed: said so)
            found, fuzz_note = None, f"engine {err.kind}: {err.message}"
        fuzz_seconds = time.perf_counter() - start
    finally:
        engine.close()
    played = found.examples - found.skipped if found is not None else 0
    return {
        "suite_version": suite_version(variant),
        "cases": counts(results),
        "topics": dict(sorted(topics.items())),
        "fuzz": {"games": played, "declined": found.skipped if found else 0,
                 "findings": {f.rule: f.seen for f in found.findings} if found else {},
                 "note": fuzz_note},
        "speed": {"cases_per_second": round(len(results) / max(case_seconds, 1e-9), 1),
                  "fuzz_games_per_second": round(played / max(fuzz_seconds, 1e-9), 1)},
    }


def build(entries: list[Entry], games: int,
          progress: Any = None) -> JSON:
    rows = []
    for e in entries:
        per: JSON = {}
        for v in e.variants:
            if progress is not None:
                progress(f"{e.name}: {v}")
            per[v] = measure(e, v, games)
        rows.append({"name": e.name, "command": e.command, "variants": per})
    return {"format": FORMAT, "version": 1, "suite": SUITE_VERSION, "fuzz_games": games,
            "engines": rows}


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def badge(label: str, value: str, good: bool) -> str:
    """A flat two-part SVG badge."""
    left, right = 7 * len(label) + 10, 7 * len(value) + 10
    colour = "#3c763d" if good else "#b94a48"
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{left + right}" height="20" '
            f'role="img" aria-label="{label}: {value}"><title>{label}: {value}</title>'
            f'<rect width="{left}" height="20" fill="#555"/>'
            f'<rect x="{left}" width="{right}" height="20" fill="{colour}"/>'
            f'<g fill="#fff" font-family="Verdana,sans-serif" font-size="11">'
            f'<text x="5" y="14">{label}</text><text x="{left + 5}" y="14">{value}</text>'
            "</g></svg>\n")
