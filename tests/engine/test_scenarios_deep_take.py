"""The deep take from a spread discard pile, the card taken from the pile melded at once,
and melds that score for their maker: each clause played by the engine, refused by the
checker where it is not played, saved and restored, and encoded for learning agents."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from scenario import scenario, variant_from_text
from scenario_tools import ok, refused

from rummy_spec.engine.families.tableplay import credited
from rummy_spec.engine.game import Game
from rummy_spec.engine.melding.melds import Meld
from rummy_spec.engine.records import codec
from rummy_spec.engine.records.state import TableMeld
from rummy_spec.lang import Library, builtin_library, load
from rummy_spec.rl.encoding import Encoder, layout

DEEP_RUMMY = """variant deep "Rummy, deep takes" extends rummy {
    turn { take deep in the discard pile }
}
"""
H0 = "3H 4H 5H 7C 7D 7S 9S 10S JS 2D"
H1 = "2C 3C 4C 5D 6D 8C 9D QH KH KS"


def _deep() -> Game:
    v = variant_from_text(DEEP_RUMMY, "deep")
    return scenario(v, 2, hands=[H0, H1], stock="2H KD", discard="8D 6H 10D")


def test_without_the_clause_only_the_upcard_is_taken() -> None:
    g = scenario("rummy", 2, hands=[H0, H1], stock="2H", discard="8D 6H 10D")
    assert refused(g, "draw", 0, source="discard", depth=2) == "no-deep-take"
    assert all(a.depth is None for a in g.legal_actions())


def test_a_deep_take_binds_but_the_upcard_alone_does_not() -> None:
    """``take deep in the discard pile`` alone: the upcard is taken freely, as ever."""
    g = _deep()
    ok(g, "draw", 0, source="discard")
    ok(g, "discard", 0, card="2D")  # 10D kept, not melded
    g = _deep()
    ok(g, "draw", 0, source="discard", depth=2)
    assert refused(g, "discard", 0, card="2D") == "must-meld-taken"
    assert refused(g, "meld", 0, melds=[["7C", "7D", "7S"]]) == "must-meld-taken"
    ok(g, "meld", 0, melds=[["3H", "4H", "5H", "6H"]])
    ok(g, "discard", 0, card="2D")


def test_while_a_card_waits_only_the_plays_that_use_it_are_listed() -> None:
    g = _deep()
    ok(g, "draw", 0, source="discard", depth=2)
    listed = g.legal_actions()
    six = g.rules.table.parse("6H")
    assert listed and all(six in (a.card,) or any(six in m for m in a.melds or ())
                          for a in listed)
    faces = {g.rules.table.parse(t) for t in ("4H", "5H", "6H")}
    assert any(a.melds and set(a.melds[0]) == faces for a in listed)  # its smallest run
    assert not any(a.type == "discard" for a in listed)


def test_every_legal_depth_is_listed() -> None:
    g = _deep()
    depths = sorted(a.depth for a in g.legal_actions() if a.depth is not None)
    assert depths == [2]  # 6H melds with 3-4-5H; 8D, three deep, melds with nothing


def test_the_state_keeps_the_card_waiting_and_the_credits() -> None:
    g = _deep()
    ok(g, "draw", 0, source="discard", depth=2)
    saved = g.state_json()
    assert saved["must_meld"] == "6H"
    again = codec.state_from_json(g.rules.table, saved, g.rules.wild)
    assert again.hand.must_meld == g.state.hand.must_meld
    ok(g, "meld", 0, melds=[["3H", "4H", "5H", "6H"]])
    ok(g, "discard", 0, card="2D")
    ok(g, "draw", 1, source="stock")
    ok(g, "lay_off", 1, card="2H", meld=0)
    saved = g.state_json()
    assert saved["table"][0]["credits"] == [[1, "2H"]]
    restored = codec.state_from_json(g.rules.table, saved, g.rules.wild)
    assert restored.hand.table[0].credits == ((1, g.rules.table.parse("2H")),)


def test_a_freed_wild_leaves_its_owners_score_unless_only_others_laid_one() -> None:
    meld = Meld(kind="set", cards=(5, 6, 99), ranks=(5, 5, 5), suit=None,
                wild=(False, False, True))
    mine = TableMeld(0, meld, False, 0)
    assert credited(mine, 1, 7, freed=99) == ((1, 7),)  # the owner's wild goes
    theirs = TableMeld(0, meld, False, 0, credits=((2, 99),))
    assert credited(theirs, 1, 7, freed=99) == ((1, 7),)  # seat 2's wild goes
    assert credited(theirs, 0, 7) == ((2, 99),)  # the owner's own card is no credit


CHECKS = [
    ("contract", "turn { take deep in the discard pile }", "contracts"),
    ("gin", "turn { take deep in the discard pile }", "knock"),
    ("continental", "turn { card taken from the pile melded at once }", "contracts"),
]


def test_the_checker_refuses_what_the_engine_does_not_play() -> None:
    for base, clause, words in CHECKS:
        lib = Library()
        lib.decls.update(builtin_library().decls)
        lib.add_text(f'variant h "H" extends {base} {{ {clause} }}\n', "h.rummy")
        _, problems = lib.resolve("h")
        errors = [p for p in problems if p.severity == "error"]
        assert [p.code for p in errors][:1] == ["E032"], (base, [p.render() for p in errors])
        assert any(words in p.message for p in errors), (base, [p.message for p in errors])


OPENING_RUMMY = """variant opening "Rummy, deep takes, an opening of 30" extends rummy {
    turn { take deep in the discard pile, first melds at least 30 points }
}
"""


def test_with_an_opening_the_card_reached_may_open_with_the_rest() -> None:
    """6H melds only in 3-4-5-6H (18 points): taken, it opens with 7-7-7 laid with it."""
    v = variant_from_text(OPENING_RUMMY, "opening")
    g = scenario(v, 2, hands=[H0, H1], stock="2H KD", discard="8D 6H 10D")
    assert any(a.depth == 2 for a in g.legal_actions())
    ok(g, "draw", 0, source="discard", depth=2)
    assert refused(g, "meld", 0, melds=[["4H", "5H", "6H"]]) == "opening-too-low"
    listed = g.legal_actions()
    assert listed and all(a.type == "meld" and len(a.melds or ()) >= 2 for a in listed)
    ok(g, "meld", 0, melds=[["4H", "5H", "6H"], ["7C", "7D", "7S"]])
    ok(g, "discard", 0, card="2D")
    bare = scenario(v, 2, hands=["3H 4H 5H 7C 8S 2S 9C KD JS 2D", H1], stock="2H",
                    discard="8D 6H 10D")  # 3-4-5-6H alone: 18
    assert refused(bare, "draw", 0, source="discard", depth=2) == "taken-card-unusable"


def test_with_an_opening_the_card_reached_may_open_in_a_longer_meld() -> None:
    """The 6H opens only in 4-5-6-7-8H (30): each of its smallest melds (4-5-6, 5-6-7,
    6-7-8) leaves the rest unmelded and counts 21 at most; the whole hand's melds hold
    it."""
    v = variant_from_text(OPENING_RUMMY, "opening")
    hand = "4H 5H 7H 8H 9C 3S 2S KD JS 2D"
    g = scenario(v, 2, hands=[hand, H1], stock="2H", discard="8D 6H 10D")
    ok(g, "draw", 0, source="discard", depth=2)
    assert refused(g, "meld", 0, melds=[["6H", "7H", "8H"]]) == "opening-too-low"
    ok(g, "meld", 0, melds=[["4H", "5H", "6H", "7H", "8H"]])


def test_a_deep_take_has_an_index_of_its_own_within_the_bound() -> None:
    g = Game(variant_from_text(DEEP_RUMMY, "deep"), 2, seed=4)
    lay = layout(g.rules, 52)
    enc = Encoder(lay)
    assert lay.depths == 51
    rng = random.Random(4)
    seen_deep = 0
    for _ in range(400):
        if g.over:
            break
        listed = g.legal_actions()
        indices = enc.indices(listed)
        assert len(set(indices)) == len(indices) and all(0 <= i < lay.size for i in indices)
        for a, i in zip(listed, indices, strict=True):
            if a.depth is not None:
                seen_deep += 1
                assert lay.describe(i) == f"take the {a.depth} top cards of the discard pile"
        g.apply(rng.choice(listed))
    assert seen_deep
    plain = layout(Game(load("rummy"), 2, seed=1).rules, 52)
    assert plain.depths == 0 and plain.size == lay.size - 51


def test_a_low_ace_value_needs_a_score_of_table_cards() -> None:
    """``ace in a low run`` values cards on the table: refused where nothing counts them."""
    for base, clause, code in (("rummy", "score { ace in a low run: 1 }", "E033"),
                               ("rummy500", "score { ace in a low run: 1 }", None),
                               ("kalooki", "score { ace in a low run: 1 }", None)):
        lib = Library()
        lib.decls.update(builtin_library().decls)
        lib.add_text(f'variant h "H" extends {base} {{ {clause} }}\n', "h.rummy")
        _, problems = lib.resolve("h")
        codes = [p.code for p in problems if p.severity == "error"]
        assert codes == ([code] if code else []), (base, codes)
