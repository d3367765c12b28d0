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
    assert d["format"] == "rummy-spec/variant" and d["version"] == 3
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


def test_text_states_the_rules_in_the_rulebooks_words(cli: Cli) -> None:
    code, out, err = cli("show", "continental", "--players", "5")
    assert code == 0 and err == ""
    assert out.startswith("Continental Rummy  (continental, continental.rummy)\n")
    assert "for 5 players (this variant: 4..8 players)" in out
    assert "\n  5        3      6       162    12             101\n" in out  # decks row
    assert "starting on their left: 12 cards to each player." in out
    assert "\n  7      3 runs          12            12\n" in out
    assert "\n  Joker (JK)  50\n" in out
    sections = [line for line in out.splitlines() if line and not line.startswith(" ")]
    assert sections[sections.index("Players and decks"):] == [
        "Players and decks", "Card values", "Wild cards", "Melds", "The deal",
        "Rounds and contracts", "A turn", "Claiming the upcard",
        "Laying off and freeing wild cards", "Going out", "An exhausted stock", "Scoring",
        "The end of the game"]


def test_sections_a_variant_does_not_have_are_left_out(cli: Cli) -> None:
    _, out, _ = cli("show", "gin")
    sections = {line for line in out.splitlines() if line and not line.startswith(" ")}
    assert "Wild cards" not in sections and "Rounds and contracts" not in sections
    assert "Claiming the upcard" not in sections and "Going out" in sections
    assert "What gin changes" not in out  # gin extends nothing


def test_a_house_variant_ends_with_what_it_changes(cli: Cli, write_spec: WriteSpec) -> None:
    path = write_spec("grandma.rummy", HOUSE)
    code, out, _ = cli("show", str(path), "--players", "4")
    assert code == 0
    changes = out[out.index("What grandma changes from continental, for 4 players"):]
    assert changes.splitlines()[1:] == [
        "  Players and decks",
        "    - Dealt to each: 12",
        "    - Stock after the deal: 59",
        "    + Dealt to each: 11",
        "    + Stock after the deal: 63",
        "  Card values",
        "    - Joker (JK): 50",
        "    + Joker (JK): 25",
        "  The deal",
        "    - The dealer deals the cards one at a time, starting on their left: 12 cards to each",
        "      player.",
        "    + The dealer deals the cards one at a time, starting on their left: 11 cards to each",
        "      player.",
        "  Rounds and contracts",
        "    - Dealt: 12",
        "    + Dealt: 11",
        "  Scoring",
        "    - For example, if the hand ends while you still hold 3C 7D QH AS JK, these 90 "
        "points are",
        "      added to your total (worked out by the rules engine):",
        "    - JK: 50",
        "    - Together: 90",
        "    + For example, if the hand ends while you still hold 3C 7D QH AS JK, these 65 "
        "points are",
        "      added to your total (worked out by the rules engine):",
        "    + JK: 25",
        "    + Together: 65",
    ]


def test_diff_compares_with_any_variant(cli: Cli) -> None:
    code, out, _ = cli("show", "continental", "--diff", "continental")
    assert code == 0 and out.endswith(
        "What continental changes from continental, for 4 players\n"
        "  nothing: the rules come out the same\n")
    code, out, _ = cli("show", "liverpool", "--diff", "shanghai", "--players", "4")
    assert code == 0 and "What liverpool changes from shanghai, for 4 players" in out
    code, out, err = cli("show", "liverpool", "--diff", "gin", "--players", "4")
    assert code == 2 and out == ""
    assert "--diff gin: is not played by 4 players" in one_clear_line(err)
    code, _, err = cli("show", "gin", "--diff", "nosuch")
    assert code == 2 and "nosuch" in one_clear_line(err)
    code, _, err = cli("show", "gin", "--diff", "gin", "--json")
    assert code == 2 and "--diff" in one_clear_line(err)


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
