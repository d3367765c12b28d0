"""Play on the table: going down, new melds, laying off, freeing and shifting wilds,
knocking and the defender's lay-offs.  Same check-then-do shape as ``turns``."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from typing import Literal

from ..lang import model as m
from .arrangements import knock_arrangement
from .ending import end_round
from .melds import Meld, Rejection, add_card, fits, shift_wild, swap_wild, validate
from .reasons import OK, Verdict, no
from .rules import Rules
from .state import Action, State, TableMeld
from .turns import gin_possible, may_knock_with

KINDS: tuple[m.MeldKind, ...] = ("set", "run", "group")
_SHAPE = frozenset({"mixed-ranks", "mixed-suits", "mixed-colours", "not-consecutive",
                    "no-such-kind"})
_SHAPE_OR_SIZE = _SHAPE | {"too-short", "too-long"}


def is_down(rules: Rules, state: State, player: int) -> bool:
    """Down = has laid the contract this hand; every player is, where there is none."""
    return state.seats[player].down or not rules.has_contracts


def _holds(hand: Sequence[int], cards: Sequence[int]) -> bool:
    need = Counter(cards)
    have = Counter(hand)
    return all(have[c] >= k for c, k in need.items())


def _remove(hand: list[int], cards: Sequence[int]) -> None:
    for c in cards:
        hand.remove(c)


def _meld_options(rules: Rules, cards: Sequence[int], contract: bool,
                  prefer: Collection[str] = ()) -> list[Meld] | Rejection:
    """Every kind this card list can be laid as (as given in order, else rearranged), or
    the most telling reason why it is none (``prefer``: the kinds the contract asks for)."""
    found: list[Meld] = []
    faults: list[tuple[str, Rejection]] = []
    for kind in KINDS:
        for ordered in (True, False):
            res = validate(rules.melds, kind, cards, contract=contract, ordered=ordered)
            if isinstance(res, Meld):
                found.append(res)
                break
            faults.append((kind, res))
    if found:
        return found
    # The faults of the kinds asked for; a fault of substance (wilds outnumber, needs a
    # natural, ace position...) says more than a size, and a size more than "not of one
    # rank / suit / colour" or "not consecutive", which is told for the kind the cards
    # look like: a set when a rank repeats, else a run.
    pool = [f for f in faults if f[0] in prefer] or faults
    for weak in (_SHAPE_OR_SIZE, _SHAPE):
        for _, res in pool:
            if res.code not in weak:
                return res
    ranks = [r for r in (rules.melds.rank[c] for c in cards) if r]
    looks = "set" if len(set(ranks)) < len(ranks) else "run"
    return next((res for kind, res in pool if kind == looks), pool[0][1])


def _element_sizes(rules: Rules, contract: m.Contract) -> dict[str, list[int]]:
    need: dict[str, list[int]] = {}
    v = rules.variant
    for e in contract.elements:
        rule = {"set": v.set, "run": v.run, "group": v.group}[e.kind]
        size = e.size if e.size is not None else (rule.min if rule is not None else 0)
        need.setdefault(e.kind, []).extend([size] * e.count)
    return need


def contract_verdict(rules: Rules, contract: m.Contract, melds: Sequence[Meld]) -> Verdict:
    """Do these melds (kinds already chosen) make the contract?"""
    c = rules.variant.contracts
    need = _element_sizes(rules, contract)
    exact_size = c.size == "exact" and not contract.pat
    sizes = {kind: (sorted((len(x.cards) for x in melds if x.kind == kind), reverse=True),
                    sorted(need.get(kind, []), reverse=True)) for kind in KINDS}
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
    runs = [x for x in melds if x.kind == "run"]
    if c.same_suit_runs == "gap":
        for i, a in enumerate(runs):
            for b in runs[i + 1:]:
                if a.suit == b.suit and a.suit is not None and (
                        min(b.ranks) <= max(a.ranks) + 1 and min(a.ranks) <= max(b.ranks) + 1):
                    return no("same-suit-runs-join")
    if c.distinct_set_ranks:
        ranks = [x.ranks[0] for x in melds if x.kind == "set"]
        if len(ranks) != len(set(ranks)):
            return no("set-ranks-repeat")
    return OK


def choose_kinds(rules: Rules, contract: m.Contract,
                 options: list[list[Meld]]) -> tuple[list[Meld], Verdict]:
    """Pick one reading per meld so the contract is met (few melds: try them all)."""
    best: tuple[list[Meld], Verdict] | None = None

    def walk(i: int, chosen: list[Meld]) -> bool:
        nonlocal best
        if i == len(options):
            v = contract_verdict(rules, contract, chosen)
            if v.ok or best is None:
                best = (list(chosen), v)
            return v.ok
        return any(walk(i + 1, [*chosen, opt]) for opt in options[i])

    walk(0, [])
    assert best is not None
    return best


def current_contracts(rules: Rules, state: State, player: int) -> list[m.Contract]:
    seat = state.seats[player]
    if not rules.individual:
        return [rules.contracts[state.round - 1]]
    if rules.variant.contracts.progression == "any-order":
        return [c for c in rules.contracts if c.number not in seat.completed]
    if seat.contract >= len(rules.contracts):
        return []
    return [rules.contracts[seat.contract]]


def _in_play(state: State, a: Action) -> Verdict:
    if a.player != state.turn:
        return no("not-your-turn")
    if state.phase == "draw":
        return no("must-draw-first")
    if state.phase != "play":
        return no("not-your-turn")
    return OK


def _after_play(rules: Rules, state: State, player: int, pat: bool = False) -> None:
    """A hand emptied by melding or laying off: out, or floating."""
    state.played_this_turn = True
    if state.seats[player].hand:
        return
    out = rules.variant.going_out
    if out.floating and not pat:
        from .turns import next_turn

        next_turn(rules, state)
        return
    end_round(rules, state, player, "out", by="meld")


def _last_card_ok(rules: Rules, state: State, hand_after: list[int],
                  table_after: list[Meld]) -> Verdict:
    """A play may not strand a last card that could then neither be discarded nor played:
    a card that may not be the last one (a Skip under ``not last card``, A44), or, going
    out by melding only, a card that fits nowhere."""
    if len(hand_after) != 1:
        return OK
    card = hand_after[0]
    special = rules.special_of(card)
    if special is not None and special.not_last_card:
        return no("skip-last-card", "this would leave a Skip as the last card")
    if rules.variant.going_out.by != "meld":
        return OK
    if any(fits(rules.melds, meld, card) for meld in table_after):
        return OK
    return no("must-go-out-by-meld", "this would leave a last card that can neither be "
              "discarded nor played")


def _one_card_play_ok(rules: Rules, state: State, hand: list[int], card: int,
                      changed: dict[int | None, Meld]) -> Verdict:
    """``_last_card_ok`` for a play of one card from a hand of two, with the table melds
    this play changes (by index)."""
    if len(hand) != 2:
        return OK
    rest = list(hand)
    rest.remove(card)
    after = [changed.get(i, t.meld) for i, t in enumerate(state.table)]
    return _last_card_ok(rules, state, rest, after)


def _empty_ok(rules: Rules, pat: bool) -> Verdict:
    out = rules.variant.going_out
    if pat or out.by != "discard" or out.floating:
        return OK
    return no("must-keep-discard")


def go_down(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    v = _in_play(state, a)
    if not v.ok:
        return v
    if not rules.has_contracts:
        return no("bad-action", "this variant has no contracts: lay melds one by one")
    seat = state.seats[a.player]
    if seat.down:
        return no("already-down")
    cards = [c for meld in (a.melds or ()) for c in meld]
    if not a.melds or not _holds(seat.hand, cards):
        return no("not-in-hand")
    contracts = current_contracts(rules, state, a.player)
    wanted = {e.kind for c in contracts for e in c.elements}
    options: list[list[Meld]] = []
    for meld_cards in a.melds:
        res = _meld_options(rules, meld_cards, contract=True, prefer=wanted)
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
    emptied = len(cards) == len(seat.hand)
    if contract.pat and not emptied:
        return no("pat-required")
    if emptied and not (v := _empty_ok(rules, contract.pat)).ok:
        return v
    if len(seat.hand) - len(cards) == 1:
        rest = list(seat.hand)
        _remove(rest, cards)
        if not (v := _last_card_ok(rules, state, rest,
                                   [t.meld for t in state.table] + chosen)).ok:
            return v
    if not do:
        return OK
    _remove(seat.hand, cards)
    for meld in chosen:
        state.table.append(TableMeld(a.player, meld, True, state.turn_no,
                                     all(c in rules.wild for c in meld.cards)))
    seat.down = True
    seat.made = True
    seat.down_turn = state.turn_no
    seat.down_contract = contract.number
    state.melds_this_turn += len(chosen)
    _after_play(rules, state, a.player, contract.pat)
    return OK


def new_meld(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    v = _in_play(state, a)
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
    if not a.melds or len(a.melds) != 1 or not _holds(seat.hand, a.melds[0]):
        return no("not-in-hand") if a.melds else no("bad-action", "name the meld's cards")
    res = _meld_options(rules, a.melds[0], contract=False)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    if len(a.melds[0]) == len(seat.hand) and not (v := _empty_ok(rules, False)).ok:
        return v
    if len(seat.hand) - len(a.melds[0]) == 1:
        rest = list(seat.hand)
        _remove(rest, a.melds[0])
        if not (v := _last_card_ok(rules, state, rest,
                                   [t.meld for t in state.table] + [res[0]])).ok:
            return v
    if not do:
        return OK
    _remove(seat.hand, a.melds[0])
    meld = res[0]
    state.table.append(TableMeld(a.player, meld, False, state.turn_no,
                                 all(c in rules.wild for c in meld.cards)))
    state.melds_this_turn += 1
    _after_play(rules, state, a.player)
    return OK


def _end(a: Action) -> Literal["low", "high"] | None:
    return "low" if a.end == "low" else "high" if a.end == "high" else None


def _target(state: State, a: Action) -> TableMeld | Verdict:
    if a.meld is None or not 0 <= a.meld < len(state.table):
        return no("no-such-meld")
    return state.table[a.meld]


def _timing_ok(rules: Rules, state: State, player: int, *owners: int) -> Verdict:
    """A card laid on melds of these owners in the turn of going down: refused when table
    play starts on the next turn (CR-P), or on one's own melds when those wait (TS)."""
    if state.seats[player].down_turn != state.turn_no or not rules.has_contracts:
        return OK
    lo = rules.variant.layoff
    if lo.timing == "next-turn":
        return no("layoff-next-turn")
    if lo.own_melds_next_turn and player in owners:
        return no("own-melds-next-turn")
    return OK


