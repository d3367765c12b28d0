"""What every play on the table shares: the player in turn after his draw, the cards he
holds, reading a card list as a meld, when a play may empty or nearly empty the hand,
and a hand emptied by a play (out, or floating)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Literal

from ...lang import meldkinds
from ..melding.melds import (
    Meld,
    Rejection,
    add_card,
    fits,
    shift_wild,
    swap_wild,
    validate,
    wild_meaning,
)
from ..records.reasons import OK, Verdict, no
from ..records.rules import Rules
from ..records.state import PLAYING, Move, RunEnd, State, TableMeld
from ..records.teams import team
from . import turnorder
from .ending import end_round
from .meldpoints import low_ace_at
from .outrule import out_ok, table_of


def _shape_codes() -> frozenset[str]:
    """Faults that say only that the cards are not of a kind's shape."""
    return frozenset({k.shape_code for k in meldkinds.entries()}
                     | {"not-consecutive", "no-such-kind"})


def is_down(rules: Rules, state: State, player: int) -> bool:
    """Down = has laid the contract this hand; where there is none, has laid a meld."""
    return rules.is_down(state, player)


def opening_short(rules: Rules, state: State, player: int, melds: Sequence[Meld]) -> Verdict:
    """A player's first melds, laid at once, must count the spec's opening points: each
    card its score, a wild the score of the card it stands for."""
    least = opening_due(rules, state, player)
    if least is None:
        return OK
    total = sum(_meld_points(rules, m) for m in melds)
    if total < least:
        return no("opening-too-low", f"{total} points, at least {least} needed")
    return OK


def opening_due(rules: Rules, state: State, player: int) -> int | None:
    """The points ``player``'s first melds must count, or None: no opening rule, or his
    side (with partners, his team: "when a player/team has not yet made any melds") has
    melded this hand.  With ``first melds by total`` the row of the side's total applies
    (Canasta: 15 below 0, 50 from 0, 90 from 1500, 120 from 3000)."""
    t = rules.variant.turn
    if t.opening_points is None and not t.opening_by_total:
        return None
    side = team(rules.variant.game.partners, rules.players, player)
    if any(rules.is_down(state, p) for p in side):
        return None
    if not t.opening_by_total:
        return t.opening_points
    total = sum(state.game.seats[p].total for p in side)
    least = t.opening_by_total[0][1]
    for start, points in t.opening_by_total:
        if start is not None and total >= start:
            least = points
    return least


def _meld_points(rules: Rules, meld: Meld) -> int:
    table = rules.melds.table
    total = 0
    low = rules.variant.score.low_ace
    for i, c in enumerate(meld.cards):
        if low is not None and low_ace_at(rules, meld, i):
            total += low  # an ace laid low in a run, or a wild standing for one
            continue
        if c not in rules.wild or rules.variant.turn.opening_wilds_own:
            total += rules.points[c]  # (a wild at its own points, where the spec says so)
            continue
        rank, suit = wild_meaning(rules.melds, meld, i)
        if rank:  # a wild of a set counts its rank, in any suit; of an all-wild meld, 0
            total += rules.points[table.face(rank, suit or table.suits[0])]
    return total


def holds(hand: Sequence[int], cards: Sequence[int]) -> bool:
    """Does ``hand`` hold every card of ``cards``, as many times as it is named?  (Counted
    in a plain dict: every go-down the listing offers is checked with this.)"""
    if len(cards) > len(hand):
        return False
    have: dict[int, int] = {}
    for c in hand:
        have[c] = have.get(c, 0) + 1
    for c in cards:
        left = have.get(c, 0)
        if not left:
            return False
        have[c] = left - 1
    return True


def remove_cards(hand: list[int], cards: Sequence[int]) -> None:
    for c in cards:
        hand.remove(c)


