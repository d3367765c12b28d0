"""The differential fuzzer: its games, deals and scenes, its findings as cases, its skip
files."""
