"""The deck functions under their first name: they live in :mod:`rummy_spec.lang.decks`.

Importing this module imports the language, never the other way round.
"""

from __future__ import annotations

from .lang.decks import (
    card_table,
    cut_rank,
    cut_wilds,
    deck_counts,
    deck_size,
    face_points,
    forget_tables,
    full_deck,
    matches,
    wild_faces,
)

__all__ = ["card_table", "cut_rank", "cut_wilds", "deck_counts", "deck_size", "face_points",
           "forget_tables", "full_deck", "matches", "wild_faces"]
