"""A house variant file for the environment and game tests."""

from __future__ import annotations

from pathlib import Path

# Rummy as one house plays it: the pile (less its top card) turned over when the stock
# runs out, once; so the new stock's order is known to every seat
HOUSE = """\
variant house_rummy_rl "House Rummy" extends rummy {
    stock { empty turn over then end round }
}
"""


def house_file(tmp_path: Path) -> str:
    path = tmp_path / "house_rummy_rl.rummy"
    path.write_text(HOUSE, encoding="utf-8")
    return str(path)


def partnership_file() -> str:
    """Rummy for two partnerships (the kit's house example)."""
    from rummy_spec.conformance import suite_root

    return str(suite_root() / "examples" / "partnership_rummy.rummy")
