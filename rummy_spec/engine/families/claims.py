"""Claims and buying: who may claim the refused upcard, in what order, and the buy itself
(the upcard and the penalty cards).

The window (``after refusal``) closes with the refuser's stock draw.  With ``between
turns`` the player in turn has not drawn yet when a buy closes it: he then draws as usual,
from the stock or the card the buy exposed.  With ``at any time`` a claim may also be made
before the player in turn draws (:func:`exposed_claim`).  What a claim leaves of the
discard pile is the claim's ``pile``: ``open`` (the card below is the upcard like any
other), ``closed`` (nobody takes from the pile until the next discard) or ``dead`` (the
cards below are never taken again this hand).  The claimant waits for his own turn to
play his cards; where he takes at once (``claimant takes at once``) the claim gives him a
turn out of order (phase ``claimant``): he lays what the variant lets him lay and
discards, and the turn goes back to the player it interrupted (``turnorder``)."""

from __future__ import annotations

from ..records.reasons import Verdict, no
from ..records.rules import Rules
from ..records.state import Claim, Move, State
from .plans import GO, Go
from .stock import draw_stock


def eligible_claimants(rules: Rules, state: State, refuser: int,
                       exclude: int | None = None) -> list[int]:
    claim = rules.variant.claim
    if claim is None or not upcard_live(state) or state.hand.claimed:
        return []
    special = rules.special_of(state.hand.discard[-1])
    if special is not None and special.never_taken:
        return []
    if state.hand.discard[-1] in rules.untakable:
        return []
    if len(state.hand.stock) < claim.penalty:  # A54
        return []
    owner = state.hand.pile_owner[-1] if state.hand.pile_owner else -1
    allowance = rules.buy_limit_one(state.game.round)
    out = []
    for step in range(1, rules.players):
        p = (refuser + step) % rules.players
        seat = state.hand.seats[p]
        if p == exclude or (p == owner and not claim.own_discard):
            continue
        if (not claim.when_down or rules.variant.turn.no_upcard_when_down) and rules.is_down(
                state, p):
            continue
        if allowance is not None and seat.buys >= allowance + state.game.seats[p].buy_credit:
            continue  # the same test as buys_spent, the allowance looked up once
        out.append(p)
    return out


def upcard_live(state: State) -> bool:
    """Is there an upcard that may be taken at all: one that no claim has closed or left
    dead?"""
    return bool(state.hand.discard) and state.hand.upcard_open


def buys_spent(rules: Rules, state: State, player: int) -> bool:
    """Has the player used every buy allowed him this round (credit carried in counted)?"""
    allowance = rules.buy_limit_one(state.game.round)
    return allowance is not None and (state.hand.seats[player].buys
                                      >= allowance + state.game.seats[player].buy_credit)


