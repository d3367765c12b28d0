"""The Python side of the browser playground: the same checker, rules, rulebook and table
as the command line, called by the page through Pyodide with the text in the editor.

Each call takes the editor's whole text, writes it to ``editor.rummy`` in a folder of the
process's own (in the browser, Pyodide's in-memory file system) and reads it back through
the command line's own functions, so
the page shows what ``rummy-spec check``, ``show``, ``rulebook`` and ``play`` would say of
that file.  Results are plain dicts and strings, easy to hand to JavaScript.  Nothing here
needs PyYAML (Pyodide's npm package has no wheel of it).
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from .cli.base import UsageError
from .cli.games import players_for, start_game
from .cli.play import Session
from .cli.play_style import Style
from .cli.show import against, exported, resolve, resolve_in
from .cli.show_text import render_text
from .cli.specs import builtins, check_spec_file, find_variant
from .engine.game import GameError
from .lang import LookupFailure, SpecError
from .lang.data import builtin_specs
from .lang.expr import EvalError
from .rulebook import build_page, render

_FOLDER: list[Path] = []  # this process's own folder for the editor's file, made once


def _file() -> Path:
    if not _FOLDER:
        _FOLDER.append(Path(tempfile.mkdtemp(prefix="rummy-playground-")))
    return _FOLDER[0] / "editor.rummy"


def spec_text(name: str) -> str:
    """The text of a built-in spec file, by variant or file name ('' when there is none)."""
    b = builtins()
    path = b.path_of(name) or builtin_specs().get(name)
    return path.read_text(encoding="utf-8") if path is not None else ""


def builtin_names() -> list[str]:
    return builtins().names()


def _write(text: str) -> str:
    _file().write_text(text, encoding="utf-8")
    return str(_file())


def check(text: str) -> dict[str, Any]:
    """Every diagnostic of the text, as ``rummy-spec check`` finds them, for the editor:
    1-based lines and columns; those from another file (a built-in parent) at line 1."""
    path = _write(text)
    try:
        report = check_spec_file(_file(), builtins().library)
    except UsageError as err:  # extends a variant no one declares, and the like
        return {"variants": [], "diagnostics": [{
            "line": 1, "column": 1, "end_line": 1, "end_column": 1, "severity": "error",
            "code": "", "name": "lookup", "message": str(err), "hint": "", "text": str(err)}]}
    out = []
    for f in report.findings:
        d = f.diagnostic
        span = d.span
        here = span.path == path and span.line > 0
        out.append({
            "line": span.line if here else 1, "column": span.column if here else 1,
            "end_line": span.end_line if here else 1,
            "end_column": span.end_column if here else 1,
            "severity": d.severity, "code": d.code, "name": d.name, "message": d.message,
            "hint": d.hint, "text": f.render(report.sources, path).replace(path, "editor"),
        })
    for crash in report.crashes:
        out.append({"line": 1, "column": 1, "end_line": 1, "end_column": 1,
                    "severity": "error", "code": "", "name": "internal", "message": crash,
                    "hint": "", "text": crash})
    return {"variants": list(report.variants), "diagnostics": out}


def _variant(text: str, name: str | None, options: list[str]) -> Any:
    return resolve(_write(text), options, name or None)


def _failure(err: Exception) -> str:
    if isinstance(err, SpecError):
        return "the spec has errors: fix them first (see the diagnostics)"
    return str(err)


def rules(text: str, name: str | None = None, players: int | None = None,
          options: list[str] | None = None) -> str:
    """The resolved rules as ``rummy-spec show`` prints them."""
    try:
        lib, variant = resolve_in(_write(text), list(options or []), name or None)
        count = players_for(variant, players)
        exported(variant, count)  # a count the formulas cannot deal for is refused here
        return render_text(variant, count, against(lib, variant, None, count))
    except (SpecError, UsageError, LookupFailure, EvalError) as err:
        return _failure(err)


def rulebook(text: str, name: str | None = None, options: list[str] | None = None) -> str:
    """The rulebook page as a standalone HTML document (``rummy-spec rulebook --format
    html``)."""
    try:
        variant = _variant(text, name, list(options or []))
        lib, chosen = find_variant(str(_file()), name or None)
        return render(build_page(lib, chosen, variant.enabled), "html")
    except (SpecError, UsageError, LookupFailure, EvalError) as err:
        return f"<p>{_failure(err)}</p>"


class Table:
    """A hand against bots, with the terminal game's words: each call returns the lines
    to show and the question asked now."""

    def __init__(self, text: str, name: str | None = None, players: int | None = None,
                 seed: int = 1, bot: str = "greedy") -> None:
        variant = _variant(text, name, [])
        asked = players if isinstance(players, int) else None  # JavaScript's null: none
        game = start_game(variant, players_for(variant, asked), seed)
        # suit symbols, no escapes: the page colours the red suits itself
        self.session = Session(game, Style(glyphs=True), bot=bot, pause=True)
        self.session.start()

    def lines(self) -> list[str]:
        return self.session.take_lines()

    def prompt(self) -> str:
        return "" if self.session.finished else self.session.prompt()

    def command(self, line: str) -> list[str]:
        self.session.command(line)
        return self.lines()

    @property
    def over(self) -> bool:
        return self.session.finished

    def completions(self) -> list[str]:
        return self.session.completions()


def new_table(text: str, name: str | None = None, players: int | None = None,
              seed: int = 1, bot: str = "greedy") -> Table | str:
    """A table, or the one line that says why the variant cannot be played."""
    try:
        return Table(text, name, players, seed, bot)
    except (SpecError, UsageError, LookupFailure, EvalError, GameError) as err:
        return _failure(err)
