"""``legal`` and ``apply``: one entry for every action, dispatched by phase and type.

:data:`RULES` below is the whole dispatch: for each phase, the rule of each action type it
takes, from the module of the rule family that owns it; an action type a phase does not
list gets that phase's refusal from :data:`OTHERWISE`.  A rule is a check and an effect
(``plans``): ``legal`` runs the check; an apply runs the check once, then the effect of
the plan it returned.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..families import (
    calls,
    claim_clauses,
    claims,
    contracts,
    discards,
    draws,
    drops,
    knocking,
    meld_play,
    stock,
    swaps,
)
from ..families.plans import AnyRule, Go, Rule, refusal
from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import ActionType, Move, Phase, State


class IllegalAction(Exception):
    """``apply`` was given an action that ``legal`` refuses; the state is unchanged."""

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(f"{verdict.code}: {verdict.message}")
        self.verdict = verdict


def _refuser_draws(rules: Rules, state: State, a: Move) -> Verdict:
    """A draw in the claim window: the refuser's stock draw is made, to be taken when the
    window closes; anyone else is not in turn."""
    if state.hand.claim is not None and a.player == state.hand.claim.refuser:
        return no("upcard-refused") if a.source == "discard" else no("already-drawn")
    return no("not-your-turn", "a claim window is open: buy or pass")


def _drawn_already(rules: Rules, state: State, a: Move) -> Verdict:
    return no("already-drawn") if a.player == state.hand.turn else no("not-your-turn")


def _check_pass_in_draw(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """``pass`` at the draw ends the hand at the wall; elsewhere there is nothing to pass."""
    if stock.low_stock(rules, state) != "wall":
        return no("claim-not-open")
    return stock.check_wall_pass(rules, state, a)


def _buy_out_of_window(rules: Rules, state: State, a: Move) -> Verdict:
    if claims.buys_spent(rules, state, a.player):
        return no("buy-limit")
    return no("claim-not-open")


def _no_claim(rules: Rules, state: State, a: Move) -> Verdict:
    return no("claim-not-open")


def _no_gift(rules: Rules, state: State, a: Move) -> Verdict:
    return no("no-gift-due")


OFFER = Rule(draws.check_offer, draws.offer)
CLAIM = Rule(claim_clauses.check_claim, claim_clauses.claim)
GIFT = Rule(calls.check_give, calls.give)
LAY_OFF = Rule(meld_play.check_lay_off, meld_play.lay_off)

# Called at any time but the game's end: each checks that its moment has come.
_ANYTIME: dict[ActionType, AnyRule] = {
    "call": Rule(calls.check_call, calls.call),
    "dead_hand": Rule(stock.check_dead_hand, stock.dead_hand),
}

# The in-turn player's own turn, before and after his draw.
_TURN: dict[ActionType, AnyRule] = {
    **_ANYTIME,
    "buy": refusal(_buy_out_of_window),
    "give": refusal(_no_gift),
    "go_down": Rule(contracts.check_go_down, contracts.go_down),
    "meld": Rule(meld_play.check_new_meld, meld_play.new_meld),
    "lay_off": LAY_OFF,
    "swap": Rule(swaps.check_swap, swaps.swap),
    "shift": Rule(swaps.check_shift, swaps.shift),
    "discard": Rule(discards.check_discard, discards.discard),
    "knock": Rule(knocking.check_knock, knocking.knock),
}

RULES: dict[Phase, dict[ActionType, AnyRule]] = {
    "offer": {**_ANYTIME, "draw": OFFER, "pass": OFFER},
    "claim": {**_ANYTIME, "buy": CLAIM, "pass": CLAIM, "draw": refusal(_refuser_draws)},
    "gifts": {**_ANYTIME, "give": GIFT, "pass": GIFT},
    "layoff": {**_ANYTIME, "lay_off": LAY_OFF,
               "pass": Rule(knocking.check_defender_done, knocking.defender_done)},
    "draw": {**_TURN, "draw": Rule(draws.check_draw, draws.draw),
             "knock": Rule(drops.check_drop, drops.drop),
             "pass": Rule(_check_pass_in_draw, stock.wall_pass),
             "buy": Rule(claim_clauses.check_exposed_claim, claim_clauses.exposed_claim)},
    "play": {**_TURN, "draw": refusal(_drawn_already), "pass": refusal(_no_claim)},
    # a claimant who takes at once plays his turn out of order: as after a draw
    "claimant": {**_TURN, "draw": refusal(_drawn_already), "pass": refusal(_no_claim)},
    "game-over": {},
}

OTHERWISE: dict[Phase, Verdict] = {
    "offer": no("no-offer", "the first upcard is being offered: take it or pass"),
    "claim": no("not-your-turn", "a claim window is open: buy or pass"),
    "gifts": no("not-your-turn", "gifts are due: give a card or pass"),
    "layoff": no("not-defender", "the defender lays off, then passes"),
    "game-over": no("game-over"),
}


def _rule(rules: Rules, state: State, a: Move) -> AnyRule | Verdict:
    phase = state.hand.phase
    rule = RULES[phase].get(a.type)
    if rule is not None:
        return rule
    refused = OTHERWISE.get(phase)
    if refused is not None:
        return refused
    return no("bad-action", f"unknown action type '{a.type}'")


def legal(rules: Rules, state: State, a: Move) -> Verdict:
    if state.hand.cut_card is not None:  # the deal's wilds (``cut joker``)
        rules = rules.dealt(state)
    if not 0 <= a.player < rules.players:
        return no("bad-player")
    rule = _rule(rules, state, a)
    if isinstance(rule, Verdict):
        return rule
    plan = rule.check(rules, state, a)
    return plan if isinstance(plan, Verdict) else OK


def legal_subset(rules: Rules, state: State, actions: list[Move]) -> list[Move]:
    """The legal ones among ``actions`` (same answers as ``legal``, with the rule looked
    up once per action type: the phase is the same for all of them)."""
    if state.hand.cut_card is not None:  # the deal's wilds (``cut joker``)
        rules = rules.dealt(state)
    found: dict[ActionType, AnyRule | Verdict] = {}
    out = []
    for a in actions:
        rule = found.get(a.type)
        if rule is None:
            rule = found[a.type] = _rule(rules, state, a)
        if isinstance(rule, Verdict) or not 0 <= a.player < rules.players:
            continue
        if not isinstance(rule.check(rules, state, a), Verdict):
            out.append(a)
    return out


def _checked(rules: Rules, state: State, a: Move) -> tuple[AnyRule, object]:
    """The rule of ``a`` and its plan; raises IllegalAction for a seat that does not
    exist, an action the phase has no rule for, or one the rule's check refuses."""
    if not 0 <= a.player < rules.players:
        raise IllegalAction(no("bad-player"))
    rule = _rule(rules, state, a)
    if isinstance(rule, Verdict):
        raise IllegalAction(rule)
    plan = rule.check(rules, state, a)
    if isinstance(plan, Verdict):
        raise IllegalAction(plan)
    return rule, plan


