"""``rummy-spec conformance matrix --engines FILE --out DIR``: the suite and a fixed fuzz
budget over a list of engines, as JSON, HTML and badges (``conformance.matrix``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .base import Outcome, UsageError, lines, whole_number


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--engines", required=True, type=Path, metavar="FILE",
                   help="the engines (YAML: engines: [{name, command, variants}])")
    p.add_argument("--out", required=True, type=Path, metavar="DIR",
                   help="where matrix.json, matrix.html and badges/ are written")
    p.add_argument("--games", type=whole_number, default=30, metavar="N",
                   help="the fuzz budget per engine and variant (default 30 games)")


def run(args: argparse.Namespace) -> Outcome:
    from ..conformance.reporting.matrix import MatrixError, build, read_engines
    from ..conformance.reporting.matrix_html import write_matrix

    try:
        entries = read_engines(args.engines)
    except MatrixError as err:
        raise UsageError(f"--engines {err}") from None
    if args.games < 1:
        raise UsageError("--games must be at least 1")

    def progress(what: str) -> None:
        sys.stderr.write(f"matrix: {what}\n")
        sys.stderr.flush()

    data = build(entries, args.games, progress)
    written = write_matrix(data, args.out)
    rows = [f"{e['name']}: {v}: {r['cases']['passed']} passed, {r['cases']['failed']} "
            f"failed, {r['cases']['skipped']} skipped; fuzz {len(r['fuzz']['findings'])} "
            f"rules broken in {r['fuzz']['games']} games"
            for e in data["engines"] for v, r in e["variants"].items()]
    return Outcome(out=lines(*rows, *(f"wrote {p}" for p in written[:2]),
                             f"wrote {len(written) - 2} badges"))
