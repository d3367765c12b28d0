"""The machine drives an engine under test through the adapter protocol, beside the
reference: the reference behind the protocol agrees with itself (seeded deals, or the
first deal handed over explicitly), and an engine that answers wrongly is caught."""

from __future__ import annotations

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from rummy_spec.engine.game import Game
from rummy_spec.engine.setup import Setup
from rummy_spec.testing import (
    EngineAdapter,
    GameSetup,
    LawViolation,
    Outcome,
    ReferenceEngine,
    engine_state_machine,
    profile,
)
from rummy_spec.testing.adapter import JSON

QUICK = settings(profile("default"), max_examples=3, database=None, print_blob=False,
                 phases=[Phase.generate])


class ExplicitDeal(ReferenceEngine):
    """The reference dealt by hand: it takes the first deal from the setup, as an
    engine that cannot reproduce the reference's shuffles would."""

    def __init__(self) -> None:
        super().__init__(capabilities=frozenset({"reason-codes", "legal-actions"}))

    def new_game(self, setup: GameSetup) -> None:
        probe = Game(setup.variant, setup.players, 0)
        parse = probe.rules.table.parse
        deal = setup.deal
        self.game = Game(setup.variant, setup.players, setup.seed, Setup(
            deal.dealer, [[parse(c) for c in hand] for hand in deal.hands],
            [parse(c) for c in deal.stock], [parse(c) for c in deal.discard]),
            turn_cap=setup.turn_cap, deal_cap=setup.deal_cap)


class AcceptsEveryDiscard(ReferenceEngine):
    """A broken engine: it says yes to any discard it should refuse (and does nothing)."""

    def try_action(self, action: JSON) -> Outcome:
        out = super().try_action(action)
        if action.get("type") == "discard" and not out.accepted:
            return Outcome.ok()
        return out


class LosesTheTotals(ReferenceEngine):
    """A broken engine: it reports every total as zero."""

    def observe(self) -> JSON:
        seen = super().observe()
        return {**seen, "totals": [0] * len(seen["totals"])}


def test_the_reference_is_an_engine_adapter() -> None:
    assert isinstance(ReferenceEngine(), EngineAdapter)


@pytest.mark.parametrize(("variant", "players"), [("continental", 4), ("gin", 2),
                                                  ("phase10", 3), ("ten_step", 3)])
def test_the_reference_agrees_with_itself(variant: str, players: int) -> None:
    run_state_machine_as_test(engine_state_machine(variant, players, engine=ReferenceEngine),
                              settings=QUICK)


def test_an_explicit_first_deal_is_compared_through_the_first_round() -> None:
    run_state_machine_as_test(engine_state_machine("rummy", 2, engine=ExplicitDeal),
                              settings=QUICK)


@pytest.mark.parametrize(("engine", "variant", "players"),
                         [(AcceptsEveryDiscard, "gin", 2), (LosesTheTotals, "gin", 2)])
def test_a_wrong_engine_is_caught(engine: type[ReferenceEngine], variant: str,
                                  players: int) -> None:
    machine = engine_state_machine(variant, players, engine=engine)
    with pytest.raises(LawViolation) as caught:
        run_state_machine_as_test(machine, settings=settings(QUICK, max_examples=10))
    assert caught.value.law == "differential"