def apply(rules: Rules, state: State, a: Move) -> State:
    """The state after ``a``; raises IllegalAction (and changes nothing) if it is refused."""
    if state.hand.cut_card is not None:  # the deal's wilds (``cut joker``)
        rules = rules.dealt(state)
    rule, plan = _checked(rules, state, a)
    new = state.clone()
    rule.act(rules, new, a, plan)
    return new


def apply_in_place(rules: Rules, state: State, a: Move) -> None:
    """Change ``state`` by ``a``; raises IllegalAction (and changes nothing) if it is
    refused.  No copy is made: the check runs once and answers the plan the effect then
    carries out on the state itself."""
    if state.hand.cut_card is not None:  # the deal's wilds (``cut joker``)
        rules = rules.dealt(state)
    rule, plan = _checked(rules, state, a)
    rule.act(rules, state, a, plan)


def apply_trusted(rules: Rules, state: State, a: Move) -> None:
    """Change ``state`` by an action ``legal_actions`` listed for this very state.

    Bots and simulation only ever play such actions.  Since checking and acting were
    parted, an action is checked once and acted once whichever way it is applied, so this
    is :func:`apply_in_place`: kept as the callers' name for the path, and a wrong caller
    gets the same refusal, not a damaged state (a test plays games both ways and compares
    every state).
    """
    if state.hand.cut_card is not None:  # the deal's wilds (``cut joker``)
        rules = rules.dealt(state)
    rule, plan = _checked(rules, state, a)
    rule.act(rules, state, a, plan)


def rules_holding(original: Callable[..., Any], replacement: Callable[..., Any]
                  ) -> list[tuple[dict[ActionType, AnyRule], ActionType, AnyRule]]:
    """Where the dispatch holds the function ``original`` as a check or an effect: each
    (phase's table, action type, the rule with ``replacement`` in its place).

    The dispatch keeps the functions themselves, so code that swaps one engine function
    for another (the test mutants, the conformance kit's broken engines) must swap it in
    :data:`RULES` too; each sets the rules given here its own way (a monkeypatch, that
    undoes it, or for good in a process of its own)."""
    out = []
    for table in RULES.values():
        for key, rule in table.items():
            if rule.check is original:
                out.append((table, key, dataclasses.replace(rule, check=replacement)))
            elif rule.act is original:
                out.append((table, key, dataclasses.replace(rule, act=replacement)))
    return out
