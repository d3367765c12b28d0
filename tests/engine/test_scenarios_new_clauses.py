"""Clauses added for the house rules of published engines, each played out by the engine."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import ok, refused

from rummy_spec.engine.game import Game
from rummy_spec.lang.model import Variant

JOKER_KEPT = """variant kept "Jokers stay" extends rummy {
    deck { jokers 2 }
    wilds { cards jokers }
    score { joker: 15 }
    turn { no discarding jokers }
}
"""


def test_no_discarding_jokers() -> None:
    """A joker may not be discarded while another card is held; other cards may."""
    v = variant_from_text(JOKER_KEPT, "kept")
    assert [c.text for c in v.turn.no_discard] == ["jokers"]
    g = scenario(v, 3, hands=["5H 5S 5D 9C 9D 9H JK", "6H 7H 8H 9S 10S JS QS",
                              "AS AD 3S 4S 6S 7S 8S"],
                 stock="KD KC 2D 3D 4D 5C", discard="QH")
    ok(g, "draw", 0, source="stock")
    assert refused(g, "discard", 0, card="JK") == "card-never-discarded"
    ok(g, "discard", 0, card="KD")


def test_no_discarding_a_card_the_deck_lacks_is_an_error() -> None:
    from rummy_spec.lang import Library

    lib = Library()
    lib.add_text(JOKER_KEPT.replace("no discarding jokers", "no discarding elves"), "k.rummy")
    from rummy_spec.lang import builtin_library

    lib.decls.update({k: d for k, d in builtin_library().decls.items() if k != "kept"})
    _, problems = lib.resolve("kept")
    assert [p.code for p in problems if p.severity == "error"] == ["E016"]


def test_no_discarding_jokers_in_the_rulebook() -> None:
    assert "Jokers may never be discarded, unless it is the last card" in _page(JOKER_KEPT,
                                                                               "kept")


WINNER_BONUS = """variant bonus "Going out pays" extends contract {
    score { winner bonus -10 }
}
"""


def test_winner_bonus_goes_to_the_player_who_goes_out() -> None:
    """manualzz's "winner scores -10": the one going out adds -10, the others their cards."""
    from scenario_tools import FILL, from_stock, last_result

    v = variant_from_text(WINNER_BONUS, "bonus")
    assert v.score.winner_bonus == -10
    g = scenario(v, 3, hands=["5H 5S 5D 9C 9D 9S", "2C 7D 8H 9S 10C JD QH KS AC AH JK",
                              FILL], stock="5C 8S 9S", discard="QH")
    from_stock(g, 0)
    ok(g, "go_down", 0, melds=[["5H", "5S", "5D"], ["9C", "9D", "9S"]])
    ok(g, "discard", 0, card="5C")
    res = last_result(g)
    assert res.winner == 0 and res.scores[0] == -10
    assert res.scores[1] == 2 + 7 + 8 + 9 + 10 + 30 + 2 * 15 + 25
    assert g.state.game.seats[0].total == -10


def test_winner_bonus_with_a_knock_is_refused() -> None:
    from rummy_spec.lang import Library, builtin_library

    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text('variant g "G" extends gin { score { winner bonus 5 } }\n', "g.rummy")
    _, problems = lib.resolve("g")
    assert [p.code for p in problems if p.severity == "error"] == ["E032"]


def _page(text: str, name: str) -> str:
    from rummy_spec.lang import Library, builtin_library
    from rummy_spec.rulebook import rulebook

    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text(text, "page.rummy")
    return " ".join(rulebook(lib, name, "md").split())


def test_winner_bonus_in_the_rulebook() -> None:
    assert "The player who goes out scores -10 points for it." in _page(WINNER_BONUS, "bonus")


FEW_WILDS = """variant few "Few wilds" extends rummy {
    deck { jokers 2 }
    wilds { cards jokers and twos, fewer wilds than naturals }
    score { joker: 15 }
}
"""


