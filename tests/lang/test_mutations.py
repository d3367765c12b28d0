"""No setting can vanish: every clause of the language reference's examples, changed by one
word, either states a different model or is reported as an error.

Each word of each clause in the ```rummy examples of docs/language.md is replaced by every
keyword the grammar accepts in its place (and a number by the next number), or deleted.
The changed text must fail to parse, report an error, or build a different model (the
variants as written and with each option on).  A clause the parser accepts but the model
ignores, the fault that let ``wrap`` -> ``wrapp`` give ``wrap=False``, fails here.

Mutants that cannot change the meaning are skipped, each for a stated reason: a synonym
(``set``/``sets``), deleting the count of ``1 set`` (a count is 1 when not written), or
deleting a clause that is one word long (the author removed a rule; nothing vanished).
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from docblocks import reference_blocks
from lark import Tree

from rummy_spec.lang import Library, SpecError, builtin_library
from rummy_spec.lang.fmt import _strip, _tokens
from rummy_spec.lang.grammar_errors import _terminal_words, accepted_before
from rummy_spec.lang.syntax import parser

SYNONYMS = [{"set", "sets"}, {"run", "runs"}, {"group", "groups"}, {"hand", "hands"},
            {"joker", "jokers"}]
_CLAUSE_PARENTS = {"deck", "wilds", "set_kind", "run_kind", "group_kind", "deal", "cut",
                   "contracts", "turn", "layoff", "swap", "claim", "rummy_call", "going_out",
                   "knock", "stock", "score", "game", "special_body"}


def _examples() -> list[str]:
    return [b.text for b in reference_blocks("rummy")]


def _clauses(text: str) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    for node in parser().parse(text).iter_subtrees():
        if node.data in _CLAUSE_PARENTS:
            for child in node.children:
                if isinstance(child, Tree) and child.data != "title":
                    spans.append((child.meta.start_pos, child.meta.end_pos))
    return spans


def _models(text: str) -> Any:
    """The models the text states, or None when it is refused or reports an error."""
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    try:
        decls = lib.add_text(text, "example.rummy")
    except SpecError:
        return None
    if any(p.severity == "error" for p in lib.problems):
        return None
    models = []
    for d in decls:
        for option in [None, *d.options]:
            variant, problems = lib.resolve(d.name, () if option is None else (option,))
            if any(p.severity == "error" for p in problems):
                return None
            models.append(_strip(variant))
    return tuple(models)


def _synonyms(a: str, b: str) -> bool:
    return a == b or any(a in group and b in group for group in SYNONYMS)


def _mutants(text: str) -> list[tuple[str, str]]:
    """(description, mutated text) for every one-word change inside a clause."""
    words = {name: ws for name, ws in _terminal_words().items()}
    out: list[tuple[str, str]] = []
    clauses = _clauses(text)
    for tok in _tokens(text):
        clause = next(((a, b) for a, b in clauses if a <= tok.start < b), None)
        if clause is None or not re.fullmatch(r"[A-Za-z0-9]+", tok.text):
            continue
        where = f"{text.count(chr(10), 0, tok.start) + 1}: {text[clause[0]:clause[1]]!r}"
        count_of_one = tok.text == "1" and re.match(r"\s*[a-z]", text[tok.end:tok.end + 3])
        if clause != (tok.start, tok.end) and not count_of_one:
            out.append((f"{where} without {tok.text!r}", text[:tok.start] + text[tok.end:]))
        if tok.text.isdigit():
            new = str(int(tok.text) + 1)
            out.append((f"{where} {tok.text} -> {new}",
                        text[:tok.start] + new + text[tok.end:]))
            continue
        for name in accepted_before(text, tok.start):
            for word in words.get(name, []):
                if word.isalpha() and not _synonyms(word, tok.text):
                    out.append((f"{where} {tok.text!r} -> {word!r}",
                                text[:tok.start] + word + text[tok.end:]))
    return out


EXAMPLES = _examples()


def test_the_reference_has_examples() -> None:
    assert len(EXAMPLES) >= 5


@pytest.mark.parametrize("index", range(len(EXAMPLES)))
def test_no_one_word_change_makes_a_setting_vanish(index: int) -> None:
    text = EXAMPLES[index]
    original = _models(text)
    assert original is not None, "the example itself must check clean"
    mutants = _mutants(text)
    assert len(mutants) > 20
    vanished = [what for what, mutated in mutants if _models(mutated) == original]
    assert not vanished, "\n".join(vanished)
