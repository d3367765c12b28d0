"""Scenarios: the melds a knocker and a defender show are theirs to choose (a knock and the
defender's closing pass may name them), the arrangements ``legal_actions`` offers, the
planner's choice, lay-offs made by the game, and a deal kept after a dead hand (AXES.md
X26, X43, X45, X60)."""

from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import cards, scenario
from scenario_tools import last_result, ok, refused, table

from rummy_spec.bots.planner import planner_bot
from rummy_spec.engine.dispatch.moves import legal_actions
from rummy_spec.engine.families.knock_melds import KNOCK_ARRANGEMENTS, lays_off
from rummy_spec.engine.game import Game
from rummy_spec.lang import load

# After taking the upcard 10D and knocking with 2C, seat 0 holds eights and nines with a
# run of diamonds or of hearts beside them: deadwood 10 either way.
TIED = "8C 8H 8S 9C 9H 9S 8D 9D 10H 2C"
DEFENDER = "KS KC KD 3S 4S 5S JH QC 2D 6C"  # JH goes onto a run of hearts only
HEARTS = [["8C", "8D", "8S"], ["9C", "9D", "9S"], ["8H", "9H", "10H"]]


def tied(variant: str = "gin", defender: str = DEFENDER) -> Game:
    g = scenario(variant, 2, hands=[TIED, defender], stock="AC 3C 4C 5C", discard="10D",
                 dealer=1)
    ok(g, "draw", 0, source="discard")
    return g


def test_the_knocker_lays_the_melds_he_names() -> None:
    g = tied()
    ok(g, "knock", 0, card="2C", melds=HEARTS)
    assert sorted(map(sorted, table(g))) == sorted(map(sorted, HEARTS))
    assert g.state.hand.phase == "layoff"
    ok(g, "lay_off", 1, card="JH", meld=next(i for i, m in enumerate(table(g)) if "9H" in m))
    ok(g, "pass", 1)
    assert last_result(g).scores == [8, 0]  # 18 - 10


def test_without_melds_the_preferred_arrangement_is_laid() -> None:
    g = tied()
    ok(g, "knock", 0, card="2C")
    assert ["8D", "9D", "10D"] in table(g)
    assert all(refused(g, "lay_off", 1, card="JH", meld=i) for i in range(3))
    ok(g, "pass", 1)
    assert last_result(g).scores == [18, 0]  # 28 - 10


def test_a_named_arrangement_is_checked() -> None:
    g = tied()
    twice = [["8C", "8D", "8S"], ["8S", "9S", "10S"]]
    assert refused(g, "knock", 0, card="2C", melds=twice) == "not-in-hand"
    assert refused(g, "knock", 0, card="2C", melds=[["8C", "9C", "10C"]]) == "not-in-hand"
    assert refused(g, "knock", 0, card="2C", melds=[["8C", "8D"]]) == "too-short"
    assert refused(g, "knock", 0, card="2C",
                   melds=[["8C", "8D", "8S"], ["9C", "9D", "9H"]]) == "deadwood-too-high"


def test_an_arrangement_above_the_least_deadwood_counts_its_own() -> None:
    """Cards named in no meld are deadwood even where they would meld: the eights and
    nines shown alone leave 8D 9D 10D 10H, 37 points, which a limit of 40 lets knock."""
    v = load("gin")
    assert v.knock is not None
    wide = dataclasses.replace(v, knock=dataclasses.replace(v.knock, deadwood=40))
    g = scenario(wide, 2, hands=[TIED, DEFENDER], stock="AC 3C", discard="10D", dealer=1)
    ok(g, "draw", 0, source="discard")
    ok(g, "knock", 0, card="2C", melds=[["8C", "8H", "8S"], ["9C", "9H", "9S"]])
    ok(g, "pass", 1)
    res = last_result(g)
    assert res.details["knocker_deadwood"] == 37 and res.details["defender_deadwood"] == 28
    assert res.ending == "undercut" and res.scores == [0, 37 - 28 + 25]


def test_the_defender_names_his_melds() -> None:
    g = scenario("gin", 2, hands=["2C 3C 4C 5H 5S 5D 9S 10S JS KH",
                                  "AD 2D 3D 7C 7H 8H 9H QC QD KD"],
                 stock="8D QS", discard="6C", dealer=1)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "knock", 0, card="KH")
    assert refused(g, "pass", 1, melds=[["7C", "8H", "9H"]]) == "mixed-ranks"
    ok(g, "pass", 1, melds=[["AD", "2D", "3D"]])
    res = last_result(g)
    assert res.details["defender_deadwood"] == 61 and res.scores == [53, 0]


def test_legal_actions_offer_the_arrangements_an_opponent_can_tell_apart() -> None:
    g = tied()
    knocks = [a for a in legal_actions(g.rules, g.state) if a.type == "knock"]
    named = [a for a in knocks if a.melds is not None]
    assert len(named) == 1 and named[0].card == cards(g, "2C")[0]
    shown = sorted(sorted(g.rules.table.text(c) for c in m) for m in named[0].melds or ())
    assert shown == sorted(sorted(m) for m in HEARTS)
    assert KNOCK_ARRANGEMENTS >= 1
    for a in knocks:  # every one listed is legal
        assert g.legal(a).ok


def test_arrangements_alike_to_an_opponent_are_listed_once() -> None:
    """Eights of clubs, hearts and spades with 8D 9D 10D: the set of three eights and
    the run are the only arrangement of least deadwood, so no knock names melds."""
    g = scenario("gin", 2, hands=["8C 8H 8S 8D 9D 10D 2S 3S 4S KH", DEFENDER],
                 stock="AC 3C", discard="5H", dealer=1)
    ok(g, "draw", 0, source="discard")
    assert not [a for a in legal_actions(g.rules, g.state) if a.type == "knock" and a.melds]


