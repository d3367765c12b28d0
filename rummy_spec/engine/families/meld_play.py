"""New melds and lay-offs: laying a meld after going down (or in games without contracts)
and adding a card to a table meld, the defender's lay-offs on a knocker's melds too."""

from __future__ import annotations

from ..melding.melds import Meld, Rejection
from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import Move, State, TableMeld
from .knocking import within_run_limit
from .tableplay import (
    after_play,
    card_onto_meld,
    card_onto_target,
    empty_ok,
    holds,
    is_down,
    meld_options,
    melds_leave_ok,
    one_card_play_ok,
    onto,
    opening_due,
    opening_short,
    own_team,
    remove_cards,
    run_end,
    stock_card_pending,
    table_play,
    timing_ok,
)
from .wholepile import frozen, give_rest, owed, pair_ok


def check_new_meld(rules: Rules, state: State, a: Move) -> Verdict | list[Meld]:
    """New melds (one, or an opening of several): the plan is the melds as read."""
    v = table_play(rules, state, a.player)
    if not v.ok:
        return v
    if rules.knocking:
        return no("no-table-play")
    seat = state.hand.seats[a.player]
    if rules.has_contracts:
        if not seat.down:
            return no("not-down")
        if not rules.variant.turn.new_melds_after_down:
            return no("no-new-melds")
    # an opening that must count points may lay several melds at once
    opening = opening_due(rules, state, a.player) is not None
    many = len(a.melds or ()) > 1 and opening
    limit = rules.variant.turn.melds_per_turn
    if limit is not None and state.hand.melds_this_turn + max(1, len(a.melds or ())) > limit:
        return no("melds-per-turn")
    cards = [c for meld in (a.melds or ()) for c in meld]
    must = state.hand.must_meld
    if must is not None and a.melds and must not in cards and not stock_card_pending(
            rules, state):
        return no("must-meld-taken", f"meld {rules.table.text(must)} first")
    if must is not None and a.melds and frozen(rules, state, a.player, must) and not (
            v := pair_ok(rules, must, a.melds)).ok:
        return v
    if not a.melds or (len(a.melds) != 1 and not many) or not holds(seat.hand, cards):
        if a.melds and len(a.melds) != 1 and not many:
            return no("bad-action", "lay one meld at a time")
        return no("not-in-hand") if a.melds else no("bad-action", "name the meld's cards")
    laid: list[Meld] = []
    for meld_cards in a.melds:
        res = meld_options(rules, meld_cards, contract=False)
        if isinstance(res, Rejection):
            return no(res.code, res.message)
        laid.append(res[0])
    if not (v := opening_short(rules, state, a.player, laid)).ok:
        return v
    # a whole pile's rest comes to the hand with this play: it counts as held after it
    held = seat.hand + owed(rules, state) if must is not None else seat.hand
    last = rules.melds.last_only
    if last and len(cards) < len(held) and any(all(c in last for c in x.cards) for x in laid):
        return no("going-out-meld-only", "such a set is melded only in going out: it must "
                  "empty your hand")
    if not (v := melds_leave_ok(rules, state, held, cards, laid, False)).ok:
        return v
    return laid


def new_meld(rules: Rules, state: State, a: Move, plan: list[Meld]) -> None:
    remove_cards(state.hand.seats[a.player].hand, [c for meld in plan for c in meld.cards])
    if any(state.hand.must_meld in meld.cards for meld in plan):
        state.hand.must_meld = None  # the card taken from the pile is melded
        give_rest(rules, state, a.player)
    for meld in plan:
        state.hand.table.append(TableMeld(a.player, meld, False, state.hand.turn_no,
                                          all(c in rules.wild for c in meld.cards)))
    state.hand.melds_this_turn += len(plan)
    after_play(rules, state, a.player)


def lay_off_open(rules: Rules, state: State, player: int) -> Verdict:
    """The checks of a lay-off in one's turn that ask nothing of its card or meld: in
    turn past the draw, table play in the variant, lay-offs allowed, and down where
    lay-offs wait for that.  :func:`check_lay_off` makes them first, so where they refuse
    it refuses every lay-off: ``legal_actions`` asks them once and lists none."""
    v = table_play(rules, state, player)
    if not v.ok:
        return v
    if rules.knocking:
        return no("no-table-play")
    lo = rules.variant.layoff
    if not lo.allowed:
        return no("layoff-not-allowed")
    if lo.needs_down and not any(is_down(rules, state, p) for p in own_team(rules, player)):
        return no("not-down")
    return OK


def _partner_layoff_ok(rules: Rules, state: State, player: int, owner: int) -> Verdict:
    """With partners, a player whose partner has melded may lay off on his team's melds
    before melding himself; on the other team's melds only once he is down himself."""
    if (not rules.variant.layoff.needs_down or owner in own_team(rules, player)
            or is_down(rules, state, player)):
        return OK
    return no("not-down", "before you are down yourself you may lay off only on your "
              "team's melds")


def check_lay_off(rules: Rules, state: State, a: Move) -> Verdict | Meld:
    """A lay-off (the defender's too, after a knock): its plan is the meld it makes."""
    defending = state.hand.phase == "layoff"
    if defending:
        if a.player != state.hand.turn:
            return no("not-defender")
    elif not (v := lay_off_open(rules, state, a.player)).ok:
        return v
    seat = state.hand.seats[a.player]
    got = card_onto_target(state, a)
    if isinstance(got, Verdict):
        return got
    target, card = got
    must = state.hand.must_meld
    if must is not None and card != must and not defending and not stock_card_pending(
            rules, state):
        return no("must-meld-taken", f"meld or lay off {rules.table.text(must)} first")
    if must is not None and not defending and frozen(rules, state, a.player, must):
        return no("pile-frozen", "the pile is frozen: its top card goes into a new meld "
                  "with a natural pair of its rank from your hand")
    if not defending and not (v := timing_ok(rules, state, a.player, target.owner)).ok:
        return v
    if not defending and not (v := _partner_layoff_ok(rules, state, a.player,
                                                       target.owner)).ok:
        return v
    if not defending and rules.variant.layoff.own_only and target.owner not in own_team(
            rules, a.player):
        return no("own-melds-only")
    if defending and target.owner != state.hand.knocker:
        return no("no-such-meld", "lay off only on the knocker's melds")
    res = onto(rules, target.meld, card, run_end(a))
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    if defending and not within_run_limit(rules, state, a.meld, res):
        return no("layoff-limit")
    held = seat.hand + owed(rules, state) if must is not None else seat.hand
    if len(held) == 1 and not defending and not (v := empty_ok(rules, False)).ok:
        return v
    if not defending and not (v := one_card_play_ok(rules, state, held, card,
                                                      {a.meld: res})).ok:
        return v
    return res


def lay_off(rules: Rules, state: State, a: Move, plan: Meld) -> None:
    if a.card == state.hand.must_meld:
        state.hand.must_meld = None  # the card taken from the pile is laid off
        give_rest(rules, state, a.player)
    card_onto_meld(state, a, plan, keep_all_wild=True)
    if state.hand.phase != "layoff":
        after_play(rules, state, a.player)
