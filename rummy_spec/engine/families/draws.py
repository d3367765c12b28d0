"""The draw: the first upcard's offer, and taking the upcard or drawing from the stock.

Refusing the upcard opens the claim window (``claims``) when someone may claim it.
"""

from __future__ import annotations

from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import Claim, Move, State
from .claims import eligible_claimants, upcard_live
from .ending import end_round
from .knocking import knock_possible
from .piletake import check_pile_take, depth_of, take_from_pile
from .plans import GO, Go
from .stock import can_draw_stock, draw_stock, late_turn, low_stock


def upcard_verdict(rules: Rules, state: State, player: int) -> Verdict:
    if not state.hand.discard:
        return no("no-upcard")
    if not upcard_live(state):
        return no("upcard-closed")
    special = rules.special_of(state.hand.discard[-1])
    if special is not None and special.never_taken:
        return no("never-taken")
    if state.hand.discard[-1] in rules.untakable:  # ``no taking CARDS from the pile``
        return no("never-taken", "this card blocks the pile: it may not be taken")
    if rules.variant.turn.no_upcard_when_down and rules.is_down(state, player):
        return no("down-no-upcard")
    return OK


def check_offer(rules: Rules, state: State, a: Move) -> Verdict | Go:
    """The first upcard offered to the non-dealer, then the dealer (take or pass)."""
    if not state.hand.offer or state.hand.offer[0] != a.player:
        return no("no-offer")
    if a.type == "draw" and a.source != "discard":
        return no("no-offer", "the first upcard is offered: take it or pass")
    if a.type == "draw" and state.hand.discard and state.hand.discard[-1] in rules.untakable:
        return no("never-taken", "this card blocks the pile: it may not be taken")
    if a.type == "draw" and a.depth is not None and a.depth != 1:
        return no("no-offer", "the first upcard alone is offered")
    return GO


def offer(rules: Rules, state: State, a: Move, plan: Go) -> None:
    if a.type == "pass":
        state.hand.offer.pop(0)
        if not state.hand.offer:
            state.hand.phase = "draw"
            state.hand.refused = True
        return
    state.hand.offer = []
    state.hand.turn = a.player
    _take_upcard(state, a.player)
    state.hand.phase = "play"


def _take_upcard(state: State, player: int) -> None:
    card = state.hand.discard.pop()
    state.hand.pile_owner.pop()
    state.hand.seats[player].hand.append(card)
    state.hand.taken = card


def check_draw(rules: Rules, state: State, a: Move) -> Verdict | Go:
    if a.player != state.hand.turn:
        return no("not-your-turn")
    if late_turn(rules, state):
        return no("dead-hand-only")
    low = low_stock(rules, state)
    if a.source == "stock" and low is not None:
        return no("wall") if low == "wall" else no("low-stock")
    pile = state.hand.discard
    if a.source == "discard" and low == "wall" and pile and not knock_possible(
            rules, state, [*state.hand.seats[a.player].hand, pile[-1]], pile[-1]):
        return no("wall-knock-only")
    if a.source == "discard":
        seat = state.hand.seats[a.player]
        if state.hand.refused:
            return no("upcard-refused")
        if seat.down and not seat.hand and rules.variant.going_out.floating:
            return no("floating-stock-only")  # TS: a floater draws from the stock only
        v = upcard_verdict(rules, state, a.player)
        if v.ok:
            v = check_pile_take(rules, state, a)
        return GO if v.ok else v
    if a.depth is not None:
        return no("bad-action", "depth: only a draw from the discard pile has one")
    if a.source != "stock":
        return no("bad-action", "draw from 'stock' or 'discard'")
    if not can_draw_stock(rules, state) and _upcard_open(rules, state, a.player):
        return no("stock-empty")
    if rules.variant.stock.usable_taken and not state.hand.stock and _upcard_open(
            rules, state, a.player):  # Britannica, "Canasta": play goes on with the upcard
        return no("stock-empty", "the stock is empty: take the upcard, which you can use")
    return GO  # with no card to draw anywhere, the stock rule ends the round


def _upcard_open(rules: Rules, state: State, player: int) -> bool:
    """May the player in turn take the upcard instead?  (Where neither the stock, nor what
    its refill makes, nor the upcard can be drawn, drawing from the stock runs the stock
    rule once more: as floaters who laid every card leave no pile, a round could
    otherwise be left with no legal move.)"""
    seat = state.hand.seats[player]
    if not state.hand.discard or state.hand.refused:
        return False
    if seat.down and not seat.hand and rules.variant.going_out.floating:
        return False
    v = upcard_verdict(rules, state, player)
    return v.ok and check_pile_take(rules, state, Move("draw", player, source="discard")).ok


def draw(rules: Rules, state: State, a: Move, plan: Go) -> None:
    """Take the upcard; or, drawing from the stock, refuse it: the claim window opens
    when someone may claim it, else the stock card is drawn at once."""
    if a.source == "discard":
        limit = rules.variant.limits.upcard_draws
        if limit is not None:
            state.hand.upcard_draws += 1
            # the engine limit on upcards drawn: the hand is dead at the limit (a cap
            # of OpenSpiel's gin, whose games must end)
            if state.hand.upcard_draws >= limit:
                end_round(rules, state, None, "dead", upcard_draws=limit)
                return
        take_from_pile(rules, state, a.player, depth_of(a))
        state.hand.call_on = None
        state.hand.phase = "play"
        return
    state.hand.call_on = None
    if not state.hand.refused and upcard_verdict(rules, state, a.player).ok:
        pending = eligible_claimants(rules, state, a.player)
        if pending:
            state.hand.refused = True
            state.hand.claim = Claim(a.player, pending)
            state.hand.phase = "claim"
            return
    state.hand.refused = True
    if draw_stock(rules, state, a.player):
        state.hand.phase = "play"
        if rules.variant.turn.stock_card_melded:  # Conquian: used at once, or discarded
            state.hand.must_meld = state.hand.seats[a.player].hand[-1]
