"""The engine's contract check against the laws: for random legal melds and every
built-in contract, ``contract_verdict`` accepts exactly when the independent judge of
``rummy_spec.laws.variant`` (every assignment of melds to the contract's slots) does."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy_spec.engine.families.contracts import contract_verdict
from rummy_spec.engine.melding.melds import Meld, validate
from rummy_spec.engine.records.rules import compile_variant
from rummy_spec.lang import model as m
from rummy_spec.testing import Laws, Placed

from .builtin import BUILTIN, Compiled
from .test_builtin_melds import near_meld

WITH_CONTRACTS = sorted(n for n, c in BUILTIN.items() if c.variant.contracts.rounds)
LAWS = {n: Laws(BUILTIN[n].variant, BUILTIN[n].variant.players.min) for n in WITH_CONTRACTS}


@st.composite
def layouts(draw: st.DrawFn) -> tuple[Compiled, m.Contract, list[Meld]]:
    name = draw(st.sampled_from(WITH_CONTRACTS))
    c = BUILTIN[name]
    contract = draw(st.sampled_from(c.variant.contracts.rounds))
    melds: list[Meld] = []
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(c.variant.meld_kinds()))
        size = draw(st.integers(2, 8))
        got = validate(c.rules, kind, draw(near_meld(c, kind, size)), contract=True)
        if isinstance(got, Meld):
            melds.append(got)
    return c, contract, melds


@settings(max_examples=400, deadline=None)
@given(layouts())
def test_contract_check_matches_the_laws(case: tuple[Compiled, m.Contract, list[Meld]]
                                         ) -> None:
    c, contract, melds = case
    rules = compile_variant(c.variant, c.variant.players.min)
    got = contract_verdict(rules, contract, melds).ok
    placed = [Placed(x.kind, x.cards, x.ranks, x.suit) for x in melds]
    faults = LAWS[c.name].contract_faults(contract, placed, 0 if contract.pat else 1)
    assert got == (not faults), (c.name, contract.number, [
        (x.kind, c.rules.table.texts(x.cards)) for x in melds], faults)
