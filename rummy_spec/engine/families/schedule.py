"""The contracts a player may make now: the round's (contracts played together), his next
(in order), or every one he has not made (in any order)."""

from __future__ import annotations

from ...lang import model as m
from ..records.rules import Rules
from ..records.state import State


def current_contracts(rules: Rules, state: State, player: int) -> list[m.Contract]:
    seat = state.game.seats[player]
    if not rules.individual:
        return [rules.contracts[state.game.round - 1]]
    if rules.variant.contracts.progression == "any-order":
        return [c for c in rules.contracts if c.number not in seat.completed]
    if seat.contract >= len(rules.contracts):
        return []
    return [rules.contracts[seat.contract]]
