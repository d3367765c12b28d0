"""Running the suite: cases against an engine, perft counts, a house variant's inherited
cases, connecting to an engine."""
