"""The game's state and records: the state and its JSON form, a saved state's check, reason
codes, and a variant compiled for play."""
