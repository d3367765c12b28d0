"""Seats' views through the protocol (version 2, feature ``views``): what the reference
answers, how an engine's answer is compared with it, and the no-leak law on the engine.

The protocol's view of seat ``s`` (PROTOCOL.md, "Views"): ``seat``; ``hand`` (its
cards); ``hand_sizes`` (every seat's); ``known`` (for every seat, the cards known to be
in its hand: taken from the pile or the table and not played since; the seat's own
entry, and that of a seat whose hand is revealed, empty); ``pile`` (bottom to top, null
for a card never face up); ``stock_size``; ``revealed`` (hands shown now, by seat number
as text: the knocker's while the defender lays off).  Hands and known cards are
compared as multisets; nothing else may be in a view.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ...engine.game import Game
from ...engine.seats.view import seat_cards
from ...lang import decks
from ..wire.engine import Engine, NewGame

JSON = dict[str, Any]
KEYS = ("seat", "hand", "hand_sizes", "known", "pile", "stock_size", "revealed")


def protocol_view(game: Game, seat: int) -> JSON:
    """The reference's answer to ``view``: the cards part of its view
    (``engine.view.seat_cards``), with the stock's size."""
    v = seat_cards(game.rules, game.state, game.known(), seat)
    shown = v["revealed"]
    known = [[] if str(i) in shown else k for i, k in enumerate(v["known"])]
    return {"seat": seat, "hand": v["hand"], "hand_sizes": v["hand_sizes"], "known": known,
            "pile": v["pile"], "stock_size": len(game.state.hand.stock), "revealed": shown}


def _key(view: Any) -> Any:
    """A view as compared: hands and known cards as sorted lists."""
    if not isinstance(view, dict):
        return view
    out = dict(view)
    for name in ("hand",):
        if isinstance(out.get(name), list):
            out[name] = sorted(map(str, out[name]))
    if isinstance(out.get("known"), list):
        out["known"] = [sorted(map(str, k)) if isinstance(k, list) else k
                        for k in out["known"]]
    if isinstance(out.get("revealed"), dict):
        out["revealed"] = {str(k): sorted(map(str, c)) if isinstance(c, list) else c
                           for k, c in out["revealed"].items()}
    return out


def view_diffs(want: JSON, got: Any) -> list[tuple[str, Any, Any]]:
    """(field, expected, got) for each field of the view that differs (a field the
    reference does not give, in the engine's view, differs too)."""
    if not isinstance(got, dict):
        return [("view", want, got)]
    a, b = _key(want), _key(got)
    return [(k, a.get(k, "<none>"), b.get(k, "<missing>"))
            for k in dict.fromkeys([*a, *b]) if a.get(k, "<none>") != b.get(k, "<missing>")]


def redealt(game: NewGame, seat: int, rng: random.Random) -> NewGame:
    """The same deal with the cards hidden from ``seat`` (the other hands and the stock)
    dealt again among their places."""
    setup = dict(game.setup)
    hands = [list(h) for h in setup["hands"]]
    others = [i for i in range(len(hands)) if i != seat]
    pool = [c for i in others for c in hands[i]] + list(setup["stock"])
    rng.shuffle(pool)
    at = 0
    for i in others:
        hands[i], at = pool[at:at + len(hands[i])], at + len(hands[i])
    setup["hands"], setup["stock"] = hands, pool[at:]
    return NewGame(game.variant, game.options, game.players, setup)


def won_as_dealt(game: NewGame) -> bool:
    """Does a hand of this deal win as it is dealt (``deal { hand of N..M points wins }``)?
    Its holder shows it and the hand ends at once, so what the seats see next depends on
    the hidden cards: the no-leak law has nothing to judge on such a deal."""
    from ..suite.cases import variant  # cases -> views (the reference's answers)

    v = variant(game.variant, tuple(game.options))
    won = v.deal.total_wins
    if won is None:
        return False
    table, points = decks.card_table(v.deck), decks.face_points(v)
    for hand in game.setup.get("hands", ()):
        count = sum(points[table.parse(str(c))] or 0 for c in hand)
        if won[0] <= count <= won[1]:
            return True
    return False


def leak_at_deal(engine: Engine, game: NewGame, rng: random.Random
                 ) -> tuple[int, list[tuple[str, Any, Any]]] | None:
    """The no-leak law on the engine: each seat's view of the deal is the same in a deal
    whose cards hidden from it are dealt again.  The engine is dealt ``game`` again after;
    the first seat whose view changes, and how, or None.  A deal where a hand wins as
    dealt, the first or the one dealt again, is shown to all and not judged."""
    found = None
    if won_as_dealt(game):
        return None
    for seat in range(game.players):
        first = engine.view(seat)
        again = redealt(game, seat, rng)
        if won_as_dealt(again):
            continue
        engine.new(again)
        second = engine.view(seat)
        engine.new(game)
        diffs = view_diffs(first, second)
        if diffs:
            found = (seat, diffs)
            break
    return found


def short(value: Any, limit: int = 120) -> str:
    """A value as JSON text, cut to ``limit`` characters."""
    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= limit else text[:limit - 3] + "..."
