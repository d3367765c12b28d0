"""Discards by what the opponent could use: a card whose meld partners are all in sight
(the seat's hand, the pile, the table) is the safe one to throw."""

from __future__ import annotations

from rummy_spec.api import Game as ApiGame
from rummy_spec.bots.planner import planner_bot
from rummy_spec.bots.safety import danger_of, unseen_counts
from rummy_spec.engine.game import Game


def _after_the_draw(safe: str, open_: str) -> Game:
    """Seat 0 holds two melds, a pair of twos, an ace and a nine, and draws the nine of
    suit ``safe`` from the stock.  The pile shows the nines of the other suits and the
    eight and ten of ``safe``: that nine melds with nothing the opponent could hold,
    the nine of ``open_`` with its suit's 7, 8, 10 and J, all unseen."""
    hands = [f"AS 2S 3S 4D 5D 6D 9{open_} 2H 2C AD", "3H 4H 5H 6C 7D 8D JD QD QS JS"]
    pile = f"9D 9S 8{safe} 10{safe} KS"
    dealt = " ".join([*hands, pile]).split()
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    rest = [r + s for s in "CDHS" for r in ranks if r + s not in dealt and r + s != f"9{safe}"]
    api = ApiGame.dealt("gin_eaai", hands=hands, stock=" ".join([f"9{safe}", *rest]),
                        discard=pile)
    g = api.engine
    for _ in range(2):  # both players pass on the first upcard
        g.apply_trusted(next(a for a in g.legal_actions() if a.type == "pass"))
    g.apply_trusted(next(a for a in g.legal_actions() if a.source == "stock"))
    return g


def test_a_card_with_its_partners_in_sight_is_safe() -> None:
    g = _after_the_draw("H", "C")
    danger = danger_of(g.rules, g.state, 0)
    card = {t: g.rules.table.parse(t) for t in ("9H", "9C", "2H", "KS")}
    assert danger(card["9H"]) == 0
    assert danger(card["9C"]) == 3  # 7C 8C, 8C 10C, 10C JC: all unseen
    assert danger(card["2H"]) == 1 + 1  # AH 3H; 3H 4H (the two other twos: seen or held)
    unseen = unseen_counts(g.rules, g.state, 0)
    assert unseen[card["KS"]] == 0 and unseen[card["9C"]] == 0  # in the pile, in hand
    assert sum(unseen.values()) == 52 - 11 - 5


def test_the_planner_throws_the_safe_one_of_two_equal_discards() -> None:
    for safe, open_ in (("H", "C"), ("C", "H")):  # either order of the legal moves
        g = _after_the_draw(safe, open_)
        actions = g.legal_actions()
        pick = planner_bot(1)(g.rules, g.state, actions)
        assert pick.type == "discard"
        assert g.card_text([pick.card or 0]) == [f"9{safe}"]
