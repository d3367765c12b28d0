"""``extends`` of another spec file, and a child taking away what it inherits."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy_spec.cli import main
from rummy_spec.lang import Diagnostic, Library, builtin_library, load
from rummy_spec.lang import model as m

HOUSE = """variant house "House" extends continental {
    deal { cards 11 }
    option short "Short" { deal { cards 9 } }
}
variant other "Other" extends continental { deal { cards 10 } }
"""


@pytest.fixture
def house(tmp_path: Path) -> Path:
    (tmp_path / "games").mkdir()
    path = tmp_path / "games" / "house.rummy"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def _child(tmp_path: Path, text: str) -> tuple[Path, Library]:
    path = tmp_path / "child.rummy"
    path.write_text(text, encoding="utf-8")
    base = builtin_library()
    lib = Library(dict(base.decls), dict(base.sources))
    lib.add_file(path)
    return path, lib


def _resolve(lib: Library, name: str, options: tuple[str, ...] = ()
             ) -> tuple[m.Variant, list[Diagnostic]]:
    variant, problems = lib.resolve(name, options)
    return variant, [p for p in problems if p.severity == "error"]


def test_extends_a_named_variant_of_a_file_relative_to_the_child(tmp_path: Path,
                                                                 house: Path) -> None:
    _, lib = _child(tmp_path, 'variant c "C" extends other from "games/house.rummy" {\n'
                    '    deal { first dealer lowest }\n}\n')
    variant, errors = _resolve(lib, "c")
    assert errors == [] and variant.parent == "other"
    assert variant.deal.first_dealer == "lowest"
    assert variant.deal.cards.span.path == str(house)  # 10 cards, from the parent file


def test_extends_the_first_variant_of_a_file(tmp_path: Path, house: Path) -> None:
    path, _ = _child(tmp_path, 'variant c "C" extends "games/house.rummy" {\n'
                     '    score { joker: 25 }\n}\n')
    variant = load(str(path))
    assert variant.parent == "house"
    assert [o.name for o in variant.options][-1] == "short"


def test_a_parent_file_that_is_missing_or_lacks_the_variant(tmp_path: Path,
                                                            house: Path) -> None:
    _, lib = _child(tmp_path, 'variant c "C" extends "nowhere.rummy" { }\n'
                    'variant d "D" extends nobody from "games/house.rummy" { }\n')
    [missing] = _resolve(lib, "c")[1]
    assert missing.code == "E013" and "nowhere.rummy" in missing.message
    assert (missing.span.line, missing.span.column) == (1, 23)
    [lacking] = _resolve(lib, "d")[1]
    assert lacking.code == "E013" and "declares no variant 'nobody'" in lacking.message
    assert "house, other" in lacking.message


def test_check_finds_a_parent_among_the_files_given(tmp_path: Path, house: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    child = tmp_path / "child.rummy"
    child.write_text('variant c "C" extends house { deal { cards 12 } }\n', encoding="utf-8")
    assert main(["check", str(child)]) == 1
    assert "E013" in capsys.readouterr().out
    assert main(["check", str(house), str(child)]) == 0
    assert f"{child}: ok (c)" in capsys.readouterr().out


def test_a_child_removes_rounds_sections_and_options(tmp_path: Path) -> None:
    _, lib = _child(tmp_path, 'variant c "C" extends continental {\n'
                    "    contracts { no rounds 6..7 }\n    no cut\n"
                    "    no option eleven_cards\n}\n")
    variant, errors = _resolve(lib, "c")
    assert errors == []
    assert variant.rounds == 5 and variant.cut is None and variant.options == ()
    [unknown] = _resolve(lib, "c", ("eleven_cards",))[1]
    assert unknown.code == "E015"


def test_removing_a_round_in_the_middle_leaves_a_gap(tmp_path: Path) -> None:
    _, lib = _child(tmp_path, 'variant c "C" extends continental {\n'
                    "    contracts { no round 3 }\n}\n")
    assert [e.code for e in _resolve(lib, "c")[1]] == ["E022"]


def test_removing_an_option_that_is_not_inherited(tmp_path: Path) -> None:
    _, lib = _child(tmp_path, 'variant c "C" extends continental {\n    no option huge\n}\n')
    [err] = _resolve(lib, "c")[1]
    assert err.code == "E015" and "eleven_cards" in err.message and err.span.line == 2


def test_a_child_cancels_all_wild_sets_and_takes_claims_at_once(tmp_path: Path) -> None:
    parent = load("continental")
    assert parent.wilds.all_wild_sets and parent.claim is not None
    assert parent.claim.claimant_waits
    _, lib = _child(tmp_path, 'variant c "C" extends continental {\n'
                    "    wilds { no all wild sets }\n    buy { claimant takes at once }\n}\n")
    variant, errors = _resolve(lib, "c")
    assert errors == [] and not variant.wilds.all_wild_sets
    assert variant.claim is not None and not variant.claim.claimant_waits
    # with 'chain' the claimant's turn out of order is not played: refused, at the
    # child's own clause
    _, lib = _child(tmp_path, 'variant c "C" extends continental {\n'
                    "    wilds { no all wild sets }\n"
                    "    buy { claimant takes at once, chain }\n}\n")
    errors = _resolve(lib, "c")[1]
    assert [(e.code, e.span.line, e.span.column) for e in errors] == [("E038", 3, 11)]


def test_no_limits_then_a_new_limit_is_not_a_duplicate(tmp_path: Path) -> None:
    _, lib = _child(tmp_path, 'variant c "C" extends liverpool {\n'
                    "    wilds { no limits, need a natural }\n}\n")
    variant, errors = _resolve(lib, "c")
    assert errors == []
    assert variant.wilds.need_natural == "all" and variant.wilds.never_outnumber is None


def test_a_limit_then_no_limits_is_still_a_duplicate(tmp_path: Path) -> None:
    _, lib = _child(tmp_path, 'variant c "C" extends liverpool {\n'
                    "    wilds { need a natural, no limits }\n}\n")
    assert [e.code for e in _resolve(lib, "c")[1]] == ["E010"]
