"""The stake rules (``score { method stakes }``, the drop, a hand that wins as dealt):
the checker refuses each without stakes, the engine settles each hand, and the referee's
stake law catches an engine that pays the wrong stakes."""

from __future__ import annotations

import dataclasses
import tempfile
from pathlib import Path

import pytest

from rummy_spec.engine.families import drops, stakes
from rummy_spec.engine.families.setup import Deal
from rummy_spec.engine.game import Game
from rummy_spec.lang import SpecError, load
from rummy_spec.lang import model as m
from rummy_spec.laws.variant import Laws, LawViolation
from rummy_spec.testing.referee import Referee

BASE = """variant t "T" {
    players 2..4
    deck { decks 1 }
    set { min 3, max 4 }
    run { min 3, ace low }
    deal { cards 5 DEAL }
    turn { new melds after going down TURN }
    stock { empty end round }
    score { SCORE 2..10: pip, J..K: 10, A: 1 }
    game { ends after 10 hands, winner highest }
}
"""


def load_text(text: str) -> m.Variant:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "t.rummy"
        path.write_text(text, encoding="utf-8")
        return load(str(path))


def spec(deal: str = "", turn: str = "", score: str = "method stakes,") -> str:
    return BASE.replace("DEAL", deal).replace("TURN", turn).replace("SCORE", score)


def codes(text: str) -> list[tuple[str, str]]:
    with pytest.raises(SpecError) as err:
        load_text(text)
    return [(d.code, d.message) for d in err.value.diagnostics]


@pytest.mark.parametrize(("text", "code", "words"), [
    (spec(turn=", drop before drawing", score=""), "E033", "'drop before drawing'"),
    (spec(deal=", hand of 49..50 points wins", score=""), "E033", "wins as dealt"),
    (spec(score="out without discard doubles,"), "E033", "out without discard doubles"),
    (spec(score="caught drop pays 3,"), "E033", "caught drop pays 3"),
    (spec(score="method stakes, dealt win doubles,"), "E033", "'dealt win doubles' needs"),
    (spec(deal=", hand of 50..49 points wins"), "E031", "low end is above"),
    (spec(score="method stakes, caught drop pays 0,"), "E021", "at least 1"),
    (spec(score="method stakes, rummy doubles,"), "E032", "'rummy doubles'"),
])
def test_the_checker_refuses_stake_rules_it_cannot_play(text: str, code: str,
                                                        words: str) -> None:
    found = codes(text)
    assert any(c == code and words in msg for c, msg in found), found


def test_stakes_with_a_knock_are_refused() -> None:
    gin = Path(load("gin").path).read_text(encoding="utf-8").replace("method deadwood",
                                                                     "method stakes")
    assert any(c == "E032" and "'method stakes'" in m for c, m in codes(gin))


def test_the_stated_clauses_reach_the_model() -> None:
    v = load_text(spec(deal=", hand of 7 points wins", turn=", drop before drawing",
                       score="method stakes, dealt win doubles, caught drop pays 3,"))
    assert v.deal.total_wins == (7, 7) and v.turn.drop
    assert v.score.method == "stakes" and v.score.dealt_win_doubles
    assert v.score.caught_pays == 3 and not v.score.bare_out_doubles


# ----- the engine's settlements ------------------------------------------------------

def test_each_loser_pays_the_winner() -> None:
    assert stakes.paid_by_each(4, 2, 2) == [-2, -2, 6, -2]


def test_a_drop_below_every_count_wins_one_stake_from_each() -> None:
    assert stakes.drop_scores(3, 1, [20, 10, 30], 2) == (1, False, [-1, 2, -1])


def test_a_caught_drop_pays_those_at_or_below_and_the_lowest_wins_the_hand() -> None:
    # seat 0 drops at 20; seat 2 (20, equal) and seat 3 (5) catch him, seat 1 (25) not
    assert stakes.drop_scores(4, 0, [20, 25, 20, 5], 2) == (3, True, [-4, 0, 2, 2])


