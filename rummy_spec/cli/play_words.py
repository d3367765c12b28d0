"""The players' names in sentences: ``you draw``, ``bot 2 draws``, ``your run``."""

from __future__ import annotations


class Words:
    """Seat names with the grammar of the person at the table (``you``) and the bots."""

    def __init__(self, names: list[str], human: int) -> None:
        self.names = names
        self.human = human

    def is_human(self, seat: int) -> bool:
        return seat == self.human

    def name(self, seat: int) -> str:
        return self.names[seat]

    def says(self, seat: int, you: str, they: str) -> str:
        """``you draw`` for the human, ``bot 2 draws`` for a bot."""
        return f"you {you}" if self.is_human(seat) else f"{self.names[seat]} {they}"

    @staticmethod
    def possessive(name: str) -> str:
        """``your``, ``bot 1's``."""
        return "your" if name == "you" else f"{name}'s"
