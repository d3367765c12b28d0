"""The contract solver: candidate melds, their shapes, the slot and flat searches, and the
solver's answers."""
