"""``fmt``: the canonical layout is idempotent, keeps comments, and never changes a rule."""

from __future__ import annotations

from pathlib import Path

import pytest
from docblocks import DOC, reference_blocks

from rummy_spec.lang import Library, SpecError, builtin_library
from rummy_spec.lang.counts import player_counts
from rummy_spec.lang.data import builtin_specs
from rummy_spec.lang.export import variant_to_json
from rummy_spec.lang.fmt import format_text

BUILTINS = sorted(builtin_specs().items())


def _rst_blocks() -> list[str]:
    """The ``.. code-block:: rummy`` bodies of the hand-written pages (not the broken ones)."""
    out: list[str] = []
    for path in sorted(DOC.parent.glob("*.rst")):
        rows = path.read_text(encoding="utf-8").splitlines()
        for i, row in enumerate(rows):
            if row.strip() != ".. code-block:: rummy":
                continue
            j = i + 1
            options = []
            while j < len(rows) and rows[j].strip().startswith(":"):
                options.append(rows[j])
                j += 1
            body = []
            while j < len(rows) and (not rows[j].strip() or rows[j].startswith("   ")):
                body.append(rows[j][3:])
                j += 1
            if not any("broken" in o for o in options):
                out.append("\n".join(body).strip("\n") + "\n")
    return out


VARIANTS = [b.text for b in reference_blocks("rummy")] + _rst_blocks()
FRAGMENTS = [b.text for b in reference_blocks("rummy-fragment")]


@pytest.mark.parametrize(("name", "path"), BUILTINS, ids=[n for n, _ in BUILTINS])
def test_fmt_is_idempotent_on_every_builtin(name: str, path: Path) -> None:
    once = format_text(path.read_text(encoding="utf-8"), str(path))
    assert format_text(once, str(path)) == once


@pytest.mark.parametrize(("name", "path"), BUILTINS, ids=[n for n, _ in BUILTINS])
def test_every_builtin_is_in_the_canonical_layout(name: str, path: Path) -> None:
    """What ``rummy-spec fmt --check spec/*.rummy`` asks of the shipped files."""
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text


def test_fmt_keeps_every_comment_of_every_builtin() -> None:
    for _, path in BUILTINS:
        text = path.read_text(encoding="utf-8")
        comments = [row[row.index("#"):].rstrip() for row in text.splitlines()
                    if "#" in row and '"' not in row.split("#")[0]]
        out = format_text(text, str(path))
        for c in comments:
            assert c in out, (path, c)


def test_the_docs_have_examples() -> None:
    assert len(VARIANTS) >= 9 and len(FRAGMENTS) >= 3


@pytest.mark.parametrize("text", VARIANTS)
def test_fmt_is_idempotent_on_the_docs_examples(text: str) -> None:
    once = format_text(text)
    assert format_text(once) == once


@pytest.mark.parametrize("text", FRAGMENTS)
def test_fmt_is_idempotent_on_the_docs_fragments(text: str) -> None:
    once = format_text('variant x "X" {\n' + text + "}\n")
    assert format_text(once) == once


def test_fmt_then_check_gives_the_same_model_for_every_builtin() -> None:
    """Every built-in file formatted, loaded together, resolved with each option: identical."""
    formatted = Library()
    for _, path in BUILTINS:
        formatted.add_text(format_text(path.read_text(encoding="utf-8"), str(path)), str(path))
    original = builtin_library()
    assert sorted(formatted.decls) == sorted(original.decls)
    for name, decl in original.decls.items():
        for option in [None, *decl.options]:
            opts = () if option is None else (option,)
            before, found_before = original.resolve(name, opts)
            after, found_after = formatted.resolve(name, opts)
            assert [d.code for d in found_after] == [d.code for d in found_before]
            for n in player_counts(before):
                assert variant_to_json(after, n) == variant_to_json(before, n), (name, option)


MESSY = """# a house game
variant  x "X"   {
  players 2..4     # two to four
  set{min 3}run { min 3 ,ace low}

  deal { cards by players{2:10,3..4 : 7}}
  score { A..K :10, joker: -5 }


  # the end
  game {ends at 100 points
        winner lowest}
  option big "Big" { deal { cards 12 } score { A: 1 } }
}
"""

CANONICAL = """# a house game
variant x "X" {
    players 2..4                            # two to four
    set { min 3 }
    run { min 3, ace low }

    deal { cards by players { 2: 10, 3..4: 7 } }
    score { A..K: 10, joker: -5 }

    # the end
    game {
        ends at 100 points
        winner lowest
    }
    option big "Big" { deal { cards 12 } score { A: 1 } }
}
"""


def test_the_canonical_layout() -> None:
    assert format_text(MESSY) == CANONICAL
    assert format_text(CANONICAL) == CANONICAL


def test_text_that_does_not_parse_is_refused_with_its_error() -> None:
    with pytest.raises(SpecError) as err:
        format_text(MESSY.replace("ace low}", "ace lowe}"), "m.rummy")
    assert err.value.errors[0].code == "E002"


def test_comments_inside_a_clause_split_over_lines_are_kept() -> None:
    text = ('variant x "X" {\n    players 2..4\n    set { min 3 }\n'
            "    deal { cards by players { 2: 10,   # heads up\n 3..4: 7 } }\n"
            "    score { A..K: 10 }\n    game { ends at 100 points }\n}\n")
    once = format_text(text)
    assert "# heads up" in once and format_text(once) == once
