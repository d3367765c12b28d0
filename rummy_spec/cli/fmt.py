"""``rummy-spec fmt PATH...``: rewrite spec files in the canonical layout.

Layout only: the words, the comments and the rules stay (the formatted text is parsed
again and must state the same rules).  A file that does not parse is reported with its
errors, as ``check`` shows them, and left untouched; a file is replaced in one step (a
temporary file renamed over it), so it is never half written.  ``--check`` writes
nothing and exits 1 when a file is not in the canonical layout (for CI); ``-`` formats
standard input to standard output.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..infile import read_stream
from ..lang import SpecError
from ..lang.fmt import FormatError, format_text
from ..lang.limits import BOM, MOST_TEXT, read_spec
from ..outfile import OutputError, write_text
from ..textsafe import outside_text
from .base import FAILED, INTERNAL, OK, Command, Outcome, UsageError, files_named, lines


def _files(targets: list[str]) -> list[Path]:
    """The files the targets name; every one is checked to exist before any work."""
    return files_named(targets, "*.rummy", ".rummy files")


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` in one rename, keeping the file's permissions."""
    try:
        write_text(path, text, "fmt", keep_mode=True)
    except OutputError as err:
        raise UsageError(str(err)) from None


def _text_bytes(text: str, most: int) -> bytes | None:
    return None if len(text) > most else text.encode("utf-8", "surrogatepass")


def _stdin(check: bool) -> Outcome:
    buffer = getattr(sys.stdin, "buffer", None)  # a text stream without one: its text
    data = (read_stream(buffer, 4 * MOST_TEXT) if buffer is not None  # /dev/zero ends here
            else _text_bytes(sys.stdin.read(4 * MOST_TEXT + 1), 4 * MOST_TEXT))
    if data is None:
        return Outcome(FAILED, err=f"<stdin>:1:1: E060 file-too-large: more than "
                       f"{4 * MOST_TEXT:,} bytes (at most {MOST_TEXT:,} characters)\n"
                       "rummy-spec: <stdin> was not formatted\n")
    try:
        text = data.decode("utf-8").removeprefix(BOM)
    except UnicodeDecodeError as err:
        return Outcome(FAILED, err=f"<stdin>: E051 not-utf8: byte 0x{data[err.start]:02x} at "
                       f"offset {err.start} is not UTF-8 text\n"
                       "rummy-spec: <stdin> was not formatted\n")
    try:
        formatted = format_text(text, "<stdin>")
    except SpecError as err:
        return Outcome(FAILED, err=err.render() + "\nrummy-spec: <stdin> was not formatted\n")
    except FormatError as err:
        return Outcome(INTERNAL, err=f"rummy-spec: internal error: {err} (a bug in "
                       "rummy-spec; nothing was written)\n")
    if check:
        return Outcome(OK if formatted == text else FAILED,
                       err="" if formatted == text else "<stdin>: not formatted\n")
    return Outcome(OK, out=formatted)


def _run(args: argparse.Namespace) -> Outcome:
    targets: list[str] = list(args.targets)
    if targets == ["-"]:
        return _stdin(args.check)
    if "-" in targets:
        raise UsageError("'-' (standard input) cannot be combined with files")
    report: list[str] = []
    errors: list[str] = []
    changed = failed = 0
    code = OK
    files = _files(targets)
    for path in files:
        try:
            text = read_spec(path).removeprefix(BOM)  # bounded, UTF-8, regular files only
            formatted = format_text(text, str(path))
        except OSError as err:
            errors.append(f"{outside_text(str(path), 200)}: cannot read: "
                          f"{err.strerror or err.__class__.__name__}")
            failed += 1
            continue
        except SpecError as err:
            errors.append(err.render())
            errors.append(f"{path}: not formatted: it has "
                          f"{len(err.errors)} error{'s' * (len(err.errors) != 1)}")
            failed += 1
            continue
        except FormatError as err:
            errors.append(f"{path}: internal error: {err} (a bug in rummy-spec; the file "
                          "was left as it was)")
            code = INTERNAL
            continue
        if formatted == text:
            continue
        changed += 1
        if args.check:
            report.append(f"{path}: not in the canonical layout")
        else:
            write_atomic(path, formatted)
            report.append(f"{path}: reformatted")
    verb = "would be reformatted" if args.check else "reformatted"
    summary = (f"{changed} of {len(files)} file{'s' * (len(files) != 1)} {verb}"
               + (f", {failed} not formatted (errors)" if failed else ""))
    if code == OK and (failed or (args.check and changed)):
        code = FAILED
    return Outcome(code, out=lines(*report, summary), err=lines(*errors) if errors else "")


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("targets", nargs="+", metavar="PATH",
                        help="a spec file or a directory of spec files; '-' reads standard "
                        "input and writes standard output")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 if a file is not in the canonical layout")


COMMAND = Command(
    name="fmt",
    help="rewrite spec files in the canonical layout (comments kept)",
    configure=_configure,
    run=_run,
    description=__doc__ or "",
)
