"""The Lark parser of the rules language, built once per grammar and kept on disk.

Building the LALR tables takes most of a short command's time (about 190 ms of CPU);
loading them back takes about a tenth of that.  The tables are kept in the user's cache
folder (:mod:`rummy_spec.usercache`: ``$XDG_CACHE_HOME/rummy-spec`` or
``~/.cache/rummy-spec``, ``RUMMY_SPEC_CACHE`` to move it or turn it off), in a file named
by a hash of everything the tables depend on: the grammar text, the parser options,
Lark's version and Python's.  A changed grammar or another Lark gets a new file, so a
stale table is never read.  The file starts with that hash as well, so a file that is not
the one its name promises (copied, damaged, cut short, written by another version) is
refused; then, as when the folder cannot be written, the parser is built as if there
were no cache (and stored again where it can be).
"""

from __future__ import annotations

import hashlib
import io
import sys
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.lark import PostLex

from .. import usercache
from ..usercache import cache_dir

OPTIONS: dict[str, Any] = {"parser": "lalr", "propagate_positions": True,
                           "maybe_placeholders": False}


def cache_key(grammar: str, postlex: PostLex | None = None) -> str:
    """A hash of everything the parse tables depend on."""
    stage = "" if postlex is None else f"{type(postlex).__module__}.{type(postlex).__qualname__}"
    text = "\n".join([grammar, repr(sorted(OPTIONS.items())), stage, lark.__version__,
                      ".".join(map(str, sys.version_info[:2]))])
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:24]


def _name(key: str) -> str:
    return f"grammar-{key}.lark"


def _header(key: str) -> bytes:
    return f"rummy-spec parser {key}\n".encode("ascii")


def cache_file(grammar: str, postlex: PostLex | None = None) -> Path | None:
    return usercache.cache_path(_name(cache_key(grammar, postlex)))


def build(grammar: str, postlex: PostLex | None = None) -> Lark:
    """The parser for ``grammar`` (with ``postlex`` between its lexer and parser): from the
    cache if it holds it, else built (and stored)."""
    key = cache_key(grammar, postlex)
    loaded = _load(usercache.read(_name(key)), key)
    if loaded is not None:
        return loaded
    made = Lark(grammar, **OPTIONS, postlex=postlex)
    if usercache.cache_dir() is not None:
        out = io.BytesIO(_header(key))
        out.seek(0, io.SEEK_END)
        made.save(out)
        usercache.write(_name(key), out.getvalue())
    return made


def _load(data: bytes | None, key: str) -> Lark | None:
    header = _header(key)
    if data is None or not data.startswith(header):
        return None  # none yet, or not the file its name promises
    try:
        loaded = Lark.load(io.BytesIO(data[len(header):]))
    except Exception:  # damaged or cut short: build afresh (and overwrite it)
        return None
    return loaded if isinstance(loaded, Lark) else None


__all__ = ["OPTIONS", "build", "cache_dir", "cache_file", "cache_key"]
