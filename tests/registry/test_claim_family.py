"""A new claim clause is one entry of the claim family (``rummy_spec.lang.families``).

The fixture declares a toy clause, ``buy { no wilds }`` (a wild card on the pile is never
claimed), with its grammar, its field, its checker rule, its engine check, its rulebook
sentence and its reference row, all in this file.  The tests show it parsed, built,
checked, played (a buy of a wild upcard refused, of a natural one allowed), worded in the
rulebook and explained on hover; and that the family's built-in clauses are each tied to
a model field and a row of the language reference.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from rummy_spec.decks import card_table
from rummy_spec.engine.dispatch import core
from rummy_spec.engine.families.setup import Deal
from rummy_spec.engine.game import Game
from rummy_spec.engine.records.reasons import Verdict, no
from rummy_spec.engine.records.rules import Rules
from rummy_spec.engine.records.state import Move, State
from rummy_spec.lang import Library, SpecError, builtin_library, families
from rummy_spec.lang import model as m
from rummy_spec.lang.check_err import Err
from rummy_spec.lang.editor import hover, reference_rows
from rummy_spec.lang.export import variant_to_json
from rummy_spec.lang.span import BUILTIN
from rummy_spec.rulebook import markdown
from rummy_spec.rulebook.book import build_page


def refuse_wild(rules: Rules, state: State, a: Move) -> Verdict | None:
    if a.type == "buy" and state.hand.discard and state.hand.discard[-1] in rules.wild:
        return no("not-eligible", "a wild card on the pile is never claimed")
    return None


def no_wilds_sentence(v: m.Variant, value: Any) -> str:
    return "A wild card on the discard pile is never claimed."


def no_wilds_checker(v: m.Variant, value: Any, err: Err) -> None:
    if not v.wilds.cards:
        assert v.claim is not None
        err("W102", "'no wilds' in buy, but no card is wild", v.claim.span)


NO_WILDS = families.ClauseEntry(
    alias="claim_no_wilds", grammar='"no" "wilds"', reference="no wilds",
    sets=(("no_wilds", True),), check=refuse_wild, sentence=no_wilds_sentence,
    checker=no_wilds_checker,
    row=("a wild card on the pile is never claimed", "wild cards may be claimed"),
)

SPEC = """variant toy "Toy" {
    players 3
    deck { jokers 2 }
    wilds { cards jokers }
    set { min 3 }
    deal { cards 7 }
    contracts { 1: 2 sets }
    buy { penalty 1, no wilds }
    score { A..K: 10, joker: 25 }
}
variant plain extends toy {
    wilds { cards none }
}
"""


@pytest.fixture
def no_wilds() -> Iterator[families.ClauseEntry]:
    families.add_clause("claim", NO_WILDS)
    try:
        yield NO_WILDS
    finally:
        families.remove_clause("claim", "claim_no_wilds")


def _library() -> Library:
    lib = Library()
    lib.add_text(SPEC, "toy.rummy")
    return lib


def _toy() -> m.Variant:
    v, problems = _library().resolve("toy")
    assert not [p for p in problems if p.severity == "error"], problems
    return v


def test_the_clause_is_unknown_without_its_entry() -> None:
    with pytest.raises(SpecError):
        _library()


def test_the_clause_is_parsed_built_and_checked(no_wilds: families.ClauseEntry) -> None:
    v = _toy()
    assert v.claim is not None and v.claim.more == (("no_wilds", True),)
    assert families.clause_value(v.claim, "no_wilds") is True
    _, problems = _library().resolve("plain")
    assert [(p.code, p.message) for p in problems] == [
        ("W102", "'no wilds' in buy, but no card is wild")]


def _game(v: m.Variant, upcard: str) -> Game:
    table = card_table(v.deck)

    def cards(text: str) -> list[int]:
        return [table.parse(c) for c in text.split()]

    setup = Deal(dealer=2, hands=[cards("2C 3C 4C 5C 6C 7C 8C"),
                                   cards("2D 3D 4D 5D 6D 7D 8D"),
                                   cards("2S 3S 4S 5S 6S 7S 8S")],
                  stock=cards("9H 10H JH QH KH AH"), discard=cards(upcard))
    return Game(v, 3, seed=0, setup=setup)


def _buy_after_refusal(game: Game) -> str:
    """Seat 0 passes the upcard by and draws; seat 1 tries to buy it."""
    for data in ({"type": "draw", "player": 0, "source": "stock"},):
        action = game.parse_action(data)
        assert game.legal(action).ok
        game.apply(action)
    buy = game.parse_action({"type": "buy", "player": 1})
    return game.legal(buy).code


def test_the_engine_plays_the_clause(no_wilds: families.ClauseEntry) -> None:
    v = _toy()
    assert _buy_after_refusal(_game(v, "JK")) == "not-eligible"
    assert _buy_after_refusal(_game(v, "9C")) == "ok"
    assert v.claim is not None
    without = dataclasses.replace(v, claim=dataclasses.replace(v.claim, more=()))
    assert _buy_after_refusal(_game(without, "JK")) == "ok"  # the clause makes the difference
    assert core.CLAIM.check.__module__ == "rummy_spec.engine.families.claim_clauses"


def test_the_rulebook_and_the_reference_state_it(no_wilds: families.ClauseEntry) -> None:
    page = markdown.write(build_page(_library(), "toy"))
    assert "- A wild card on the discard pile is never claimed." in page
    text = SPEC.split("variant plain")[0]
    line = text.splitlines().index("    buy { penalty 1, no wilds }")
    shown = hover(text, line, text.splitlines()[line].index("wilds"))
    assert shown is not None and "a wild card on the pile is never claimed" in shown, shown


def test_the_export_and_show_state_it(no_wilds: families.ClauseEntry) -> None:
    data = variant_to_json(_toy(), 3)
    assert data["claim"]["no_wilds"] is True and "more" not in data["claim"]
    schema = json.loads((Path(__file__).resolve().parents[2] / "schema"
                         / "variant.schema.json").read_text(encoding="utf-8"))
    errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(data)]
    assert not errors, errors
    plain = variant_to_json(builtin_library().resolve("continental")[0], 4)
    assert "no_wilds" not in plain["claim"] and "more" not in plain["claim"]


def test_every_built_in_claim_clause_is_tied_to_the_model_and_the_reference() -> None:
    own = {f.name for f in dataclasses.fields(m.Claim)}
    documented = {r.syntax for r in reference_rows() if "buy" in r.sections}
    for clause in families.CLAIM.clauses.values():
        assert set(clause.fields) <= own, clause.alias
        assert clause.reference in documented, clause.alias
        for hook in clause.engine:
            assert callable(families.resolve(hook)), hook
    for check, effect in families.CLAIM.engine.values():
        assert callable(families.resolve(check)) and callable(families.resolve(effect))
    assert families.resolve(families.CLAIM.rulebook).__name__ == "claiming"
    assert m.Claim(span=BUILTIN).more == ()
