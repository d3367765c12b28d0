"""``score { hand counts at most N }``: no hand counts more than N points against its
holder (Indian Rummy's 80, a "full count").  The checker refuses it where the cards held
are not what is scored; the engine caps penalty and collect scores; the referee's score
law holds the engine to the cap."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path
from typing import Literal

import pytest

from rummy_spec.engine.families import ending
from rummy_spec.engine.families.setup import Deal
from rummy_spec.engine.game import Game
from rummy_spec.lang import SpecError, load
from rummy_spec.lang import model as m
from rummy_spec.laws.variant import Laws, LawViolation
from rummy_spec.testing.referee import Referee


def load_text(text: str) -> m.Variant:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.rummy"
        path.write_text(text, encoding="utf-8")
        return load(str(path))


Method = Literal["penalty", "collect"]


def capped(name: str, cap: int | None, method: Method) -> m.Variant:
    v = load(name)
    score = dataclasses.replace(v.score, cap=cap, method=method)
    return dataclasses.replace(v, score=score)


def test_the_clause_reaches_the_model() -> None:
    text = Path(load("rummy").path).read_text(encoding="utf-8").replace(
        "method collect", "method collect, hand counts at most 80")
    assert load_text(text).score.cap == 80


@pytest.mark.parametrize(("old", "new", "code"), [
    ("method deadwood", "method deadwood, hand counts at most 80", "E032"),
])
def test_the_cap_is_refused_where_held_cards_are_not_scored(old: str, new: str,
                                                            code: str) -> None:
    text = Path(load("gin").path).read_text(encoding="utf-8").replace(old, new)
    with pytest.raises(SpecError) as err:
        load_text(text)
    assert any(d.code == code and "hand counts at most 80" in d.message
               for d in err.value.diagnostics)


def test_a_cap_below_one_is_refused() -> None:
    text = Path(load("rummy").path).read_text(encoding="utf-8").replace(
        "method collect", "method collect, hand counts at most 0")
    with pytest.raises(SpecError) as err:
        load_text(text)
    assert any(d.code == "E021" for d in err.value.diagnostics)


def _out_game(v: m.Variant) -> tuple[Game, Referee]:
    """Seat 0 goes out at once (a run of ten, a discard); seat 1 holds nine picture cards
    and a 9: 99 points."""
    g = Game(v, 2, seed=0)
    t = g.rules.table

    def cards(text: str) -> list[int]:
        return [t.parse(c) for c in text.split()]

    hands = [cards("3H 4H 5H 6H 7H 8H 9H 10H JH QH"),
             cards("KC KD KS QC QD QS JC JD JS 9S")]
    used = {c for h in hands for c in h} | {t.parse("AS")}
    stock = cards("2D") + [c for c in range(52) if c not in used and c != t.parse("2D")]
    g = Game(v, 2, seed=0, setup=Deal(dealer=1, hands=hands, stock=stock,
                                      discard=[t.parse("AS")]))
    return g, Referee(Laws(v, 2), g.state.clone())


def _play_out(g: Game, ref: Referee) -> list[int]:
    for data in ({"type": "draw", "player": 0, "source": "stock"},
                 {"type": "meld", "player": 0,
                  "melds": [["3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H", "JH", "QH"]]},
                 {"type": "discard", "player": 0, "card": "2D"}):
        pre = g.state.clone()
        a = g.parse_action(data)
        g.apply(a)
        ref.check_step(pre, a, g.state)
    return list(g.state.game.results[-1].scores)


@pytest.mark.parametrize(("method", "cap", "want"), [
    ("collect", None, [99, 0]), ("collect", 80, [80, 0]), ("collect", 100, [99, 0]),
    ("penalty", None, [0, 99]), ("penalty", 80, [0, 80]),
])
def test_a_hand_counts_at_most_the_cap(method: Method, cap: int | None, want: list[int]
                                       ) -> None:
    v = capped("rummy", cap, method)
    v = dataclasses.replace(v, score=dataclasses.replace(v.score, rummy_doubles=False))
    assert _play_out(*_out_game(v)) == want


@pytest.mark.patches_engine  # an uncapped score planted in the engine
def test_the_referee_holds_the_engine_to_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine that forgets the cap: every loser pays his whole hand."""
    def uncapped(rules: object, state: object, winner: int | None, end: str,
                 held: list[int]) -> list[int]:
        return [0 if i == winner else h for i, h in enumerate(held)]

    monkeypatch.setattr(ending, "_scores", uncapped)
    with pytest.raises(LawViolation, match="score"):
        _play_out(*_out_game(capped("rummy", 80, "penalty")))
