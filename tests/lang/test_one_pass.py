"""Every error in one pass: a build error in one section does not hide faults elsewhere."""

from __future__ import annotations

from rummy_spec.lang import Library, SpecError


def _codes(text: str) -> list[tuple[str, int]]:
    lib = Library()
    try:
        lib.add_text(text, "x.rummy")
    except SpecError as err:
        return [(d.code, d.span.line) for d in err.diagnostics]
    _, problems = lib.resolve("x")
    return sorted(((p.code, p.span.line) for p in problems if p.severity == "error"),
                  key=lambda c: (c[1], c[0]))


THREE_FAULTS = """variant x "X" {
    players 2..6
    set { min 3 }
    deal { cards 10 }
    contracts {
        1: 2 runs
        2: 0 sets
    }
    score { A..K: 10 }
}
"""


def test_unknown_kind_does_not_hide_a_small_deck_or_a_bad_count() -> None:
    assert _codes(THREE_FAULTS) == [("E026", 4), ("E012", 6), ("E021", 7)]


def test_an_unknown_wild_card_does_not_hide_the_deal() -> None:
    text = THREE_FAULTS.replace("    set { min 3 }", "    set { min 3 }\n    wilds { cards elves }")
    codes = _codes(text)
    assert ("E016", 4) in codes and ("E026", 5) in codes
    assert not any(code == "W102" for code, _ in codes)  # not "no card is wild" as well


def test_an_unknown_score_card_is_not_also_a_missing_score() -> None:
    text = THREE_FAULTS.replace("A..K: 10", "A..K: 10, elves: 3")
    codes = _codes(text)
    assert ("E016", 9) in codes and not any(code == "E027" for code, _ in codes)


def test_a_negative_penalty_cannot_be_written() -> None:
    """Why the checker has no negative-penalty check: the grammar refuses the text."""
    text = THREE_FAULTS.replace("    deal { cards 10 }", "    buy { penalty -1 }")
    assert [code for code, _ in _codes(text)] == ["E001"]
