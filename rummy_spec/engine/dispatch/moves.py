"""``legal_actions``: every legal action in a state, with candidates for laying cards.

What it yields, exactly:

* every legal action that lays no meld: draws, buys and passes (for every player entitled
  to answer; at the wall, the pass that ends the hand), a dead hand declared with the
  stock low (``dead_hand``), rummy calls (with every distinct card a caller may throw),
  gifts, discards (every distinct card, and every target of a chosen Skip), knocks
  (every distinct card, and the no-discard big gin; each also naming every other
  arrangement of its least deadwood that leaves an opponent other lay-offs, at most
  ``knock_melds.KNOCK_ARRANGEMENTS`` per card), every single-card lay-off onto
  every table meld at every end that takes it, every swap and shift of a natural from
  hand into every table meld (with every table meld that can take a freed wild which
  must be played at once);
* for going down: the solver's distinct solutions of the player's contract(s), up to
  ``GO_DOWN_CANDIDATES`` each, best first (at least one whenever going down is possible);
  for a hand of more than ``BIG_HAND`` (20) cards, only the best one; where it finds
  none, ways with one meld of wilds alone (:mod:`.wild_ways`);
* for a new meld: every meld of the solver's best free arrangement of the hand; where a
  first meld action must count points, also all of them at once (and all but the last,
  where all of them would leave no card to discard);
* for a deep take from the spread pile, every depth that is legal; while a card taken
  from the pile waits to be used, only the plays that use it: every lay-off of it, its
  smallest melds (at most ``MUST_MELD_CANDIDATES``) and the arrangement's melds that
  hold it.

Every action is checked before it is yielded, so all of them are legal: with ``legal``,
or (discards) with ``discards.legal_discards``, which makes the checks of the discard handler
that do not depend on the card once.
"""

from __future__ import annotations

from functools import lru_cache

from ..families.discards import legal_discards
from ..families.knock_melds import knock_choices
from ..families.knocking import knock_candidates, knock_limit
from ..families.meld_play import lay_off_open
from ..families.piletake import plays_with
from ..families.schedule import current_contracts
from ..families.swaps import frees_from, shift_open, swap_open
from ..families.tableplay import opening_due, stock_card_pending
from ..families.tableplay import shifting as shift_to
from ..melding.melds import Meld
from ..records.rules import Rules
from ..records.state import PLAYING, ActionType, Move, RunEnd, Source, State
from .core import legal_subset
from .wild_ways import all_wild_ways

GO_DOWN_CANDIDATES = 8
MUST_MELD_CANDIDATES = 8  # smallest melds listed of a card taken from the pile


def _distinct(cards: list[int]) -> list[int]:
    return sorted(set(cards))


@lru_cache(maxsize=1 << 14)
def _act(type_: ActionType, player: int, card: int | None = None,
         source: Source | None = None, meld: int | None = None, end: RunEnd | None = None,
         target: int | None = None, wild_to: int | None = None) -> Move:
    """The action, shared: actions are immutable values and the same few hundred recur in
    every state, so each is built once (building one costs more than checking it)."""
    return Move(type_, player, source=source, card=card, meld=meld, end=end,
                  target=target, wild_to=wild_to)


def legal_actions(rules: Rules, state: State) -> list[Move]:
    if state.hand.cut_card is not None:  # the deal's wilds (``cut joker``)
        rules = rules.dealt(state)
    out: list[Move] = []
    phase = state.hand.phase
    if phase == "game-over":
        return out
    if phase == "offer":
        p = state.hand.offer[0]
        out += [_act("draw", p, None, "discard"), _act("pass", p)]
    elif phase == "claim":
        assert state.hand.claim is not None
        for p in state.hand.claim.pending:
            out += [_act("buy", p), _act("pass", p)]
    elif phase == "gifts":
        p = state.hand.giver[0]
        out += [_act("give", p, c) for c in _distinct(state.hand.seats[p].hand)]
        out.append(_act("pass", p))
    elif phase == "layoff":
        p = state.hand.turn
        out += _layoffs(rules, state, p)
        out.append(_act("pass", p))
    elif phase == "draw":
        p = state.hand.turn
        out += [_act("draw", p, None, "stock"), _act("draw", p, None, "discard")]
        if rules.variant.turn.deep_take:  # each card deep in the pile, with those above it
            out += [Move("draw", p, source="discard", depth=d)
                    for d in range(2, len(state.hand.discard) + 1)]
        st = rules.variant.stock
        if st.dead_how != "discard" or rules.variant.limits.dead_hand_turn is not None:
            out += [_act("pass", p), _act("dead_hand", p)]
        if rules.variant.turn.drop:  # a drop: the knock before drawing
            out.append(_act("knock", p))
        out += _calls(rules, state)
        if rules.variant.claim is not None and rules.variant.claim.window == "any-time":
            out += [_act("buy", q) for q in range(rules.players) if q != p]
    elif phase in PLAYING:  # the player in turn, or a claimant playing out of turn
        p = state.hand.turn
        if state.hand.must_meld is not None and not stock_card_pending(rules, state):
            # the card taken from the pile, first: its
            return _must_meld(rules, state, p)
        out = legal_subset(rules, state, _play(rules, state, p))
        out += legal_discards(rules, state, p, _discards(rules, state.hand.seats[p].hand, p))
        return out + legal_subset(rules, state, _knocks(rules, state, p))
    return legal_subset(rules, state, out)


