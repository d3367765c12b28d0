"""Small helpers shared by the ``test_scenarios_*`` files (on top of ``scenario.py``)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from scenario import act

from rummy_spec.engine.game import Game
from rummy_spec.engine.state import RoundResult


def hand(game: Game, seat: int) -> Counter[str]:
    """A seat's hand as a multiset of card text."""
    return Counter(game.card_text(game.state.seats[seat].hand))


def held(game: Game, seat: int, text: str) -> bool:
    """Does the seat hold every card of ``text`` (a multiset)?"""
    need = Counter(text.split())
    have = hand(game, seat)
    return all(have[c] >= k for c, k in need.items())


def pile(game: Game) -> list[str]:
    """The discard pile, bottom to top, as card text."""
    return game.card_text(game.state.discard)


def stock(game: Game) -> list[str]:
    """The stock from its top card down, as card text."""
    return game.card_text(list(reversed(game.state.stock)))


def table(game: Game) -> list[list[str]]:
    """The melds on the table, each as card text in position order."""
    return [game.card_text(t.meld.cards) for t in game.state.table]


def last_result(game: Game) -> RoundResult:
    assert game.state.results, "no round has ended"
    return game.state.results[-1]


def at_round(game: Game, number: int) -> Game:
    """Play the explicit first deal as round ``number`` (the schedule's contract, limits
    and scores of that round apply; the deal itself stays as given).  With individual
    progression every player is on contract ``number`` instead."""
    game.state.round = number
    if game.rules.individual:
        for seat in game.state.seats:
            seat.contract = number - 1
    return game


def ok(game: Game, type_: str, player: int, **kw: Any) -> None:
    """An action that must be legal (and is applied)."""
    v = act(game, type_, player, **kw)
    assert v.ok, f"{type_} by {player} {kw} refused: {v.code} {v.message}"


def refused(game: Game, type_: str, player: int, **kw: Any) -> str:
    """An action that must be refused: its reason code (the state is left unchanged)."""
    v = act(game, type_, player, **kw)
    assert not v.ok, f"{type_} by {player} {kw} was allowed"
    return v.code


def from_stock(game: Game, player: int) -> None:
    """Draw from the stock; if that opens a claim window, every claimant passes."""
    ok(game, "draw", player, source="stock")
    while game.state.phase == "claim":
        assert game.state.claim is not None
        ok(game, "pass", game.state.claim.pending[0])
