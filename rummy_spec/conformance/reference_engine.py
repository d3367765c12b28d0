"""``python -m rummy_spec.conformance.reference_engine [SPEC.rummy ...]``: the reference
interpreter behind the conformance protocol (JSON lines on stdin/stdout, see PROTOCOL.md).

Spec files given are served too: each variant they declare is played by name, and
``hello`` lists those names and each file's content hash (``sha256:...``), so the kit can
test a house variant against the reference behind the protocol."""

from __future__ import annotations

import sys
from collections.abc import Sequence

from .oracle.reference import ReferenceEngine
from .wire.server import serve


def load_specs(paths: Sequence[str], program: str) -> str | None:
    """Register each spec file; the message (for stderr) of the first that fails."""
    from pathlib import Path

    from ..lang import LookupFailure, SpecError
    from .suite.variants import VariantClash, load_spec_file

    for path in paths:
        try:
            load_spec_file(Path(path))
        except (LookupFailure, VariantClash) as err:
            return f"{program}: {err}\n"
        except SpecError as err:
            return f"{program}: {path}: the spec has errors:\n{err.render()}\n"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if any(a.startswith("-") for a in args):
        sys.stderr.write("usage: python -m rummy_spec.conformance.reference_engine "
                         "[SPEC.rummy ...]\n")
        return 2
    problem = load_specs(args, "reference_engine")
    if problem is not None:
        sys.stderr.write(problem)
        return 2
    return serve(ReferenceEngine())


if __name__ == "__main__":
    sys.exit(main())
