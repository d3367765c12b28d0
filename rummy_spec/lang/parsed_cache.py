"""Parsed spec files kept for reuse: once per process, and from one command to the next.

Parsing is most of what loading the built-in specs costs (Lark's parse loop, then the
tree turned into settings), and every command parses the same few files: ``check`` alone
met each built-in file three times (the built-in library, the library the files given
share, the library of each file's own check).  So the declarations a file parses into
are kept twice over:

- in this process, by path and text: the same file met again is not parsed again;
- for the built-in spec files as they are on disk (by whatever path they are named),
  also in the user's cache folder (:mod:`rummy_spec.usercache`), in a file named by a
  hash of the path, the text and everything the parse depends on (the grammar, the
  source of the modules that turn text into settings, their clause tables as they
  stand, Lark's version and Python's).  A changed spec, grammar, builder or table gets
  a new name, so a stale file is never read.  The file starts with that hash and a
  digest of what follows, so a file that is not the one its name promises (copied,
  damaged, cut short) is refused and the text parsed as if there were no cache.

Other texts (a user's file, a text being typed in an editor, even into a built-in file)
are kept in the process only, and only the last few of them, so that an editor's every
keystroke fills neither the disk nor the memory.  Only a clean parse is kept: a file with
a syntax error is parsed again each time, so its message is made afresh.  Each caller
gets its own copy of the declarations' lists, so a caller that changes one cannot change
what the next one reads.
"""

from __future__ import annotations

import hashlib
import importlib
import io
import os
import pickle
import sys
from dataclasses import fields, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from .. import usercache
from . import expr as ex
from .decls import OptionDecl, VariantDecl
from .span import Span

# the modules whose code decides what a text parses into and how it is stored (and the
# grammar, added below)
_SHAPERS = ("syntax", "grammar_parser", "syntax_clauses", "syntax_tables", "decls", "expr",
            "span", "errors", "words", "limits", "parsed_cache")

_MEMO: dict[tuple[str, str], list[VariantDecl]] = {}
_MEMO_SIZE = 64  # texts kept in the process: every built-in file, and then some


def forget() -> None:
    """Drop what this process kept (the files in the cache folder stay)."""
    _MEMO.clear()


@lru_cache(maxsize=1)
def _code_key() -> str:
    import lark

    from .grammar_source import grammar_text

    digest = hashlib.sha256(grammar_text().encode("utf-8"))
    for name in _SHAPERS:
        where = getattr(importlib.import_module(f"{__package__}.{name}"), "__file__", None)
        try:
            digest.update(Path(where).read_bytes() if where else name.encode())
        except OSError:
            digest.update(name.encode())
    digest.update(f"{lark.__version__} {sys.version_info[:2]}".encode())
    return digest.hexdigest()


_tables_seen: tuple[object, str] | None = None  # the tables as last seen, and their text


def _tables_key() -> str:
    """The clause tables as they stand now (a test may change one in place).  Their text
    is made again only when they no longer equal what was seen last."""
    global _tables_seen
    from . import syntax_tables as t

    now = (tuple(t.FLAGS.items()), tuple(t.VALUED.items()), tuple(t.SECTIONS.items()),
           frozenset(t.PRESENCE), tuple(t.LOW_STOCK.items()), tuple(t.RANK_WORDS.items()))
    seen = _tables_seen
    if seen is not None and seen[0] == now:
        return seen[1]
    text = repr((t.FLAGS, t.VALUED, t.SECTIONS, sorted(t.PRESENCE), t.LOW_STOCK,
                 t.RANK_WORDS))
    _tables_seen = (now, text)
    return text


