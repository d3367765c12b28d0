"""Wild swaps and shifts: a natural put in place of the wild it stands for, the freed wild
taken into the hand or played to the table at once, or moved to an end of its run."""

from __future__ import annotations

from typing import NamedTuple

from ..melding.melds import Meld, Rejection
from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import Move, State, TableMeld
from .contracts import can_go_down
from .tableplay import (
    after_play,
    card_onto_meld,
    card_onto_target,
    credited,
    empty_ok,
    freeing,
    is_down,
    one_card_play_ok,
    onto,
    run_end,
    shifting,
    table_play,
    target_meld,
    timing_ok,
)


class Swap(NamedTuple):
    """A swap's plan: the meld with the natural in, the freed wild, and where the wild is
    played at once (table meld index and the meld it makes) when it does not go to hand."""

    meld: Meld
    wild: int
    placed: tuple[int, Meld] | None


def swap_open(rules: Rules, state: State, player: int) -> Verdict:
    """The checks of a swap that ask nothing of its card or melds: in turn past the draw,
    and a player who may free wilds (down, or not yet down, as the variant says).
    :func:`check_swap` makes both (with the meld's own check between them), so where
    this refuses every swap is refused: ``legal_actions`` asks it once and lists none."""
    v = table_play(rules, state, player)
    return v if not v.ok else _swapper_ok(rules, state, player)


def frees_from(rules: Rules, meld: Meld) -> bool:
    """May a wild be freed from a table meld of this kind at all (runs, sets)?"""
    sw = rules.variant.swap
    return sw.from_runs if meld.kind == "run" else sw.from_sets


def _swapper_ok(rules: Rules, state: State, player: int) -> Verdict:
    sw = rules.variant.swap
    if sw.who == "down" and not is_down(rules, state, player):
        return no("not-down")
    if sw.who == "not-down" and is_down(rules, state, player):
        return no("swap-not-allowed", "only a player not yet down may free a wild")
    return OK


def check_swap(rules: Rules, state: State, a: Move) -> Verdict | Swap:
    v = table_play(rules, state, a.player)
    if not v.ok:
        return v
    if state.hand.must_meld is not None:
        return no("must-meld-taken")
    sw = rules.variant.swap
    target = target_meld(state, a)
    if isinstance(target, Verdict):
        return target
    if not frees_from(rules, target.meld):
        return no("swap-not-allowed")
    if not (v := _swapper_ok(rules, state, a.player)).ok:
        return v
    if sw.others_only and target.owner == a.player:
        return no("swap-own-wild")
    seat = state.hand.seats[a.player]
    if a.card is None or a.card not in seat.hand:
        return no("not-in-hand")
    to = a.wild_to if sw.freed == "table" and a.wild_to is not None \
        and 0 <= a.wild_to < len(state.hand.table) else a.meld
    assert a.meld is not None and to is not None
    if not (v := timing_ok(rules, state, a.player, target.owner,
                            state.hand.table[to].owner)).ok:
        return v
    res = freeing(rules, target.meld, a.card)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    new, wild = res
    if rules.swappable is not None and wild not in rules.swappable:
        return no("swap-not-allowed", "this wild card may not be freed")
    placed: tuple[int, Meld] | None = None
    if sw.freed == "table":
        if a.wild_to is None or not 0 <= a.wild_to < len(state.hand.table):
            return no("freed-wild-to-table")
        if a.wild_to == a.meld and target.meld.kind == "run" and not sw.shift_to_end:
            # the wild put back into its own run only moves inside it: a shift (CONT)
            return no("shift-not-allowed", "the freed wild may not go back into its own run")
        base = new if a.wild_to == a.meld else state.hand.table[a.wild_to].meld
        put = onto(rules, base, wild, run_end(a))
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
    return Swap(new, wild, placed)


def swap(rules: Rules, state: State, a: Move, plan: Swap) -> None:
    new, wild, placed = plan
    seat = state.hand.seats[a.player]
    assert a.meld is not None and a.card is not None
    table = state.hand.table
    credits = credited(table[a.meld], a.player, a.card, freed=wild)
    card_onto_meld(state, a, new, keep_all_wild=False)
    now = table[a.meld]
    table[a.meld] = TableMeld(now.owner, now.meld, now.contract, now.laid_turn, now.all_wild,
                              credits)
    if placed is not None:
        idx, meld = placed
        old = table[idx]
        table[idx] = TableMeld(old.owner, meld, old.contract, old.laid_turn, old.all_wild,
                               credited(old, a.player, wild))
    else:
        seat.hand.append(wild)
        if not seat.down and rules.has_contracts:
            state.hand.must_go_down = True
    after_play(rules, state, a.player)


def shift_open(rules: Rules, state: State, player: int) -> Verdict:
    """The checks of a shift that ask nothing of its card or run: in turn past the draw,
    shifts in the variant, and down.  :func:`check_shift` makes them first, so where they
    refuse every shift is refused: ``legal_actions`` asks them once and lists none."""
    v = table_play(rules, state, player)
    if not v.ok:
        return v
    if not rules.variant.swap.shift_to_end:
        return no("shift-not-allowed")
    if not is_down(rules, state, player):
        return no("not-down")
    return OK


def check_shift(rules: Rules, state: State, a: Move) -> Verdict | Meld:
    """A shift: its plan is the run with the natural in and the wild at an end."""
    if not (v := shift_open(rules, state, a.player)).ok:
        return v
    if state.hand.must_meld is not None:
        return no("must-meld-taken")
    seat = state.hand.seats[a.player]
    got = card_onto_target(state, a)
    if isinstance(got, Verdict):
        return got
    target, card = got
    if not (v := timing_ok(rules, state, a.player, target.owner)).ok:
        return v
    res = shifting(rules, target.meld, card, a.end)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    if len(seat.hand) == 1 and not (v := empty_ok(rules, False)).ok:
        return v
    if not (v := one_card_play_ok(rules, state, seat.hand, card, {a.meld: res})).ok:
        return v
    return res


def shift(rules: Rules, state: State, a: Move, plan: Meld) -> None:
    card_onto_meld(state, a, plan, keep_all_wild=False)
    after_play(rules, state, a.player)
