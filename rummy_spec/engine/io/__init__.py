"""The engine's input and output: traces read and written, replayed with every step
verified."""
