"""The generated part of the site: the rulebook pages, their index, the ambiguity
register, and the command-line reference.

All of it is written at ``builder-inited`` into folders ignored by git (``rulebook/`` and
``reference/``), from the checked models and from the argument parser itself, so none of
it can drift from what the program does.  A file is rewritten only when its text changes,
so incremental builds stay incremental.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from rummy_figures import alt_text, plays_for, plays_svg, undrawn_text
from sphinx.application import Sphinx
from sphinx.util import logging

from rummy_spec.cli import PROG, build_parser
from rummy_spec.lang import Library, builtin_library
from rummy_spec.rulebook import build_page, render
from rummy_spec.rulebook.ambiguities import REGISTER
from rummy_spec.rulebook.diagram import describe, turn_svg
from rummy_spec.rulebook.doc import Figure, Page, Para, Section
from rummy_spec.rulebook.overview import comparison
from rummy_spec.rulebook.plays import Plays
from rummy_spec.rulebook.rst import RstWriter

FOLDER = "rulebook"
FIGURES = "_figures"
LOG = logging.getLogger(__name__)


def write_if_changed(path: Path, text: str) -> None:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def _heading(title: str, mark: str = "=") -> list[str]:
    return [mark * len(title), title, mark * len(title), ""]


# ----- the rulebook -------------------------------------------------------------------------

def _with_plays(page: Page, turn_alt: str, plays: Plays, plays_alt: str) -> Page:
    """The page with its "How it plays" section, before the options: the games' figure,
    or, when a round of them did not end by the rules of play, what happened instead."""
    shown: tuple[Para | Figure, ...]
    if plays.drawable:
        shown = (Para(f"What happens when bots play it: {plays.games} seeded games of "
                      f"{plays.players} {plays.bot} bots (each seat plays the same "
                      "strategy, so the spread comes from the cards and the seat), every "
                      "round ended by the rules of play. Made at every build of these pages "
                      "from the rules above."),
                 Figure(f"{FIGURES}/{page.name}-plays.svg", plays_alt))
    else:
        shown = (Para(undrawn_text(plays)),)
    section = Section("How it plays", "plays", (
        Para("A turn, drawn from the rules. Boxes with a dashed edge are steps you may "
             "skip."),
        Figure(f"{FIGURES}/{page.name}-turn.svg", turn_alt),
        *shown,
    ), compared=False)
    keys = [s.key for s in page.sections]
    at = keys.index("options") if "options" in keys else len(keys)
    return Page(page.title, page.name, (*page.sections[:at], section, *page.sections[at:]))


def _index(lib: Library, names: list[str], titles: dict[str, str]) -> str:
    def links(name: str) -> str | None:
        return f"/{FOLDER}/{name}" if name in lib.decls else None

    writer = RstWriter(links, sphinx=True)
    lines = [
        *_heading("The rulebook"),
        "One page per built-in variant, generated from its spec file at every build of",
        "these docs (``rummy-spec rulebook NAME`` prints the same page for any spec file,",
        "yours included). Each page is made from the checked rules model that the engine",
        "plays, so the book and the behaviour cannot drift apart.",
        "",
        *_heading("The variants side by side", "-"),
        "A row per variant, a column per rule. The table is wider than most screens: it",
        "scrolls sideways in its box, and a shadow at an edge shows there is more that way.",
        "",
        # the class reaches the theme's scrolling box too (furo copies a table's classes
        # onto the wrapper it puts around it): docs/_static/rummy.css draws the shadows
        writer.table(comparison(lib, names)).replace(
            ".. list-table::", ".. list-table::\n   :class: rummy-comparison", 1),
        "",
        "Where the rule texts leave a question open, a page says which default it follows:",
        "see :doc:`ambiguities`.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "   :hidden:",
        "",
    ]
    lines += [f"   {titles[n]} <{n}>" for n in names]
    lines.append("   ambiguities")
    return "\n".join(lines) + "\n"


def _register() -> str:
    lines = [*_heading("The ambiguity register"),
             "Questions the rule texts leave open or answer in more than one way, and the",
             "default each built-in spec takes. A spec names the entries it relies on in its",
             "opening comment; a rulebook page prints an entry only where the variant, as",
             "resolved with its options and its own changes, still follows it.", ""]
    for a in REGISTER.values():
        lines += [f".. _{a.id.lower()}:", "", f"**{a.id}** ({a.games}). {a.question}", "",
                  f"   Default: {a.default}", ""]
    return "\n".join(lines)


def _with_playground_link(text: str, name: str) -> str:
    """The page with a "try this variant" link under its title, to the playground with
    the variant's spec loaded (the title is the first three lines: over, text, under)."""
    lines = text.split("\n")
    link = (f"`Try this variant <../playground/index.html?variant={name}>`__ in the "
            "playground: change its rules, see them checked, and play a hand of it in the "
            "browser.")
    return "\n".join([*lines[:3], "", link, *lines[3:]])


