"""The deal both claim-rule scenario files play (four seats, QC turned over AD), and their
shared steps: a house child of a claim game with one ``buy`` clause changed, the deal with
the hands a file gives, seat 2 buying the QC after seat 0 refused it, and the rulebook's
claim section as plain text."""

from __future__ import annotations

from scenario import scenario, variant_from_text
from scenario_tools import held, ok, pile

from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant
from rummy_spec.rulebook.claims import claiming
from rummy_spec.rulebook.doc import Items, Para
from rummy_spec.rulebook.words import Scope

STOCK = "2H 3H 4H 5C 6D 7H 8C 9H 10D JS QD KH AC 2S 3D 4S 5D 6S 7C 8D"


def child(parent: str, buy: str) -> Variant:
    return variant_from_text(f'variant x "X" extends {parent} {{\n    buy {{ {buy} }}\n}}\n',
                             "x")


def deal(v: str | Variant, hands: list[str]) -> Game:
    return scenario(v, 4, hands=hands, stock=STOCK, discard="AD QC")


def bought_by_seat_2(g: Game) -> Game:
    """Seat 0 declines QC by asking for the stock, seat 1 passes, seat 2 buys it with the
    penalty card 2H, the stock's top card."""
    ok(g, "draw", 0, source="stock")
    ok(g, "pass", 1)
    ok(g, "buy", 2)
    assert held(g, 2, "QC 2H") and pile(g) == ["AD"]  # the card below is exposed
    return g


def claim_text(v: Variant) -> str:
    """The rulebook's claim section of ``v``, one line a paragraph or item."""
    out: list[str] = []
    for block in claiming(Scope.of(v)).blocks:
        if isinstance(block, Para):
            out.append(block.text)
        elif isinstance(block, Items):
            out.extend(block.items)
    return "\n".join(out)
