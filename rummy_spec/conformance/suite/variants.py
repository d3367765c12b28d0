"""House variants for the kit: a spec file wherever a built-in variant's name is taken.

An implementer's engine usually plays its own house rules.  ``--variant my.rummy`` (in
``run``, ``fuzz``, ``generate`` and ``perft``) loads the file once and registers each
variant it declares by name, so everything that asks for a variant by name (the
reference engine, the deals, the case checks, the rules sent in ``new``) finds it.  A
spec file is known by three things, any of which an engine's ``hello`` may list:

* the name its ``variant`` declaration gives (never a built-in's name: a house variant
  that took ``continental``'s name would make every case ambiguous);
* the file's name (``my.rummy``);
* its content hash, ``sha256:`` and the hex digest of the file's bytes (what
  ``sha256sum my.rummy`` prints; a prefix of at least 12 digits will do).

Cases written for a spec file carry ``spec: {file, sha256}``: golden traces and perft
files the path relative to themselves, fuzz finds its absolute path, so each replays where
it was written; one whose file has moved replays when the file is given again
(``--variant FILE``, the same content).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...lang import Library, LookupFailure, SpecError, builtin_library
from ...lang import model as m
from ...textsafe import outside_text

JSON = dict[str, Any]
HASH_PREFIX = "sha256:"
SHORTEST_HASH = 12  # hex digits of a hash prefix that still names one file


class VariantClash(ValueError):
    """A spec file that cannot be registered: it takes a built-in's name, or the name of
    another file's variant (bad content, not a bad command line)."""


@dataclass(frozen=True)
class SpecFile:
    """One spec file the kit was given: its path, source, content hash and variants."""

    path: Path  # absolute
    text: str
    sha256: str
    names: tuple[str, ...]  # the variants it declares, in order
    library: Library

    @property
    def hash_name(self) -> str:
        return HASH_PREFIX + self.sha256

    def claimed_by(self, word: str) -> bool:
        """Whether an entry of ``hello``'s ``variants`` names this file."""
        if word.startswith(HASH_PREFIX):
            digest = word[len(HASH_PREFIX):].lower()
            return len(digest) >= SHORTEST_HASH and self.sha256.startswith(digest)
        if word.endswith(".rummy"):
            return Path(word).name == self.path.name
        return word in self.names

    def entry(self, case_path: Path) -> JSON:
        """The ``spec`` field of a case written at ``case_path``."""
        here = case_path.resolve().parent
        if Path(os.path.commonpath([self.path, here])) == Path(self.path.anchor):
            return {"file": self.path.as_posix(), "sha256": self.sha256}  # nothing shared
        rel = os.path.relpath(self.path, here)
        return {"file": Path(rel).as_posix(), "sha256": self.sha256}


_BY_NAME: dict[str, SpecFile] = {}


def builtin_names() -> frozenset[str]:
    return frozenset(builtin_library().decls)


def looks_like_spec(target: str) -> bool:
    """A target that means a file, not a built-in name."""
    return target.endswith(".rummy") or "/" in target or os.sep in target


def load_spec_file(path: Path) -> SpecFile:
    """Read, check and register a spec file; LookupFailure when it cannot be read (a
    usage error), SpecError when it has errors, VariantClash for a taken name."""
    shown = outside_text(str(path), 120)
    from ...infile import InputFileError, kind_of, read_bytes
    from ...lang.limits import MOST_TEXT

    try:  # a FIFO or a device is refused by its type, before it is opened
        if kind_of(path) is None:
            raise LookupFailure(f"{shown}: no such spec file")
        raw = read_bytes(path, 4 * MOST_TEXT)
    except InputFileError as err:
        raise LookupFailure(f"{shown}: {err}") from None
    digest = hashlib.sha256(raw).hexdigest()
    for known in _BY_NAME.values():
        if known.sha256 == digest and known.path == path.resolve():
            return known
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    decls = lib.add_file(path.resolve())  # SpecError on a parse error
    taken = builtin_names()
    for d in decls:
        if d.name in taken:
            raise VariantClash(f"{shown}: declares variant '{d.name}', the name of a built-in "
                               "variant; give the house variant a name of its own "
                               f"(variant my_{d.name} extends {d.name} {{ ... }})")
        other = _BY_NAME.get(d.name)
        if other is not None and other.sha256 != digest:
            raise VariantClash(f"{shown}: declares variant '{d.name}', which "
                               f"{outside_text(str(other.path), 120)} declares too")
    errors = [p for p in lib.problems if p.severity == "error"]
    for d in decls:
        _, problems = lib.resolve(d.name)
        errors += [p for p in problems if p.severity == "error"]
    if errors:
        raise SpecError(errors, lib.sources)
    text = raw.decode("utf-8", errors="replace")
    spec = SpecFile(path.resolve(), text, digest, tuple(d.name for d in decls), lib)
    for name in spec.names:
        _BY_NAME[name] = spec
    return spec


