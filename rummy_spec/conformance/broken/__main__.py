"""``python -m rummy_spec.conformance.broken NAME``: a broken engine behind the protocol."""

from __future__ import annotations

import sys

from . import broken_engines


def main(argv: list[str]) -> int:
    engines = broken_engines()
    if len(argv) != 1 or argv[0] not in engines:
        names = ", ".join(sorted(engines))
        sys.stderr.write(f"usage: python -m rummy_spec.conformance.broken NAME ({names})\n")
        return 2
    from ..server import serve

    return serve(engines[argv[0]].engine())


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