def cache_key(text: str, path: str) -> str:
    digest = hashlib.sha256(_code_key().encode("ascii"))
    digest.update(_tables_key().encode("utf-8"))
    digest.update(path.encode("utf-8", "surrogatepass") + b"\0")
    digest.update(text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()[:32]


def _name(key: str) -> str:
    return f"parsed-{key}.pickle"


def _header(key: str, payload: bytes) -> bytes:
    return f"rummy-spec parsed {key} {hashlib.sha256(payload).hexdigest()}\n".encode("ascii")


def lookup(text: str, path: str) -> tuple[str, list[VariantDecl] | None]:
    """(the cache key, the declarations kept for this text, or None)."""
    key = cache_key(text, path)
    kept = _MEMO.get((key, path))
    if kept is None:
        kept = _read(key) if _is_builtin(path) else None
        if kept is not None:
            _keep(key, path, kept)
    return key, None if kept is None else _copy(kept)


def store(key: str, text: str, path: str, decls: list[VariantDecl]) -> None:
    """Keep a clean parse, in this process and (where it can be written) on disk."""
    _keep(key, path, _copy(decls))
    if not _is_builtin(path) or usercache.cache_dir() is None or not _on_disk(text, path):
        return
    out = io.BytesIO()
    try:
        _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(decls)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return  # pragma: no cover - every declaration is plain data
    payload = out.getvalue()
    usercache.write(_name(key), _header(key, payload) + payload)


# Spans and formula nodes are frozen classes with slots, which pickle rebuilds through a
# slow general path (a Python call per object that lists the class's fields).  They are
# stored as a call of the class on its fields instead: the same object, read back in
# about half the time.
_BY_FIELDS: dict[type, tuple[str, ...]] = {
    cls: tuple(f.name for f in fields(cls))
    for cls in (Span, ex.Num, ex.Var, ex.Unlimited, ex.BinOp, ex.Neg, ex.Call, ex.Case,
                ex.Table, ex.Ref)
}


class _Pickler(pickle.Pickler):
    def reducer_override(self, obj: Any) -> Any:
        names = _BY_FIELDS.get(type(obj))
        if names is None:
            return NotImplemented
        return (type(obj), tuple(getattr(obj, name) for name in names))


def _keep(key: str, path: str, decls: list[VariantDecl]) -> None:
    if len(_MEMO) >= _MEMO_SIZE:
        del _MEMO[next(iter(_MEMO))]  # the oldest
    _MEMO[(key, path)] = decls


def _is_builtin(path: str) -> bool:
    """Whether ``path`` names a built-in spec file (as its full path, or another way)."""
    known = _builtin_paths()
    if path in known:
        return True
    try:
        return os.path.realpath(path) in known
    except (OSError, ValueError):
        return False


def _on_disk(text: str, path: str) -> bool:
    """Whether ``text`` is what the file holds now (not an editor's unsaved version)."""
    from .limits import read_spec

    try:
        return read_spec(Path(path)) == text
    except Exception:  # unreadable now, or no longer UTF-8: keep nothing on disk
        return False


@lru_cache(maxsize=1)
def _builtin_paths() -> frozenset[str]:
    from .data import builtin_specs

    paths = [str(p) for p in builtin_specs().values()]
    return frozenset([*paths, *map(os.path.realpath, paths)])


def _read(key: str) -> list[VariantDecl] | None:
    data = usercache.read(_name(key))
    if data is None:
        return None
    head, newline, payload = data.partition(b"\n")
    if not newline or head + newline != _header(key, payload):
        return None  # not the file its name promises
    try:
        loaded = pickle.loads(payload)
    except Exception:  # damaged in a way the digest missed: parse afresh
        return None
    if not (isinstance(loaded, list) and all(isinstance(d, VariantDecl) for d in loaded)):
        return None
    return loaded


def _copy(decls: list[VariantDecl]) -> list[VariantDecl]:
    """New lists and dicts around the same (frozen) settings and spans."""
    return [replace(d, settings=list(d.settings),
                    options={k: _copy_option(o) for k, o in d.options.items()},
                    problems=list(d.problems), dropped_options=list(d.dropped_options))
            for d in decls]


def _copy_option(o: OptionDecl) -> OptionDecl:
    return replace(o, settings=list(o.settings))


__all__ = ["cache_key", "forget", "lookup", "store"]
