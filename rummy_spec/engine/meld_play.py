"""New melds and lay-offs: laying a meld after going down (or in games without contracts)
and adding a card to a table meld, the defender's lay-offs on a knocker's melds too."""

from __future__ import annotations

from .knocking import within_run_limit
from .melds import Rejection, add_card
from .reasons import OK, Verdict, no
from .rules import Rules
from .state import Action, State, TableMeld
from .tableplay import (
    after_play,
    empty_ok,
    holds,
    in_play,
    is_down,
    last_card_ok,
    meld_options,
    one_card_play_ok,
    remove_cards,
    run_end,
    target_meld,
    timing_ok,
)


def new_meld(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    v = in_play(state, a)
    if not v.ok:
        return v
    if rules.knocking:
        return no("no-table-play")
    seat = state.seats[a.player]
    if rules.has_contracts:
        if not seat.down:
            return no("not-down")
        if not rules.variant.turn.new_melds_after_down:
            return no("no-new-melds")
    limit = rules.variant.turn.melds_per_turn
    if limit is not None and state.melds_this_turn >= limit:
        return no("melds-per-turn")
    if not a.melds or len(a.melds) != 1 or not holds(seat.hand, a.melds[0]):
        return no("not-in-hand") if a.melds else no("bad-action", "name the meld's cards")
    res = meld_options(rules, a.melds[0], contract=False)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    if len(a.melds[0]) == len(seat.hand) and not (v := empty_ok(rules, False)).ok:
        return v
    if len(seat.hand) - len(a.melds[0]) == 1:
        rest = list(seat.hand)
        remove_cards(rest, a.melds[0])
        if not (v := last_card_ok(rules, state, rest,
                                   [t.meld for t in state.table] + [res[0]])).ok:
            return v
    if not do:
        return OK
    remove_cards(seat.hand, a.melds[0])
    meld = res[0]
    state.table.append(TableMeld(a.player, meld, False, state.turn_no,
                                 all(c in rules.wild for c in meld.cards)))
    state.melds_this_turn += 1
    after_play(rules, state, a.player)
    return OK


def lay_off(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    defending = state.phase == "layoff"
    if defending:
        if a.player != state.turn:
            return no("not-defender")
    else:
        v = in_play(state, a)
        if not v.ok:
            return v
        if rules.knocking:
            return no("no-table-play")
    lo = rules.variant.layoff
    seat = state.seats[a.player]
    if not lo.allowed and not defending:
        return no("layoff-not-allowed")
    if lo.needs_down and not is_down(rules, state, a.player) and not defending:
        return no("not-down")
    target = target_meld(state, a)
    if isinstance(target, Verdict):
        return target
    if a.card is None or a.card not in seat.hand:
        return no("not-in-hand")
    if not defending and not (v := timing_ok(rules, state, a.player, target.owner)).ok:
        return v
    if defending and target.owner != state.knocker:
        return no("no-such-meld", "lay off only on the knocker's melds")
    res = add_card(rules.melds, target.meld, a.card, end=run_end(a), contract=False)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    if defending and not within_run_limit(rules, state, a.meld, res):
        return no("layoff-limit")
    if len(seat.hand) == 1 and not defending and not (v := empty_ok(rules, False)).ok:
        return v
    if not defending and not (v := one_card_play_ok(rules, state, seat.hand, a.card,
                                                      {a.meld: res})).ok:
        return v
    if not do:
        return OK
    seat.hand.remove(a.card)
    assert a.meld is not None
    state.table[a.meld] = TableMeld(target.owner, res, target.contract, target.laid_turn,
                                    target.all_wild)
    if not defending:
        after_play(rules, state, a.player)
    return OK
