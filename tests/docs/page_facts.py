"""Read a rulebook page (Markdown) as a reader would, and hold what it states against the
resolved rules as ``rummy-spec show --json`` exports them.

This is an independent reading: it parses the page's words and tables, not the
rulebook's data, and compares them with the JSON export, which the engine's own model
produces.  What it checks, for every player count the page covers:

- the players (the overview's "A game for 4 to 8 players");
- decks, jokers and cards dealt in each round (the table of players and decks);
- which cards are wild (the wild-card section's card list; no section: nothing wild);
- the contract of each round, its fewest cards and the cards dealt (the contract table;
  no section: no contracts);
- buying: whether there is any, its limit per round, whether a player who is down may
  buy (no claiming section: no buying);
- every ambiguity note whose default states a checkable fact (``NOTE_FACTS``).

The sections that quote other rules on purpose (what differs from the parent, what each
option changes, the spec listing) are not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

JSON = dict[str, Any]
Facts = Callable[[int], JSON]  # player count -> the show --json export

SKIPPED = ("How this differs", "Options", "The rules as written", "How it plays")


def sections(page: str) -> dict[str, str]:
    """The page's "## " sections by title (the ones that quote other rules left out)."""
    out: dict[str, str] = {}
    for chunk in re.split(r"^## ", page, flags=re.MULTILINE)[1:]:
        title, _, body = chunk.partition("\n")
        if not title.startswith(SKIPPED):
            out[title.strip()] = body
    return out


