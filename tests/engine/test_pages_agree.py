"""The rulebook's sentences on the winner and on meld sizes say what the engine does.

Each page is read back from its Markdown and held against ``rummy-spec show --json``
(the model the engine plays); Phase 10's two sentences are also played out.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario_tools import down, ready

from rummy_spec.lang import builtin_library
from rummy_spec.lang.export import variant_to_json
from rummy_spec.rulebook import build_page, render

LIB = builtin_library()
CASES = [(name, ()) for name in sorted(LIB.decls)] + [
    (name, (option,)) for name in sorted(LIB.decls) for option in LIB.decls[name].options]


def _page(name: str, options: tuple[str, ...] = ()) -> tuple[str, dict[str, Any]]:
    variant, _ = LIB.resolve(name, options)
    assert variant is not None
    page = render(build_page(LIB, name, options), "md")
    return page, variant_to_json(variant, variant.players.min)


def _section(page: str, title: str) -> str:
    found = re.search(rf"^## {title}\n(.*?)(?=^## |\Z)", page, re.MULTILINE | re.DOTALL)
    assert found is not None, title
    return " ".join(found.group(1).split())


def _finishers_only(rules: dict[str, Any]) -> bool:
    """The engine picks the winner among those who completed every contract when the
    game ends at the last contract (engine/ending.py)."""
    return bool(rules["game"]["ends"] == "last-contract")


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{n}+{o[0]}" if o else n for n, o in CASES])
def test_the_winner_sentence_is_the_engines(name: str, options: tuple[str, ...]) -> None:
    page, rules = _page(name, options)
    end = _section(page, "The end of the game")
    team = " team" if rules["game"]["partners"] != "none" else ""  # partners win as one
    best = f"the {rules['game']['winner']}{team} total wins"
    assert best in end
    among = "of the players who have completed" in end
    assert among == _finishers_only(rules), end
    assert (f"Then {best}" in end) != among, end


def test_phase10_winner_is_among_the_finishers() -> None:
    """Regression: Phase 10's page said only "the lowest total wins"."""
    end = _section(_page("phase10")[0], "The end of the game")
    assert "Then the lowest total wins" not in end
    assert ("of the players who have completed it, the lowest total wins: a player who has "
            "not cannot win") in end


def _stated_sizes(definition: str, kind: str) -> tuple[int, dict[int, int]]:
    """The smallest meld a page's definition allows, and the contracts it names as asking
    for a smaller one: ``A set is at least 3 cards ... Only contract 9 asks for a set of 2``.
    """
    size = re.search(rf"A {kind} is (?:at least |exactly )?(\d+)", definition)
    assert size is not None, definition
    shorter: dict[int, int] = {}
    only = re.search(rf"Only contracts? ([\d, and]+) asks? for a {kind} of (\d+)", definition)
    if only:
        for number in re.findall(r"\d+", only.group(1)):
            shorter[int(number)] = int(only.group(2))
    return int(size.group(1)), shorter


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{n}+{o[0]}" if o else n for n, o in CASES])
def test_meld_sizes_are_those_the_contracts_ask_for(name: str, options: tuple[str, ...]) -> None:
    """Where every meld is laid as part of a contract, the smallest meld of a kind the page
    states, round by round, is the smallest that round's contract asks for."""
    page, rules = _page(name, options)
    melds = _section(page, "Melds")
    only_contracts = (bool(rules["contracts"] and rules["contracts"]["rounds"])
                      and not rules["turn"]["new_melds_after_down"] and not rules["knock"])
    names = {"set": "set", "run": "run", "group": "colour group"}
    for kind, rule in rules["meld_kinds"].items():
        if rule is None:
            continue
        name_ = names[kind]
        general, shorter = _stated_sizes(melds, name_)
        if not only_contracts:
            assert not shorter
            continue
        asked = {r["round"]: min([e["each_at_least"] for e in r["elements"]
                                  if names[e["kind"]] == name_], default=None)
                 for r in rules["contracts"]["rounds"]}
        for number, smallest in asked.items():
            if smallest is not None:
                assert shorter.get(number, general) <= smallest, (number, melds)
        assert all(asked[n] == s for n, s in shorter.items()), melds
        assert general == min((s for n, s in asked.items() if n not in shorter and s),
                              default=general), melds


def test_phase10_sets_of_two_only_in_contract_9() -> None:
    """Regression: Phase 10's page said "a set is at least 2 cards" for every phase; the
    engine takes a set of 2 in phase 9 only."""
    melds = _section(_page("phase10")[0], "Melds")
    assert "A set is at least 3 cards" in melds and "Only contract 9 asks for a set of 2." in melds
    hand = "5R 5B 5G 5Y 5R 7R 7B 3B 9G 11Y"
    assert down(ready("phase10", hand, draw="12G", round_=1), "5R 5B 5G", "7R 7B") != "ok"
    assert down(ready("phase10", hand, draw="12G", round_=9),
                "5R 5B 5G 5Y 5R", "7R 7B") == "ok"


@pytest.mark.parametrize(("name", "options"), CASES,
                         ids=[f"{n}+{o[0]}" if o else n for n, o in CASES])
def test_the_shutout_sentence_is_the_engines(name: str, options: tuple[str, ...]) -> None:
    """A flat shutout bonus is stated with the numbers the engine adds, and only then."""
    page, rules = _page(name, options)
    scoring = _section(page, "Scoring")
    flat = rules["game"]["shutout_game_bonus"]
    said = re.search(r"the winner's game bonus is (\d+) points instead of (\d+)", scoring)
    assert (said is not None) == (flat is not None), scoring
    if said is not None:
        assert [int(x) for x in said.groups()] == [flat, rules["game"]["game_bonus"]]
