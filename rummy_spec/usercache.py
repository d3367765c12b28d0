"""The user's cache folder: answers worth keeping from one command to the next.

Three things are kept there, each in a file named by a hash of everything it depends on:
the Lark parser of the rules language (:mod:`rummy_spec.lang.parser_cache`), the built-in
spec files as parsed (:mod:`rummy_spec.lang.parsed_cache`) and the rows of ``rummy-spec
list`` (:mod:`rummy_spec.cli.listing_cache`).  Whatever changes their
inputs changes the name, so a stale file is never read; it is only left behind.

The folder is ``$XDG_CACHE_HOME/rummy-spec`` (an absolute XDG_CACHE_HOME only, as the XDG
rules say), else ``~/.cache/rummy-spec``; ``RUMMY_SPEC_CACHE`` names another folder, and
``RUMMY_SPEC_CACHE=off`` turns the cache off.  A file is written whole under a temporary
name and then renamed, so a reader never sees half of one.  A folder that cannot be
written, a file that cannot be read: the caller works as if there were no cache.  This
module imports only the standard library's smallest parts, so that a command answered
from the cache starts fast.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

OFF = ("", "off", "0", "no")


def cache_dir() -> Path | None:
    """Where cached files are kept, or None when the cache is turned off."""
    chosen = os.environ.get("RUMMY_SPEC_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in OFF else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME")
    if base and Path(base).is_absolute():
        return Path(base) / "rummy-spec"
    try:
        return Path.home() / ".cache" / "rummy-spec"
    except RuntimeError:  # no home folder to be found
        return None


def cache_path(name: str) -> Path | None:
    """The cached file called ``name``, or None when the cache is off."""
    folder = cache_dir()
    return None if folder is None else folder / name


def read(name: str) -> bytes | None:
    """The cached file's bytes, or None (none yet, unreadable, the cache off)."""
    path = cache_path(name)
    if path is None:
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def write(name: str, data: bytes) -> None:
    """Store ``data`` as the cached file ``name``, whole or not at all; silently nothing
    when the folder cannot be made or written (a read-only home, a full disk)."""
    path = cache_path(name)
    if path is None:
        return
    import tempfile  # only when writing: a cached answer needs none of it

    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".part", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, path)
        tmp = None
    except OSError:
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
