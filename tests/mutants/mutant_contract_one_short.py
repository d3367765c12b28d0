"""A contract counts as met with one meld short."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from rummy_spec.engine.families import contracts
from rummy_spec.engine.melding.melds import Meld
from rummy_spec.engine.records.reasons import OK, Verdict
from rummy_spec.engine.records.rules import Rules
from rummy_spec.lang import model as m

from .base import Handler, Mutant, wrap


def install(mp: pytest.MonkeyPatch) -> None:
    def make(original: Handler) -> Handler:
        def contract_verdict(rules: Rules, contract: m.Contract, melds: Sequence[Meld]
                             ) -> Verdict:
            verdict: Verdict = original(rules, contract, melds)
            if not verdict.ok and melds and original(rules, contract,
                                                     [*melds, melds[0]]).ok:
                return OK
            return verdict
        return contract_verdict
    wrap(mp, contracts, "contract_verdict", make)


MUTANT = Mutant("contract-one-short", "a contract is met with one meld short", "continental",
                4, frozenset({"contract"}), install)
