"""The rows of ``rummy-spec list``, kept in the user's cache between runs.

Listing the built-in variants needs only their names, titles, player counts and rounds,
but getting them truthfully means parsing, resolving and checking every built-in spec
(the rules language, Lark, the checker: most of a second of a short command).  So the
rows are kept in the user's cache folder (:mod:`rummy_spec.usercache`) under a hash of
everything they are computed from: rummy-spec's version, the grammar, every built-in spec
file (its name and its bytes) and the source of every module that reads them (the rules
language, the cards, and the list command itself).  Any change to one of those is
another hash, so the rows are made afresh; a cached file that is not a list of rows is
ignored (and replaced).  Reading the inputs and hashing them costs about a millisecond,
and imports nothing of the language.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from .. import __version__, usercache
from ..lang import data

_PACKAGE = Path(__file__).resolve().parent.parent
# modules whose source decides the rows: the language reads and checks the specs (and
# imports only itself, the cards and textsafe: tests/lang/test_layering.py), and these
# two modules of the command line find the built-ins and turn a variant into a row
_READERS = ("cards.py", "textsafe.py", "cli/listing.py", "cli/listing_cache.py",
            "cli/specs.py")
WIDTH = 5  # name, title, players, rounds, note

Row = list[str]


def inputs() -> list[Path]:
    """Every file the rows are computed from, in a fixed order."""
    sources = sorted((_PACKAGE / "lang").glob("*.py")) + [_PACKAGE / r for r in _READERS]
    return [data.grammar_path(), *sorted(data.spec_dir().glob("*.rummy")), *sources]


def key(files: list[Path]) -> str:
    """A hash of the version and of each file's name and bytes (a missing or unreadable
    file counts as such, so it too gives its own hash)."""
    h = hashlib.sha256(f"rummy-spec {__version__}\n".encode())
    for path in files:
        try:
            body = path.read_bytes()
        except OSError:
            body = b"\0unreadable"
        h.update(f"{path.name}\n{len(body)}\n".encode())
        h.update(body)
    return h.hexdigest()[:24]


def _name(k: str) -> str:
    return f"list-{k}.json"


def stored(k: str) -> list[Row] | None:
    """The rows cached under ``k``, or None (none, unreadable, not rows)."""
    raw = usercache.read(_name(k))
    if raw is None:
        return None
    try:
        rows = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError):
        return None
    if not (isinstance(rows, list) and all(
            isinstance(r, list) and len(r) == WIDTH and all(isinstance(c, str) for c in r)
            for r in rows)):
        return None
    return rows


def store(k: str, rows: list[Row]) -> None:
    usercache.write(_name(k), json.dumps(rows, ensure_ascii=False).encode("utf-8"))
