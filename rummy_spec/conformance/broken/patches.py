"""One rule bug each: every function here patches the reference engine in this process.

Most patches run one engine handler with the variant changed in one field (the rule the
bug ignores); the others replace one small engine function.  Handlers are reached through
``core._PLAY`` (play actions) or through the ``turns``/``table`` module attributes that
``core`` looks up on every call, so patching those reaches every caller.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ... import decks
from ...engine import core, melds, table, turns
from ...engine.reasons import Verdict
from ...engine.rules import Rules
from ...engine.state import Action, State
from ...lang import model as m

Handler = Callable[[Rules, State, Action, bool], Verdict]


def _with(handler: Handler, change: Callable[[m.Variant], m.Variant]) -> Handler:
    """``handler`` run with the variant changed by ``change``."""

    def patched(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
        return handler(replace(rules, variant=change(rules.variant)), state, a, do)

    return patched


def _play(kind: str, change: Callable[[m.Variant], m.Variant]) -> None:
    core._PLAY[kind] = _with(core._PLAY[kind], change)


def wrap_around() -> None:
    original = melds.run_space

    def run_space(table_: Any, rule: m.RunRule) -> Any:
        return replace(original(table_, rule), wrap=True)

    melds.run_space = run_space  # type: ignore[assignment]


def wilds_outnumber() -> None:
    original = melds._limits

    def limits(rules: melds.MeldRules, kind: m.MeldKind, nat: int, wild: int,
               contract: bool) -> melds.Rejection | None:
        found = original(rules, kind, nat, wild, contract)
        return None if found is not None and found.code == "wilds-outnumber-naturals" else found

    melds._limits = limits


def _claim(**fields: Any) -> None:
    def change(v: m.Variant) -> m.Variant:
        assert v.claim is not None
        return replace(v, claim=replace(v.claim, **fields))

    turns.claim = _with(turns.claim, change)


def claim_no_penalty() -> None:
    _claim(penalty=0)


def claim_priority() -> None:
    _claim(priority="first-caller")


def layoff_before_down() -> None:
    def change(v: m.Variant) -> m.Variant:
        return replace(v, layoff=replace(v.layoff, needs_down=False))

    _play("lay_off", change)


def ace_score() -> None:
    original = decks.face_points

    def face_points(variant: m.Variant) -> tuple[int | None, ...]:
        points = list(original(variant))
        if variant.deck.numbers is None:  # French cards: the aces
            for f in decks.card_table(variant.deck).faces:
                if f.rank == 1:
                    points[f.code] = (points[f.code] or 0) + 10
        return tuple(points)

    decks.face_points = face_points


def discard_taken_card() -> None:
    def change(v: m.Variant) -> m.Variant:
        return replace(v, turn=replace(v.turn, keep_taken_card=False))

    _play("discard", change)


def stock_turn_over() -> None:
    original = turns.refill_stock

    def refill_stock(rules: Rules, state: State) -> bool:
        steps = rules.variant.stock.empty
        if steps[min(state.exhaustions, len(steps) - 1)] != "turn-over":
            return original(rules, state)
        state.exhaustions += 1
        state.stock = list(reversed(state.discard))  # the upcard goes too
        state.discard = []
        state.pile_owner = []
        return bool(state.stock) or original(rules, state)

    turns.refill_stock = refill_stock


def contract_not_exact() -> None:
    original = table.contract_verdict

    def contract_verdict(rules: Rules, contract: m.Contract, laid: Any) -> Verdict:
        v = rules.variant
        loose = replace(v, contracts=replace(v.contracts, count="minimum"))
        return original(replace(rules, variant=loose), contract, laid)

    table.contract_verdict = contract_verdict


def joker_from_set() -> None:
    def change(v: m.Variant) -> m.Variant:
        return replace(v, swap=replace(v.swap, from_sets=True))

    _play("swap", change)


def turn_skipped_after_claim() -> None:
    original = turns._close_claims

    def close_claims(rules: Rules, state: State) -> None:
        if state.claim is not None and not state.upcard_open:  # closed by a buy
            state.turn = state.claim.refuser
            state.claim = None
            turns.next_turn(rules, state)  # the refuser never draws
            return
        original(rules, state)

    turns._close_claims = close_claims


def out_without_discard() -> None:
    table._empty_ok = lambda rules, pat: Verdict(True)


def adjacent_wilds() -> None:
    melds.adjacent_wilds = lambda seq: False  # type: ignore[assignment]


def layoff_same_turn() -> None:
    def change(v: m.Variant) -> m.Variant:
        return replace(v, layoff=replace(v.layoff, timing="same-turn"))

    _play("lay_off", change)


def upcard_when_down() -> None:
    def change(v: m.Variant) -> m.Variant:
        return replace(v, turn=replace(v.turn, no_upcard_when_down=False))

    turns.draw = _with(turns.draw, change)