def meld_options(rules: Rules, cards: Sequence[int], contract: bool,
                  prefer: Collection[str] = ()) -> list[Meld] | Rejection:
    """Every kind this card list can be laid as (as given in order, else rearranged), or
    the most telling reason why it is none (``prefer``: the kinds the contract asks for).
    Memoised on the cards: the same melds come back in turn after turn."""
    key = ("meld-options", tuple(cards), contract, frozenset(prefer))
    hit: tuple[Meld, ...] | Rejection | None = rules.cache.get(key)
    if hit is None:
        _room(rules)
        got = _meld_options(rules, cards, contract, prefer)
        hit = rules.cache[key] = got if isinstance(got, Rejection) else tuple(got)
    return hit if isinstance(hit, Rejection) else list(hit)


def _meld_options(rules: Rules, cards: Sequence[int], contract: bool,
                  prefer: Collection[str]) -> list[Meld] | Rejection:
    found: list[Meld] = []
    faults: list[tuple[str, Rejection]] = []
    for kind in meldkinds.names():
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
    shape = _shape_codes()
    for weak in (shape | {"too-short", "too-long"}, shape):
        for _, res in pool:
            if res.code not in weak:
                return res
    ranks = [r for r in (rules.melds.rank[c] for c in cards) if r]
    looks = "set" if len(set(ranks)) < len(ranks) else "run"
    return next((res for kind, res in pool if kind == looks), pool[0][1])


def _room(rules: Rules) -> None:
    """Keep the memo of a long run of games within bounds (as ``Rules`` does its own)."""
    if len(rules.cache) > 200_000:
        rules.cache.clear()


def onto(rules: Rules, meld: Meld, card: int, end: Literal["low", "high"] | None = None
         ) -> Meld | Rejection:
    """``add_card`` of a lay-off (no contract limits), memoised: the table's melds stay
    put while the hands that try them change little from turn to turn."""
    key = ("onto", meld, card, end)
    hit: Meld | Rejection | None = rules.cache.get(key)
    if hit is None:
        _room(rules)
        hit = rules.cache[key] = add_card(rules.melds, meld, card, end=end, contract=False)
    return hit


def fits_on(rules: Rules, meld: Meld, card: int) -> bool:
    """``fits`` (can the card be laid off on the meld at all?), memoised like ``onto``."""
    key = ("fits", meld, card)
    hit: bool | None = rules.cache.get(key)
    if hit is None:
        _room(rules)
        hit = rules.cache[key] = fits(rules.melds, meld, card)
    return hit


def freeing(rules: Rules, meld: Meld, card: int) -> tuple[Meld, int] | Rejection:
    """``swap_wild`` of a natural from hand into a table meld, memoised like ``onto``."""
    key = ("swap", meld, card)
    hit: tuple[Meld, int] | Rejection | None = rules.cache.get(key)
    if hit is None:
        _room(rules)
        hit = rules.cache[key] = swap_wild(rules.melds, meld, card)
    return hit


def shifting(rules: Rules, meld: Meld, card: int,
             end: RunEnd | None = None) -> Meld | Rejection:
    """``shift_wild`` of a natural from hand into a table run, the wild to the ``end``
    the player names (None: the high end, else the low), memoised like ``onto``."""
    key = ("shift", meld, card, end)
    hit: Meld | Rejection | None = rules.cache.get(key)
    if hit is None:
        _room(rules)
        hit = rules.cache[key] = shift_wild(rules.melds, meld, card, end=end)
    return hit


def in_play(state: State, a: Move) -> Verdict:
    return in_play_for(state, a.player)


def in_play_for(state: State, player: int) -> Verdict:
    """May ``player`` play to the table or discard now: in turn, and past the draw."""
    if player != state.hand.turn:
        return no("not-your-turn")
    if state.hand.phase == "draw":
        return no("must-draw-first")
    if state.hand.phase not in PLAYING:
        return no("not-your-turn")
    return OK


