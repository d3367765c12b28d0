"""Finding, parsing, resolving and checking variants: the language's front door.

``load("continental", players=5)`` -> a checked :class:`Variant`; ``check_files`` -> every
diagnostic of every variant in some files.  Built-in specs are parsed once and cached.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..textsafe import outside_text
from . import model as m
from .blame import name_own_lines
from .build import build_variant
from .check import check_variant
from .data import builtin_specs
from .errors import Diagnostic, SpecError
from .limits import BOM, check_text, read_spec
from .span import Span
from .syntax import Key, OptionDecl, Setting, VariantDecl, parse
from .syntax_tables import PRESENCE


class LookupFailure(Exception):
    """A variant name or path that names nothing: a usage error, not a spec error."""


@dataclass
class Library:
    """Variant declarations by name: the built-ins, then any files added on top."""

    decls: dict[str, VariantDecl] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    problems: list[Diagnostic] = field(default_factory=list)
    files: dict[str, list[VariantDecl]] = field(default_factory=dict)  # parents by file

    def add_text(self, text: str, path: str, replace: bool = True) -> list[VariantDecl]:
        text = text.removeprefix(BOM)
        self.sources[path] = text
        check_text(text, path)
        decls = parse(text, path)
        seen: dict[str, VariantDecl] = {}
        for d in decls:
            if d.name in seen:
                self.problems.append(Diagnostic(
                    "E011", f"variant '{d.name}' is declared twice in this file", d.span))
            seen[d.name] = d
            if replace or d.name not in self.decls:
                self.decls[d.name] = d
        return decls

    def add_file(self, path: Path | str, replace: bool = True) -> list[VariantDecl]:
        p = Path(path)
        try:
            text = read_spec(p)  # not UTF-8: a SpecError with the position
        except OSError as err:
            raise LookupFailure(f"{outside_text(str(p), 120)}: cannot read: "
                                f"{_reason(err)}") from None
        return self.add_text(text, str(p), replace)

    # ------------------------------------------------------------------------------
    def chain(self, name: str) -> tuple[list[VariantDecl], list[Diagnostic]]:
        """The declaration chain from the root ancestor down to ``name``."""
        chain: list[VariantDecl] = []
        problems: list[Diagnostic] = []
        seen: set[str] = set()
        decl: VariantDecl | None = self.decls[name]
        while decl is not None:
            if decl.name in seen:
                problems.append(Diagnostic(
                    "E014", f"variant '{name}' extends itself through "
                    + " -> ".join(d.name for d in reversed(chain)), decl.parent_span or decl.span))
                break
            seen.add(decl.name)
            chain.append(decl)
            if decl.parent is None and decl.parent_file is None:
                break
            parent, missing = self.parent_of(decl)
            if missing is not None:
                problems.append(missing)
                break
            if parent is None:
                import difflib

                close = difflib.get_close_matches(str(decl.parent), sorted(self.decls), n=1)
                problems.append(Diagnostic(
                    "E013", f"'{decl.name}' extends '{decl.parent}', which is not a known "
                    "variant", decl.parent_span or decl.span,
                    f"did you mean '{close[0]}'?" if close else ""))
                break
            decl = parent
        chain.reverse()
        return chain, problems

    def parent_of(self, decl: VariantDecl) -> tuple[VariantDecl | None, Diagnostic | None]:
        """The declaration ``decl`` extends: by name, or in the file it names."""
        if decl.parent_file is None:
            return self.decls.get(str(decl.parent)), None
        where = decl.parent_span or decl.span
        path = str(Path(decl.path).parent / decl.parent_file)
        if path not in self.files:
            try:
                self.files[path] = self.add_file(path, replace=False)
            except LookupFailure as err:
                return None, Diagnostic("E013", f"'{decl.name}' extends a variant of "
                                        f"'{decl.parent_file}', which cannot be read ({err})",
                                        where)
            except SpecError as err:
                self.problems.extend(err.diagnostics)
                return None, Diagnostic("E013", f"'{decl.name}' extends a variant of "
                                        f"'{decl.parent_file}', which has errors", where)
        in_file = self.files[path]
        if decl.parent is None:
            return in_file[0], None
        found = next((d for d in in_file if d.name == decl.parent), None)
        if found is None:
            names = ", ".join(d.name for d in in_file)
            return None, Diagnostic("E013", f"'{decl.parent_file}' declares no variant "
                                    f"'{decl.parent}' (it declares {names})", where)
        return found, None

    def resolve(
        self, name: str, options: Sequence[str] = (), check: bool = True
    ) -> tuple[m.Variant, list[Diagnostic]]:
        """Build ``name`` with ``options`` on; returns the variant and its diagnostics."""
        decl = self.decls[name]
        chain, chain_problems = self.chain(name)
        problems = list(chain_problems)
        problems.extend(decl.problems)
        duplicates: list[Setting] = []
        merged: dict[Key, Setting] = {}
        available: dict[str, m.OptionInfo] = {}
        option_decls = {}
        for d in chain:
            problems.extend(_duplicates(d.settings, duplicates))
            for s in d.settings:
                merged[s.key] = s
            for o in d.options.values():
                problems.extend(_duplicates(o.settings, duplicates))
                available[o.name] = m.OptionInfo(o.name, o.title, o.span)
                option_decls[o.name] = o
            for dropped, span in d.dropped_options:  # ``no option X``: the parent's X is gone
                if dropped not in option_decls:
                    problems.append(Diagnostic(
                        "E015", f"'no option {dropped}': no option '{dropped}' is inherited "
                        f"(inherited: {', '.join(sorted(option_decls)) or 'none'})", span))
                    continue
                del available[dropped], option_decls[dropped]
        for opt in options:
            if opt not in option_decls:
                known = ", ".join(sorted(option_decls)) or "none"
                problems.append(Diagnostic(
                    "E015", f"variant '{name}' has no option '{opt}' (its options: {known})",
                    decl.span))
                continue
            for s in option_decls[opt].settings:
                merged[s.key] = s
        parent = chain[-2].name if len(chain) > 1 else decl.parent
        enabled = tuple(o for o in options if o in option_decls)
        doubled = {str(p.key[0]) for p in duplicates}

        def build(settings: dict[Key, Setting], check: bool) -> tuple[
                m.Variant, list[Diagnostic]]:
            variant, found, broken = build_variant(
                decl.name, decl.title, parent, settings, tuple(available.values()), enabled,
                decl.path, decl.span, [d.path for d in reversed(chain)])
            # Every error in one pass: the checks run on whatever could be built.  Without
            # its parent (unknown, or a cycle) the variant is a fragment and nothing else
            # is sure; a rule stated twice leaves its section unsure.
            if check and not chain_problems:
                reported = {(p.code, p.span) for p in found + problems}
                found.extend(p for p in check_variant(variant, broken | doubled)
                             if (p.code, p.span) not in reported)
            return variant, found

        variant, found = build(merged, check)
        if check and not chain_problems and len(chain) > 1:
            found = name_own_lines(found, decl.path, {d.path: d.name for d in chain[:-1]},
                                   merged, _inherited(chain[:-1], options, option_decls,
                                                      decl.path),
                                   lambda settings: build(settings, True)[1])
        return variant, problems + found


def _inherited(parents: list[VariantDecl], options: Sequence[str],
               option_decls: dict[str, OptionDecl], own_path: str) -> dict[Key, Setting]:
    """The settings a variant would have without its own: its parents', and those of the
    options switched on that are not declared in its own file."""
    merged: dict[Key, Setting] = {}
    for d in parents:
        for s in d.settings:
            merged[s.key] = s
    for opt in options:
        if opt in option_decls and option_decls[opt].span.path != own_path:
            for s in option_decls[opt].settings:
                merged[s.key] = s
    return merged


def _duplicates(settings: Iterable[Setting], found: list[Setting]) -> list[Diagnostic]:
    """E010 for each rule stated twice; the second statements are added to ``found``."""
    seen: dict[Key, Setting] = {}
    out = []
    pairs: set[tuple[Span, Span]] = set()  # a clause of several rules is reported once
    for s in settings:
        if (len(s.key) == 1 and s.key[0] in PRESENCE) or s.key[-1] == "__block__":
            continue
        first = seen.get(s.key)
        if first is not None and first.span != s.span and not first.reset:
            what = " ".join(str(k) for k in s.key)
            if (first.span, s.span) not in pairs:
                pairs.add((first.span, s.span))
                out.append(Diagnostic(
                    "E010", f"the rule '{what}' is stated twice (first at line "
                    f"{first.span.line})", s.span))
            found.append(s)
        seen[s.key] = s
    return out


def _reason(err: Exception) -> str:
    if isinstance(err, FileNotFoundError):
        return "no such file"
    if isinstance(err, IsADirectoryError):
        return "is a directory"
    if isinstance(err, UnicodeDecodeError):
        return "not UTF-8 text"
    if isinstance(err, OSError) and err.strerror:
        return err.strerror.lower()
    return err.__class__.__name__


_BUILTIN: Library | None = None


def builtin_library() -> Library:
    """The built-in specs, parsed once per process."""
    global _BUILTIN
    if _BUILTIN is None:
        lib = Library()
        for path in builtin_specs().values():
            lib.add_file(path)
        _BUILTIN = lib
    return _BUILTIN


def library_for(target: str) -> tuple[Library, str]:
    """A library that knows ``target`` (a built-in name or a spec file's path), and its name."""
    base = builtin_library()
    if target in base.decls and not Path(target).suffix:
        return base, target
    path = Path(target)
    if path.suffix == ".rummy" or path.exists():
        if not path.is_file():
            raise LookupFailure(f"{target}: no such spec file")
        lib = Library(dict(base.decls), dict(base.sources))
        decls = lib.add_file(path)
        if not decls:  # pragma: no cover - the grammar requires one variant
            raise LookupFailure(f"{target}: holds no variant")
        return lib, decls[0].name
    import difflib

    close = difflib.get_close_matches(target, sorted(base.decls), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    raise LookupFailure(f"no built-in variant named '{target}'{hint}; "
                        "'rummy-spec list' shows them")


def load(target: str, options: Sequence[str] = ()) -> m.Variant:
    """A checked variant by built-in name or file path; raises SpecError on any error."""
    lib, name = library_for(target)
    variant, problems = lib.resolve(name, options)
    path = lib.decls[name].path
    problems += [p for p in lib.problems if p.span.path == path]
    errors = [p for p in problems if p.severity == "error"]
    if errors:
        raise SpecError(errors, lib.sources)
    return variant


def check_file(path: Path | str) -> tuple[list[Diagnostic], dict[str, str]]:
    """Every diagnostic for every variant in one file (parse errors included)."""
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    try:
        decls = lib.add_file(path)
    except SpecError as err:
        return err.diagnostics, err.sources
    problems = list(lib.problems)
    for d in decls:
        for opts in [(), *[(o,) for o in d.options]]:
            _, found = lib.resolve(d.name, opts)
            for p in found:
                if p.span.path == str(path) and p not in problems:
                    problems.append(p)
    return problems, lib.sources
