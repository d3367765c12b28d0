"""Messages in the author's words: the right place, the right name, a useful hint."""

from __future__ import annotations

import pytest

from rummy_spec.lang import Diagnostic, Library, SpecError, builtin_library

HEAD = 'variant x "X" {\n    players 2..4\n    set { min 3 }\n    run { min 3 }\n'
TAIL = '    score { A..K: 10 }\n    game { ends at 100 points }\n}\n'


def _problems(text: str) -> list[Diagnostic]:
    lib = Library()
    try:
        lib.add_text(text, "x.rummy")
    except SpecError as err:
        return err.diagnostics
    return lib.resolve("x")[1]


def _syntax_error(clause: str) -> Diagnostic:
    found = _problems(HEAD + "    " + clause + "\n" + TAIL)
    assert len(found) == 1, found
    return found[0]


def test_a_flag_without_parentheses_hints_at_them() -> None:
    d = _syntax_error("contracts { 1: 2 runs of 4 pat }")
    assert "no meld kind" not in d.message and "'pat'" in d.message
    assert "(pat)" in d.hint
    assert (d.span.line, d.span.column) == (5, 32)


def test_a_misplaced_negation_is_not_corrected_into_another_word() -> None:
    d = _syntax_error("buy { no buying }")
    assert d.code == "E002" and "'no'" in d.message
    assert "'not'" not in d.hint and "never" in d.hint


@pytest.mark.parametrize(("clause", "meant"), [
    ("lay off { next turn }", "from next turn"),
    ("game { end after all rounds }", "ends after all rounds"),
    ("game { ends at 100 pints }", "ends at 100 points"),
    ("turn { no discard the card taken }", "no discarding the card taken"),
    ("knock { gin bonus 20, undercut bonus 10, gin bonos 20 }", "gin bonus 20"),
    ("engine limits { gin forsed }", "gin forced"),
])
def test_did_you_mean_names_the_whole_clause(clause: str, meant: str) -> None:
    d = _syntax_error(clause)
    assert d.hint == f"did you mean '{meant}'?", d.render()


def test_an_unclosed_section_is_reported_at_its_brace() -> None:
    [d] = _problems(HEAD + "    deal { cards 7\n" + TAIL)
    assert d.code == "E003" and (d.span.line, d.span.column) == (5, 10), d.render()
    assert "'deal'" in d.message and "'score' on line 6" in d.message


def test_an_unclosed_last_section_is_reported_at_its_brace() -> None:
    [d] = _problems(HEAD + "    deal { cards 7\n}\n")
    assert d.code == "E003" and (d.span.line, d.span.column) == (5, 10), d.render()


def test_an_unclosed_variant_is_reported_at_its_brace() -> None:
    [d] = _problems(HEAD + TAIL[:-2])
    assert d.code == "E003" and (d.span.line, d.span.column) == (1, 15), d.render()


def test_an_unclosed_table_inside_a_section() -> None:
    text = HEAD + "    deal { cards by players { 2..4: 7 }\n" + TAIL
    [d] = _problems(text)
    assert d.code == "E003" and (d.span.line, d.span.column) == (5, 10), d.render()


CONTRACT = HEAD.replace("players 2..4", "players 2..4\n    deck { decks 2 }") + """\
    deal { cards 8 }
    contracts {
        1: 2 sets
        2: 3 runs of 4 (pat)
    }
    going out { by discard or meld }
    score { A..K: 10 }
}
"""


def test_a_deal_too_small_for_a_pat_round_warns_when_buys_are_needed() -> None:
    text = CONTRACT.replace("    going out", "    buy { limit unlimited }\n    going out")
    found = [d for d in _problems(text) if d.code == "W103"]
    assert len(found) == 1 and "round 2 needs 12" in found[0].message, found
    assert (found[0].span.line, found[0].span.column) == (6, 18)
    assert not [d for d in _problems(text) if d.severity == "error"]


def test_without_buying_the_same_deal_is_an_error_not_a_warning() -> None:
    codes = {d.code for d in _problems(CONTRACT)}
    assert "E025" in codes and "W103" not in codes


def _shanghai(text_change: tuple[str, str] = ("", "")) -> list[Diagnostic]:
    from rummy_spec.lang.data import builtin_specs

    text = builtin_specs()["shanghai"].read_text(encoding="utf-8").replace(*text_change)
    lib = Library()
    lib.add_text(text, "shanghai.rummy")
    return lib.resolve("shanghai")[1]


def test_eleven_cards_for_a_twelve_card_round_warns_when_a_discard_must_remain() -> None:
    """Shanghai deals 11, round 7 needs 12, and going out needs a discard: without its
    'needed for contracts' the spec is warned."""
    [d] = [p for p in _shanghai(("needed for contracts", "")) if p.code == "W103"]
    assert d.message.startswith("round 7 needs 12"), d.message
    assert "needed for contracts" in d.hint


def test_needed_for_contracts_answers_the_warning() -> None:
    assert not [p for p in _shanghai() if p.code == "W103"]
    assert not [p for p in builtin_library().resolve("ten_step")[1] if p.code == "W103"]


def test_needed_for_contracts_where_no_contract_needs_buys_is_warned() -> None:
    [d] = [p for p in _shanghai(("deal { cards 11", "deal { cards 15")) if p.code == "W103"]
    assert "every contract can be made without buying" in d.message


def test_eleven_cards_for_twelve_is_fine_when_the_last_meld_may_end_the_hand() -> None:
    """Continental's eleven-card option: going out by melding may use the card drawn."""
    _, found = builtin_library().resolve("continental", ("eleven_cards",))
    assert not [p for p in found if p.code == "W103"]


def test_the_language_reference_lists_the_whole_catalogue() -> None:
    from pathlib import Path

    from rummy_spec.lang import CATALOGUE

    doc = (Path(__file__).parents[2] / "docs" / "language.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line.split("|")[2].strip()
            for line in doc.splitlines() if line.startswith(("| E0", "| W1"))}
    assert rows == {code: name for code, (name, _) in CATALOGUE.items()}


def _ten_step(*changes: tuple[str, str]) -> list[Diagnostic]:
    from rummy_spec.lang.data import builtin_specs

    text = builtin_specs()["ten_step"].read_text(encoding="utf-8")
    for old, new in changes:
        assert old in text
        text = text.replace(old, new)
    lib = Library()
    lib.add_text(text, "ten_step.rummy")
    return lib.resolve("ten_step")[1]


def test_a_contract_only_buying_makes_warns_where_nobody_may_buy() -> None:
    """Ten Step at two: the next player takes the upcard as his draw and the other threw
    it, so steps 8-10 (13 to 15 cards from 11) could never be laid."""
    [d] = [p for p in _ten_step(("players 3+", "players 2+")) if p.code == "W104"]
    assert d.severity == "warning"
    assert "round 8's contract needs 13 cards" in d.message and "at 2 players" in d.message
    assert "nobody may buy" in d.message and "own discard" in d.hint
    from rummy_spec.lang.data import builtin_specs

    lines = builtin_specs()["ten_step"].read_text(encoding="utf-8").splitlines()
    assert lines[d.span.line - 1].strip().startswith("8: 1 set of 3 + 1 run of 10")


def test_buying_ones_own_discard_or_three_players_answer_the_warning() -> None:
    assert not [p for p in builtin_library().resolve("ten_step")[1] if p.code == "W104"]
    own = _ten_step(("players 3+", "players 2+"),
                    ("penalty 1\n", "penalty 1\n        own discard\n"))
    assert not [p for p in own if p.code == "W104"]
