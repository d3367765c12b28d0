"""Going down: the round's contract (or each player's own, by progression), whether a set
of melds makes it, and laying it."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import NamedTuple

from ...lang import meldkinds
from ...lang import model as m
from ..melding.melds import Meld, Rejection
from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import Move, State, TableMeld
from .schedule import current_contracts
from .tableplay import (
    after_play,
    empty_ok,
    holds,
    meld_options,
    melds_leave_ok,
    opening_short,
    remove_cards,
    table_play,
)


def element_sizes(v: m.Variant, contract: m.Contract) -> dict[str, list[int]]:
    """The smallest meld of each kind a contract accepts, one entry per meld it names:
    the element's size, else the kind's ``min`` (the rulebook states the same numbers)."""
    need: dict[str, list[int]] = {}
    for e in contract.elements:
        need.setdefault(e.kind, []).extend([meldkinds.least_size(v, e)] * e.count)
    return need


def contract_verdict(rules: Rules, contract: m.Contract, melds: Sequence[Meld]) -> Verdict:
    """Do these melds (kinds already chosen) make the contract?"""
    c = rules.variant.contracts
    need = element_sizes(rules.variant, contract)
    exact_size = c.size == "exact" and not contract.pat
    sizes = {kind: (sorted((len(x.cards) for x in melds if x.kind == kind), reverse=True),
                    sorted(need.get(kind, []), reverse=True)) for kind in meldkinds.names()}
    for kind, (have, req) in sizes.items():  # a missing meld first, then a surplus
        if len(have) < len(req):
            return no("contract-not-met", f"round needs {len(req)} {kind}(s), got {len(have)}")
    for kind, (have, req) in sizes.items():
        if c.count == "exact" and len(have) > len(req):
            return no("contract-exact-count")
        for h, r in zip(have, req, strict=False):
            if h < r:
                return no("contract-not-met", f"a {kind} of {r} or more is needed")
            if exact_size and h != r:
                return no("contract-exact-size")
    # ``pure`` elements: as many melds of the kind with no wild, each as large as asked
    # (a meld counts once: the pure elements take the largest wild-free melds first)
    for kind in {e.kind for e in contract.elements if e.pure}:
        want = sorted((meldkinds.least_size(rules.variant, e) for e in contract.elements
                       if e.pure and e.kind == kind for _ in range(e.count)), reverse=True)
        clean = sorted((len(x.cards) for x in melds if x.kind == kind and not any(x.wild)),
                       reverse=True)
        if len(clean) < len(want) or any(h < r for h, r in zip(clean, want, strict=False)):
            return no("contract-not-met", f"round needs {len(want)} pure {kind}(s), with no "
                      "wild card")
    runs = [x for x in melds if x.kind == "run"]
    if c.same_suit_runs == "gap":
        for i, a in enumerate(runs):
            for b in runs[i + 1:]:
                if a.suit == b.suit and a.suit is not None and _too_near(a, b, c.run_gap):
                    return no("same-suit-runs-join")
    if c.distinct_set_ranks:
        ranks = [x.ranks[0] for x in melds if x.kind == "set"]
        if len(ranks) != len(set(ranks)):
            return no("set-ranks-repeat")
    return OK


def choose_kinds(rules: Rules, contract: m.Contract,
                 options: list[list[Meld]]) -> tuple[list[Meld], Verdict]:
    """Pick one reading per meld so the contract is met (few melds: try them all, in
    order); where none is, the first reading tried and its refusal."""
    first: tuple[list[Meld], Verdict] | None = None
    for chosen in product(*options):
        v = contract_verdict(rules, contract, chosen)
        if v.ok:
            return list(chosen), v
        if first is None:
            first = (list(chosen), v)
    assert first is not None
    return first


class GoDown(NamedTuple):
    """A go-down's plan: the contract it makes, with each meld read as the kind that
    makes it."""

    contract: m.Contract
    melds: list[Meld]


def _too_near(a: Meld, b: Meld, gap: int) -> bool:
    """Do two runs leave fewer than ``gap`` ranks between them (or overlap)?"""
    return min(b.ranks) <= max(a.ranks) + gap and min(a.ranks) <= max(b.ranks) + gap


def check_go_down(rules: Rules, state: State, a: Move) -> Verdict | GoDown:
    v = table_play(rules, state, a.player)
    if not v.ok:
        return v
    if not rules.has_contracts:
        return no("bad-action", "this variant has no contracts: lay melds one by one")
    seat = state.hand.seats[a.player]
    if seat.down:
        return no("already-down")
    cards = [c for meld in (a.melds or ()) for c in meld]
    if not a.melds or not holds(seat.hand, cards):
        return no("not-in-hand")
    contracts = current_contracts(rules, state, a.player)
    wanted = {e.kind for c in contracts for e in c.elements}
    options: list[list[Meld]] = []
    for meld_cards in a.melds:
        res = meld_options(rules, meld_cards, contract=True, prefer=wanted)
        if isinstance(res, Rejection):
            return no(res.code, res.message)
        options.append(res)
    verdict = no("contract-not-met", "no contract is left to make")
    chosen: list[Meld] = []
    contract: m.Contract | None = None
    for c in contracts:
        chosen, verdict = choose_kinds(rules, c, options)
        if verdict.ok:
            contract = c
            break
    if not verdict.ok or contract is None:
        return verdict
    if not (v := opening_short(rules, state, a.player, chosen)).ok:
        return v
    emptied = len(cards) == len(seat.hand)
    if contract.pat and not emptied:
        return no("pat-required")
    if rules.variant.contracts.down_goes_out and len(cards) != len(seat.hand) - 1:
        return no("down-must-go-out")
    if not (v := melds_leave_ok(rules, state, seat.hand, cards, chosen, contract.pat)).ok:
        return v
    return GoDown(contract, chosen)


def go_down(rules: Rules, state: State, a: Move, plan: GoDown) -> None:
    seat, (contract, chosen) = state.hand.seats[a.player], plan
    assert a.melds is not None
    remove_cards(seat.hand, [c for meld in a.melds for c in meld])
    for meld in chosen:
        state.hand.table.append(TableMeld(a.player, meld, True, state.hand.turn_no,
                                          all(c in rules.wild for c in meld.cards)))
    seat.down = True
    seat.made = True
    seat.down_turn = state.hand.turn_no
    seat.down_contract = contract.number
    state.hand.melds_this_turn += len(chosen)
    after_play(rules, state, a.player, contract.pat)


def can_go_down(rules: Rules, state: State, player: int, hand: list[int]) -> bool:
    """Could ``hand`` go down now as the go-down check accepts it: where going out needs a
    discard, with a card kept back to throw (a hand that only the whole of it lays would
    be left with no legal move once a taken wild bars its discard)."""
    for c in current_contracts(rules, state, player):
        if not rules.ways_down(hand, c, 1):
            continue
        if rules.variant.contracts.down_goes_out:  # each way keeps the card to discard
            return True
        if empty_ok(rules, c.pat).ok:
            return True
        for card in set(hand):
            rest = list(hand)
            rest.remove(card)
            if rules.ways_down(rest, c, 1):
                return True
    return False
