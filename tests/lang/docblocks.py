"""The fenced code blocks of the language reference (docs/language.md), read once for the
tests that check its examples: they parse, format unchanged, and name every setting."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "language.md"
DOC_PATH = "docs/language.md"
_FENCE = re.compile(r"^```(\S*)\s*$")


@dataclass(frozen=True)
class Block:
    info: str
    line: int  # line of the opening fence, 1-based
    text: str


def doc_blocks(text: str) -> list[Block]:
    """Every fenced block of the document, with its info string."""
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        start = i
        body: list[str] = []
        i += 1
        while i < len(lines) and lines[i].rstrip() != "```":
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise AssertionError(f"{DOC_PATH}:{start + 1}: code block is never closed")
        blocks.append(Block(m.group(1), start + 1, "\n".join(body) + "\n"))
        i += 1
    return blocks


def reference_blocks(info: str) -> list[Block]:
    """The reference's blocks of one kind (``rummy``, ``rummy-fragment``)."""
    return [b for b in doc_blocks(DOC.read_text(encoding="utf-8")) if b.info == info]
