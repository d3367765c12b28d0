"""``rummy_spec.playground``, the module the browser page calls, run here in CPython: what
it answers must be what the command line answers for the same file."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rummy_spec import playground
from rummy_spec.cli.specs import builtins

BROKEN = 'variant house "House Gin" extends gin {\n    deal { cards ten }\n}\n'


def test_every_builtin_spec_is_offered_with_its_text() -> None:
    names = playground.builtin_names()
    assert "gin" in names and "continental" in names
    path = builtins().path_of("gin")
    assert path is not None
    assert playground.spec_text("gin") == Path(path).read_text(encoding="utf-8")
    assert playground.spec_text("nothing-of-the-kind") == ""


def test_diagnostics_carry_their_line_and_column() -> None:
    result = playground.check(BROKEN)
    assert result["variants"] == []
    [d] = result["diagnostics"]
    assert (d["line"], d["column"], d["code"], d["severity"]) == (2, 18, "E002", "error")
    assert d["text"].startswith("editor:2:18: E002 ")
    assert "^^^" in d["text"]  # the caret under the fault, as check prints it
    clean = playground.check(BROKEN.replace("cards ten", "cards 10"))
    assert clean == {"variants": ["house"], "diagnostics": []}


def test_an_unknown_parent_is_one_diagnostic_not_a_crash() -> None:
    result = playground.check('variant x extends nowhere {\n}\n')
    [d] = result["diagnostics"]
    assert d["severity"] == "error" and "nowhere" in d["message"]


def test_rules_and_rulebook_of_the_text() -> None:
    text = BROKEN.replace("cards ten", "cards 10")
    rules = playground.rules(text, "house")
    assert rules.startswith("House Gin  (house, ")
    assert "the spec has errors" in playground.rules(BROKEN)
    page = playground.rulebook(text, "house")
    assert "<html" in page.lower() and "House Gin" in page


def test_a_hand_is_played_with_the_terminal_words() -> None:
    table = playground.new_table(playground.spec_text("gin"), "gin", None, 4)
    assert not isinstance(table, str)
    first = table.lines()
    assert first[0].startswith("Gin Rummy (gin) for 2 players, seed 4")
    assert first[-1].endswith("the upcard 4♦ is offered to you: take or pass")
    assert table.command("pass")[:2] == ["you pass on 4♦", "bot 1 passes on 4♦"]
    assert "draw" in table.completions()
    said = table.command("discard 2C")
    assert said[0].startswith("you cannot discard 2♣: ")
    assert isinstance(playground.new_table(BROKEN), str)
    too_many = playground.new_table(playground.spec_text("gin"), "gin", 5)
    assert isinstance(too_many, str) and "--players 5" in too_many


def test_the_playground_needs_no_yaml() -> None:
    code = ("import sys; sys.modules['yaml'] = None\n"
            "import rummy_spec.playground as p\n"
            "t = p.new_table(p.spec_text('continental'), 'continental', 4, 1)\n"
            "print(p.check(p.spec_text('gin'))['variants'])\n")
    import subprocess

    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=False, timeout=120)
    assert (run.returncode, run.stdout.strip()) == (0, "['gin']"), run.stderr


@pytest.mark.parametrize("name", ["gin", "continental"])
def test_the_page_deals_with_glyphs(name: str) -> None:
    table = playground.new_table(playground.spec_text(name), name, None, 2)
    assert not isinstance(table, str)
    hand = next(line for line in table.lines() if line.startswith("your hand: "))
    assert any(suit in hand for suit in "♣♦♥♠")
