"""``rummy-spec conformance init --lang python|node DIR``: a starting point in an
implementer's own repository.

It writes a starter engine that already passes part of basic Rummy, the skip file of the
cases it does not pass yet, and the two ways to run the suite in CI: a GitHub Actions
job and a plain shell script.  Nothing is overwritten unless asked (``--force``): every
target is checked before the first file is written, so a refusal leaves the directory
as it was.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from ...textsafe import outside_text
from .. import suite_root
from .install_source import Install, choose


@dataclass(frozen=True)
class Language:
    engine_file: str  # the starter's file name, in the suite and in DIR
    command: str  # how the engine is started from DIR
    setup_step: str  # the GitHub Actions step that provides the language


LANGUAGES = {
    "python": Language("engine.py", "python3 engine.py", ""),
    "node": Language("engine.js", "node engine.js",
                     "      - uses: actions/setup-node@v4\n"
                     "        with:\n"
                     "          node-version: 20\n"),
}
SKIP_FILE = "conformance.skip"
SCRIPT = "conformance.sh"
WORKFLOW = ".github/workflows/rummy-conformance.yml"


class InitError(ValueError):
    """A target that would be overwritten, or a directory that cannot be used."""


def run_line(lang: Language) -> str:
    return (f"rummy-spec conformance run --engine '{lang.command}' --variant rummy "
            f"--skip-file {SKIP_FILE}")


def _script(lang: Language) -> str:
    return ("#!/bin/sh\n"
            "# Run the rummy-spec conformance suite on this engine (exit 0: all good).\n"
            "# Add --report junit results.xml --report html results.html for CI pages.\n"
            "set -e\n"
            'cd "$(dirname "$0")"\n'
            f"{run_line(lang)} \"$@\"\n")


def _workflow(lang: Language, install: Install) -> str:
    return (
        "# The rummy-spec conformance suite on every push and pull request.\n"
        "name: rummy conformance\n"
        "on: [push, pull_request]\n"
        "jobs:\n"
        "  conformance:\n"
        "    runs-on: ubuntu-latest\n"
        "    steps:\n"
        "      - uses: actions/checkout@v4\n"
        "      - uses: actions/setup-python@v5\n"
        "        with:\n"
        "          python-version: '3.11'\n"
        f"{lang.setup_step}"
        f"      - run: pip install '{install.requirement}'\n"
        f"      - run: {run_line(lang)} --report junit conformance.xml"
        " --report html conformance.html\n"
        "      - uses: actions/upload-artifact@v4\n"
        "        if: always()\n"
        "        with:\n"
        "          name: conformance-report\n"
        "          path: |\n"
        "            conformance.xml\n"
        "            conformance.html\n")


def starter_files(lang_name: str, install: Install) -> dict[str, str]:
    """File name (relative to DIR) -> content (the wheel to copy, if any, is not here)."""
    lang = LANGUAGES[lang_name]
    starters = suite_root() / "starters"
    return {
        lang.engine_file: (starters / lang_name / lang.engine_file).read_text(
            encoding="utf-8"),
        SKIP_FILE: (starters / "rummy.skip").read_text(encoding="utf-8"),
        SCRIPT: _script(lang),
        WORKFLOW: _workflow(lang, install),
    }


def write_starter(lang_name: str, target: Path, force: bool = False,
                  install: str | None = None) -> list[Path]:
    """Write the starter into ``target`` (made if missing); the paths written.  ``install``:
    what the CI job installs (``install_source.choose``)."""
    from ...infile import InputFileError, kind_of
    from ...outfile import OutputError
    from ...outfile import write_text as write_atomic

    shown = outside_text(str(target), 200)  # the user's own text, escape codes and all
    try:
        source = choose(install)
    except FileNotFoundError as err:
        raise InitError(str(err)) from None
    files = starter_files(lang_name, source)
    paths = [target / name for name in files]
    wheel = target / source.wheel.name if source.wheel is not None else None
    if wheel is not None and source.wheel is not None and not (
            wheel.exists() and wheel.samefile(source.wheel)):
        paths.append(wheel)
    try:  # a name too long for the file system is refused here, before any write
        kinds = {path: kind_of(path) for path in [target, *paths]}
    except InputFileError as err:
        raise InitError(f"{shown}: {err}") from None
    if kinds[target] not in (None, "directory"):
        raise InitError(f"{shown}: exists and is not a directory")
    if not force:
        taken = [outside_text(str(p), 200) for p in paths if kinds[p] is not None]
        if taken:
            raise InitError(f"{', '.join(taken)}: already there (--force overwrites)")
    for path in paths:
        if kinds[path] not in (None, "file"):
            raise InitError(f"{outside_text(str(path), 200)}: exists and is not a file")
    try:
        for path, text in zip(paths, files.values(), strict=False):
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text, "--report")
            if path.suffix in (".sh", ".js", ".py"):
                path.chmod(0o755)
        if wheel is not None and wheel in paths and source.wheel is not None:
            _copy(source.wheel, wheel)
    except OutputError as err:
        raise InitError(str(err)) from None
    except OSError as err:
        raise InitError(f"{shown}: cannot write ({err.strerror or err})") from None
    return paths


def _copy(source: Path, into: Path) -> None:
    """The whole wheel or nothing: copied beside, then renamed into place."""
    part = into.with_name(into.name + ".part")
    try:
        shutil.copyfile(source, part)
        part.replace(into)
    finally:
        part.unlink(missing_ok=True)


def next_steps(lang_name: str, target: Path) -> list[str]:
    lang = LANGUAGES[lang_name]
    return ["next:",
            f"  cd {outside_text(str(target), 200)}",
            f"  {run_line(lang)}",
            f"  (the same: sh {SCRIPT}; in GitHub Actions: {WORKFLOW})",
            f"then grow {lang.engine_file} and remove the {SKIP_FILE} entries it passes"]
