"""Sphinx extension for the rummy-spec docs: generated rulebook pages, checked examples.

- At ``builder-inited`` it writes the generated pages (see ``rummy_pages``): a rulebook
  page per built-in variant with its figures, the rulebook's index with the comparison
  table, the ambiguity register and the command-line reference.
- ``race-chart`` draws the speed race recorded on the page it stands in (see
  ``rummy_race``).
- It registers the package's Pygments lexer as ``rummy`` and ``rummy-fragment`` (so the
  docs highlight even where the entry point is not installed).
- At ``doctree-read`` it checks every literal block marked ``rummy`` (a whole variant: it
  must load with no diagnostic, alone and with each option) or ``rummy-fragment`` (items
  of a variant body: they must parse).  A broken example is a warning, and ``-W`` makes
  it fail the build.  A block with the class ``broken`` shows a mistake on purpose: it
  must fail to check.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from rummy_matrix import ComplianceMatrix
from rummy_pages import generate_cli_reference, generate_rulebook
from rummy_race import RaceChart
from sphinx.application import Sphinx
from sphinx.util import logging

from rummy_spec.highlight import RummyLexer
from rummy_spec.lang import Library, SpecError, builtin_library
from rummy_spec.rulebook.faces import cards_html

logger = logging.getLogger(__name__)

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


def cards_role(name: str, rawtext: str, text: str, lineno: int, inliner: Any,
               options: Any = None, content: Any = None) -> tuple[list[nodes.Node],
                                                              list[nodes.system_message]]:
    """``:cards:`7C 7D 7H```: card faces with suit glyphs, the cards in words for screen
    readers (the site is built as HTML only)."""
    return [nodes.raw(rawtext, cards_html(text), format="html")], []


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_lexer("rummy", RummyLexer)
    app.add_lexer("rummy-fragment", RummyLexer)
    app.connect("builder-inited", generate_rulebook)
    app.connect("builder-inited", generate_cli_reference)
    app.connect("doctree-read", check_examples)
    app.add_directive("race-chart", RaceChart)
    app.add_directive("compliance-matrix", ComplianceMatrix)
    app.add_role("cards", cards_role)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
