"""rummy-spec: a formal, executable rulebook for the rummy family of card games."""

__version__ = "0.1.0"