@pytest.mark.parametrize(("cards", "verdict"), [
    ("5H 5S 5D JK", "legal set"),
    ("5H 6H 7H JK", "legal run"),
    ("5H 5S JK 2C", "wilds-not-fewer"),  # two and two: legal under 'never outnumber'
    ("5H JK 2C", "wilds-not-fewer"),
])
def test_fewer_wilds_than_naturals(cards: str, verdict: str,
                                   tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from rummy_spec.cli import main

    path = tmp_path / "few.rummy"
    path.write_text(FEW_WILDS, encoding="utf-8")
    main(["meld", str(path), *cards.split()])
    assert verdict in capsys.readouterr().out
    path.write_text(FEW_WILDS.replace("fewer wilds than naturals", "never outnumber naturals"),
                    encoding="utf-8")
    main(["meld", str(path), "5H", "5S", "JK", "2C"])
    assert "legal set" in capsys.readouterr().out


def test_fewer_wilds_in_the_rulebook() -> None:
    assert "Wild cards must be fewer than the natural cards in any meld" in _page(FEW_WILDS,
                                                                                 "few")


def test_fewer_wilds_the_engine_refuses_going_down_with_an_even_meld() -> None:
    """The solver's wild cap and the meld check agree: 5 5 JK 2 may not be laid."""
    v = variant_from_text(FEW_WILDS, "few")
    g = scenario(v, 3, hands=["5H 5S JK 2C 9C 9D 9S", "6H 7H 8H 9H 10S JS QS",
                              "AS AD 3S 4S 6S 7S 8S"],
                 stock="KD KC 2D 3D 4D 5C", discard="QH")
    ok(g, "draw", 0, source="stock")
    assert refused(g, "meld", 0, melds=[["5H", "5S", "JK", "2C"]]) == "wilds-not-fewer"
    ok(g, "meld", 0, melds=[["5H", "5S", "JK"]])


def _empty_stock(step: str) -> tuple[Variant, Game]:
    text = f'variant s "S" extends rummy {{\n    stock {{ empty {step} }}\n}}\n'
    v = variant_from_text(text, "s")
    g = scenario(v, 3, hands=["5H 5S 5D 9C 9D 9H 2C", "6H 7H 8H 9S 10S JS QS",
                              "AS AD 3S 4S 6S 7S 8S"],
                 stock="KD", discard="4C QH")
    ok(g, "draw", 0, source="stock")  # the last stock card
    ok(g, "discard", 0, card="KD")
    return v, g


def test_reshuffle_with_upcard_takes_the_whole_pile() -> None:
    v, g = _empty_stock("reshuffle with upcard")
    assert v.stock.empty == ("reshuffle-all",)
    ok(g, "draw", 1, source="stock")
    state = g.state
    assert state.hand.discard == [] and len(state.hand.stock) == 2  # 4C QH KD, one drawn
    assert "the top card too, is shuffled" in _page(
        'variant s "S" extends rummy {\n    stock { empty reshuffle with upcard }\n}\n', "s")


def test_plain_reshuffle_keeps_the_upcard() -> None:
    _, g = _empty_stock("reshuffle")
    ok(g, "draw", 1, source="stock")
    state = g.state
    assert len(state.hand.discard) == 1 and len(state.hand.stock) == 1


def test_a_new_pack_when_no_cards_are_left() -> None:
    _, g = _empty_stock("new pack")
    ok(g, "draw", 1, source="stock")
    state = g.state
    assert len(state.hand.discard) == 3 and len(state.hand.stock) == 51  # a full pack, one drawn


def test_stock_refilled_the_moment_it_empties() -> None:
    """With 'refilled at once' the last stock card's draw already turns the pile over."""
    v, g = _empty_stock("reshuffle")
    assert g.state.hand.stock == [] and len(g.state.hand.discard) == 3  # refilled only when needed
    text = 'variant s "S" extends rummy {\n    stock { empty reshuffle, refilled at once }\n}\n'
    v = variant_from_text(text, "s")
    g = scenario(v, 3, hands=["5H 5S 5D 9C 9D 9H 2C", "6H 7H 8H 9S 10S JS QS",
                              "AS AD 3S 4S 6S 7S 8S"], stock="KD", discard="4C QH")
    ok(g, "draw", 0, source="stock")  # the last card: the pile below QH is the new stock
    assert [g.card_text([c])[0] for c in g.state.hand.stock] == ["4C"]
    assert g.card_text(g.state.hand.discard) == ["QH"]
    assert "the moment the last card of the stock is drawn" in _page(text, "s")


def test_refilled_at_once_with_a_step_that_ends_the_hand_is_refused() -> None:
    from rummy_spec.lang import Library, builtin_library

    lib = Library(dict(builtin_library().decls), dict(builtin_library().sources))
    lib.add_text('variant s "S" extends rummy {\n    stock { empty end round, refilled at '
                 'once }\n}\n', "s.rummy")
    _, problems = lib.resolve("s")
    assert [p.code for p in problems if p.severity == "error"] == ["E032"]