def tables(text: str) -> list[list[list[str]]]:
    """Markdown tables as rows of cells (the header first, the rule line dropped)."""
    found: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if line.startswith("|"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if not all(set(c) <= {"-"} for c in cells):
                current.append(cells)
        elif current:
            found.append(current)
            current = []
    return found


def per_round(text: str, rounds: int) -> list[int | None]:
    """"12" or "10 (rounds 1-4), 12 (rounds 5-7)" or "unlimited (rounds 1-7), 1 (round 8)"
    -> one value per round (None: unlimited)."""
    text = text.strip().rstrip(".")

    def value(word: str) -> int | None:
        return None if word == "unlimited" else int(word)

    if re.fullmatch(r"\d+|unlimited", text):
        return [value(text)] * rounds
    out: list[int | None] = [None] * rounds
    seen = [False] * rounds
    for word, first, last in re.findall(r"(\d+|unlimited) \(rounds? (\d+)(?:-(\d+))?\)", text):
        for r in range(int(first), int(last or first) + 1):
            out[r - 1] = value(word)
            seen[r - 1] = True
    if not all(seen):
        raise ValueError(f"cannot read a value for every round from {text!r}")
    return out


def _players(page: str) -> tuple[int, int | None]:
    found = re.search(r"A game for (?:exactly (\d+) players?|(\d+) to (\d+) players|"
                      r"(\d+) or more players)", page)
    if found is None:
        raise ValueError("the overview states no player count")
    exact, low, high, open_low = found.groups()
    if exact:
        return int(exact), int(exact)
    if low:
        return int(low), int(high)
    return int(open_low), None


def contradictions(page: str, facts: Facts) -> list[str]:
    """Every statement of ``page`` that the resolved rules contradict, in words."""
    wrong: list[str] = []
    low, high = _players(page)
    first = facts(low)
    if (low, high) != (first["players"]["min"], first["players"]["max"]):
        wrong.append(f"players {low}..{high}, the rules say "
                     f"{first['players']['min']}..{first['players']['max']}")
    found = sections(page)
    counts = _deck_table(found.get("Players and decks", ""), facts, wrong)
    rounds = max(first["rounds"], 1)
    for players in counts:
        rules = facts(players)
        _wilds(found, rules, players, wrong)
        _contracts(found, rules, players, rounds, wrong)
        _buying(found, rules, players, rounds, wrong)
        _notes(found, rules, players, wrong)
    return wrong


def _deck_table(text: str, facts: Facts, wrong: list[str]) -> list[int]:
    grid = next((t for t in tables(text) if t[0][0] == "Players"), None)
    if grid is None:
        wrong.append("no table of players and decks")
        return []
    header, rows = grid[0], grid[1:]
    counts: list[int] = []
    for row in rows:
        cell = dict(zip(header, row, strict=True))
        players = int(cell["Players"])
        counts.append(players)
        rules = facts(players)
        rounds = max(rules["rounds"], 1)
        if int(cell["Decks"]) != rules["deck"]["decks"]["value"]:
            wrong.append(f"{players} players: {cell['Decks']} decks, the rules say "
                         f"{rules['deck']['decks']['value']}")
        jokers = int(cell.get("Jokers", "0"))
        if jokers != rules["deck"]["jokers"]["value"]:
            wrong.append(f"{players} players: {jokers} jokers, the rules say "
                         f"{rules['deck']['jokers']['value']}")
        dealt = per_round(cell["Dealt to each"], rounds)
        if dealt != rules["deal"]["cards"]["per_round"][:rounds]:
            wrong.append(f"{players} players: dealt {dealt}, the rules say "
                         f"{rules['deal']['cards']['per_round']}")
    return counts


def _wilds(found: dict[str, str], rules: JSON, players: int, wrong: list[str]) -> None:
    faces = sorted(rules["wilds"]["faces"])
    text = found.get("Wild cards")
    if text is None:
        if faces:
            wrong.append(f"no wild-card section, but {' '.join(faces)} are wild")
        return
    listed = re.search(r"Wild cards: [^(]*\(`([^`]*)`\)", text)
    stated = sorted(listed.group(1).split()) if listed else []
    if stated != faces:
        wrong.append(f"wild cards {stated}, the rules say {faces}")


def _contracts(found: dict[str, str], rules: JSON, players: int, rounds: int,
               wrong: list[str]) -> None:
    expected = rules["contracts"]["rounds"]
    text = found.get("Rounds and contracts")
    if text is None:
        if expected:
            wrong.append("no contract section, but the rules have contracts")
        return
    grid = next((t for t in tables(text) if t[0][0] in ("Round", "Contract")), None)
    if grid is None:
        wrong.append("a contract section without its table")
        return
    header, rows = grid[0], grid[1:]
    if len(rows) != len(expected):
        wrong.append(f"{len(rows)} contracts, the rules have {len(expected)}")
    for row, want in zip(rows, expected, strict=False):
        cell = dict(zip(header, row, strict=True))
        stated = cell.get("Contract", cell.get("Melds", "")) if header[0] == "Round" \
            else cell["Melds"]
        stated = stated.replace(" (pat: the whole hand)", " (pat)").replace(
            "colour group", "group")
        if stated != want["text"]:
            wrong.append(f"contract {want['round']}: {stated!r}, the rules say "
                         f"{want['text']!r}")
        if int(cell["Fewest cards"]) != want["minimum_cards"]:
            wrong.append(f"contract {want['round']}: fewest cards {cell['Fewest cards']}, "
                         f"the rules say {want['minimum_cards']}")
        if "Dealt" in cell:
            dealt = rules["deal"]["cards"]["per_round"][want["round"] - 1]
            if int(cell["Dealt"]) != dealt:
                wrong.append(f"{players} players, contract {want['round']}: dealt "
                             f"{cell['Dealt']}, the rules say {dealt}")


def _buying(found: dict[str, str], rules: JSON, players: int, rounds: int,
            wrong: list[str]) -> None:
    claim = rules["claim"]
    text = found.get("Claiming the upcard", "")
    if claim is None:
        if "claim the upcard by calling" in text:
            wrong.append("the page describes buying, the rules have none")
        return
    if "claim the upcard by calling" not in text:
        wrong.append("the page describes no buying, the rules have it")
        return
    limit = re.search(r"Claims per player and hand: ([^\n]*?)(?:;|\.\n|\.$)", text)
    if "There is no limit on claims." in text:
        stated: list[int | None] = [None] * rounds
    elif limit is not None:
        stated = per_round(limit.group(1), rounds)
    else:
        wrong.append("the page states no buy limit")
        return
    want = _limit(claim, rounds)
    if stated != want:
        wrong.append(f"{players} players: buy limit {stated}, the rules say {want}")
    says_down = "You may claim even after you have gone down." in text
    says_not = "Once you have gone down, you may not claim." in text
    if says_down == says_not or says_down != claim["when_down"]:
        wrong.append(f"buying once down: the page says {'yes' if says_down else 'no'}, "
                     f"the rules say {'yes' if claim['when_down'] else 'no'}")


def _limit(claim: JSON, rounds: int) -> list[int | None]:
    """The buy limit per round (None: unlimited)."""
    if claim["limit"] is None:
        return [None] * rounds
    return list(claim["limit"]["per_round"][:rounds])


# ----- ambiguity notes -----------------------------------------------------------------------

def _all_rounds(rules: JSON, value: int) -> bool:
    return all(n == value for n in rules["deal"]["cards"]["per_round"])


def _schedule(rules: JSON, *values: int) -> bool:
    return tuple(rules["deal"]["cards"]["per_round"]) == values


def _no_limit_even_down(rules: JSON) -> bool:
    claim = rules["claim"]
    return (claim is not None and claim["when_down"]
            and all(n is None for n in _limit(claim, max(rules["rounds"], 1))))


def _twos_and_jokers(rules: JSON) -> bool:
    return sorted(rules["wilds"]["faces"]) == ["2C", "2D", "2H", "2S", "JK"]


def _only_jokers(rules: JSON) -> bool:
    return list(rules["wilds"]["faces"]) == ["JK"]


def _decks_by_players(table: dict[int, int]) -> Callable[[JSON], bool]:
    def check(rules: JSON) -> bool:
        players = rules["players"]["count"]
        return players not in table or rules["deck"]["decks"]["value"] == table[players]
    return check


# A-number -> what its default says, as a test of the resolved rules (at one player count)
NOTE_FACTS: dict[str, Callable[[JSON], bool]] = {
    "A3": lambda r: r["deck"]["jokers"].get("per_deck") == 2,
    "A9": _decks_by_players({4: 2, 5: 3, 6: 3, 7: 4, 8: 4}),
    "A10": lambda r: _all_rounds(r, 12),
    "A11": _no_limit_even_down,
    "A20": lambda r: _schedule(r, 10, 10, 10, 10, 12, 12, 12),
    "A23": _decks_by_players({3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3}),
    "A24": _only_jokers,
    "A25": lambda r: _schedule(r, 10, 10, 10, 10, 12, 12, 12),
    "A29": _twos_and_jokers,
    "A30": lambda r: _all_rounds(r, 11),
    "A31": lambda r: r["claim"] is not None and r["claim"]["limit"] is not None
    and set(r["claim"]["limit"]["per_round"]) == {3} and not r["claim"]["carry_over"],
    "A33": lambda r: r["meld_kinds"]["run"] is not None
    and r["meld_kinds"]["run"]["ace"] == "high",
    "A46": lambda r: r["turn"]["melds_per_turn"] is None,
    "A53": lambda r: r["claim"] is not None and not r["claim"]["own_discard"],
    "A54": lambda r: r["claim"] is not None,
}


def _notes(found: dict[str, str], rules: JSON, players: int, wrong: list[str]) -> None:
    text = found.get("Ambiguity defaults", "")
    for number in re.findall(r"^> \*\*(A\d+)\b", text, flags=re.MULTILINE):
        check = NOTE_FACTS.get(number)
        if check is not None and not check(rules):
            wrong.append(f"{players} players: the note {number} does not hold")
