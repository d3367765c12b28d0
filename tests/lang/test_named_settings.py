"""A formula may name another setting (``cards dealt``) instead of repeating its table.

Liverpool's exact cut aims at every card dealt plus the upcard; written as a copy of the
deal's table, a house variant that deals differently kept the old target (41 for four
players where the new deal needs 45), and one that added an 8th round crashed the
rulebook.  Named, the target follows the deal of the variant as resolved.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rummy_spec.cli import main
from rummy_spec.lang import Library, builtin_library
from rummy_spec.lang import model as m
from rummy_spec.lang.expr import evaluate_int, render


def _resolve(text: str, name: str, options: tuple[str, ...] = ()) -> tuple[m.Variant, list[str]]:
    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(text, "house.rummy")
    variant, problems = lib.resolve(name, options)
    return variant, [f"{p.code} {p.span.line}" for p in problems if p.severity == "error"]


ELEVEN = 'variant liv11 "Eleven cards" extends liverpool { deal { cards 11 } }\n'


def test_a_new_deal_moves_the_inherited_cut_target() -> None:
    v, errors = _resolve(ELEVEN, "liv11")
    assert errors == []
    assert v.cut is not None
    target = v.cut.target
    assert [evaluate_int(target, n, 1) for n in (3, 4, 8)] == [34, 45, 89]
    assert render(target) == "(players * cards dealt) + 1"  # named, not the table copied


def test_liverpool_targets_every_card_dealt_and_the_upcard() -> None:
    lib = builtin_library()
    for options, dealt in (((), {1: 10, 4: 10, 5: 12, 7: 12}),
                           (("eleven_cards",), {1: 11, 7: 11})):
        v, problems = lib.resolve("liverpool", options)
        assert not [p for p in problems if p.severity == "error"]
        assert v.cut is not None
        for n in range(3, 9):
            for rnd, cards in dealt.items():
                assert evaluate_int(v.cut.target, n, rnd) == n * cards + 1


def test_the_deal_cannot_name_itself() -> None:
    text = 'variant loop "Loop" extends liverpool { deal { cards cards dealt + 1 } }\n'
    _, errors = _resolve(text, "loop")
    assert errors == ["E036 1"]


def test_decks_cannot_follow_a_deal_that_changes_by_round() -> None:
    text = 'variant d "D" extends liverpool { deck { decks cards dealt / 5 } }\n'
    _, errors = _resolve(text, "d")
    assert errors == ["E036 1"]


EIGHTH = {
    "liverpool": 'variant h "Eight hands" extends liverpool {\n'
                 '    deal { cards by round { 1..4: 10, 5..8: 12 } }\n'
                 '    contracts { 8: 4 sets }\n}\n',
    "contract": 'variant h "Eight hands" extends contract {\n'
                '    deal { cards by round { 1..4: 10, 5..8: 12 } }\n'
                '    contracts { 8: 4 sets }\n}\n',
}


@pytest.mark.parametrize("parent", sorted(EIGHTH))
def test_an_eighth_round_with_a_new_deal_checks_renders_and_shows(
        parent: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "eight.rummy"
    path.write_text(EIGHTH[parent], encoding="utf-8")
    assert main(["check", str(path)]) == 0
    for fmt in ("rst", "md", "html"):
        assert main(["rulebook", "--format", fmt, str(path)]) == 0, fmt
    assert main(["show", "--json", str(path)]) == 0
    out = capsys.readouterr()
    assert "internal error" not in out.err
    assert "Round 8" in out.out or "round 8" in out.out


def test_rounds_past_a_short_game_still_need_their_deal(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """A house Contract adding rounds 8 to 10 but ending after one hand checked clean (the
    game never reaches round 8), and the rulebook, which describes every round of the
    contracts, ended in exit 3 on the deal of round 8 (found by the house campaign).  Check
    now tries the deal at every round of the contracts too, and names the gap."""
    path = tmp_path / "short.rummy"
    path.write_text('variant house "House contract" extends contract {\n'
                    "    contracts { 8: 3 runs, 9: 3 runs, 10: 3 runs }\n"
                    "    game { ends after 1 hand }\n}\n", encoding="utf-8")
    assert main(["check", str(path)]) == 1
    err = capsys.readouterr().out
    assert "round = 8" in err or "round 8" in err, err
    # the rounds and the game's end cause it together; each line is named once (line 2
    # holds three rounds, and was named three times)
    assert re.findall(r"lines ([\d, ]+) together", err) == ["2, 3"], err
    path.write_text('variant house "House contract" extends contract {\n'
                    "    contracts { 8: 3 runs, 9: 3 runs, 10: 3 runs }\n"
                    "    deal { cards by round { 1..7: 10, 8+: 12 } }\n"
                    "    game { ends after 1 hand }\n}\n", encoding="utf-8")
    assert main(["check", str(path)]) == 0
    for fmt in ("rst", "md", "html"):
        assert main(["rulebook", "--format", fmt, str(path)]) == 0, fmt
    assert main(["show", "--json", str(path)]) == 0
