"""``unstated "..."``: a rule of the sources a spec does not state, with its reason.  It
reaches the model in file order, adds up along ``extends`` like ``source``, is shown by
``show --json`` and listed by the rulebook under the sources; the engine plays nothing
from it, and the formatter keeps it."""

from __future__ import annotations

from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang import model as m
from rummy_spec.lang.export import variant_to_json
from rummy_spec.lang.fmt import format_text

TEXT = '''variant x "X" extends rummy {
    unstated "Second rule: no clause for it."
    unstated "Third rule: no rule of play."
}
variant y "Y" extends x {
    unstated "A child's own gap."
}
'''


def _lib() -> Library:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(TEXT, "x.rummy")
    return lib


def _resolve(name: str) -> tuple[m.Variant, list[str]]:
    v, problems = _lib().resolve(name)
    return v, [p.code for p in problems]


def test_unstated_rules_reach_the_model_in_order() -> None:
    v, codes = _resolve("x")
    assert v.unstated == ("Second rule: no clause for it.", "Third rule: no rule of play.")
    assert codes == [] and builtin_library().resolve("rummy")[0].unstated == ()


def test_a_child_adds_its_own_to_its_parents() -> None:
    """One file: in line order, as sources are."""
    v, _ = _resolve("y")
    assert v.unstated == ("Second rule: no clause for it.", "Third rule: no rule of play.",
                          "A child's own gap.")


def test_show_json_and_the_rulebook_list_them() -> None:
    from rummy_spec.rulebook import rulebook

    v, _ = _resolve("x")
    assert variant_to_json(v, 2)["unstated"] == list(v.unstated)
    page = " ".join(rulebook(_lib(), "x", "md").split())
    assert ("this page does not state, each with the reason (the rules language cannot "
            "say it yet, or it is no rule of play): - Second rule: no clause for it. - "
            "Third rule: no rule of play.") in page


def test_remi51_lists_its_gaps() -> None:
    v = builtin_library().resolve("remi51")[0]
    assert len(v.unstated) == 4 and any("counterclockwise" in u for u in v.unstated)


def test_the_formatter_keeps_them() -> None:
    assert format_text(TEXT).count("unstated \"") == 3
