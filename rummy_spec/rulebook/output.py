"""Writing a rulebook file: the whole text or nothing, with the mode any new file gets.

A temporary file beside the target is written, flushed, given the permissions the
user's umask leaves (0644 under the usual 022; ``mkstemp`` alone would leave 0600, a file
nobody else could read), and moved over the target in one step.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def current_umask() -> int:
    """The process's umask (read by setting it and putting it back at once)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomically(path: Path, text: str) -> None:
    """``text`` into ``path`` whole, or ``path`` untouched; raises :class:`OSError`."""
    folder = path.parent if str(path.parent) else Path(".")
    fd, temp = tempfile.mkstemp(dir=folder, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.chmod(temp, 0o666 & ~current_umask())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
