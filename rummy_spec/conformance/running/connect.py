"""Connecting to an engine under test: the reference in-process, or a command line that
starts an engine process speaking the protocol.

Apart from :mod:`.engine` (the interface) because it names both implementations, each
of which imports the interface.  Each is imported when chosen: a run against a process
engine does not load the reference engine.
"""

from __future__ import annotations

from ..wire.engine import Engine


def make_engine(spec: str, timeout: float = 10.0, case_timeout: float | None = None
                ) -> Engine:
    """``reference`` (in-process) or a command line that starts an engine process;
    ``timeout`` bounds each reply, ``case_timeout`` a whole case."""
    if spec.strip() == "reference":
        from ..oracle.reference import ReferenceEngine

        return ReferenceEngine()
    from ..wire.client import ProcessEngine

    return ProcessEngine(spec, timeout, case_timeout=case_timeout)
