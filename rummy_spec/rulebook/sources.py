"""Sources as a reader knows them: by title, not by the path of a collected text.

A spec's ``source`` lines name where each rule came from, often as the file of the
collected rule text and, in brackets, which text in it.  The spec keeps its paths (they
let a maintainer find the text); the rulebook shows the title in brackets, or for a bare
path the title of the collection that file holds.
"""

from __future__ import annotations

import re

# what each collected file of rule texts holds (by its number)
COLLECTIONS: dict[str, str] = {
    "000": "Family rule texts: Seven Hand, Continental, Contract Rummy",
    "001": "Rule texts: Continental Rummy, Ten Step",
    "002": "Rule texts: Contract Rummy, 12-Step",
    "003": "Rule texts: Gin Rummy, 12-Step, Ten Step",
    "004": "Rule texts: Seven Hand, Rummy",
}

_PATH = re.compile(r"^(?:\S*/)?(\d{3})_[0-9a-f]+\.txt\b\s*(?:\((.*)\))?\s*$")


def source_title(source: str) -> str:
    """``seeds/001_x.txt (loverummy.com)`` -> ``loverummy.com``; a bare collected file
    -> the title of its collection; anything else is already a title."""
    found = _PATH.match(source.strip())
    if found is None:
        return source
    number, title = found.groups()
    if title:
        return title
    return COLLECTIONS.get(number, "A collected rule text")