def test_the_planner_shows_the_arrangement_of_fewest_lay_offs() -> None:
    """Knocking KH leaves 5 deadwood either as 4D 4H 4S, 2C 3C 4C and A-2-3D (AC and 5C
    could be laid off: the arrangement preferred by the tie rule, most cards in sets) or
    as 4C 4H 4S and A-2-3-4-5D (only 6D could): the planner shows the second."""
    g = scenario("gin", 2, hands=["2C 2D 3C 3D 4C 4D 4H 4S 5D KH",
                                  "KS KC KD 6S 7S 8S JH QC 9D 6C"],
                 stock="AC 3H", discard="AD", dealer=1)
    ok(g, "draw", 0, source="discard")
    actions = legal_actions(g.rules, g.state)
    picked = planner_bot(1)(g.rules, g.state, actions)
    assert picked.type == "knock" and picked.card == cards(g, "KH")[0]
    assert picked.melds is not None
    shown = sorted(sorted(g.rules.table.text(c) for c in m) for m in picked.melds)
    assert shown == [["2D", "3D", "4D", "5D", "AD"], ["4C", "4H", "4S"]]
    hand = list(g.state.hand.seats[0].hand)
    plain = next(a for a in actions if a.type == "knock" and a.card == picked.card
                 and a.melds is None)
    g.apply(plain)
    assert len(lays_off(g.rules, hand, [t.meld for t in g.state.hand.table])) == 2


def test_lay_offs_made_by_the_game() -> None:
    """gin_eaai: no lay-off turn; each card of the defender's deadwood that fits goes
    onto the knocker's melds, the next one too (JH, then QH onto 8-9-10H)."""
    g = tied("gin_eaai", defender="KS KC KD 3S 4S 5S JH QH 2D 6C")
    ok(g, "knock", 0, card="2C", melds=HEARTS)
    res = last_result(g)  # 28 less JH and QH
    assert res.details["defender_deadwood"] == 8 and res.ending == "undercut"
    assert res.scores == [0, 25 + 10 - 8]


def test_lay_offs_by_the_game_follow_the_melds_shown() -> None:
    g = tied("gin_eaai", defender="KS KC KD 3S 4S 5S JH QH 2D 6C")
    ok(g, "knock", 0, card="2C")
    res = last_result(g)
    assert res.details["defender_deadwood"] == 28 and res.scores == [18, 0]


def _dead_hand(g: Game) -> None:
    """Both pass the first upcard, then each draws from the stock and throws the card
    drawn until a discard leaves two stock cards."""
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    turn = 0
    while not g.state.game.results:
        ok(g, "draw", turn, source="stock")
        drawn = g.state.hand.seats[turn].hand[-1]
        ok(g, "discard", turn, card=g.rules.table.text(drawn))
        turn = 1 - turn
    assert len(g.state.game.results) == 1


# the rest of the pack, highest first, after the deal of the dead-hand tests
REST = ("KS QS QH JH JD JC 10H 10D 10C 9D 9C 8S 8D 8C 7S 7D 6S 6H 6D 5C 4S 4H 4D 3S 3H "
        "2S 2H AS AH AC KC")


def test_a_dead_hand_keeps_the_deal_where_it_passes_only_after_a_scored_hand() -> None:
    hands = ["2C 3C 4C 5H 5S 5D 9S 10S JS KH", "AD 2D 3D 7C 7H 8H 9H QC QD KD"]
    g = scenario("gin_eaai", 2, hands=hands, stock=REST, discard="6C", dealer=1)
    _dead_hand(g)
    assert g.state.game.results[-1].ending == "dead" and g.state.game.dealer == 1
    v = load("gin_eaai")
    plain = dataclasses.replace(v, deal=dataclasses.replace(v.deal, pass_after_scored=False))
    g = scenario(plain, 2, hands=hands, stock=REST, discard="6C", dealer=1)
    _dead_hand(g)
    assert g.state.game.results[-1].ending == "dead" and g.state.game.dealer == 0


def test_a_scored_hand_passes_the_deal() -> None:
    g = scenario("gin_eaai", 2, hands=["2C 3C 4C 5H 5S 5D 9S 10S JS KH",
                                       "AD 2D 3D 7C 7H 8H 9H QC QD KD"],
                 stock="QS", discard="6C", dealer=1)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "knock", 0, card="KH")  # gin: scored at once
    assert last_result(g).ending == "gin" and g.state.game.dealer == 0


def test_lay_offs_by_the_game_count_the_defenders_best_melds_for_them() -> None:
    """gin_eaai: the defender's 7S may make a run 7-8-9S or a set with 7C 7D.  As a run
    his deadwood is 7C 7D QH 2D (26) and nothing fits the knocker's melds; as a set it is
    8S 9S QH 2D (29), and the game lays 9S then 8S onto 10-J-QS: 12 left.  The set is
    shown for him, since it leaves him less."""
    g = scenario("gin_eaai", 2, hands=["10S JS QS 2H 3H 4H KC KD KH AC",
                                       "7S 8S 9S 7C 7D 4C 4D 4S QH 2D"],
                 stock="9H 5C", discard="6C", dealer=1)
    ok(g, "pass", 0)
    ok(g, "pass", 1)
    ok(g, "draw", 0, source="stock")
    ok(g, "knock", 0, card="9H")
    res = last_result(g)
    assert res.details["defender_deadwood"] == 12 and res.scores == [11, 0]
