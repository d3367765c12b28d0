"""Claims and buying: who may claim the refused upcard, in what order, and the buy itself
(the upcard and the penalty cards); the window closes with the refuser's stock draw."""

from __future__ import annotations

from .reasons import OK, Verdict, no
from .rules import Rules
from .state import Action, Claim, State
from .stock import draw_stock


def eligible_claimants(rules: Rules, state: State, refuser: int,
                       exclude: int | None = None) -> list[int]:
    claim = rules.variant.claim
    if claim is None or not state.discard or not state.upcard_open:
        return []
    special = rules.special_of(state.discard[-1])
    if special is not None and special.never_taken:
        return []
    if len(state.stock) < claim.penalty:  # A54
        return []
    owner = state.pile_owner[-1] if state.pile_owner else -1
    allowance = rules.buy_limit_one(state.round)
    out = []
    for step in range(1, rules.players):
        p = (refuser + step) % rules.players
        seat = state.seats[p]
        if p == exclude or (p == owner and not claim.own_discard):
            continue
        if seat.down and (not claim.when_down or rules.variant.turn.no_upcard_when_down):
            continue
        if allowance is not None and seat.buys >= allowance + seat.buy_credit:
            continue  # the same test as buys_spent, the allowance looked up once
        out.append(p)
    return out


def buys_spent(rules: Rules, state: State, player: int) -> bool:
    """Has the player used every buy allowed him this round (credit carried in counted)?"""
    allowance = rules.buy_limit_one(state.round)
    seat = state.seats[player]
    return allowance is not None and seat.buys >= allowance + seat.buy_credit


def claim(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    """``buy`` or ``pass`` in an open claim window."""
    window = state.claim
    if window is None:
        return no("claim-not-open")
    if a.player not in window.pending:
        if a.type == "buy" and buys_spent(rules, state, a.player):
            return no("buy-limit")
        return no("not-eligible")
    cl = rules.variant.claim
    assert cl is not None
    if cl.priority == "nearest" and window.pending[0] != a.player:
        return no("not-your-priority")
    if a.type == "buy" and len(state.stock) < cl.penalty:
        return no("stock-cannot-pay")
    if not do:
        return OK
    if a.type == "pass":
        window.pending.remove(a.player)
        if not window.pending:
            _close_claims(rules, state)
        return OK
    seat = state.seats[a.player]
    card = state.discard.pop()
    state.pile_owner.pop()
    seat.hand.append(card)
    for _ in range(cl.penalty):
        seat.hand.append(state.stock.pop())
    seat.buys += 1
    if cl.chain and state.discard:
        state.upcard_open = True
        pending = eligible_claimants(rules, state, window.refuser, exclude=a.player)
        if pending:
            state.claim = Claim(window.refuser, pending, a.player)
            return OK
    state.upcard_open = False
    _close_claims(rules, state)
    return OK


def _close_claims(rules: Rules, state: State) -> None:
    refuser = state.claim.refuser if state.claim is not None else state.turn
    state.claim = None
    if draw_stock(rules, state, refuser):
        state.phase = "play"
