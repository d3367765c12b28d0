"""Broken engines whose play is right and whose views are wrong: each answers ``view``
as the reference does, with one slip of the kind published engines have made (the
defender's hand shown during the lay-offs, as OpenSpiel's gin observation once did; a
stock card in the view; a card taken from the pile forgotten)."""

from __future__ import annotations

from typing import Any

from ...engine.game import Game
from ..oracle import views

JSON = dict[str, Any]


def _patched(change: Any) -> None:
    original = views.protocol_view

    def protocol_view(game: Game, seat: int) -> JSON:
        out = original(game, seat)
        change(game, seat, out)
        return out

    views.protocol_view = protocol_view


def defender_shown() -> None:
    """While the defender lays off, the knocker's view shows the defender's hand."""
    def change(game: Game, seat: int, out: JSON) -> None:
        h = game.state.hand
        if h.phase == "layoff" and h.knocker == seat:
            defender = h.turn
            out["revealed"] = {**out["revealed"],
                               str(defender): game.card_text(h.seats[defender].hand)}

    _patched(change)


def stock_top_shown() -> None:
    """Every view names the stock's top card."""
    def change(game: Game, seat: int, out: JSON) -> None:
        stock = game.state.hand.stock
        out["stock_top"] = game.card_text(stock[-1:])[0] if stock else None

    _patched(change)


def taken_forgotten() -> None:
    """No card is known to be in another hand: a card taken from the pile is forgotten."""
    def change(game: Game, seat: int, out: JSON) -> None:
        out["known"] = [[] for _ in out["known"]]

    _patched(change)
