"""Text from outside (spec files, case files, traces, engine replies, paths) made safe to
print: control characters escaped, and the length bounded.

A screen clear, a window-title sequence or a carriage return in an engine's error text
must not reach the terminal raw: a ``\\r`` could overwrite "all cases passed" with
something else.  :func:`outside_text` turns every control character (C0, DEL, C1, and
the Unicode line and paragraph separators) into a visible escape such as ``\\x1b`` and
keeps at most ``limit`` characters, marking the cut.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e"
                      "\u2066-\u2069]")
_CONTROL_NL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e"
                         "\u2066-\u2069]")


def _escape(m: re.Match[str]) -> str:
    code = ord(m.group(0))
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def outside_text(text: str, limit: int = 300, *, keep_newlines: bool = False) -> str:
    """``text`` with control characters escaped, cut to ``limit`` characters (a
    ``...`` and the count of characters left out mark the cut).  Tabs are kept; newlines
    only when ``keep_newlines``."""
    cut = len(text) > limit
    head = text[:limit] if cut else text
    pattern = _CONTROL if keep_newlines else _CONTROL_NL
    safe = pattern.sub(_escape, head.replace("\t", " ") if not keep_newlines else head)
    if cut:
        safe += f"... ({len(text) - limit} more characters)"
    return safe


__all__ = ["outside_text"]
