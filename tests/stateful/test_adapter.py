"""The machine drives an engine under test through the conformance kit's ``Engine``, the
interface ``conformance run`` drives, beside the reference: the reference agrees with
itself deal after deal, and an engine that answers or shows wrongly is caught by the law
it breaks."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import Phase, settings
from hypothesis.stateful import run_state_machine_as_test

from rummy_spec.conformance.wire.engine import Hello, NewGame, Verdict
from rummy_spec.testing import (
    Engine,
    LawViolation,
    ReferenceEngine,
    engine_state_machine,
    profile,
)

JSON = dict[str, Any]
QUICK = settings(profile("default"), max_examples=3, database=None, print_blob=False,
                 phases=[Phase.generate])


class FirstRoundOnly(ReferenceEngine):
    """The reference declining every deal after the first: the machine compares the first
    round, then judges the reference alone."""

    def new(self, game: NewGame) -> None:
        if int(game.setup.get("round", 1)) > 1:
            from rummy_spec.conformance.wire.engine import SkipGame

            raise SkipGame("only first rounds")
        super().new(game)


class AcceptsEveryDiscard(ReferenceEngine):
    """A broken engine: it says yes to any discard it should refuse (and does nothing)."""

    def act(self, action: JSON) -> Verdict:
        out = super().act(action)
        if action.get("type") == "discard" and not out.accepted:
            return Verdict(True)
        return out


class LosesTheTotals(ReferenceEngine):
    """A broken engine: it reports every total as zero."""

    def state(self) -> JSON:
        seen = super().state()
        return {**seen, "totals": [0] * len(seen["totals"])}


class ShowsNoTable(LosesTheTotals):
    """Declares it shows no totals: the wrong totals are not its to answer."""

    def hello(self) -> Hello:
        h = super().hello()
        return Hello(h.protocol, h.name, h.version, h.variants, h.features,
                     frozenset(h.shows or ()) - {"totals"})


class LosesAPileCard(ReferenceEngine):
    """A broken engine: the bottom card of the pile vanishes from its state at the first
    discard."""

    def act(self, action: JSON) -> Verdict:
        out = super().act(action)
        game = self._game()
        if out.accepted and action.get("type") == "discard" and len(game.state.hand.discard) > 1:
            del game.state.hand.discard[0]
        return out


def test_the_reference_is_an_engine() -> None:
    assert isinstance(ReferenceEngine(), Engine)


@pytest.mark.parametrize(("variant", "players"), [("continental", 4), ("gin", 2),
                                                  ("phase10", 3), ("ten_step", 3)])
def test_the_reference_agrees_with_itself(variant: str, players: int) -> None:
    run_state_machine_as_test(engine_state_machine(variant, players, engine=ReferenceEngine),
                              settings=QUICK)


def test_an_engine_that_declines_later_rounds_is_compared_through_the_first() -> None:
    run_state_machine_as_test(engine_state_machine("rummy", 2, engine=FirstRoundOnly),
                              settings=QUICK)


def test_a_field_the_engine_does_not_show_is_not_compared() -> None:
    run_state_machine_as_test(engine_state_machine("gin", 2, engine=ShowsNoTable),
                              settings=QUICK)


@pytest.mark.parametrize(("engine", "variant", "players", "law"),
                         [(AcceptsEveryDiscard, "gin", 2, "differential"),
                          (LosesTheTotals, "gin", 2, "differential"),
                          (LosesAPileCard, "rummy", 2, "differential")])
def test_a_wrong_engine_is_caught(engine: type[ReferenceEngine], variant: str,
                                  players: int, law: str) -> None:
    machine = engine_state_machine(variant, players, engine=engine)
    with pytest.raises(LawViolation) as caught:
        run_state_machine_as_test(machine, settings=settings(QUICK, max_examples=10))
    assert caught.value.law == law
