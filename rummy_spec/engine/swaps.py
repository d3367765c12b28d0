"""Wild swaps and shifts: a natural put in place of the wild it stands for, the freed wild
taken into the hand or played to the table at once, or moved to an end of its run."""

from __future__ import annotations

from .contracts import can_go_down
from .melds import Meld, Rejection, add_card, shift_wild, swap_wild
from .reasons import OK, Verdict, no
from .rules import Rules
from .state import Action, State, TableMeld
from .tableplay import (
    after_play,
    empty_ok,
    in_play,
    is_down,
    one_card_play_ok,
    run_end,
    target_meld,
    timing_ok,
)


def swap(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    v = in_play(state, a)
    if not v.ok:
        return v
    sw = rules.variant.swap
    target = target_meld(state, a)
    if isinstance(target, Verdict):
        return target
    allowed = sw.from_runs if target.meld.kind == "run" else sw.from_sets
    if not allowed:
        return no("swap-not-allowed")
    if sw.who == "down" and not is_down(rules, state, a.player):
        return no("not-down")
    if sw.who == "not-down" and is_down(rules, state, a.player):
        return no("swap-not-allowed", "only a player not yet down may free a wild")
    if sw.others_only and target.owner == a.player:
        return no("swap-own-wild")
    seat = state.seats[a.player]
    if a.card is None or a.card not in seat.hand:
        return no("not-in-hand")
    to = a.wild_to if sw.freed == "table" and a.wild_to is not None \
        and 0 <= a.wild_to < len(state.table) else a.meld
    assert a.meld is not None and to is not None
    if not (v := timing_ok(rules, state, a.player, target.owner,
                            state.table[to].owner)).ok:
        return v
    res = swap_wild(rules.melds, target.meld, a.card)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    new, wild = res
    if rules.swappable is not None and wild not in rules.swappable:
        return no("swap-not-allowed", "this wild card may not be freed")
    placed: tuple[int, Meld] | None = None
    if sw.freed == "table":
        if a.wild_to is None or not 0 <= a.wild_to < len(state.table):
            return no("freed-wild-to-table")
        if a.wild_to == a.meld and target.meld.kind == "run" and not sw.shift_to_end:
            # the wild put back into its own run only moves inside it: a shift (CONT)
            return no("shift-not-allowed", "the freed wild may not go back into its own run")
        base = new if a.wild_to == a.meld else state.table[a.wild_to].meld
        put = add_card(rules.melds, base, wild, end=run_end(a), contract=False)
        if isinstance(put, Rejection):
            return no(put.code, "the freed wild cannot go there: " + put.message)
        placed = (a.wild_to, put)
        changed: dict[int | None, Meld] = {a.meld: new, a.wild_to: put}
        if not (v := one_card_play_ok(rules, state, seat.hand, a.card, changed)).ok:
            return v
    if placed is None and not seat.down and rules.has_contracts:
        # a player not yet down who takes a wild must go down this same turn
        hand = list(seat.hand)
        hand.remove(a.card)
        if not can_go_down(rules, state, a.player, [*hand, wild]):
            return no("must-go-down", "taking this wild, the player could not go down now")
    if not do:
        return OK
    seat.hand.remove(a.card)
    assert a.meld is not None
    state.table[a.meld] = TableMeld(target.owner, new, target.contract, target.laid_turn)
    if placed is not None:
        idx, meld = placed
        old = state.table[idx]
        state.table[idx] = TableMeld(old.owner, meld, old.contract, old.laid_turn, old.all_wild)
    else:
        seat.hand.append(wild)
        if not seat.down and rules.has_contracts:
            state.must_go_down = True
    after_play(rules, state, a.player)
    return OK


def shift(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    v = in_play(state, a)
    if not v.ok:
        return v
    if not rules.variant.swap.shift_to_end:
        return no("shift-not-allowed")
    if not is_down(rules, state, a.player):
        return no("not-down")
    seat = state.seats[a.player]
    target = target_meld(state, a)
    if isinstance(target, Verdict):
        return target
    if a.card is None or a.card not in seat.hand:
        return no("not-in-hand")
    if not (v := timing_ok(rules, state, a.player, target.owner)).ok:
        return v
    res = shift_wild(rules.melds, target.meld, a.card)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    if len(seat.hand) == 1 and not (v := empty_ok(rules, False)).ok:
        return v
    if not (v := one_card_play_ok(rules, state, seat.hand, a.card, {a.meld: res})).ok:
        return v
    if not do:
        return OK
    seat.hand.remove(a.card)
    assert a.meld is not None
    state.table[a.meld] = TableMeld(target.owner, res, target.contract, target.laid_turn)
    after_play(rules, state, a.player)
    return OK
