"""Scenario helpers: a game from an explicit deal written in card text."""

from __future__ import annotations

from typing import Any

from rummy_spec.engine.dispatch.core import IllegalAction
from rummy_spec.engine.families.setup import Deal
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.reasons import Verdict
from rummy_spec.lang import load
from rummy_spec.lang.library import Library
from rummy_spec.lang.model import Variant


def variant_from_text(text: str, name: str, options: tuple[str, ...] = ()) -> Variant:
    lib = Library()
    from rummy_spec.lang.library import builtin_library

    lib.decls.update(builtin_library().decls)
    lib.add_text(text, "<scenario>")
    variant, problems = lib.resolve(name, options)
    errors = [p for p in problems if p.severity == "error"]
    assert not errors, [e.render() for e in errors]
    return variant


def cards(game_or_table: Any, text: str) -> list[int]:
    table = game_or_table.rules.table if isinstance(game_or_table, Game) else game_or_table
    return [table.parse(t) for t in text.split()]


def scenario(variant: str | Variant, players: int, *, hands: list[str], stock: str,
             discard: str, dealer: int | None = None, options: tuple[str, ...] = (),
             round_: int = 1, totals: list[int] | None = None,
             contracts: list[int] | None = None, hands_won: list[int] | None = None,
             buys_used: list[int] | None = None) -> Game:
    """A game whose first deal is exactly this: hands by seat, stock from its top down,
    discard pile from bottom to top.  ``dealer`` defaults to the last seat, so seat 0
    plays first.  The rest states the position the deal is played in (see ``Deal``)."""
    v = load(variant, options) if isinstance(variant, str) else variant
    from rummy_spec.decks import card_table

    table = card_table(v.deck)
    setup = Deal(
        dealer=players - 1 if dealer is None else dealer,
        hands=[cards(table, h) for h in hands],
        stock=cards(table, stock),
        discard=cards(table, discard),
        round=round_, totals=totals, contracts=contracts, hands_won=hands_won,
        buys_used=buys_used,
    )
    return Game(v, players, seed=0, setup=setup)


def act(game: Game, type_: str, player: int, **kw: Any) -> Verdict:
    """Try an action given with card text; apply it when legal; return the verdict."""
    data: dict[str, Any] = {"type": type_, "player": player, **kw}
    action = game.parse_action(data)
    verdict = game.legal(action)
    if verdict.ok:
        game.apply(action)
    else:
        before = game.state_json()
        try:
            game.apply(action)
        except IllegalAction as err:
            assert err.verdict == verdict
        assert game.state_json() == before, "a rejected action changed the state"
    return verdict
