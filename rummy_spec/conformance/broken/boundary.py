"""Bugs that show only at a rule's boundary: ordinary play never meets them.

Each is one engine function monkeypatched inside the broken engine's process, every
other rule the reference's.  They are the slips published engines were found to make:
a run read around the corner when three or more wilds lead it, and a knock judged on
the eleven cards' best melds instead of the best ten left after the discard.
"""

from __future__ import annotations

from dataclasses import replace

from ...engine.dispatch import core
from ...engine.families import knocking
from ...engine.families.knocking import Knock
from ...engine.melding import melds
from ...engine.melding.meldrules import MeldRules
from ...engine.melding.melds import Meld, Rejection
from ...engine.melding.runs import run_space
from ...engine.records.reasons import Verdict, no
from ...engine.records.rules import Rules
from ...engine.records.state import Move, State


def wilds_lead_around_corner() -> None:
    """A run whose first three cards are wilds is read as written even where that takes
    it around the corner (Q K A 2 3 from ``JK JK JK 2H 3H``)."""
    original = melds.check_run

    def run(rules: MeldRules, hand: tuple[int, ...], contract: bool, ordered: bool
            ) -> Meld | Rejection:
        got = original(rules, hand, contract, ordered)
        rule = rules.run
        if isinstance(got, Meld) or rule is None or rule.wrap or len(hand) < 4 \
                or not all(rules.is_wild[c] for c in hand[:3]):
            return got
        wrapping = replace(rules, space=run_space(rules.table, replace(rule, wrap=True)))
        again = original(wrapping, hand, contract, True)
        return again if isinstance(again, Meld) else got

    melds.check_run = run


def knock_best_of_eleven() -> None:
    """A knock's deadwood is the eleven cards' least deadwood less the card discarded,
    and the discard must be one of the unmelded cards of that arrangement: a knock whose
    best ten cards meld otherwise is refused."""
    original = knocking.check_knock

    def check_knock(rules: Rules, state: State, a: Move) -> Verdict | Knock:
        got = original(rules, state, a)
        k = rules.variant.knock
        if isinstance(got, Verdict) or a.card is None or k is None:
            return got
        whole = rules.arrange(list(state.hand.seats[a.player].hand))
        if a.card not in whole.rest or whole.rest_points - rules.points[a.card] > \
                k.deadwood:
            return no("deadwood-too-high", "counted on the eleven cards")
        return got

    knocking.check_knock = check_knock
    for table, key, rule in core.rules_holding(original, check_knock):  # the dispatch's
        table[key] = rule
