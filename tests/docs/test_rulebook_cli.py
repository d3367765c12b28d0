"""``rummy-spec rulebook``: a user's own house-rule file, every format, bad input."""

from __future__ import annotations

import io
from pathlib import Path

import docutils.core
import docutils.utils
import pytest
from docs_support import Cli

HOUSE = """\
# Our house rules.
# Ambiguity defaults relied on (VARIANTS.md section 13): A10.
variant house "Our Continental" extends continental {
    source "the kitchen table"
    deal { cards 11 }
    score { joker: 25 }

    option no_buying "No May I?" { buy { never } }
}
"""


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.rummy"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def _one_line(err: str) -> str:
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("rummy-spec")
    return lines[0]


def test_markdown_of_a_house_file_states_what_differs_from_its_parent(
        cli: Cli, house: Path) -> None:
    code, out, err = cli("rulebook", str(house), "--format", "md")
    assert (code, err) == (0, "")
    assert out.startswith("# Our Continental\n")
    diff = out[out.index("## How this differs from Continental Rummy"):
               out.index("## Players and decks")]
    assert "| Card values | Joker (JK): 50 | Joker (JK): 25 |" in diff
    assert "Dealt to each: 12" in diff and "Dealt to each: 11" in diff
    # its own option, and the option it inherits, each with what it changes
    options = out[out.index("## Options"):]
    assert "`no_buying`: No May I?" in options
    assert "There is no buying" in options
    assert "`eleven_cards`" in options
    # notes: its parent's A9, taken over; not A10 (twelve cards), which it overrides
    # although its own header names it
    notes = out[out.index("## Ambiguity defaults"):]
    assert "**A10, Continental**" not in notes
    assert "**A9, Continental**" in notes and "(taken over from `continental`)" in notes
    assert "```rummy\n# Our house rules." in out


def test_restructuredtext_is_valid_for_docutils(cli: Cli, house: Path) -> None:
    code, out, _ = cli("rulebook", str(house))
    assert code == 0
    assert out.startswith("===============\nOur Continental\n===============\n")
    warnings = io.StringIO()
    doctree = docutils.core.publish_doctree(
        out, settings_overrides={"warning_stream": warnings, "report_level": 2,
                                 "halt_level": 5})
    assert warnings.getvalue() == ""
    titles = [n.astext() for n in doctree.findall(docutils.nodes.title)]
    assert "Rounds and contracts" in titles
    assert "How this differs from Continental Rummy" in titles


def test_html_is_one_standalone_page(cli: Cli, house: Path) -> None:
    code, out, _ = cli("rulebook", str(house), "--format", "html")
    assert code == 0
    assert out.startswith("<!DOCTYPE html>") and out.rstrip().endswith("</html>")
    assert "<title>Our Continental</title>" in out
    assert '<section id="contracts">' in out
    assert "<td>2 sets</td>" in out
    assert out.count("<table>") >= 5


def test_players_writes_the_page_for_one_count(cli: Cli) -> None:
    code, out, _ = cli("rulebook", "continental", "--format", "md", "--players", "6")
    assert code == 0
    assert "This page is written for 6 players." in out
    table = out[out.index("| Players |"):].split("\n\n")[0].splitlines()
    assert table[2:] == ["| 6 | 3 | 6 | 162 | 12 | 89 |"]


def test_option_switched_on_changes_the_page(cli: Cli, house: Path) -> None:
    _, plain, _ = cli("rulebook", str(house), "--format", "md")
    code, out, _ = cli("rulebook", str(house), "--format", "md", "--option", "no_buying")
    assert code == 0
    assert "With the option `no_buying` (No May I?) switched on." in out
    assert "There is no buying" in out.split("## Players and decks")[0]  # what differs
    assert "## Claiming the upcard" not in out
    assert "## Claiming the upcard" in plain
    assert "`no_buying`: No May I? (on in this page)." in out


def test_output_writes_the_file_whole(cli: Cli, house: Path, tmp_path: Path) -> None:
    target = tmp_path / "book.html"
    code, out, err = cli("rulebook", str(house), "--format", "html", "--output", str(target))
    assert (code, err) == (0, "")
    assert out == f"{target}: the rulebook of Our Continental (html)\n"
    assert target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


@pytest.mark.parametrize(("args", "says"), [
    (["nosuchgame"], "no built-in variant named 'nosuchgame'"),
    (["missing.rummy"], "missing.rummy: no such file"),
    (["continental", "--format", "pdf"], "invalid choice: 'pdf'"),
    (["continental", "--players", "3"], "--players 3: continental is played by 4..8 players"),
    (["seven_hand", "--players", "40"], "checked for"),
    (["continental", "--players", "many"], "'many' is not a whole number"),
    (["continental", "--option", "nope"], "has no such option"),
    (["continental", "--output", "/no/such/dir/book.rst"], "no such directory"),
])
def test_bad_input_is_one_line_and_exit_2(cli: Cli, args: list[str], says: str) -> None:
    code, out, err = cli("rulebook", *args)
    assert code == 2
    assert out == ""
    assert says in _one_line(err)


def test_a_spec_with_an_error_exits_1_with_the_error(cli: Cli, tmp_path: Path) -> None:
    path = tmp_path / "bad.rummy"
    path.write_text('variant bad "Bad" extends continental { deal { cards 60 } }\n',
                    encoding="utf-8")
    code, out, err = cli("rulebook", str(path))
    assert code == 1 and out == ""
    assert "E026" in err and "Traceback" not in err
