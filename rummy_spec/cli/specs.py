"""Finding and checking spec files for the commands: built-in names, paths, directories.

The built-in library is loaded file by file when one built-in spec does not parse, so a
broken file (say, one being written right now) is reported on its own and does not stop
the others from being listed, checked or shown.
"""

from __future__ import annotations

import difflib
import errno
from dataclasses import dataclass, field
from pathlib import Path

from ..lang import Diagnostic, Library, LookupFailure, SpecError, builtin_library
from ..lang import model as m
from ..lang.data import builtin_specs
from ..lang.span import Span
from ..textsafe import outside_text
from .base import UsageError


@dataclass(frozen=True)
class Builtins:
    """The built-in variants: every declaration that parses, and the files that do not."""

    library: Library
    files: dict[str, Path]  # file stem -> path
    broken: dict[str, SpecError]  # path -> the error that stopped it parsing

    def names(self) -> list[str]:
        return sorted(set(self.library.decls) | set(self.files))

    def path_of(self, name: str) -> Path | None:
        decl = self.library.decls.get(name)
        if decl is not None:
            return Path(decl.path)
        return self.files.get(name)


def builtins() -> Builtins:
    files = builtin_specs()
    try:
        return Builtins(builtin_library(), files, {})
    except (SpecError, LookupFailure):
        pass
    lib = Library()
    broken: dict[str, SpecError] = {}
    for path in files.values():
        try:
            lib.add_file(path)
        except SpecError as err:
            broken[str(path)] = err
        except LookupFailure as err:
            broken[str(path)] = SpecError([], {str(path): str(err)})
    return Builtins(lib, files, broken)


