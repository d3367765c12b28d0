"""``python -m rummy_spec.conformance.broken NAME [SPEC.rummy ...]``: a broken engine
behind the protocol (spec files given are played too, with the same bug)."""

from __future__ import annotations

import sys

from . import all_broken_engines


def main(argv: list[str]) -> int:
    engines = all_broken_engines()
    if not argv or argv[0] not in engines or any(a.startswith("-") for a in argv[1:]):
        names = ", ".join(sorted(engines))
        sys.stderr.write(f"usage: python -m rummy_spec.conformance.broken NAME "
                         f"[SPEC.rummy ...] ({names})\n")
        return 2
    from ..reference_engine import load_specs
    from ..wire.server import serve

    specs = list(argv[1:]) or list(engines[argv[0]].specs)
    problem = load_specs(specs, "broken")
    if problem is not None:
        sys.stderr.write(problem)
        return 2
    return serve(engines[argv[0]].engine())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
