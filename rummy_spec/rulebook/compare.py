"""What an option changes, and what a variant changes from its parent, as tables.

Both compare two rulebooks built from resolved models (with and without the option; the
parent and the child) section by section: a rule line found in only one of them is a
difference.  So the tables say exactly what the pages say, in the same words.
"""

from __future__ import annotations

from .doc import Page, Table, section_lines

NOTHING = "(nothing)"


# what a page without a rule family's section says in its place, in a comparison
ABSENT: dict[str, tuple[str, str]] = {
    "wild-cards": ("Wild cards", "No card is wild."),
    "contracts": ("Rounds and contracts", "There are no contracts."),
    "claiming": ("Claiming the upcard",
                 "There is no buying: only the player whose turn it is may take the upcard."),
}


def _absent(page: Page, key: str) -> list[str]:
    return [ABSENT[key][1]] if key in ABSENT else []


def differences(before: Page, after: Page) -> list[tuple[str, str, str]]:
    """(section title, lines only before, lines only after) for each section that differs.
    A section one page lacks (a rule family it does not have) reads as its absence."""
    old = {s.key: s for s in before.sections if s.compared}
    new = {s.key: s for s in after.sections if s.compared}
    keys = [s.key for s in after.sections if s.compared]
    keys += [k for k in old if k not in new]
    rows: list[tuple[str, str, str]] = []
    for key in keys:
        a = section_lines(old[key]) if key in old else _absent(before, key)
        b = section_lines(new[key]) if key in new else _absent(after, key)
        gone = [line for line in a if line not in b]
        came = [line for line in b if line not in a]
        if gone or came:
            title = (new.get(key) or old[key]).title
            rows.append((title, "\n".join(gone) or NOTHING, "\n".join(came) or NOTHING))
    return rows


def table(before: Page, after: Page, old_title: str, new_title: str) -> Table | None:
    rows = differences(before, after)
    if not rows:
        return None
    return Table(("Rule", old_title, new_title), tuple(rows))

