"""Every file in ``tests/lang/bad/`` holds one fault; the checker must name it exactly.

A bad spec is a small complete variant, named after its fault, whose leading comment lines
say what the checker must report (a new file is picked up without touching this module):

    # expect: E012 14:12     code, line and column of the first error in the file
    # options: foo bar       options requested when the variant is resolved
    # message: REGEX         the first error's message must match (re.search)
    # xfail: REASON          a known checker fault, reported to the language's owner
    # xfail-load: REASON     the same, but only when the file goes through ``load()``

The first error is the one a rule author reads first: the earliest in the file (by line,
column, then code), as :class:`SpecError` orders them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from rummy_spec.lang import (
    CATALOGUE,
    Diagnostic,
    Library,
    LookupFailure,
    SpecError,
    builtin_library,
    check_file,
    load,
)

BAD_DIR = Path(__file__).parent / "bad"
_HEADER = re.compile(r"#\s*(expect|options|message|xfail|xfail-load):\s*(.*?)\s*$")
_EXPECT = re.compile(r"([EW]\d{3}) (\d+):(\d+)")


@dataclass(frozen=True)
class BadSpec:
    path: Path
    code: str
    line: int
    column: int
    options: tuple[str, ...]
    message: str
    xfail: str
    xfail_load: str

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")


def _read(path: Path) -> BadSpec:
    header: dict[str, str] = {}
    for raw in path.read_text(encoding="utf-8").splitlines():
        found = _HEADER.match(raw)
        if found is None:
            break
        header[found.group(1)] = found.group(2)
    expect = _EXPECT.fullmatch(header.get("expect", ""))
    assert expect is not None, f"{path}: the first line must be '# expect: CODE LINE:COL'"
    return BadSpec(
        path=path,
        code=expect.group(1),
        line=int(expect.group(2)),
        column=int(expect.group(3)),
        options=tuple(header.get("options", "").split()),
        message=header.get("message", ""),
        xfail=header.get("xfail", ""),
        xfail_load=header.get("xfail-load", ""),
    )


BAD_SPECS = [_read(p) for p in sorted(BAD_DIR.glob("*.rummy"))]


def _params(through_load: bool) -> list[object]:
    params: list[object] = []
    for spec in BAD_SPECS:
        reason = spec.xfail or (spec.xfail_load if through_load else "")
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        params.append(pytest.param(spec, id=spec.path.stem, marks=marks))
    return params


def _diagnostics(spec: BadSpec) -> tuple[list[Diagnostic], dict[str, str]]:
    """Every diagnostic for the file, as ``rummy-spec check`` would find them."""
    try:
        if not spec.options:
            return check_file(spec.path)
        base = builtin_library()
        lib = Library(dict(base.decls), dict(base.sources))
        found: list[Diagnostic] = []
        for decl in lib.add_file(spec.path):
            found.extend(lib.resolve(decl.name, spec.options)[1])
        return found, lib.sources
    except SpecError as err:  # check_file returns parse errors; add_file raises them
        return err.diagnostics, err.sources
    except LookupFailure:
        raise
    except Exception as err:  # a traceback reaching a rule author is a bug
        pytest.fail(f"{type(err).__name__} escaped the checker: {err}")


def _first_error(diagnostics: list[Diagnostic]) -> Diagnostic:
    errors = [d for d in diagnostics if d.severity == "error"]
    assert errors, "the checker found no error:\n" + "\n".join(str(d) for d in diagnostics)
    return min(errors, key=lambda d: (d.span.line, d.span.column, d.code))


def _assert_rendered(rendered: str, spec: BadSpec) -> None:
    """The text names path:line:col, shows the source line and puts a caret under the fault."""
    head = f"{spec.path}:{spec.line}:{spec.column}: {spec.code}"
    rows = rendered.splitlines()
    heads = [i for i, row in enumerate(rows) if row.startswith(head)]
    assert heads, f"{head!r} is not in:\n{rendered}"
    # lines as the parser counts them; an escape character is printed as U+FFFD
    source_line = spec.text.split("\n")[spec.line - 1].replace("\x1b", "\ufffd")
    row = heads[0] + 1
    assert row + 1 < len(rows) and rows[row].endswith(source_line), (
        f"the source line {source_line!r} does not follow the head line in:\n{rendered}"
    )
    caret_row = rows[row + 1]
    start = len(rows[row]) - len(source_line)
    assert caret_row.strip() and set(caret_row.strip()) == {"^"}, caret_row
    assert caret_row.index("^") == start + spec.column - 1, (
        f"the caret is not under column {spec.column}:\n{rows[row]}\n{caret_row}"
    )


def _assert_is_the_fault(first: Diagnostic, spec: BadSpec) -> None:
    assert (first.code, first.span.line, first.span.column) == (
        spec.code, spec.line, spec.column
    ), first.render()
    assert first.span.path == str(spec.path)
    if spec.message:
        assert re.search(spec.message, first.message), first.message


@pytest.mark.parametrize("spec", _params(through_load=False))
def test_first_error_is_the_fault(spec: BadSpec) -> None:
    _assert_is_the_fault(_first_error(_diagnostics(spec)[0]), spec)


@pytest.mark.parametrize("spec", _params(through_load=False))
def test_error_is_rendered_with_a_caret(spec: BadSpec) -> None:
    diagnostics, sources = _diagnostics(spec)
    first = _first_error(diagnostics)
    _assert_is_the_fault(first, spec)
    _assert_rendered(first.render(sources), spec)


@pytest.mark.parametrize("spec", _params(through_load=True))
def test_load_raises_the_same_first_error(spec: BadSpec) -> None:
    try:
        load(str(spec.path), spec.options)
    except SpecError as err:
        _assert_is_the_fault(err.errors[0], spec)
        _assert_rendered(str(err), spec)
    except LookupFailure as err:
        pytest.fail(f"LookupFailure for a file that exists: {err}")
    except Exception as err:
        pytest.fail(f"{type(err).__name__} escaped load(): {err}")
    else:
        pytest.fail(f"load() accepted {spec.path.name}")


def test_bad_specs_are_discovered() -> None:
    assert len(BAD_SPECS) >= 45
    names = [s.path.stem for s in BAD_SPECS]
    assert len(set(names)) == len(names)


def test_every_error_code_has_a_bad_spec() -> None:
    """Each error of the catalogue is shown by a file (one that passes, where one can)."""
    # E037 is a fault of the grammar tables, not of spec text: test_model_mapping shows it.
    # E051 (bytes that are not UTF-8) and E059 (a file that cannot be read) cannot be
    # shown by a readable UTF-8 file: tests/hardening shows them.
    # E060 (a file too large) would be a file of 100 KB.
    errors = {code for code in CATALOGUE if code.startswith("E")} - {"E037", "E051", "E059",
                                                                     "E060"}
    covered = {s.code for s in BAD_SPECS}
    assert errors - covered == set()
    assert covered <= set(CATALOGUE)


def test_bad_file_names_say_what_is_wrong() -> None:
    for spec in BAD_SPECS:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", spec.path.stem), spec.path.name
        assert spec.path.read_text(encoding="utf-8").startswith("# expect: ")
