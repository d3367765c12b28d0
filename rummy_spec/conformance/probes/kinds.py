"""The state machine's probes: one legal action broken in one way each (``make``, one of
``KINDS``).  ``must_reject`` marks those illegal by construction (a player not entitled
to act, a card the player does not hold, an action out of phase), so the laws can judge
an engine, the reference included, without asking it first; the others (a broken meld,
a near meld, a random lay-off) may happen to be legal, and the laws judge the result.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from hypothesis import strategies as st

from ...engine.records.state import ActionType, Move, RunEnd, Source, State
from ...lang import model as m
from ...laws.turn import actor_fault

if TYPE_CHECKING:
    from ...laws.variant import Laws

# the kinds that exercise meld and contract checks come up twice as often
KINDS = ("wrong-player", "not-held", "out-of-phase", "broken-meld", "broken-meld",
         "near-meld", "near-meld", "lay-off", "lay-off", "throw-back", "random")
TYPES: tuple[ActionType, ...] = ("draw", "buy", "pass", "dead_hand", "go_down", "meld",
                                 "lay_off", "swap", "shift", "discard", "knock", "call",
                                 "give")
SOURCES: tuple[Source, ...] = ("stock", "discard")
ENDS: tuple[RunEnd | None, ...] = (None, "low", "high")
TABLE_PLAYS: tuple[ActionType, ...] = ("lay_off", "swap", "shift")
THROWS: tuple[ActionType, ...] = ("discard", "knock")

Probe = tuple[Move, bool]


def _entitled(v: m.Variant, s: State, a: Move) -> bool:
    """The turn-order law's answer."""
    h = s.hand
    return not actor_fault(v, h.phase, a.type, a.player, h.turn,
                           h.claim.pending if h.claim is not None else None, h.offer, h.giver)

# probes of the player in turn after his draw: the machine first plays into that phase
IN_PLAY = frozenset({"broken-meld", "near-meld", "lay-off", "throw-back"})


def make(kind: str, data: st.DataObject, laws: Laws, state: State,
         legal: Sequence[Move]) -> Probe | None:
    maker = {"wrong-player": _wrong_player, "not-held": _not_held,
             "out-of-phase": _out_of_phase, "broken-meld": _broken_meld,
             "near-meld": _near_meld, "lay-off": _lay_off, "throw-back": _throw_back,
             "random": _random}[kind]
    return maker(data, laws, state, legal)


def _pick(data: st.DataObject, items: Sequence[Move]) -> Move | None:
    return data.draw(st.sampled_from(list(items)), label="legal action") if items else None


def _wrong_player(data: st.DataObject, laws: Laws, s: State,
                  legal: Sequence[Move]) -> Probe | None:
    a = _pick(data, legal)
    if a is None:
        return None
    others = [q for q in range(laws.players)
              if not _entitled(laws.variant, s, dataclasses.replace(a, player=q))]
    if not others:
        return None
    q = data.draw(st.sampled_from(others), label="wrong player")
    return dataclasses.replace(a, player=q), True


def _absent(data: st.DataObject, laws: Laws, hand: Sequence[int]) -> int | None:
    faces = [f.code for f in laws.table.faces if f.code not in hand]
    return data.draw(st.sampled_from(faces), label="card not held") if faces else None


def _not_held(data: st.DataObject, laws: Laws, s: State,
              legal: Sequence[Move]) -> Probe | None:
    with_cards = [a for a in legal if a.card is not None or a.melds]
    a = _pick(data, with_cards)
    if a is None:
        return None
    hand = s.hand.seats[a.player].hand
    card = _absent(data, laws, hand)
    if card is None:
        return None
    if a.card is not None and a.type != "swap":
        return dataclasses.replace(a, card=card), True
    if a.melds:
        i = data.draw(st.integers(0, len(a.melds) - 1), label="meld")
        meld = list(a.melds[i])
        meld[data.draw(st.integers(0, len(meld) - 1), label="card")] = card
        melds = list(a.melds)
        melds[i] = tuple(meld)
        return dataclasses.replace(a, melds=tuple(melds)), True
    return dataclasses.replace(a, card=card), True


def _out_of_phase(data: st.DataObject, laws: Laws, s: State,
                  legal: Sequence[Move]) -> Probe | None:
    """The player in turn tries an action of a type the phase does not allow."""
    p = s.hand.turn
    hand = s.hand.seats[p].hand
    card = data.draw(st.sampled_from(hand), label="card") if hand else None
    types = [t for t in TYPES if not _entitled(laws.variant, s, Move(t, p))]
    if not types:
        return None
    t = data.draw(st.sampled_from(types), label="type")
    if t == "draw":
        return Move("draw", p, source=data.draw(st.sampled_from(SOURCES))), True
    if t in ("go_down", "meld"):
        melds = ((card,),) if card is not None else ((0,),)
        return Move(t, p, melds=melds), True
    if t in ("lay_off", "swap", "shift"):
        return Move(t, p, card=card, meld=0), True
    return Move(t, p, card=card), True