def lay_off(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    defending = state.phase == "layoff"
    if defending:
        if a.player != state.turn:
            return no("not-defender")
    else:
        v = _in_play(state, a)
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
    target = _target(state, a)
    if isinstance(target, Verdict):
        return target
    if a.card is None or a.card not in seat.hand:
        return no("not-in-hand")
    if not defending and not (v := _timing_ok(rules, state, a.player, target.owner)).ok:
        return v
    if defending and target.owner != state.knocker:
        return no("no-such-meld", "lay off only on the knocker's melds")
    res = add_card(rules.melds, target.meld, a.card, end=_end(a), contract=False)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    if defending and not _within_run_limit(rules, state, a.meld, res):
        return no("layoff-limit")
    if len(seat.hand) == 1 and not defending and not (v := _empty_ok(rules, False)).ok:
        return v
    if not defending and not (v := _one_card_play_ok(rules, state, seat.hand, a.card,
                                                      {a.meld: res})).ok:
        return v
    if not do:
        return OK
    seat.hand.remove(a.card)
    assert a.meld is not None
    state.table[a.meld] = TableMeld(target.owner, res, target.contract, target.laid_turn,
                                    target.all_wild)
    if not defending:
        _after_play(rules, state, a.player)
    return OK


def swap(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    v = _in_play(state, a)
    if not v.ok:
        return v
    sw = rules.variant.swap
    target = _target(state, a)
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
    if not (v := _timing_ok(rules, state, a.player, target.owner,
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
        put = add_card(rules.melds, base, wild, end=_end(a), contract=False)
        if isinstance(put, Rejection):
            return no(put.code, "the freed wild cannot go there: " + put.message)
        placed = (a.wild_to, put)
        changed: dict[int | None, Meld] = {a.meld: new, a.wild_to: put}
        if not (v := _one_card_play_ok(rules, state, seat.hand, a.card, changed)).ok:
            return v
    if placed is None and not seat.down and rules.has_contracts:
        # a player not yet down who takes a wild must go down this same turn
        hand = list(seat.hand)
        hand.remove(a.card)
        if not _can_go_down(rules, state, a.player, [*hand, wild]):
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
    _after_play(rules, state, a.player)
    return OK


def _can_go_down(rules: Rules, state: State, player: int, hand: list[int]) -> bool:
    return any(rules.ways_down(hand, c, 1) for c in current_contracts(rules, state, player))


def shift(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    v = _in_play(state, a)
    if not v.ok:
        return v
    if not rules.variant.swap.shift_to_end:
        return no("shift-not-allowed")
    if not is_down(rules, state, a.player):
        return no("not-down")
    seat = state.seats[a.player]
    target = _target(state, a)
    if isinstance(target, Verdict):
        return target
    if a.card is None or a.card not in seat.hand:
        return no("not-in-hand")
    if not (v := _timing_ok(rules, state, a.player, target.owner)).ok:
        return v
    res = shift_wild(rules.melds, target.meld, a.card)
    if isinstance(res, Rejection):
        return no(res.code, res.message)
    if len(seat.hand) == 1 and not (v := _empty_ok(rules, False)).ok:
        return v
    if not (v := _one_card_play_ok(rules, state, seat.hand, a.card, {a.meld: res})).ok:
        return v
    if not do:
        return OK
    seat.hand.remove(a.card)
    assert a.meld is not None
    state.table[a.meld] = TableMeld(target.owner, res, target.contract, target.laid_turn)
    _after_play(rules, state, a.player)
    return OK


def knock(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    v = _in_play(state, a)
    if not v.ok:
        return v
    k = rules.variant.knock
    if k is None:
        return no("knock-not-allowed")
    seat = state.seats[a.player]
    rest = list(seat.hand)
    if a.card is not None:
        if a.card not in rest:
            return no("not-in-hand")
        if not may_knock_with(rules, rest, a.card, state.taken):
            return no("keep-taken-card")
        rest.remove(a.card)
    sol = rules.arrange(rest)
    if a.card is None:
        if k.big_gin_bonus is None or sol.rest:
            return no("no-big-gin")
        kind = "big-gin"
    elif sol.rest_points > k.deadwood:
        return no("deadwood-too-high", f"deadwood {sol.rest_points} is above {k.deadwood}")
    else:
        kind = "gin" if not sol.rest else "knock"
    if kind == "knock" and rules.variant.limits.gin_forced and gin_possible(
            rules, state, seat.hand):
        return no("must-go-gin")
    if not do:
        return OK
    if a.card is not None:
        seat.hand.remove(a.card)
        state.discard.append(a.card)
        state.pile_owner.append(a.player)
    for meld in knock_arrangement(rules, rest).melds:  # ties: PROTOCOL.md's rule
        _remove(seat.hand, meld.cards)
        state.table.append(TableMeld(a.player, meld, False, state.turn_no))
    state.run_base = [[min(t.meld.ranks), max(t.meld.ranks)] for t in state.table]
    state.knocker = a.player
    state.knock_kind = kind
    layoffs = k.defender_lays_off and not (kind != "knock" and k.no_layoff_on_gin)
    if layoffs:
        state.turn = (a.player + 1) % rules.players
        state.phase = "layoff"
        return OK
    score_knock(rules, state)
    return OK


def _within_run_limit(rules: Rules, state: State, index: int | None, meld: Meld) -> bool:
    """A run of the knocker's grows by at most the spec's count of lay-offs at each end
    (OpenSpiel offers lay-offs next to the run as laid and next to those already laid
    off only: open_spiel/games/gin_rummy/gin_rummy_utils.cc, AllLayoffs)."""
    limit = rules.variant.limits.run_layoff_limit if rules.variant.knock is not None else None
    if limit is None or meld.kind != "run" or index is None or index >= len(state.run_base):
        return True
    low, high = state.run_base[index]
    return low - min(meld.ranks) <= limit and max(meld.ranks) - high <= limit


def defender_done(rules: Rules, state: State, a: Action, do: bool) -> Verdict:
    if state.phase != "layoff" or a.player != state.turn:
        return no("not-defender")
    if do:
        score_knock(rules, state)
    return OK


def score_knock(rules: Rules, state: State) -> None:
    """Deadwood difference, gin and big gin bonuses, undercut (two players)."""
    k = rules.variant.knock
    assert k is not None and state.knocker is not None
    knocker = state.knocker
    defender = (knocker + 1) % rules.players
    kd = rules.arrange(state.seats[knocker].hand).rest_points
    dd = rules.arrange(state.seats[defender].hand).rest_points
    scores = [0] * rules.players
    kind = state.knock_kind or "knock"
    if rules.variant.score.method == "minus-deadwood":
        # A flat score for going out; the other player loses his deadwood (RLCard's
        # payoff x100: rlcard/games/gin_rummy/utils/scorers.py, get_payoff_gin_rummy_v1).
        scores[knocker] = {"gin": k.gin_bonus, "big-gin": k.big_gin_bonus or 0}.get(
            kind, k.knock_bonus)
        scores[defender] = -dd
        end_round(rules, state, knocker, kind, scores, knocker_deadwood=kd,
                  defender_deadwood=dd)
        return
    if kind == "gin":
        winner, scores[knocker] = knocker, dd + k.gin_bonus
    elif kind == "big-gin":
        winner, scores[knocker] = knocker, dd + (k.big_gin_bonus or 0)
    elif dd < kd or (dd == kd and k.undercut_on_equal):
        winner, scores[defender] = defender, kd - dd + k.undercut_bonus
        kind = "undercut"
    else:
        winner, scores[knocker] = knocker, dd - kd + k.knock_bonus
    end_round(rules, state, winner, kind, scores, knocker_deadwood=kd, defender_deadwood=dd)
