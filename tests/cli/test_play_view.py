"""``play`` (and the playground, which runs the same session) draws the board from the
human seat's view only: handed a view, it prints no card hidden from that seat, and the
same view gives the same board whatever the hidden cards are."""

from __future__ import annotations

import random
import re

import pytest

from rummy_spec.cli.play import HUMAN, Session
from rummy_spec.cli.play_text import board_lines
from rummy_spec.engine.game import Game
from rummy_spec.lang import load

CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b|\bJK\b")


def played(variant: str, players: int, seed: int, moves: int) -> Game:
    g = Game(load(variant), players, seed)
    g.known()
    rng = random.Random(seed)
    for _ in range(moves):
        if g.over:
            break
        actions = g.legal_actions()
        takes = [a for a in actions if a.type == "draw" and a.source == "discard"]
        g.apply(rng.choice(takes or actions))  # take upcards: known cards in other hands
    return g


def hidden_from(g: Game, seat: int) -> set[str]:
    """Cards only in places hidden from ``seat``: the stock, other hands less the cards
    the view says are known there."""
    view = g.view_json(seat)
    public = set(view["hand"]) | {c for m in view["table"] for c in m["cards"]}
    public |= {c for c in view["pile"] if c is not None}
    public |= {c for s in view["seats"] for c in s["known"]}
    hidden = set(g.card_text(g.state.hand.stock))
    for i, s in enumerate(g.state.hand.seats):
        if i != seat:
            hidden |= set(g.card_text(s.hand))
    return hidden - public


@pytest.mark.parametrize(("variant", "players", "moves"), [("gin", 2, 9), ("rummy", 3, 12)])
def test_the_board_prints_no_hidden_card(variant: str, players: int, moves: int) -> None:
    g = played(variant, players, 4, moves)
    session = Session(g)
    view = g.view_json(HUMAN)
    text = "\n".join(board_lines(g, session.story, session.words, HUMAN, view=view))
    shown = set(CARD.findall(text))
    hidden = hidden_from(g, HUMAN)
    assert hidden and not shown & hidden, shown & hidden
    assert set(view["hand"]) <= shown  # (the hand is printed: the test reads cards)
    known = {c for i, s in enumerate(view["seats"]) if i != HUMAN for c in s["known"]}
    assert known <= shown  # a card taken from the pile by another seat is shown as held


def test_the_same_view_draws_the_same_board_in_another_world() -> None:
    g = played("gin", 2, 5, 9)
    session = Session(g)
    world = g.sample(HUMAN, random.Random(1))
    assert world.state.hand.stock != g.state.hand.stock
    mine = board_lines(g, session.story, session.words, HUMAN)
    theirs = board_lines(world, session.story, session.words, HUMAN)
    assert mine == theirs


def test_a_board_handed_a_leaky_view_would_print_it() -> None:
    """The check bites: a view with an opponent's card in its known cards is printed."""
    g = played("gin", 2, 6, 2)
    session = Session(g)
    view = g.view_json(HUMAN)
    secret = g.card_text(g.state.hand.seats[1].hand)[0]
    view["seats"][1]["known"] = [*view["seats"][1]["known"], secret]
    text = "\n".join(board_lines(g, session.story, session.words, HUMAN, view=view))
    assert secret in CARD.findall(text)