def _broken_meld(data: st.DataObject, laws: Laws, s: State,
                 legal: Sequence[Move]) -> Probe | None:
    a = _pick(data, [x for x in legal if x.melds])
    if a is None or not a.melds:
        return None
    melds = [list(x) for x in a.melds]
    rest = list(s.hand.seats[a.player].hand)
    for x in melds:
        for c in x:
            rest.remove(c)
    i = data.draw(st.integers(0, len(melds) - 1), label="meld")
    how = data.draw(st.sampled_from(("drop-meld", "drop", "add", "replace", "merge",
                                     "reverse")))
    target = melds[i]
    if how == "drop-meld" and len(melds) > 1:
        del melds[i]
    elif how == "drop" and len(target) > 1:
        target.pop(data.draw(st.integers(0, len(target) - 1)))
    elif how == "add" and rest:
        target.append(data.draw(st.sampled_from(rest)))
    elif how == "replace" and rest:
        target[data.draw(st.integers(0, len(target) - 1))] = data.draw(st.sampled_from(rest))
    elif how == "merge" and len(melds) > 1:
        j = (i + 1) % len(melds)
        melds[i] = target + melds[j]
        del melds[j]
    else:
        target.reverse()
    return dataclasses.replace(a, melds=tuple(tuple(x) for x in melds)), False


def near_melds(laws: Laws, hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Melds one might try from a hand: same-rank cards and same-suit neighbours (counted
    around the corner), of about the least size their kind allows, topped up with the
    hand's wilds (sometimes too many of them)."""
    v = laws.variant
    faces = laws.table.faces
    wilds = [c for c in hand if c in laws.wild]
    naturals = [c for c in hand if c not in laws.wild and faces[c].rank is not None]
    out: list[tuple[int, ...]] = []
    set_min = v.set.min if v.set is not None else 3
    by_rank: dict[int, list[int]] = {}
    for c in naturals:
        by_rank.setdefault(faces[c].rank or 0, []).append(c)
    for cards in by_rank.values():
        for k in range(len(wilds) + 1):
            if len(cards[:4]) + k >= set_min:
                out.append(tuple(cards[:4] + wilds[:k]))
    run_min = v.run.min if v.run is not None else 3
    by_suit: dict[str | None, dict[int, int]] = {}
    for c in naturals:
        by_suit.setdefault(faces[c].suit, {})[faces[c].rank or 0] = c
    for ranks in by_suit.values():
        for start in ranks:
            for length in (run_min, run_min + 1):
                cards, spare = [], list(wilds)
                for i in range(length):
                    r = laws.low + (start - laws.low + i) % laws.period
                    if r in ranks:
                        cards.append(ranks[r])
                    elif spare:
                        cards.append(spare.pop())
                    else:
                        break
                else:
                    out.append(tuple(cards))
    return out


def _near_meld(data: st.DataObject, laws: Laws, s: State,
               legal: Sequence[Move]) -> Probe | None:
    if s.hand.phase != "play":
        return None
    p = s.hand.turn
    options = near_melds(laws, s.hand.seats[p].hand)
    if not options:
        return None
    cand = data.draw(st.sampled_from(options), label="near meld")
    downs = [a for a in legal if a.type == "go_down" and a.melds]
    v: m.Variant = laws.variant
    if not v.contracts.rounds or any(a.type == "meld" for a in legal):
        return Move("meld", p, melds=(cand,)), False
    if not downs or data.draw(st.booleans(), label="alone"):
        return Move("go_down", p, melds=(cand,)), False
    base = data.draw(st.sampled_from(downs), label="go-down")
    assert base.melds is not None
    i = data.draw(st.integers(0, len(base.melds) - 1), label="meld replaced")
    melds = [*base.melds[:i], cand, *base.melds[i + 1:]]
    return Move("go_down", p, melds=tuple(melds)), False


def _lay_off(data: st.DataObject, laws: Laws, s: State,
             legal: Sequence[Move]) -> Probe | None:
    p = s.hand.turn
    hand = s.hand.seats[p].hand
    if not hand or not s.hand.table:
        return None
    card = data.draw(st.sampled_from(hand), label="card")
    meld = data.draw(st.integers(0, len(s.hand.table) - 1), label="meld")
    end = data.draw(st.sampled_from(ENDS), label="end")
    kind = data.draw(st.sampled_from(TABLE_PLAYS), label="type")
    if kind != "lay_off":  # a natural in the place of one of the meld's wilds, if any
        fits = [c for c in hand if _stands_for(laws, s, meld, c)]
        card = data.draw(st.sampled_from(fits), label="natural") if fits else card
    wild_to = data.draw(st.integers(0, len(s.hand.table) - 1)) if kind == "swap" else None
    return Move(kind, p, card=card, meld=meld, end=end, wild_to=wild_to), False


def _stands_for(laws: Laws, s: State, index: int, card: int) -> bool:
    """Does a wild of table meld ``index`` stand where this natural would?"""
    meld = s.hand.table[index].meld
    f = laws.table.faces[card]
    if card in laws.wild or f.rank is None:
        return False
    for c, place in zip(meld.cards, meld.ranks, strict=False):
        if c not in laws.wild:
            continue
        if meld.kind == "set" and place == f.rank:
            return True
        if meld.kind == "run" and laws.rank_at(place) == f.rank and meld.suit in (None, f.suit):
            return True
    return False


def _throw_back(data: st.DataObject, laws: Laws, s: State,
                legal: Sequence[Move]) -> Probe | None:
    """Throw back the card just taken from the pile (as a discard, or with a knock)."""
    h = s.hand
    if h.phase != "play" or h.taken is None or h.taken not in h.seats[h.turn].hand:
        return None
    kind = data.draw(st.sampled_from(THROWS), label="type")
    return Move(kind, s.hand.turn, card=s.hand.taken), False


def _random(data: st.DataObject, laws: Laws, s: State,
            legal: Sequence[Move]) -> Probe | None:
    t = data.draw(st.sampled_from(TYPES), label="type")
    p = data.draw(st.integers(0, laws.players - 1), label="player")
    hand = s.hand.seats[p].hand
    card = None
    if hand:
        card = data.draw(st.one_of(st.none(), st.sampled_from(hand)), label="card")
    meld = data.draw(st.integers(0, len(s.hand.table) - 1)) if s.hand.table else None
    source = data.draw(st.sampled_from((None, *SOURCES)))
    melds = None
    if t in ("go_down", "meld") and hand:
        cards = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=5))
        melds = (tuple(cards),)
    target = data.draw(st.integers(0, laws.players - 1)) if data.draw(st.booleans()) else None
    return Move(t, p, source=source, card=card, meld=meld, melds=melds, target=target), False


