"""``python -m rummy_spec.conformance.reference_engine``: the reference interpreter
behind the conformance protocol (JSON lines on stdin/stdout, see PROTOCOL.md)."""

from __future__ import annotations

import sys

from .reference import ReferenceEngine
from .server import serve


def main() -> int:
    return serve(ReferenceEngine())


if __name__ == "__main__":
    sys.exit(main())
