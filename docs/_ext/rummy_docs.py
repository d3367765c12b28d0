"""Sphinx extension for the rummy-spec docs: generated rulebook pages, checked examples.

- At ``builder-inited`` it writes ``rulebook/<name>.rst`` for every built-in variant, and
  ``rulebook/index.rst`` listing them, from :mod:`rummy_spec.rulebook`: the pages are made
  from the checked models at every build, never copied by hand.  A file is rewritten only
  when its text changes, so incremental builds stay incremental.  The folder is generated
  (ignored by git).
- It registers the package's Pygments lexer as ``rummy`` and ``rummy-fragment`` (so the
  docs highlight even where the entry point is not installed).
- At ``doctree-read`` it checks every literal block marked ``rummy`` (a whole variant: it
  must load with no diagnostic, alone and with each option) or ``rummy-fragment`` (items
  of a variant body: they must parse).  A broken example is a warning, and ``-W`` makes
  it fail the build.  A block with the class ``broken`` shows a mistake on purpose: it
  must fail to check.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging

from rummy_spec.highlight import RummyLexer
from rummy_spec.lang import Library, SpecError, builtin_library
from rummy_spec.rulebook import build_page, render

logger = logging.getLogger(__name__)

FOLDER = "rulebook"


def _index(names: list[str], titles: dict[str, str]) -> str:
    head = "The rulebook"
    lines = [
        "=" * len(head),
        head,
        "=" * len(head),
        "",
        "One page per built-in variant, generated from its spec file at every build of",
        "these docs (``rummy-spec rulebook NAME`` prints the same page). Each page is made",
        "from the checked rules model that the engine plays, so the book and the behaviour",
        "cannot drift apart.",
        "",
        ".. toctree::",
        "   :maxdepth: 1",
        "",
    ]
    lines += [f"   {titles[n]} <{n}>" for n in names]
    return "\n".join(lines) + "\n"


def _write(path: Path, text: str) -> None:
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")


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
    folder.mkdir(exist_ok=True)
    lib = builtin_library()
    names = sorted(lib.decls)

    def links(name: str) -> str | None:
        return f"/{FOLDER}/{name}" if name in lib.decls else None

    titles: dict[str, str] = {}
    for name in names:
        page = build_page(lib, name)
        titles[name] = page.title
        text = _with_playground_link(render(page, "rst", links, sphinx=True), name)
        _write(folder / f"{name}.rst", text)
    _write(folder / "index.rst", _index(names, titles))
    for stale in folder.glob("*.rst"):
        if stale.stem not in names and stale.stem != "index":
            stale.unlink()


# ----- checking the examples ----------------------------------------------------------------

def _problems_of_variant(text: str, where: str) -> list[str]:
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    try:
        decls = lib.add_text(text, where)
    except SpecError as err:
        return [err.render()]
    if not decls:
        return ["the example declares no variant"]
    found = [p.render(lib.sources) for p in lib.problems]
    for decl in decls:
        for options in [(), *((o,) for o in decl.options)]:
            _, problems = lib.resolve(decl.name, options)
            found += [p.render(lib.sources) for p in problems]
    return found


def _problems_of_fragment(text: str, where: str) -> list[str]:
    try:
        Library().add_text("variant fragment {\n" + text + "\n}\n", where)
    except SpecError as err:
        return [err.render()]
    return []


def check_examples(app: Sphinx, doctree: nodes.document) -> None:
    for block in doctree.findall(nodes.literal_block):
        language = block.get("language", "")
        if language not in ("rummy", "rummy-fragment"):
            continue
        where = f"{block.source or doctree.get('source', '?')}:{block.line or 0}"
        text = block.astext()
        check = _problems_of_variant if language == "rummy" else _problems_of_fragment
        problems = check(text, where)
        if "broken" in block.get("classes", []):
            # An example of a mistake: it must stay a mistake.
            if not problems:
                logger.warning("rules example marked broken checks cleanly", location=block)
            continue
        for problem in problems:
            logger.warning("rules example does not check:\n%s", problem, location=block)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_lexer("rummy", RummyLexer)
    app.add_lexer("rummy-fragment", RummyLexer)
    app.connect("builder-inited", generate_rulebook)
    app.connect("doctree-read", check_examples)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