def _must_meld(rules: Rules, state: State, p: int) -> list[Move]:
    """The plays open while a card taken from the pile waits to be used: each lay-off of
    it, its smallest melds (at most ``MUST_MELD_CANDIDATES``) and the melds of the hand's
    arrangement that hold it."""
    out: list[Move] = []
    melds = 0
    for a in plays_with(rules, state, p):
        if a.type == "meld":
            if melds == MUST_MELD_CANDIDATES:
                continue
            melds += 1
        out.append(a)
    return out + [a for a in legal_subset(rules, state, _play(rules, state, p))
                  if a.type == "meld" and a not in out]


def _calls(rules: Rules, state: State) -> list[Move]:
    rc = rules.variant.rummy_call
    if rc is None or state.hand.call_on is None:
        return []
    out = []
    for p in range(rules.players):
        if p == state.hand.call_on:
            continue
        if rc.penalty == "caller-discards":
            out += [_act("call", p, c) for c in _distinct(state.hand.seats[p].hand)]
        else:
            out.append(_act("call", p))
    return out


def _layoffs(rules: Rules, state: State, p: int) -> list[Move]:
    """Every lay-off of a distinct card of the hand that might fit a table meld (a wild
    anywhere, at either end of a run; a natural of :func:`_naturals_near`); the real test
    of each is ``legal``."""
    out: list[Move] = []
    table = state.hand.table
    if not table:
        return out
    cards = _distinct(state.hand.seats[p].hand)
    wild = rules.wild
    for i, t in enumerate(table):
        run = t.meld.kind == "run"
        near = _naturals_near(rules, t.meld)
        for c in cards:
            if c in wild:
                if run:
                    out += [_act("lay_off", p, c, None, i, "low"),
                            _act("lay_off", p, c, None, i, "high")]
                else:
                    out.append(_act("lay_off", p, c, None, i))
            elif c in near:
                out.append(_act("lay_off", p, c, None, i))
    return out


def _naturals_near(rules: Rules, meld: Meld) -> frozenset[int]:
    """The naturals that might be laid off on ``meld``: of a set's rank, of a group's
    suit, or one rank past a run's end in its suit (an ace past the king, a king or an ace
    below a run from the ace).  Memoised on what it reads of the meld (its kind, suit and
    end ranks), which is cheaper to look up than the whole meld and the same for the many
    melds that share them."""
    kind, suit = meld.kind, meld.suit
    key = ("near", kind, suit, meld.ranks[0], meld.ranks[-1])
    hit: frozenset[int] | None = rules.cache.get(key)
    if hit is not None:
        return hit
    check_suit = kind == "group" or (kind == "run" and suit is not None)
    ranks: tuple[int, ...] | None = None
    if kind == "set":
        ranks = (meld.ranks[0],)
    elif kind == "run":
        low, high = meld.ranks[0] - 1, meld.ranks[-1] + 1
        ranks = (low, high, *((1,) if high == 14 or low == 0 else ()),
                 *((13,) if low == 0 else ()))
    hit = rules.cache[key] = frozenset(
        f.code for f in rules.table.faces
        if f.code not in rules.wild and f.rank is not None
        and (ranks is None or f.rank in ranks) and not (check_suit and f.suit != suit))
    return hit


def _wild_meanings(rules: Rules, meld: Meld) -> frozenset[tuple[int, str | None]]:
    """(rank, suit) each wild of a meld stands for; suit None for a set's any-suit wild.
    Memoised on the meld, as :func:`_naturals_near` is."""
    key = ("meanings", meld)
    hit: frozenset[tuple[int, str | None]] | None = rules.cache.get(key)
    if hit is not None:
        return hit
    out: set[tuple[int, str | None]] = set()
    for card, rank in zip(meld.cards, meld.ranks, strict=True):
        if card in rules.wild and rank:
            natural = rank if rules.table.custom else (rank - 1) % 13 + 1
            out.add((natural, meld.suit if meld.kind == "run" else None))
    hit = rules.cache[key] = frozenset(out)
    return hit


