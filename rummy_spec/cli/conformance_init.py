"""``rummy-spec conformance init --lang python|node DIR``: a starter engine, its skip file
and CI snippets in an implementer's repository (see ``conformance.starter_kit``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .base import Outcome, UsageError, lines


def configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("dir", type=Path, metavar="DIR", help="where to write (made if missing)")
    p.add_argument("--lang", required=True, choices=("python", "node"),
                   help="the starter engine's language")
    p.add_argument("--force", action="store_true", help="overwrite files already there")
    p.add_argument("--install", metavar="WHAT",
                   help="what the CI job installs: a wheel file (copied into DIR), a path "
                        "or a git+ URL (default: what this rummy-spec was installed from, "
                        "the same wheel or commit, else the release of this version)")


def run(args: argparse.Namespace) -> Outcome:
    from ..conformance.authoring.starter_kit import InitError, next_steps, write_starter

    try:
        written = write_starter(args.lang, args.dir, args.force, args.install)
    except InitError as err:
        raise UsageError(f"conformance init: {err}") from None
    from ..textsafe import outside_text

    return Outcome(out=lines(*(f"wrote {outside_text(str(p), 200)}" for p in written),
                             *next_steps(args.lang, args.dir)))
