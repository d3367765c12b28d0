"""Melds: run geometry, a variant's meld rules compiled once, melds as data and the meld
checks."""
