"""Small helpers shared by the ``test_scenarios_*`` files (on top of ``scenario.py``)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

from scenario import act, scenario

from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import RoundResult
from rummy_spec.lang.model import Variant


def hand(game: Game, seat: int) -> Counter[str]:
    """A seat's hand as a multiset of card text."""
    return Counter(game.card_text(game.state.hand.seats[seat].hand))


def held(game: Game, seat: int, text: str) -> bool:
    """Does the seat hold every card of ``text`` (a multiset)?"""
    need = Counter(text.split())
    have = hand(game, seat)
    return all(have[c] >= k for c, k in need.items())


def pile(game: Game) -> list[str]:
    """The discard pile, bottom to top, as card text."""
    return game.card_text(game.state.hand.discard)


def stock(game: Game) -> list[str]:
    """The stock from its top card down, as card text."""
    return game.card_text(list(reversed(game.state.hand.stock)))


def table(game: Game) -> list[list[str]]:
    """The melds on the table, each as card text in position order."""
    return [game.card_text(t.meld.cards) for t in game.state.hand.table]


def last_result(game: Game) -> RoundResult:
    assert game.state.game.results, "no round has ended"
    return game.state.game.results[-1]


def at_round(game: Game, number: int) -> Game:
    """Play the explicit first deal as round ``number`` (the schedule's contract, limits
    and scores of that round apply; the deal itself stays as given).  With individual
    progression every player is on contract ``number`` instead, the earlier ones made.
    The game, before any action, is dealt again from its setup with that position."""
    assert game.setup is not None and not game.history, "a fresh scenario is needed"
    contracts = [number] * game.players if game.rules.individual else None
    setup = dataclasses.replace(game.setup, round=number, contracts=contracts)
    fresh = Game(game.variant, game.players, game.seed, setup, game.turn_cap, game.deal_cap)
    game.setup, game.state = setup, fresh.state
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
    while game.state.hand.phase == "claim":
        assert game.state.hand.claim is not None
        ok(game, "pass", game.state.hand.claim.pending[0])


FILL = "3D 4D 6D 7D 8D 10D JD QD KD 3S 4S 6S 7S"
P10_FILL = "1Y 3Y 5Y 7Y 9Y 11Y 1G 3G 5G 7G"


def ready(name: str | Variant, hand: str, *, draw: str = "KC", players: int = 3,
          options: tuple[str, ...] = (), round_: int = 1) -> Game:
    """Seat 0 holds ``hand``, has drawn ``draw`` from the stock (claims declined) and is
    about to play, in round ``round_`` of the schedule."""
    p10 = name == "phase10"
    g = scenario(name, players, hands=[hand] + [P10_FILL if p10 else FILL] * (players - 1),
                 stock=f"{draw} " + ("8B 9B 10B 11B 12B" if p10 else "8S 9S 10S JS QS KS"),
                 discard="4B" if p10 else "QH", options=options)
    at_round(g, round_)
    from_stock(g, 0)
    return g


def down(g: Game, *melds: str) -> str:
    """Try to go down with these melds (card text, one string per meld): the verdict code."""
    v = act(g, "go_down", 0, melds=[m.split() for m in melds])
    return v.code


def meld_of(game: Game, card: str) -> int:
    """The index of the table meld holding this card."""
    return next(i for i, m in enumerate(table(game)) if card in m)
