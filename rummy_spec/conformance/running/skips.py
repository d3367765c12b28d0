"""Skip files: the case ids (or globs) an engine is known to fail, one per line."""

from __future__ import annotations

import fnmatch
from collections.abc import Sequence
from pathlib import Path

from ...infile import InputFileError, read_text
from ...textsafe import outside_text


class SkipFileError(ValueError):
    pass


MOST_SKIP_BYTES = 4 * 1024 * 1024  # a skip file lists case ids: a few kilobytes


def read_skip_file(path: Path) -> list[str]:
    """Case ids or globs, one per line; '#' starts a comment."""
    try:  # a FIFO or /dev/zero is refused by its type before it is opened
        text = read_text(path, MOST_SKIP_BYTES)
    except InputFileError as err:
        raise SkipFileError(f"--skip-file {outside_text(str(path), 120)}: {err}") from None
    out = []
    for line in text.splitlines():
        entry = line.split("#", 1)[0].strip()
        if entry:
            out.append(entry)
    return out


def listed(case_id: str, entries: Sequence[str]) -> str | None:
    for e in entries:
        if fnmatch.fnmatchcase(case_id, e):
            return e
    return None
