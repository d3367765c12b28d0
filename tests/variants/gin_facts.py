"""Shared steps of the gin facts tests: a deal from text, both players passing the first
upcard, the non-dealer drawing, and the knocks the rules then allow."""

from __future__ import annotations

from collections.abc import Sequence

import rummy_spec
from rummy_spec import Action, Game, Variant

# Seat 1 deals; seat 0 (the non-dealer) plays first.
G0 = "2C 3C 4C 5H 5S 5D 9S 10S JS KH"  # 2-3-4C, 5-5-5, 9-10-JS; KH loose
G1 = "AD 2D 3D 7C 7H 8H 9H QC QD KD"  # A-2-3D, 7-8-9H; 7C QC QD KD loose: 37


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PACK = [r + s for s in "CDHS" for r in RANKS]


def full_stock(stock: str, *dealt: str) -> list[str]:
    """The stock's top cards as given, then the rest of the pack in a fixed order (so the
    hand is not at the low stock)."""
    used = set(" ".join([stock, *dealt]).split())
    return stock.split() + [c for c in PACK if c not in used]


def deal(variant: str | Variant, up: str, stock: str, hands: Sequence[str] = (G0, G1),
         totals: Sequence[int] | None = None) -> Game:
    return Game.dealt(variant, hands=[h.split() for h in hands],
                      stock=full_stock(stock, up, *hands), discard=[up], totals=totals)


def dealt(variant: str | Variant, up: str, stock: str, hands: Sequence[str] = (G0, G1),
          totals: Sequence[int] | None = None) -> Game:
    """Both players pass the first upcard ``up``; seat 0 draws the stock's top card."""
    game = deal(variant, up, stock, hands, totals)
    game.apply(Action.decline(0))
    game.apply(Action.decline(1))
    game.apply(Action.draw(0, "stock"))
    return game


def knocks(game: Game) -> set[str]:
    """The cards seat 0 may knock with now (None: big gin)."""
    return {str(a.card) for a in game.legal_actions() if a.type == "knock"}


def knock(game: Game, card: str | None) -> rummy_spec.Verdict:
    return game.legal(Action.knock(0, card) if card is not None else Action.knock(0))


def last(game: Game) -> rummy_spec.RoundOutcome:
    return game.results[-1]
