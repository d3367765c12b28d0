"""A house file combines a built-in with another branch's clause: "we play Liverpool with
500-style meld points" is Liverpool with ``score { method melds }`` (and the highest
total winning), stated in four lines and played through the public API."""

from __future__ import annotations

from pathlib import Path

import rummy_spec
from rummy_spec import Action, Game

HOUSE = """variant liverpool500 "Liverpool with 500-style meld points" extends liverpool {
    score { method melds }
    game { winner highest }
}
"""
# Round 1 of Liverpool: two sets.  Seat 0 goes down with four sevens and four nines, lays
# off the second 7C and 9C on his own sets, and goes out by discarding the card drawn.
H0 = "7C 7D 7S 9C 9D 9H 7H 9S 7C 9C"
H1 = "2C 3C 4C 5D 6D 8C 9D QH KH KS"
H2 = "AS 2S 3S 4S 5S 6S 8S 10S JS QS"


def _house(tmp_path: Path) -> rummy_spec.Variant:
    path = tmp_path / "liverpool500.rummy"
    path.write_text(HOUSE, encoding="utf-8")
    return rummy_spec.load(str(path))


def test_the_house_file_is_checked_clean(tmp_path: Path) -> None:
    v = _house(tmp_path)
    assert (v.score.method, v.game.winner, v.parent) == ("melds", "highest", "liverpool")
    assert len(v.contracts.rounds) == 7  # everything else is Liverpool's


def test_liverpool_melds_score_for_their_maker(tmp_path: Path) -> None:
    g = Game.dealt(_house(tmp_path), hands=[H0, H1, H2], stock="KD", discard="JD")
    g.apply(Action.draw(0))  # the upcard refused: the others may claim it (May I?), and pass
    g.apply(Action.decline(1))
    g.apply(Action.decline(2))
    g.apply(Action.go_down(0, "7C 7D 7S 7H", "9C 9D 9H 9S"))
    g.apply(Action.lay_off(0, "7C", 0))
    g.apply(Action.lay_off(0, "9C", 1))
    g.apply(Action.discard(0, "KD"))
    (result,) = g.results
    assert result.ending == "out" and result.winner == 0
    held1 = 2 + 3 + 4 + 5 + 6 + 8 + 9 + 10 + 10 + 10
    held2 = 15 + 2 + 3 + 4 + 5 + 6 + 8 + 10 + 10 + 10
    assert result.scores == (5 * 7 + 5 * 9, -held1, -held2)
    assert g.round == 2 and g.totals == [80, -held1, -held2]
    # Liverpool itself scores the same hand as penalty points: the winner nothing
    plain = Game.dealt("liverpool", hands=[H0, H1, H2], stock="KD", discard="JD")
    for a in g.history[:7]:
        plain.apply(a)
    assert plain.results[0].scores == (0, held1, held2)