def check_claim(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """``buy`` or ``pass`` in an open claim window."""
    window = state.hand.claim
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
    if a.type == "buy" and len(state.hand.stock) < cl.penalty:
        return no("stock-cannot-pay")
    return GO


def claim(rules: Rules, state: State, a: Move, plan: Go) -> None:
    """A pass leaves the window to the others; a buy takes the upcard and the penalty."""
    window, cl = state.hand.claim, rules.variant.claim
    assert window is not None and cl is not None
    if a.type == "pass":
        window.pending.remove(a.player)
        if not window.pending:
            _close_claims(rules, state)
        return
    card = _take_claimed(state, a.player, cl.penalty)
    if not cl.claimant_waits:
        state.hand.claim = None
        _leave_pile(rules, state)
        _play_out_of_turn(state, a.player, window.refuser, card)
        return
    state.hand.claim = window = Claim(window.refuser, [], a.player)
    if cl.chain and state.hand.discard:
        pending = eligible_claimants(rules, state, window.refuser, exclude=a.player)
        if pending:
            window.pending = pending
            return
    _close_claims(rules, state)


def check_exposed_claim(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """``buy`` at the draw, before the player in turn has drawn: open only where claims may
    be made whenever a discard is exposed."""
    cl = rules.variant.claim
    if cl is None or cl.window != "any-time":
        return no("buy-limit") if buys_spent(rules, state, a.player) else no("claim-not-open")
    if a.player == state.hand.turn:
        return no("not-eligible", "the player in turn draws the upcard, he does not buy it")
    if a.player not in eligible_claimants(rules, state, state.hand.turn):
        if buys_spent(rules, state, a.player):
            return no("buy-limit")
        if upcard_live(state) and len(state.hand.stock) < cl.penalty:
            return no("stock-cannot-pay")
        return no("not-eligible")
    return GO


def exposed_claim(rules: Rules, state: State, a: Move, plan: Go) -> None:
    """The first claim is granted at once; the player in turn then draws, from the stock or
    from the pile as the claim's ``pile`` leaves it (with ``chain`` the card below is first
    open to the claims of the others, as after a claim)."""
    cl = rules.variant.claim
    assert cl is not None
    card = _take_claimed(state, a.player, cl.penalty)
    state.hand.call_on = None  # the card called on has left the pile
    if not cl.claimant_waits:
        _leave_pile(rules, state)
        _play_out_of_turn(state, a.player, state.hand.turn, card)
        return
    if cl.chain and state.hand.discard:
        pending = eligible_claimants(rules, state, state.hand.turn, exclude=a.player)
        if pending:
            state.hand.claim = Claim(state.hand.turn, pending, a.player)
            state.hand.refused = True
            state.hand.phase = "claim"
            return
    _leave_pile(rules, state)


def _take_claimed(state: State, player: int, penalty: int) -> int:
    """The claimant takes the upcard (returned) and the penalty cards."""
    seat = state.hand.seats[player]
    card = state.hand.discard.pop()
    seat.hand.append(card)
    state.hand.pile_owner.pop()
    for _ in range(penalty):
        seat.hand.append(state.hand.stock.pop())
    seat.buys += 1
    return card


def _play_out_of_turn(state: State, claimant: int, interrupted: int, card: int) -> None:
    """``claimant takes at once``: the claimant plays a turn now, out of order, as a turn
    after its draw (the card claimed is the card taken from the pile); ``interrupted``
    is whose turn it was, who plays on once the claimant has discarded."""
    h = state.hand
    h.resume = interrupted
    h.turn = claimant
    h.phase = "claimant"
    h.taken = card
    h.melds_this_turn = 0
    h.played_this_turn = False
    h.must_go_down = False


def _leave_pile(rules: Rules, state: State) -> None:
    """What a claim leaves of the discard pile (the claim's ``pile``); no window opens
    again before the next discard."""
    cl = rules.variant.claim
    assert cl is not None
    state.hand.claimed = True
    # ``dead`` needs no more than ``closed``: a card left below the claimed one is exposed
    # again only when the card above it is drawn (the drawer then discards onto it) or
    # claimed (which closes the pile again), so nobody can take it either way
    if cl.pile_after != "open":
        state.hand.upcard_open = False


def _close_claims(rules: Rules, state: State) -> None:
    """The window closes: after a buy, the pile is left as the claim rule says; the
    refuser draws from the stock, except that between turns, after a buy, he has not yet
    drawn and may take the card the buy exposed where it may be taken (TS and SH: the
    next player's draw comes after the buying)."""
    window, cl = state.hand.claim, rules.variant.claim
    assert cl is not None
    refuser = window.refuser if window is not None else state.hand.turn
    bought = window is not None and window.last_buyer is not None
    state.hand.claim = None
    if bought:
        _leave_pile(rules, state)
        if cl.window == "between-turns" and upcard_live(state):
            state.hand.refused = False
            state.hand.phase = "draw"
            return
    if draw_stock(rules, state, refuser):
        state.hand.phase = "play"
