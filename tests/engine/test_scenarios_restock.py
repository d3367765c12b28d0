"""Scenarios: a deal that states the order of its reshuffled stocks (``Deal.restocks``),
so play can be scripted through a first and a second exhaustion of the stock."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import cards, scenario
from scenario_tools import FILL, from_stock, hand, ok, pile, stock

from rummy_spec.engine.families.setup import Deal
from rummy_spec.engine.game import Game
from rummy_spec.engine.records import codec
from rummy_spec.lang import load


def _game(restocks: list[str], discard: str = "3C 4D 5S QC") -> Game:
    """Contract Rummy (``empty reshuffle``), three players, nothing left in the stock."""
    v = load("contract")
    g = scenario(v, 3, hands=[FILL] * 3, stock="", discard=discard)
    setup = Deal(dealer=2, hands=[cards(g, FILL)] * 3, stock=[], discard=cards(g, discard),
                  restocks=[cards(g, r) for r in restocks])
    return Game(v, 3, seed=0, setup=setup)


def _drawn(g: Game, seat: int) -> list[str]:
    """What the seat holds beyond the cards it was dealt."""
    return sorted((hand(g, seat) - Counter(FILL.split())).elements())


def test_two_exhaustions_follow_the_stated_orders() -> None:
    g = _game(["5S 3C 4D", "3C QC 5S"])
    from_stock(g, 0)  # the first exhaustion: the pile below QC, in the stated order
    assert g.state.hand.exhaustions == 1
    assert _drawn(g, 0) == ["5S"] and stock(g) == ["3C", "4D"] and pile(g) == ["QC"]
    ok(g, "discard", 0, card="5S")
    from_stock(g, 1)
    assert _drawn(g, 1) == ["3C"]
    ok(g, "discard", 1, card="3C")
    from_stock(g, 2)
    assert _drawn(g, 2) == ["4D"] and stock(g) == []
    ok(g, "discard", 2, card="4D")
    assert pile(g) == ["QC", "5S", "3C", "4D"]
    from_stock(g, 0)  # the second exhaustion: QC 5S 3C shuffled, 4D stays the upcard
    assert g.state.hand.exhaustions == 2
    assert _drawn(g, 0) == ["3C"] and stock(g) == ["QC", "5S"] and pile(g) == ["4D"]


def test_the_order_survives_a_saved_state() -> None:
    """The stated orders are part of the position: a state saved before the exhaustion
    and read back into a game dealt without them plays through it alike."""
    g = _game(["5S 3C 4D", "3C QC 5S"])
    again = _game([])
    again.state = codec.state_from_json(g.rules.table, g.state_json(), g.rules.wild)
    for game in (g, again):
        from_stock(game, 0)
    assert _drawn(again, 0) == ["5S"]
    assert again.state_json() == g.state_json()


def test_cards_not_named_follow_in_the_shuffles_order() -> None:
    """Named cards come off first, in the order given; the pile's other cards go under
    them as the seeded shuffle puts them; a named card not in the pile is passed over."""
    below = "3C 4D 5S 6H 7C 8D"
    plain = _game([], discard=f"{below} QC")
    from_stock(plain, 0)
    shuffled = [*_drawn(plain, 0), *stock(plain)]
    g = _game(["7C KH 3C"], discard=f"{below} QC")
    from_stock(g, 0)
    assert _drawn(g, 0) == ["7C"]
    assert stock(g) == ["3C", *[c for c in shuffled if c not in ("7C", "3C")]]