def single_card_actions(laws: Laws, s: State) -> list[Move]:
    """Every action of the current phase that lays no new meld, in the canonical form
    ``legal_actions`` uses (a wild laid off on a run names its end, others none; a freed
    wild that goes to the table names its meld): the machine checks that every one of
    these that is legal is listed."""
    v = laws.variant
    out: list[Move] = []
    ph = s.hand.phase
    n = laws.players
    if ph == "offer" and s.hand.offer:
        out += [Move("draw", s.hand.offer[0], source="discard"), Move("pass", s.hand.offer[0])]
    elif ph == "claim" and s.hand.claim is not None:
        for q in s.hand.claim.pending:
            out += [Move("buy", q), Move("pass", q)]
    elif ph == "gifts" and s.hand.giver:
        q = s.hand.giver[0]
        out += [Move("give", q, card=c) for c in sorted(set(s.hand.seats[q].hand))]
        out.append(Move("pass", q))
    elif ph == "draw":
        out += [Move("draw", s.hand.turn, source="stock"),
                Move("draw", s.hand.turn, source="discard")]
        rc = v.rummy_call
        if rc is not None:
            for q in range(n):
                if rc.penalty == "caller-discards":
                    out += [Move("call", q, card=c) for c in sorted(set(s.hand.seats[q].hand))]
                else:
                    out.append(Move("call", q))
    elif ph in ("play", "layoff"):
        p = s.hand.turn
        hand = sorted(set(s.hand.seats[p].hand))
        for i, t in enumerate(s.hand.table):
            for c in hand:
                if t.meld.kind == "run" and c in laws.wild:
                    out += [Move("lay_off", p, card=c, meld=i, end=e) for e in ("low", "high")]
                else:
                    out.append(Move("lay_off", p, card=c, meld=i))
                if ph == "play" and _stands_for(laws, s, i, c):
                    if v.swap.freed == "table":
                        out += [Move("swap", p, card=c, meld=i, wild_to=j)
                                for j in range(len(s.hand.table))]
                    else:
                        out.append(Move("swap", p, card=c, meld=i))
                    out.append(Move("shift", p, card=c, meld=i))
        if ph == "layoff":
            out.append(Move("pass", p))
        else:
            for c in hand:
                code = laws.table.faces[c].special
                special = next((x for x in v.deck.specials if x.code == code), None)
                if special is not None and special.skip == "chosen":
                    out += [Move("discard", p, card=c, target=q) for q in range(n)]
                else:
                    out.append(Move("discard", p, card=c))
                out.append(Move("knock", p, card=c))
            out.append(Move("knock", p))
    return out
