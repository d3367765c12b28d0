"""The terminal game's words for a spread pile and an opening by points: ``take CARD``
reaches a card deep in the pile, the board shows the whole pile, the story tells a deep
take, and ``meld A / B`` lays an opening of several melds at once."""

from __future__ import annotations

import pytest

import rummy_spec
from rummy_spec.cli.play import HUMAN, BadCommand, Session, parse_command
from rummy_spec.cli.play_text import command_text

H0 = "3H 4H 5H 7C 7D 7S 9S 10S JS 2D 6C QD KC"
H1 = "2C 3C 4C 5D 6D 8C 9D QH KH KS AD 2S 8H"


def _pile_game() -> rummy_spec.Game:
    return rummy_spec.Game.dealt("rummy500", hands=[H0, H1], stock="2H KD",
                                 discard="8D 6H 10D")


def test_take_card_reaches_it_in_the_pile() -> None:
    g = _pile_game().engine
    move = parse_command(g, ["take", "6H"])
    assert (move.source, move.depth) == ("discard", 2)
    assert parse_command(g, ["take", "10D"]).depth is None  # the upcard: a plain take
    assert parse_command(g, ["take", "3"]).depth == 3  # the three top cards
    assert command_text(g.rules, move, g.state) == "take 6H"
    with pytest.raises(BadCommand, match="not in the discard pile"):
        parse_command(g, ["take", "AS"])


def test_the_board_shows_the_spread_pile_and_the_story_tells_the_take() -> None:
    g = rummy_spec.Game.dealt("rummy500", hands=[H0, H1], stock="KD 6H 10D JC 2H",
                              discard="8D")
    for seat, card in ((0, "KD"), (1, "6H"), (0, "10D"), (1, "JC")):
        g.apply(rummy_spec.Action.draw(seat))
        g.apply(rummy_spec.Action.discard(seat, card))
    session = Session(g.engine)
    session.start()
    shown = "\n".join(session.take_lines())
    assert "discard pile, bottom to top: 8D KD 6H 10D JC" in shown
    session.command("take 6H")
    told = "\n".join(session.take_lines())
    assert "you take 6H from the pile, with 10D JC above it" in told
    session.command("discard KC")
    assert "must first meld" in "\n".join(session.take_lines())
    assert g.hand(HUMAN)[-3:] == ["6H", "10D", "JC"]


def test_an_opening_of_several_melds_is_one_command() -> None:
    g = rummy_spec.Game.dealt("kalooki", hands=["QH QS QD JC QC KC 5H 6H 7H AH AS AD 4C",
                                                "2C 3C 4D 5D 6S 8C 9H 10H KH KS 3D 3S 7C"],
                              stock="8D", discard="9C").engine
    g.apply(parse_command(g, ["draw"]))
    move = parse_command(g, ["meld", "QH", "QS", "QD", "/", "JC", "QC", "KC"])
    assert move.type == "meld" and len(move.melds or ()) == 2
    assert g.legal(move).ok
    rummy = rummy_spec.Game.dealt("rummy500", hands=[H0, H1], stock="2H",
                                  discard="8D 6H 10D").engine
    rummy.apply(parse_command(rummy, ["draw"]))
    with pytest.raises(BadCommand, match="one new meld at a time"):
        parse_command(rummy, ["meld", "3H", "4H", "5H", "/", "7C", "7D", "7S"])