def table_play(rules: Rules, state: State, player: int) -> Verdict:
    """May ``player`` play to the table now (go down, meld, lay off, swap, shift): as
    :func:`in_play_for`, and not on the first turn of ``first turn discard only`` (and of
    ``no upcard``), which is a discard or a knock and nothing else, nor in each player's
    first turns under ``no melding in the first N turns each``."""
    v = in_play_for(state, player)
    if (v.ok and rules.variant.deal.first_turn_discard and state.hand.turn_no == 0
            and not rules.knocking):  # a knock game has no table play at all: its own reason
        return no("first-turn-discard-only")
    early = rules.variant.turn.no_meld_turns
    if v.ok and early and state.hand.turn_no < early * rules.players:  # Remi 51: not in
        return no("too-early-to-meld")  # the first two rounds of turns (askarte.com)
    return v


def stock_card_pending(rules: Rules, state: State) -> bool:
    """Is the card the player must use the one he drew from the stock, which he may
    discard instead (``card drawn from the stock melded at once or discarded``)?  A card
    taken from the pile is the turn's ``taken``; a card drawn from the stock is not."""
    return (state.hand.must_meld is not None and rules.variant.turn.stock_card_melded
            and state.hand.taken is None)


def after_play(rules: Rules, state: State, player: int, pat: bool = False) -> None:
    """A hand emptied by melding or laying off: out, or floating."""
    state.hand.played_this_turn = True
    if state.hand.seats[player].hand:
        return
    out = rules.variant.going_out
    if out.floating and not pat:
        turnorder.next_turn(rules, state)
        return
    end_round(rules, state, player, "out", by="meld")


def own_team(rules: Rules, player: int) -> tuple[int, ...]:
    """Whose melds are ``player``'s own and whose being down opens lay-offs to him: his
    team, in a game without contracts (with contracts each player lays his own)."""
    if rules.has_contracts:
        return (player,)
    return team(rules.variant.game.partners, rules.players, player)


def playable_by(rules: Rules, player: int, card: int,
                melds: Iterable[tuple[int, Meld]]) -> bool:
    """Does ``card`` fit one of ``melds`` (owner, meld) that ``player`` may lay off on:
    any, or under ``lay off { on own melds only }`` his own (his team's)?"""
    mine = own_team(rules, player) if rules.variant.layoff.own_only else None
    return any(fits_on(rules, meld, card) for owner, meld in melds
               if mine is None or owner in mine)


def last_card_ok(rules: Rules, state: State, hand_after: list[int],
                  table_after: Sequence[tuple[int, Meld]]) -> Verdict:
    """A play may not strand a last card that could then neither be discarded nor played:
    a card that may not be the last one (a Skip under ``not last card``, A44), or, going
    out by melding only, a card that fits on no meld (owner, meld) the player may lay off
    on: under ``lay off { on own melds only }``, his own (his team's)."""
    if len(hand_after) != 1:
        return OK
    card = hand_after[0]
    special = rules.special_of(card)
    if special is not None and special.not_last_card:
        return no("skip-last-card", "this would leave a Skip as the last card")
    if rules.variant.going_out.by != "meld" or rules.variant.going_out.empty_plays_on:
        return OK
    if playable_by(rules, state.hand.turn, card, table_after):
        return OK
    return no("must-go-out-by-meld", "this would leave a last card that can neither be "
              "discarded nor played")


def one_card_play_ok(rules: Rules, state: State, hand: list[int], card: int,
                      changed: dict[int | None, Meld]) -> Verdict:
    """``last_card_ok`` for a play of one card from a hand of two, with the table melds
    this play changes (by index)."""
    if len(hand) <= 2 and rules.variant.going_out.needs_meld is not None:
        player = state.hand.turn  # a card is laid in one's own turn
        owned = [(player if i is None or i >= len(state.hand.table)
                  else state.hand.table[i].owner, m) for i, m in changed.items()]
        owned += [(t.owner, t.meld) for i, t in enumerate(state.hand.table) if i not in changed]
        if not (v := out_ok(rules, player, len(hand) - 1, owned)).ok:
            return v
    if len(hand) != 2:
        return OK
    rest = list(hand)
    rest.remove(card)
    after = [(t.owner, changed.get(i, t.meld)) for i, t in enumerate(state.hand.table)]
    return last_card_ok(rules, state, rest, after)


