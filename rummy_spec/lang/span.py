"""Source positions: every model node remembers where its rule was written."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of a source file, 1-based lines and columns, end exclusive."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


BUILTIN = Span("<built-in default>", 0, 0, 0, 0)