def test_a_tie_for_the_lowest_count_at_the_stock_pays_nothing() -> None:
    rules = Game(load("tonk"), 3, seed=0).rules
    assert stakes.stake_round(rules, None, "stock", [4, 9, 4], {}) == (None, [0, 0, 0])
    assert stakes.stake_round(rules, None, "stock", [4, 9, 3], {}) == (2, [-1, -1, 2])


def test_going_out_by_meld_doubles_only_where_stated() -> None:
    tonk = load("tonk")
    plain = dataclasses.replace(tonk, score=dataclasses.replace(tonk.score,
                                                                bare_out_doubles=False))
    for v, want in ((tonk, [2, -2]), (plain, [1, -1])):
        rules = Game(v, 2, seed=0).rules
        assert stakes.stake_round(rules, 0, "out", [0, 9], {"by": "meld"}) == (0, want)
        assert stakes.stake_round(rules, 0, "out", [0, 9], {"by": "discard"}) == (0, [1, -1])


def _game(hands: list[str], upcard: str = "6C") -> Game:
    v = load("tonk")
    g = Game(v, 2, seed=0)
    table = g.rules.table
    held = [[table.parse(c) for c in h.split()] for h in hands]
    used = {c for h in held for c in h} | {table.parse(upcard)}
    stock = [c for c in range(52) if c not in used]
    return Game(v, 2, seed=0, setup=Deal(dealer=1, hands=held, stock=stock,
                                        discard=[table.parse(upcard)]))


def test_a_hand_dealt_within_the_total_ends_before_any_move() -> None:
    g = _game(["KC KD KH KS 9C", "2C 2D 7S 8S QH"])
    assert [(r.ending, r.winner, r.scores) for r in g.state.game.results] == [
        ("dealt", 0, [2, -2])]
    assert [s.total for s in g.state.game.seats] == [2, -2]


# ----- the referee's law -------------------------------------------------------------

def _drop_checked(monkeypatch: pytest.MonkeyPatch | None) -> None:
    g = _game(["3H 4H 5H 9C KD", "2C 2D 7S 8S QH"])  # 31 drops against 29: caught
    ref = Referee(Laws(g.variant, 2), g.state.clone())
    pre = g.state.clone()
    action = g.parse_action({"type": "knock", "player": 0})
    g.apply(action)
    ref.check_step(pre, action, g.state)


def test_the_referee_accepts_the_caught_drop() -> None:
    _drop_checked(None)


@pytest.mark.patches_engine  # a wrong drop_scores planted in the engine
def test_the_referee_catches_a_caught_drop_paid_as_a_win(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    def wrong(players: int, dropper: int, counts: list[int], pays: int
              ) -> tuple[int, bool, list[int]]:
        return dropper, True, stakes.paid_by_each(players, dropper, 1)

    monkeypatch.setattr(drops, "drop_scores", wrong)
    with pytest.raises(LawViolation, match="stakes give"):
        _drop_checked(monkeypatch)


# ----- the no-leak law on a deal won as dealt ------------------------------------------

def test_the_no_leak_law_leaves_a_deal_won_as_dealt_alone() -> None:
    from rummy_spec.conformance.oracle.views import won_as_dealt
    from rummy_spec.conformance.wire.engine import NewGame

    def deal(first: list[str]) -> NewGame:
        return NewGame("tonk", (), 2, {"dealer": 1, "hands": [first, ["2C", "2D", "7S",
                                                                      "8S", "QH"]],
                                       "stock": [], "discard": ["6C"]})

    assert won_as_dealt(deal(["KC", "KD", "KH", "KS", "9C"]))  # 49: shown to all
    assert not won_as_dealt(deal(["KC", "KD", "KH", "KS", "8C"]))  # 48: played on
    assert not won_as_dealt(NewGame("rummy", (), 2, {"hands": [["KC"] * 5]}))
