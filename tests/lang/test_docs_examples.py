"""Every example in docs/language.md must be valid.

A ```rummy block is a complete variant (or several): it must parse, resolve and check with
no diagnostic at all, with no option on and with each of its options on.  A
```rummy-fragment block holds variant-body items: wrapped in a variant, it must parse.
"""

from __future__ import annotations

import pytest
from docblocks import DOC, DOC_PATH, Block, doc_blocks, reference_blocks

from rummy_spec.lang.errors import SpecError
from rummy_spec.lang.library import Library

VARIANTS = reference_blocks("rummy")
FRAGMENTS = reference_blocks("rummy-fragment")


def _ids(blocks: list[Block]) -> list[str]:
    return [f"line{b.line}" for b in blocks]


def test_the_document_has_examples() -> None:
    assert len(VARIANTS) >= 5
    assert FRAGMENTS


def test_no_misspelt_info_strings() -> None:
    """A block meant as rules but marked otherwise would escape the checks below."""
    for b in doc_blocks(DOC.read_text(encoding="utf-8")):
        if b.info.startswith("rummy"):
            assert b.info in ("rummy", "rummy-fragment"), f"line {b.line}: ```{b.info}"


@pytest.mark.parametrize("block", VARIANTS, ids=_ids(VARIANTS))
def test_variant_example_loads_cleanly(block: Block) -> None:
    lib = Library()
    # The block's lines are numbered from 1; shift diagnostics to the document's lines.
    padded = "\n" * block.line + block.text
    try:
        decls = lib.add_text(padded, DOC_PATH)
    except SpecError as err:
        pytest.fail(f"example at line {block.line} does not parse:\n{err.render()}")
    assert decls, f"example at line {block.line} declares no variant"
    assert not lib.problems, "\n".join(p.render(lib.sources) for p in lib.problems)
    for decl in decls:
        for options in [(), *((name,) for name in decl.options)]:
            _, problems = lib.resolve(decl.name, options)
            assert not problems, (
                f"{decl.name} {list(options)}:\n"
                + "\n".join(p.render(lib.sources) for p in problems)
            )


@pytest.mark.parametrize("block", FRAGMENTS, ids=_ids(FRAGMENTS))
def test_fragment_parses(block: Block) -> None:
    # The wrapper's first line stands on the fence's line, so positions match the document.
    text = "\n" * (block.line - 1) + "variant fragment {\n" + block.text + "}\n"
    try:
        Library().add_text(text, DOC_PATH)
    except SpecError as err:
        pytest.fail(f"fragment at line {block.line} does not parse:\n{err.render()}")