def unknown_variant(target: str, known: list[str]) -> UsageError:
    close = difflib.get_close_matches(target, known, n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return UsageError(f"no built-in variant named '{target}'{hint}; 'rummy-spec list' shows them")


def _looks_like_path(target: str) -> bool:
    return target.endswith(".rummy") or "/" in target or "\\" in target


def lookable(target: str) -> None:
    """Refuse, as a usage error, a name no file can have or the system will not look up
    (a NUL, a path too long, no permission); a name that is just missing passes."""
    try:
        Path(target).stat()
    except ValueError:  # a NUL: no file has that name
        raise UsageError(f"{outside_text(target, 80)}: a name cannot hold a NUL character") \
            from None
    except OSError as err:
        if err.errno == errno.ENAMETOOLONG:
            raise UsageError(f"{outside_text(target, 80)}: the path is too long") from None
        if err.errno not in (errno.ENOENT, errno.ENOTDIR):
            raise UsageError(f"{outside_text(target, 80)}: cannot look at it "
                             f"({err.strerror})") from None


def spec_files(targets: list[str], b: Builtins) -> list[Path]:
    """The files that ``check`` targets name: files, directories of files, built-in names."""
    out: list[Path] = []
    for t in targets:
        path = Path(t)
        lookable(t)
        if t in b.names() and not path.suffix:
            found = b.path_of(t)
            assert found is not None
            files = [found]
        elif path.is_dir():
            files = sorted(p for p in path.glob("*.rummy") if p.is_file())
            if not files:
                raise UsageError(f"{t}: no .rummy files in this directory")
        elif path.is_file():
            files = [path]
        elif path.exists():
            raise UsageError(f"{t}: not a regular file")
        elif _looks_like_path(t):
            raise UsageError(f"{t}: no such file")
        else:
            raise unknown_variant(t, b.names())
        for f in files:
            if all(f.resolve() != seen.resolve() for seen in out):
                out.append(f)
    return out


def find_variant(target: str, chosen: str | None = None) -> tuple[Library, str]:
    """A library knowing ``target`` (a built-in name or a spec file) and the variant's name.

    ``chosen`` picks one variant of a file that declares several (default: the first).
    Raises :class:`UsageError` for names and paths that name nothing, and
    :class:`SpecError` when the file does not parse.
    """
    b = builtins()
    path = Path(target)
    if target in b.library.decls and not path.suffix:
        return b.library, target
    broken = b.broken.get(str(b.files.get(target, "")))
    if broken is not None and not path.suffix:
        raise broken
    lookable(target)
    if not (path.exists() or _looks_like_path(target)):
        raise unknown_variant(target, b.names())
    if path.is_dir():
        raise UsageError(f"{target}: is a directory; give one spec file or a variant name")
    if not path.is_file():
        raise UsageError(f"{target}: no such file")
    lib = Library(dict(b.library.decls), dict(b.library.sources))
    try:
        decls = lib.add_file(path)
    except LookupFailure as err:
        raise UsageError(str(err)) from None
    errors = [d for d in lib.problems if d.severity == "error"]
    if errors:
        raise SpecError(errors, lib.sources)
    names = [d.name for d in decls]
    if chosen is None:
        return lib, names[0]
    if chosen not in names:
        raise UsageError(f"{target} declares no variant '{chosen}' (it declares: "
                         f"{', '.join(names)})")
    return lib, chosen


# ----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Finding:
    """A diagnostic and where it arose: which variant, with which option switched on."""

    diagnostic: Diagnostic
    variant: str | None = None
    option: str | None = None

    def render(self, sources: dict[str, str], path: str,
               split: dict[str, list[str]] | None = None) -> str:
        text = self.diagnostic.render(sources, split)
        context = []
        if self.variant is not None and self.diagnostic.span.path != path:
            context.append(f"variant '{self.variant}'")
        if self.option is not None:
            context.append(f"with option '{self.option}'")
        if context:
            text += "\n    while checking " + " ".join(context)
        return text


@dataclass
class FileReport:
    """Everything ``check`` found in one spec file."""

    path: str
    findings: list[Finding] = field(default_factory=list)
    variants: dict[str, m.Variant] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    crashes: list[str] = field(default_factory=list)  # checker bugs met in this file

    @property
    def errors(self) -> int:
        return sum(f.diagnostic.severity == "error" for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.diagnostic.severity == "warning" for f in self.findings)

    def errors_in(self, variant: str) -> int:
        return sum(f.diagnostic.severity == "error" and f.variant in (variant, None)
                   for f in self.findings)


def check_spec_file(path: Path, base: Library) -> FileReport:
    """Every diagnostic of every variant in a file, alone and with each option on.

    Unlike a filter on the file's own lines, this keeps a fault that the file causes in a
    parent it extends (a child's player range that the parent's deck cannot serve): a
    clean check must mean that every variant of the file loads.
    """
    key = str(path)
    report = FileReport(key)
    lib = Library(dict(base.decls), dict(base.sources))
    try:
        decls = lib.add_file(path)
    except SpecError as err:
        report.findings = [Finding(d) for d in err.diagnostics]
        report.sources = dict(err.sources)
        return report
    except LookupFailure as err:  # unreadable: this file's fault; the others are checked
        report.findings = [Finding(Diagnostic("E059", str(err).split(": ", 1)[-1],
                                              Span(key, 1, 1, 1, 1)))]
        return report
    seen: set[Diagnostic] = set()

    def add(d: Diagnostic, variant: str | None, option: str | None) -> None:
        if d not in seen:
            seen.add(d)
            report.findings.append(Finding(d, variant, option))

    for d in lib.problems:
        add(d, None, None)
    for decl in decls:
        for option in [None, *decl.options]:
            try:
                variant, found = lib.resolve(decl.name, () if option is None else (option,))
            except Exception as err:  # a checker bug: report it, go on with the rest
                where = f"variant '{decl.name}'" + (f" with option '{option}'" if option else "")
                report.crashes.append(
                    f"{key}: internal error while checking {where}: "
                    f"{err.__class__.__name__}: {err} (a bug in rummy-spec, not in the spec)")
                continue
            if option is None:
                report.variants[decl.name] = variant
            for d in found:
                add(d, decl.name, option)
    report.findings.sort(key=lambda f: (f.diagnostic.span.path != key, f.diagnostic.span.path,
                                        f.diagnostic.span.line, f.diagnostic.span.column))
    report.sources = dict(lib.sources)
    return report
