"""How a check reports a fault: the one callable every checker module is handed (so the
checkers need not import the module that collects the faults)."""

from __future__ import annotations

from typing import Protocol

from .span import Span


class Err(Protocol):
    def __call__(self, code: str, msg: str, span: Span, hint: str = "", /) -> None: ...