def empty_ok(rules: Rules, pat: bool) -> Verdict:
    out = rules.variant.going_out
    if pat or out.by != "discard" or out.floating:
        return OK
    return no("must-keep-discard")


def melds_leave_ok(rules: Rules, state: State, hand: list[int], cards: list[int],
                   laid: list[Meld], pat: bool) -> Verdict:
    """Melds of ``cards`` laid from ``hand``: may the hand be emptied (a discard kept where
    going out needs one), and may a last card be left (it must be discardable or
    playable)?  Shared by going down and by new melds."""
    if len(cards) == len(hand) and not (v := empty_ok(rules, pat)).ok:
        return v
    mine = state.hand.turn  # melds are laid in one's own turn
    if not (v := out_ok(rules, mine, len(hand) - len(cards),
                        [*table_of(state), *((mine, m) for m in laid)])).ok:
        return v
    if len(hand) - len(cards) == 1:
        rest = list(hand)
        remove_cards(rest, cards)
        return last_card_ok(rules, state, rest, [*table_of(state), *((mine, m) for m in laid)])
    return OK


def run_end(a: Move) -> Literal["low", "high"] | None:
    return "low" if a.end == "low" else "high" if a.end == "high" else None


def target_meld(state: State, a: Move) -> TableMeld | Verdict:
    if a.meld is None or not 0 <= a.meld < len(state.hand.table):
        return no("no-such-meld")
    return state.hand.table[a.meld]


def card_onto_target(state: State, a: Move) -> tuple[TableMeld, int] | Verdict:
    """The table meld a lay-off or a shift names and the card it plays, which the player
    holds: ``no-such-meld`` or ``not-in-hand`` when not."""
    target = target_meld(state, a)
    if isinstance(target, Verdict):
        return target
    if a.card is None or a.card not in state.hand.seats[a.player].hand:
        return no("not-in-hand")
    return target, a.card


def timing_ok(rules: Rules, state: State, player: int, *owners: int) -> Verdict:
    """A card laid on melds of these owners in the turn of going down: refused when table
    play starts on the next turn (CR-P), or on one's own melds when those wait (TS)."""
    if state.hand.seats[player].down_turn != state.hand.turn_no or not rules.has_contracts:
        return OK
    lo = rules.variant.layoff
    if lo.timing == "next-turn":
        return no("layoff-next-turn")
    if lo.own_melds_next_turn and player in owners:
        return no("own-melds-next-turn")
    return OK


def card_onto_meld(state: State, a: Move, meld: Meld, *, keep_all_wild: bool) -> None:
    """The card of ``a`` leaves the hand and table meld ``a.meld`` becomes ``meld``, with
    its owner, contract and turn laid (and its all-wild mark, where ``keep_all_wild``)."""
    assert a.card is not None and a.meld is not None
    state.hand.seats[a.player].hand.remove(a.card)
    old = state.hand.table[a.meld]
    state.hand.table[a.meld] = TableMeld(old.owner, meld, old.contract, old.laid_turn,
                                         old.all_wild and keep_all_wild,
                                         credited(old, a.player, a.card))


def credited(t: TableMeld, player: int, card: int | None = None,
             freed: int | None = None) -> tuple[tuple[int, int], ...]:
    """The meld's credits after ``player`` lays ``card`` on it (credited to him unless
    he owns it) and a wild ``freed`` from it leaves (the credit of whoever laid it)."""
    credits = list(t.credits)
    if freed is not None:
        mine = [i for i, (_, c) in enumerate(credits) if c == freed]
        if mine and sum(1 for c in t.meld.cards if c == freed) <= len(mine):
            del credits[mine[0]]  # every copy of it there was laid by others
    if card is not None and player != t.owner:
        credits.append((player, card))
    return tuple(credits)
