"""The Lark parser of the rules language, built once per grammar and kept on disk.

Building the LALR tables takes most of a short command's time (about 190 ms of CPU);
loading them back takes about a tenth of that.  The tables are stored in the user's
cache folder (``$XDG_CACHE_HOME/rummy-spec``, else ``~/.cache/rummy-spec``;
``RUMMY_SPEC_CACHE`` names another folder, and ``RUMMY_SPEC_CACHE=off`` turns the cache
off), in a file named by a hash of everything the tables depend on: the grammar text,
the parser options, Lark's version and Python's.  A changed grammar gets a new file, so a
stale table is never read.  A file is written whole under a temporary name and then
renamed, so a reader never sees half of one.  When the folder cannot be written, or a
stored file cannot be read, the parser is built as if there were no cache.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.lark import PostLex

OPTIONS: dict[str, Any] = {"parser": "lalr", "propagate_positions": True,
                           "maybe_placeholders": False}


def cache_dir() -> Path | None:
    """Where parsers are kept, or None when the cache is turned off."""
    chosen = os.environ.get("RUMMY_SPEC_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME")
    if base and Path(base).is_absolute():
        return Path(base) / "rummy-spec"
    try:
        return Path.home() / ".cache" / "rummy-spec"
    except RuntimeError:  # no home folder to be found
        return None


def cache_key(grammar: str, postlex: PostLex | None = None) -> str:
    """A hash of everything the parse tables depend on."""
    stage = "" if postlex is None else f"{type(postlex).__module__}.{type(postlex).__qualname__}"
    text = "\n".join([grammar, repr(sorted(OPTIONS.items())), stage, lark.__version__,
                      ".".join(map(str, sys.version_info[:2]))])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def cache_file(grammar: str, postlex: PostLex | None = None) -> Path | None:
    folder = cache_dir()
    return None if folder is None else folder / f"grammar-{cache_key(grammar, postlex)}.lark"


def build(grammar: str, postlex: PostLex | None = None) -> Lark:
    """The parser for ``grammar`` (with ``postlex`` between its lexer and parser): from the
    cache if it holds it, else built (and stored)."""
    path = cache_file(grammar, postlex)
    if path is not None:
        loaded = _load(path)
        if loaded is not None:
            return loaded
    made = Lark(grammar, **OPTIONS, postlex=postlex)
    if path is not None:
        _store(made, path)
    return made


def _load(path: Path) -> Lark | None:
    try:
        with path.open("rb") as f:
            loaded = Lark.load(f)
    except Exception:  # none yet, or damaged, or foreign: build afresh (and overwrite it)
        return None
    return loaded if isinstance(loaded, Lark) else None


def _store(parser: Lark, path: Path) -> None:
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".part", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            parser.save(f)
        os.replace(tmp, path)
        tmp = None
    except OSError:  # a read-only home, a full disk: run without the cache
        pass
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