def generate_rulebook(app: Sphinx) -> None:
    folder = Path(app.srcdir) / FOLDER
    figures = folder / FIGURES
    figures.mkdir(parents=True, exist_ok=True)
    lib = builtin_library()
    names = sorted(lib.decls)
    plays = plays_for(lib, names, Path(app.srcdir) / "_build" / "figure-cache")

    def links(name: str) -> str | None:
        return f"/{FOLDER}/{name}" if name in lib.decls else None

    titles: dict[str, str] = {}
    for name in names:
        page = build_page(lib, name)
        variant = lib.resolve(name)[0]
        titles[name] = page.title
        write_if_changed(figures / f"{name}-turn.svg", turn_svg(variant))
        played = plays[name]
        if played.drawable:
            write_if_changed(figures / f"{name}-plays.svg", plays_svg(page.title, played))
        else:  # the build fails (-W): a built-in variant's games must all end in play
            LOG.warning("rulebook %s: no figure drawn: %s", name, undrawn_text(played))
        full = _with_plays(page, describe(variant), played, alt_text(page.title, played))
        text = _with_playground_link(render(full, "rst", links, sphinx=True), name)
        write_if_changed(folder / f"{name}.rst", text)
    write_if_changed(folder / "index.rst", _index(lib, names, titles))
    write_if_changed(folder / "ambiguities.rst", _register())
    for stale in folder.glob("*.rst"):
        if stale.stem not in names and stale.stem not in ("index", "ambiguities"):
            stale.unlink()


# ----- the command-line reference -----------------------------------------------------------

def _subparsers(parser: argparse.ArgumentParser) -> list[tuple[str, argparse.ArgumentParser]]:
    found: list[tuple[str, argparse.ArgumentParser]] = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            seen: set[int] = set()
            for name, sub in action.choices.items():
                if id(sub) not in seen:
                    seen.add(id(sub))
                    found.append((name, sub))
    return found


def _command(path: list[str], parser: argparse.ArgumentParser, level: int) -> list[str]:
    title = " ".join([PROG, *path])
    marks = "-~^"
    lines = [title, marks[min(level, 2)] * len(title), "", ".. code-block:: text", ""]
    lines += ["   " + line if line else "" for line in parser.format_help().splitlines()]
    lines.append("")
    for name, sub in _subparsers(parser):
        lines += _command([*path, name], sub, level + 1)
    return lines


def generate_cli_reference(app: Sphinx) -> None:
    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "88"  # the same page whatever terminal builds it
    try:
        parser = build_parser()
        text = _reference(parser)
    finally:
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    write_if_changed(Path(app.srcdir) / "reference" / "cli.rst", text)


def _reference(parser: argparse.ArgumentParser) -> str:
    lines = [*_heading("Command-line reference"),
             f"Every command of ``{PROG}`` with its options, exactly as ``--help`` prints",
             "them: this page is generated from the program's own argument parser at every",
             "build of these docs.", "",
             "Exit codes, the same for every command: 0 success (warnings allowed), 1 the",
             "input was checked and found wrong, 2 a bad command line, 3 a bug in",
             f"{PROG} itself.", ""]
    lines += ["Overview", "--------", "", ".. code-block:: text", ""]
    lines += ["   " + line if line else "" for line in parser.format_help().splitlines()]
    lines.append("")
    for name, sub in _subparsers(parser):
        lines += _command([name], sub, 0)
    return "\n".join(lines) + "\n"
