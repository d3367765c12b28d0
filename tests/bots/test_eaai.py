"""The EAAI-2021 challenge's simple player, rule by rule, on dealt positions of the
challenge's game (spec gin_eaai)."""

from __future__ import annotations

from rummy_spec.api import Game as ApiGame
from rummy_spec.bots.eaai import completes_meld, eaai_simple_bot
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.state import Move

PACK = [f"{r}{s}" for s in "CDHS" for r in
        ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]


def _game(hand: str, upcard: str, stock: str = "") -> Game:
    """Seat 0 holds ``hand``, ``upcard`` is up, ``stock`` is on top of the stock; seat 1
    and the rest of the stock are the other cards of the pack, each dealt once."""
    used = {*hand.split(), upcard, *stock.split()}
    rest = [c for c in PACK if c not in used]
    return ApiGame.dealt("gin_eaai", hands=[hand, " ".join(rest[:10])],
                         stock=" ".join([*stock.split(), *rest[10:]]),
                         discard=upcard).engine


def _pick(g: Game) -> Move:
    return eaai_simple_bot(1)(g.rules, g.state, g.legal_actions())


def _text(g: Game, a: Move) -> str:
    return str(g.action_json(a))


def test_a_card_completes_a_meld_by_set_or_by_run_through_it() -> None:
    g = _game("AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "QH")
    code = {f.text: f.code for f in g.rules.table.faces}
    hand = [code[c] for c in ("5S", "6S", "9D", "9H", "KD", "AC")]
    assert completes_meld(g.rules, hand, code["7S"])  # 5 6 7
    assert completes_meld(g.rules, hand, code["4S"])  # 4 5 6
    assert completes_meld(g.rules, hand, code["9C"])  # three nines
    assert not completes_meld(g.rules, hand, code["8S"])  # 5 6 _ 8
    assert not completes_meld(g.rules, hand, code["QD"])  # K and Q of diamonds: two
    assert not completes_meld(g.rules, hand, code["2C"])  # A 2 of clubs: two cards


def test_it_takes_the_upcard_only_into_a_meld() -> None:
    takes = _game("5S 6S 9D 9H KD AC 2H 4H 8C JD", "7S")
    assert _text(takes, _pick(takes)) == str({"type": "draw", "player": 0,
                                              "source": "discard"})
    passes = _game("5S 6S 9D 9H KD AC 2H 4H 8C JD", "8S")
    assert _pick(passes).type == "pass"


def test_it_throws_the_highest_deadwood_but_never_the_card_it_took() -> None:
    # it takes the queen of hearts into Q Q Q; its deadwood then is K, 10, 8, 4, 2 of
    # clubs and diamonds; a king leaves the least
    g = _game("QS QD 2S 3S 4S 8D 10D KD 2C 4D", "QH")
    g.apply_trusted(_pick(g))
    pick = _pick(g)
    assert pick.type == "discard"
    assert g.card_text([pick.card or 0]) == ["KD"]
    # with a hand where the card taken would be the one to throw, it throws another
    h = _game("7S 8S 2D 3D 4D 5H 6H 7H 9C 9D", "9S")
    h.apply_trusted(_pick(h))  # 7 8 9 of spades
    assert "9S" not in h.card_text([_pick(h).card or 0])


def test_it_knocks_as_soon_as_it_may() -> None:
    # after drawing the ten of spades: A..10 of spades and the king of diamonds
    g = _game("AS 2S 3S 4S 5S 6S 7S 8S 9S KD", "8D", stock="10S")
    while g.state.hand.phase != "play":
        g.apply_trusted(_pick(g))
    pick = _pick(g)
    assert pick.type == "knock"
    assert g.card_text([pick.card or 0]) == ["KD"]  # gin: the least deadwood
