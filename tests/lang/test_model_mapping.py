"""The step from parse tree to model is total: no setting the parser makes can vanish.

Each clause of the grammar becomes settings named (section, field); the model builder
takes them by field name.  A field name in the parser's tables that the model lacks would
once have dropped the rule without a word; now it is reported (E037), and these tests
prove every name in the tables exists in the model.
"""

from __future__ import annotations

import dataclasses

import pytest

from rummy_spec.lang import Library, builtin_library, syntax
from rummy_spec.lang.build_reader import section_models

SPEC = """variant x "X" {
    players 2..4
    set { min 3 }
    run { min 3, around the corner }
    game { ends at 100 points }
    score { A..K: 10 }
}
"""


def _fields(section: str) -> set[str]:
    return {f.name for f in dataclasses.fields(section_models()[section])}


@pytest.mark.parametrize("alias", sorted(syntax._FLAGS))
def test_every_flag_clause_names_a_model_field(alias: str) -> None:
    section, name, _ = syntax._FLAGS[alias]
    assert name in _fields(section), f"{alias}: {section}.{name} is not in the model"


@pytest.mark.parametrize("alias", sorted(syntax._VALUED))
def test_every_valued_clause_names_a_model_field(alias: str) -> None:
    section, name, _ = syntax._VALUED[alias]
    assert name in _fields(section), f"{alias}: {section}.{name} is not in the model"


def test_every_section_of_the_grammar_has_a_model() -> None:
    for section in syntax._SECTIONS.values():
        assert section in section_models(), section


def test_a_misnamed_field_is_an_error_naming_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Renaming a table entry (wrap -> wrapp) must not silently give wrap=False."""
    monkeypatch.setitem(syntax._FLAGS, "wrap", ("run", "wrapp", True))
    lib = Library()
    lib.add_text(SPEC, "x.rummy")
    _, problems = lib.resolve("x")
    lost = [p for p in problems if p.code == "E037"]
    assert len(lost) == 1 and "'run wrapp'" in lost[0].message, problems
    assert (lost[0].span.line, lost[0].span.column) == (4, 18)


def test_the_same_spec_with_the_right_name_takes_the_rule() -> None:
    lib = Library()
    lib.add_text(SPEC, "x.rummy")
    variant, problems = lib.resolve("x")
    assert variant.run is not None and variant.run.wrap
    assert not [p for p in problems if p.severity == "error"]


def test_no_builtin_setting_is_left_unplaced() -> None:
    lib = builtin_library()
    for name, decl in lib.decls.items():
        for option in [None, *decl.options]:
            _, problems = lib.resolve(name, () if option is None else (option,))
            assert not [p for p in problems if p.code == "E037"], (name, option)