def _play(rules: Rules, state: State, p: int) -> list[Move]:
    seat = state.hand.seats[p]
    hand = seat.hand
    v = rules.variant
    out: list[Move] = []
    if rules.has_contracts and not seat.down:
        for contract in current_contracts(rules, state, p):
            ways = rules.ways_down(hand, contract, GO_DOWN_CANDIDATES)
            for sol in ways:
                out.append(Move("go_down", p, melds=tuple(m.cards for m in sol.melds)))
            if not ways and not rules.wild.isdisjoint(hand):  # a meld of wilds alone,
                # which the solver does not try (a hand without a wild makes none)
                out += [Move("go_down", p, melds=w)
                        for w in all_wild_ways(rules, hand, contract)]
    if not rules.knocking and (not rules.has_contracts or v.turn.new_melds_after_down):
        arranged = rules.arrange(hand)
        for meld in arranged.melds:
            out.append(Move("meld", p, melds=(meld.cards,)))
        if len(arranged.melds) > 1 and opening_due(rules, state, p) is not None:
            # an opening may need them all at once
            every = tuple(m.cards for m in arranged.melds)
            out.append(Move("meld", p, melds=every))
            if not arranged.rest:  # all of them leave no card to discard: one fewer
                out.append(Move("meld", p, melds=every[:-1]))
    if state.hand.table and not rules.knocking:
        if lay_off_open(rules, state, p).ok:
            out += _layoffs(rules, state, p)
        out += _swaps(rules, state, p)
    return out


def _swaps(rules: Rules, state: State, p: int, gated: bool = True) -> list[Move]:
    """Every swap and shift of a natural from hand into a table meld holding a wild it
    may stand for (each freed wild to every table meld, where it must be played at once).

    ``gated``: none where a check would refuse them before looking at the card
    (:func:`.swaps.swap_open`, :func:`.swaps.shift_open`, :func:`.swaps.frees_from`,
    each the check's own first test); ungated, every one (a test checks both and
    compares)."""
    out: list[Move] = []
    sw = rules.variant.swap
    swapping = sw.allowed and (not gated or swap_open(rules, state, p).ok)
    shifting = sw.shift_to_end and (not gated or shift_open(rules, state, p).ok)
    if not (swapping or shifting):
        return out
    faces = rules.table.faces
    wild = rules.wild
    table = state.hand.table
    naturals: list[int] | None = None
    for i, t in enumerate(table):
        if wild.isdisjoint(t.meld.cards):
            continue
        swap_here = swapping and (not gated or frees_from(rules, t.meld))
        shift_here = shifting and t.meld.kind == "run"
        if not (swap_here or shift_here):
            continue
        wanted = _wild_meanings(rules, t.meld)
        if not wanted:
            continue
        if naturals is None:
            naturals = [c for c in _distinct(state.hand.seats[p].hand) if c not in wild
                        and faces[c].rank is not None]
        for c in naturals:
            f = faces[c]
            if (f.rank, f.suit) not in wanted and (f.rank, None) not in wanted:
                continue
            if swap_here:
                if sw.freed == "table":
                    out += [_act("swap", p, c, None, i, None, None, j)
                            for j in range(len(table))]
                else:
                    out.append(_act("swap", p, c, None, i))
            if shift_here:
                out.append(_act("shift", p, c, None, i))
                if isinstance(shift_to(rules, t.meld, c, "high"), Meld) and \
                        isinstance(shift_to(rules, t.meld, c, "low"), Meld):
                    out.append(_act("shift", p, c, None, i, "low"))  # the wild's other end
    return out


def _discards(rules: Rules, hand: list[int], p: int) -> list[Move]:
    if not rules.specials:
        table = rules.cache.get(("discards", p))
        if table is None:
            table = rules.cache[("discards", p)] = [
                _act("discard", p, c) for c in range(len(rules.table.faces))]
        return [table[c] for c in _distinct(hand)]
    out: list[Move] = []
    for c in _distinct(hand):
        special = rules.special_faces[c]
        if special is not None and special.skip == "chosen":
            out += [_act("discard", p, c, target=t) for t in range(rules.players)]
        else:
            out.append(_act("discard", p, c))
    return out


def _knocks(rules: Rules, state: State, p: int) -> list[Move]:
    """Each knock plain (the preferred arrangement laid), then the same knock naming each
    other arrangement an opponent could tell apart (:func:`.knock_melds.knock_choices`)."""
    hand = state.hand.seats[p].hand
    limit = knock_limit(rules, state)
    cards, floor = knock_candidates(rules, hand, limit)
    out = [_act("knock", p, c) for c in cards]
    if floor == 0:
        out.append(_act("knock", p))
    for c in [*cards, *([None] if floor == 0 else [])]:
        rest = list(hand)
        if c is not None:
            rest.remove(c)
        if rules.arrange(rest).rest_points > limit:
            continue
        out += [Move("knock", p, card=c, melds=m) for m in knock_choices(rules, hand, rest)]
    return out
