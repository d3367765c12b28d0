"""``rummy-spec show``: resolved rules, formulas evaluated, text or JSON."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .helpers import Cli, one_clear_line

WriteSpec = Callable[[str, str], Path]

HOUSE = """\
# Grandma's Continental: eleven cards, cheaper jokers
variant grandma "Grandma's Continental" extends continental {
    deal { cards 11 }
    score { joker: 25 }
}
"""


def show_json(cli: Cli, *args: str) -> dict[str, Any]:
    code, out, err = cli("show", *args, "--json")
    assert code == 0 and err == "", err
    data: dict[str, Any] = json.loads(out)
    return data


def test_continental_for_five_has_three_decks_with_two_jokers_each(cli: Cli) -> None:
    d = show_json(cli, "continental", "--players", "5")
    assert d["format"] == "rummy-spec/variant" and d["version"] == 2
    assert d["players"]["count"] == 5
    deck = d["deck"]
    assert deck["decks"] == {"formula": "max(2, ceil(players / 2))", "value": 3}
    assert deck["jokers"] == {"formula": "2 per deck", "per_deck": 2, "value": 6}
    assert deck["total_cards"] == 3 * 54
    assert d["cards"]["faces"][-1] == {
        "code": 52, "text": "JK", "rank": None, "suit": None, "colour": None,
        "joker": True, "special": None, "wild": True, "in_pack": 6}
    assert d["wilds"]["faces"] == ["AD", "AH", "JK"]
    assert d["card_values"]["AS"] == 20 and d["card_values"]["JK"] == 50
    assert d["deal"]["cards"]["per_round"] == [12] * 7
    assert d["deal"]["stock_after_deal"] == [162 - 5 * 12 - 1] * 7
    assert [r["minimum_cards"] for r in d["contracts"]["rounds"]] == [6, 7, 8, 9, 10, 11, 12]
    assert d["claim"]["title"] == "May I?" and d["claim"]["limit"]["per_round"] == [None] * 7


def test_players_default_to_the_minimum(cli: Cli) -> None:
    d = show_json(cli, "continental")
    assert d["players"] == {"min": 4, "max": 8, "checked_up_to": 8, "count": 4}
    assert d["deck"]["decks"]["value"] == 2


def test_the_pack_follows_the_player_count(cli: Cli) -> None:
    decks = [show_json(cli, "continental", "--players", str(n))["deck"]["decks"]["value"]
             for n in range(4, 9)]
    assert decks == [2, 3, 3, 4, 4]


def test_an_option_is_applied_and_reported(cli: Cli) -> None:
    d = show_json(cli, "continental", "--option", "eleven_cards")
    assert d["deal"]["cards"] == {"formula": "11", "per_round": [11] * 7}
    assert d["options"]["enabled"] == ["eleven_cards"]
    assert d["options"]["available"] == [
        {"name": "eleven_cards", "title": "Eleven cards (older text)"}]


def test_json_is_stable_from_run_to_run(cli: Cli) -> None:
    first = cli("show", "continental", "--players", "6", "--json")
    second = cli("show", "continental", "--players", "6", "--json")
    assert first == second


def test_text_shows_every_section_with_evaluated_formulas(cli: Cli) -> None:
    code, out, err = cli("show", "continental", "--players", "5")
    assert code == 0 and err == ""
    assert out.startswith("Continental Rummy  (continental, continental.rummy)\n")
    assert "for 5 players (this variant: 4..8 players)" in out
    assert "decks: 3   = max(2, ceil(players / 2))" in out
    assert "jokers: 6 (2 per deck)" in out
    assert "cards each: 12 every round" in out
    assert " 7: 3 runs" in out
    assert "A: 20, 2..9: 5, 10..K: 10, JK: 50" in out
    for section in ("Deck", "Melds", "Deal", "Contracts", "Card values", "Turn", "Lay off",
                    "Swap", 'Buy "May I?"', "Going out", "Stock", "Score", "Game"):
        assert f"\n{section}\n" in out, section


def test_a_spec_file_path_is_shown_with_its_parent_applied(
    cli: Cli, write_spec: WriteSpec
) -> None:
    path = write_spec("grandma.rummy", HOUSE)
    d = show_json(cli, str(path), "--players", "4")
    assert d["name"] == "grandma" and d["parent"] == "continental"
    assert d["file"] == "grandma.rummy"
    assert d["deal"]["cards"]["per_round"] == [11] * 7
    assert d["card_values"]["JK"] == 25
    assert d["deck"]["jokers"]["value"] == 4  # inherited: 2 per deck, 2 decks
    code, out, _ = cli("show", str(path))
    assert code == 0 and "extends continental" in out


def test_variant_picks_one_of_several_in_a_file(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("two.rummy", HOUSE + 'variant small "Small" extends grandma '
                      "{ deal { cards 10 } }\n")
    assert show_json(cli, str(path))["name"] == "grandma"
    d = show_json(cli, str(path), "--variant", "small")
    assert d["name"] == "small" and d["deal"]["cards"]["per_round"] == [10] * 7
    code, out, err = cli("show", str(path), "--variant", "big")
    assert code == 2 and out == ""
    assert "declares no variant 'big'" in one_clear_line(err)


def test_a_broken_spec_file_prints_its_errors_with_carets(
    cli: Cli, write_spec: WriteSpec
) -> None:
    path = write_spec("broken.rummy", HOUSE.replace("cards 11", "cards 60"))
    code, out, err = cli("show", str(path))
    assert code == 1 and out == ""
    assert f"{path}:3:18: E026 deck-too-small" in err
    assert "    3:     deal { cards 60 }\n" in err
    assert "\n" + " " * 24 + "^^\n" in err
    assert err.splitlines()[-1].startswith("rummy-spec: the spec has ")
    assert "Traceback" not in err


def test_unknown_option_is_one_line(cli: Cli) -> None:
    code, out, err = cli("show", "continental", "--option", "nine_cards")
    assert code == 2 and out == ""
    line = one_clear_line(err)
    assert "no such option" in line and "eleven_cards" in line


def test_players_outside_the_range_are_one_line(cli: Cli) -> None:
    for players in ("3", "9", "0", "-2"):
        code, out, err = cli("show", "continental", "--players", players)
        assert code == 2 and out == ""
        assert "continental is played by 4..8 players" in one_clear_line(err)


def test_players_must_be_a_whole_number(cli: Cli) -> None:
    for players in ("five", "4.5", ""):
        code, out, err = cli("show", "continental", "--players", players)
        assert code == 2 and out == ""
        assert "is not a whole number" in one_clear_line(err)


def test_unknown_variant_and_missing_file_are_one_line(cli: Cli, tmp_path: Path) -> None:
    code, out, err = cli("show", "liverpol")
    assert code == 2 and out == ""
    assert "no built-in variant named 'liverpol'" in one_clear_line(err)
    missing = tmp_path / "gone.rummy"
    code, out, err = cli("show", str(missing))
    assert code == 2 and out == ""
    assert one_clear_line(err) == f"rummy-spec: {missing}: no such file"
    code, out, err = cli("show", str(tmp_path))
    assert code == 2 and "is a directory" in one_clear_line(err)