def resolve_target(target: str) -> str:
    """The variant name a ``--variant`` target means: a built-in name as it is, a spec
    file loaded and registered (its first variant)."""
    if target in builtin_names() or target in _BY_NAME:
        return target
    from ...infile import InputFileError, kind_of

    try:
        exists = kind_of(Path(target)) is not None
    except InputFileError as err:
        raise LookupFailure(f"{outside_text(target, 60)}: {err}") from None
    if not looks_like_spec(target) and not exists:
        import difflib

        close = difflib.get_close_matches(target, sorted(builtin_names()), n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise LookupFailure(f"no built-in variant named '{outside_text(target, 60)}'{hint}, "
                            "and no spec file of that name; 'rummy-spec list' shows the "
                            "built-ins")
    return load_spec_file(Path(target)).names[0]


def spec_of(name: str) -> SpecFile | None:
    """The registered spec file declaring variant ``name`` (None for a built-in)."""
    return _BY_NAME.get(name)


def not_claimed(name: str) -> str:
    """Why a case or position of variant ``name`` is skipped when ``hello`` lacks it."""
    spec = _BY_NAME.get(name)
    if spec is None:
        return f"the engine does not claim variant '{name}'"
    return (f"the engine does not claim house variant '{name}' (its hello may list {name}, "
            f"{spec.path.name} or sha256:{spec.sha256[:12]})")


def registered() -> list[SpecFile]:
    return list({id(s): s for s in _BY_NAME.values()}.values())


def house_variant(name: str, options: tuple[str, ...]) -> m.Variant | None:
    """A registered spec file's variant with ``options`` on; None if ``name`` is none of
    theirs.  SpecError for an unknown option or a fault the option makes."""
    spec = _BY_NAME.get(name)
    if spec is None:
        return None
    variant, problems = spec.library.resolve(name, options)
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise SpecError(errors, spec.library.sources)
    return variant


def claims(variants: frozenset[str] | None, name: str) -> bool:
    """Whether a ``hello``'s variants cover variant ``name`` (a built-in or a spec's)."""
    if variants is None:
        return True
    spec = _BY_NAME.get(name)
    if spec is None:
        return name in variants
    return any(spec.claimed_by(word) for word in variants)


def unknown_claims(variants: Iterable[str]) -> list[str]:
    """Entries of ``hello``'s variants that name a spec file or hash this run lacks."""
    out = []
    for word in sorted(variants):  # in one order whatever the set's
        if not (word.startswith(HASH_PREFIX) or word.endswith(".rummy")):
            continue
        if not any(s.claimed_by(word) for s in registered()):
            out.append(word)
    return out


def with_spec(data: JSON, case_path: Path) -> JSON:
    """A case's data with its ``spec`` field (after ``variant``) when the case is of a
    house variant, for a case written at ``case_path``; the data as it is otherwise."""
    spec = _BY_NAME.get(str(data.get("variant")))
    if spec is None:
        return data
    out: JSON = {}
    for key, value in data.items():
        if key != "spec":
            out[key] = value
        if key == "variant":
            out["spec"] = spec.entry(case_path)
    return out


def case_spec(data: JSON, case_path: Path) -> SpecFile | None:
    """The spec file a case's ``spec`` field names, relative to the case file, loaded and
    checked against its recorded hash (ValueError with the field on any fault)."""
    entry = data.get("spec")
    if entry is None:
        return None
    where = Path(os.path.normpath(case_path.resolve().parent / str(entry["file"])))
    known = _BY_NAME.get(str(data.get("variant")))
    if known is not None and known.sha256 == entry["sha256"]:
        return known  # the file given on the command line, or found before
    if not where.exists():
        same = [s for s in registered() if s.sha256 == entry["sha256"]]
        if same:
            return same[0]  # moved, and given again with --variant FILE
    try:
        spec = load_spec_file(where)
    except LookupFailure as err:
        raise ValueError(f"spec.file: {err} (if it has moved, give it with --variant "
                         "FILE)") from None
    except SpecError as err:
        raise ValueError(f"spec.file: {outside_text(str(where), 120)} has errors: "
                         f"{err.errors[0].message if err.errors else err}") from None
    except VariantClash as err:
        raise ValueError(f"spec.file: {err}") from None
    if spec.sha256 != entry["sha256"]:
        raise ValueError(f"spec.sha256: {outside_text(str(where), 120)} has changed since "
                         f"the case was written (its sha256 is {spec.sha256[:16]}..., the "
                         f"case says {str(entry['sha256'])[:16]}...); remake the case")
    return spec


_FORGETTERS: list[Callable[[], object]] = []  # what else to drop with the spec files


def on_forget(drop: Callable[[], object]) -> None:
    """Have :func:`forget` call ``drop`` too: the caches of the modules above this one
    that hold what a spec file made (the variants loaded, their rules as JSON)."""
    _FORGETTERS.append(drop)


def forget() -> None:
    """Drop every registered spec file, and what was made from them (for tests)."""
    _BY_NAME.clear()
    for drop in _FORGETTERS:
        drop()
