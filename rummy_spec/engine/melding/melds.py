"""Melds: is a group of cards a legal set, run or colour group, and what may join it.

Pure functions over a :class:`MeldRules` compiled once per variant; behaviour comes from
the rules model only.  A rejected meld or move answers a :class:`Rejection` with a stable
code from :data:`REASONS`.

Rules enforced (``rules/AXES.md`` B, C, D): a set is naturals of one rank (suits may
repeat in multi-deck games, A50); a run is consecutive ranks of one suit, or of any
colour when ``any colour``; a colour group is naturals of one colour, any ranks.  A wild
card is wild wherever it stands, even at its own natural place (A48).  A meld needs one
natural (A49) unless the variant allows sets of wilds only, which then accept only wilds.
Special cards that are not wild (a Skip) never go in a meld.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from ...lang import meldkinds
from ...lang.model import GroupRule, MeldKind, RunRule, SetRule
from .meldrules import MeldRules, compile_rules
from .meldtypes import REASONS, End, Meld, Rejection, reject, wild_meaning
from .runs import RunSpace, adjacent_wilds, arrange, fit_ordered, why_not

__all__ = [
    "REASONS",
    "Meld",
    "MeldRules",
    "Rejection",
    "add_card",
    "compile_rules",
    "fits",
    "reject",
    "shift_wild",
    "size_fault",
    "split",
    "swap_wild",
    "validate",
    "wild_fault",
    "wild_meaning",
]


# ----- validation ----------------------------------------------------------------------

def validate(
    rules: MeldRules,
    kind: MeldKind | None,
    cards: Iterable[int],
    *,
    contract: bool = False,
    ordered: bool = False,
) -> Meld | Rejection:
    """Is this multiset a legal meld of ``kind`` (None: set, run, group in turn)?

    ``contract``: the meld is laid as part of a contract, so limits scoped to contract
    melds apply.  ``ordered``: a run is given low to high and checked exactly as given.
    """
    hand = tuple(cards)
    if kind is None:
        failures: list[Rejection] = []
        for k in rules.kinds:
            got = validate(rules, k, hand, contract=contract, ordered=ordered)
            if isinstance(got, Meld):
                return got
            failures.append(got)
        # each kind's basic shape failure: when every kind fails, another reason tells more
        telling = [f for k, f in zip(rules.kinds, failures, strict=True)
                   if f.code != meldkinds.entry(k).shape_code]
        return (telling or failures or [reject("no-such-kind")])[0]
    for c in hand:
        if not rules.is_natural[c] and not rules.is_wild[c]:
            return reject("special-card", rules.table.text(c))
    check: Callable[[MeldRules, tuple[int, ...], bool, bool], Meld | Rejection] = (
        meldkinds.resolve(meldkinds.entry(kind).check))
    return check(rules, hand, contract, ordered)


def _sizes(rule: SetRule | RunRule | GroupRule, n: int, cap: int | None) -> Rejection | None:
    if n < rule.min:
        return reject("too-short", f"{n} cards, at least {rule.min} needed")
    if cap is not None and n > cap:
        return reject("too-long", f"{n} cards, at most {cap} allowed")
    return None


def _limits(rules: MeldRules, kind: MeldKind, nat: int, wild: int, contract: bool
            ) -> Rejection | None:
    w = rules.wilds
    if nat == 0:
        if not w.all_wild(kind) or rules.in_scope(w.need_natural, contract):
            return reject("needs-natural")
    elif w.naturals > 1 and nat < w.naturals and rules.in_scope(w.need_natural, contract):
        return reject("needs-natural", f"{nat} natural, at least {w.naturals} needed")
    elif rules.in_scope(w.never_outnumber, contract) and wild > nat:
        return reject("wilds-outnumber-naturals", f"{wild} wild, {nat} natural")
    elif rules.in_scope(w.minority, contract) and wild >= nat:
        return reject("wilds-not-fewer", f"{wild} wild, {nat} natural")
    most = meldkinds.wild_cap(w, kind)
    if most is not None and wild > most:
        return reject("too-many-wilds", f"{wild} wild, at most {most} per {kind}")
    return None


# For a kind's own check (see rummy_spec.lang.meldkinds): the size and wild-card limits
# every kind shares, and the cards split into naturals and wilds.
size_fault = _sizes
wild_fault = _limits


def split(rules: MeldRules, hand: Sequence[int]) -> tuple[list[int], list[int]]:
    naturals = sorted(c for c in hand if not rules.is_wild[c])
    return naturals, sorted(c for c in hand if rules.is_wild[c])


def check_set(rules: MeldRules, hand: tuple[int, ...], contract: bool, ordered: bool = False
              ) -> Meld | Rejection:
    rule = rules.set
    if rule is None:
        return reject("no-such-kind", "set")
    bad = _sizes(rule, len(hand), rule.max)
    if bad:
        return bad
    naturals, wilds = split(rules, hand)
    ranks = {rules.rank[c] for c in naturals}
    if len(ranks) > 1:
        return reject("mixed-ranks", " ".join(rules.table.texts(naturals)))
    if rule.without and ranks & set(rule.without) and (  # ``set { without threes }``
            wilds or not all(c in rules.last_only for c in naturals)):
        return reject("set-rank-left-out", " ".join(rules.table.texts(naturals))
                      + (" (with no wild card, and only in going out)"
                         if rules.last_only else ""))
    suits = [rules.suit[c] for c in naturals]
    if rule.different_suits and len(set(suits)) < len(suits):
        return reject("set-suits-repeat", " ".join(rules.table.texts(naturals)))
    bad = _limits(rules, "set", len(naturals), len(wilds), contract)
    if bad:
        return bad
    rank = ranks.pop() if ranks else 0
    return Meld("set", tuple(naturals + wilds), (rank,) * len(hand), None,
                (False,) * len(naturals) + (True,) * len(wilds))


def check_group(rules: MeldRules, hand: tuple[int, ...], contract: bool, ordered: bool = False
                ) -> Meld | Rejection:
    rule = rules.group
    if rule is None:
        return reject("no-such-kind", "group")
    bad = _sizes(rule, len(hand), rule.max)
    if bad:
        return bad
    naturals, wilds = split(rules, hand)
    suits = {rules.suit[c] for c in naturals}
    if len(suits) > 1:
        return reject("mixed-colours", " ".join(rules.table.texts(naturals)))
    bad = _limits(rules, "group", len(naturals), len(wilds), contract)
    if bad:
        return bad
    naturals.sort(key=lambda c: (rules.rank[c], c))
    return Meld("group", tuple(naturals + wilds),
                tuple(rules.rank[c] for c in naturals) + (0,) * len(wilds),
                suits.pop() if suits else None,
                (False,) * len(naturals) + (True,) * len(wilds))


def check_run(rules: MeldRules, hand: tuple[int, ...], contract: bool, ordered: bool
         ) -> Meld | Rejection:
    rule, space = rules.run, rules.space
    if rule is None or space is None:
        return reject("no-such-kind", "run")
    n = len(hand)
    bad = _sizes(rule, n, None)
    if bad:
        return bad
    naturals, wilds = split(rules, hand)
    suits = {rules.suit[c] for c in naturals}
    if len(suits) > 1 and not rule.any_colour:
        return reject("mixed-suits", " ".join(rules.table.texts(naturals)))
    suit = None if rule.any_colour or not suits else suits.pop()
    if n > space.max_len:
        return _too_long(rules, hand, ordered, n)
    bad = _limits(rules, "run", len(naturals), len(wilds), contract)
    if bad:
        return bad
    no_adj = rules.wilds.not_adjacent_in_runs
    if ordered:
        seq = [None if rules.is_wild[c] else rules.rank[c] for c in hand]
        start = fit_ordered(space, seq)
        if start is None:
            return _diagnose(rules, hand, ordered=True)
        if no_adj and adjacent_wilds(seq):
            return reject("adjacent-wilds")
        start = space.normalise(start)
        return Meld("run", hand, tuple(range(start, start + n)), suit,
                    tuple(rules.is_wild[c] for c in hand))
    ranks = [rules.rank[c] for c in naturals]
    found = arrange(space, ranks, len(wilds), no_adj)
    if found is None:
        if no_adj and arrange(space, ranks, len(wilds), False) is not None:
            return reject("adjacent-wilds")
        return _diagnose(rules, hand, ordered=False)
    start, offsets = found
    slots: list[int | None] = [None] * n
    for c, off in zip(naturals, offsets, strict=True):
        slots[off] = c
    spare = iter(wilds)
    cards = tuple(c if c is not None else next(spare) for c in slots)
    start = space.normalise(start)
    return Meld("run", cards, tuple(range(start, start + n)), suit,
                tuple(c is None for c in slots))


def _fits(rules: MeldRules, space: RunSpace, hand: tuple[int, ...], ordered: bool) -> bool:
    if ordered:
        return fit_ordered(space, [None if rules.is_wild[c] else rules.rank[c]
                                   for c in hand]) is not None
    ranks = [rules.rank[c] for c in hand if not rules.is_wild[c]]
    return arrange(space, ranks, len(hand) - len(ranks), False) is not None


def _too_long(rules: MeldRules, hand: tuple[int, ...], ordered: bool, n: int) -> Rejection:
    for code, loose in rules.relaxed:
        if code == "ace-both-ends" and n <= loose.max_len and _fits(rules, loose, hand, ordered):
            return reject(code)
    assert rules.space is not None
    return reject("too-long", f"{n} cards, at most {rules.space.max_len} allowed")


def _diagnose(rules: MeldRules, hand: tuple[int, ...], ordered: bool) -> Rejection:
    """Name the rule that stops these cards making a run."""
    ranks = [rules.rank[c] for c in hand if not rules.is_wild[c]]
    ace = None if rules.table.custom else rules.table.low_rank
    return reject(why_not(rules.relaxed, ranks, ace,
                          lambda loose: _fits(rules, loose, hand, ordered)))


# ----- changing a meld on the table ------------------------------------------------------

def add_card(
    rules: MeldRules, meld: Meld, card: int, *, end: End | None = None, contract: bool = False
) -> Meld | Rejection:
    """Lay ``card`` off onto ``meld``.  Runs: at the high end, else the low end, unless
    ``end`` chooses.  Limits scoped to contract melds apply only with ``contract``."""
    if not rules.is_natural[card] and not rules.is_wild[card]:
        return reject("special-card", rules.table.text(card))
    if not rules.is_wild[card] and all(rules.is_wild[c] for c in meld.cards):
        return reject("only-wilds-join")
    lay_off = meldkinds.entry(meld.kind).lay_off
    if lay_off is None:  # the meld with the card added must still be one of its kind
        return validate(rules, meld.kind, (*meld.cards, card), contract=contract)
    done: Meld | Rejection = meldkinds.resolve(lay_off)(rules, meld, card, end, contract)
    return done


def lay_off_run(rules: MeldRules, meld: Meld, card: int, end: End | None, contract: bool
                ) -> Meld | Rejection:
    """A run takes a card at one end: the high end, else the low end, unless ``end``
    chooses; a card whose place a wild holds is told so."""
    got = _extend(rules, meld, card, end, contract)
    if isinstance(got, Rejection) and got.code in _PLACE_FAULTS and rules.is_natural[card]:
        holder = _place_holder(rules, meld, card)
        if holder is not None:  # 5H onto 4H JK 6H, the joker standing for 5H
            text = rules.table.text
            return reject("place-taken", f"{text(card)}'s place is held by {text(holder)}")
    return got


_PLACE_FAULTS = frozenset({"not-consecutive", "duplicate-position"})


def _extend(rules: MeldRules, meld: Meld, card: int, end: End | None, contract: bool
            ) -> Meld | Rejection:
    """A run with ``card`` added at an end, or the first end's fault."""
    first: Rejection | None = None
    for e in (end,) if end is not None else ("high", "low"):
        seq = (*meld.cards, card) if e == "high" else (card, *meld.cards)
        got = check_run(rules, seq, contract, ordered=True)
        if isinstance(got, Meld):
            return got
        first = first or got
    assert first is not None
    return first


def _place_holder(rules: MeldRules, meld: Meld, natural: int) -> int | None:
    """The card of a run that stands where ``natural`` would go (a wild, or the same
    natural again), if any: why the card cannot be added there."""
    for i, c in enumerate(meld.cards):
        rank, suit = wild_meaning(rules, meld, i)
        if rank == rules.rank[natural] and (suit is None or suit == rules.suit[natural]):
            return c
    return None


def fits(rules: MeldRules, meld: Meld, card: int) -> bool:
    """Can ``card`` be laid off on ``meld`` (at either end of a run)?"""
    if meld.kind == "run" and (rules.is_natural[card] or rules.is_wild[card]):
        return isinstance(_extend(rules, meld, card, None, False), Meld)
    return isinstance(add_card(rules, meld, card), Meld)


def _wild_for(rules: MeldRules, meld: Meld, natural: int) -> int | Rejection:
    """The index of the wild in ``meld`` that ``natural`` may replace."""
    if not rules.is_natural[natural]:
        return reject("not-a-natural", rules.table.text(natural))
    if all(rules.is_wild[c] for c in meld.cards):
        return reject("only-wilds-join")
    if meld.kind == "set" and rules.rank[natural] != meld.ranks[0]:
        return reject("mixed-ranks", rules.table.text(natural))
    if meld.kind == "group" and rules.suit[natural] != meld.suit:
        return reject("mixed-colours", rules.table.text(natural))
    for i, c in enumerate(meld.cards):
        if not rules.is_wild[c]:
            continue
        if meld.kind != "run":
            return i
        rank, suit = wild_meaning(rules, meld, i)
        if rank == rules.rank[natural] and (suit is None or suit == rules.suit[natural]):
            return i
    return reject("no-wild-to-swap", rules.table.text(natural))


def swap_wild(rules: MeldRules, meld: Meld, natural: int) -> tuple[Meld, int] | Rejection:
    """Put ``natural`` in place of the wild it stands for; the new meld and the freed wild.

    Runs: the wild standing for exactly that rank and suit; sets: any wild of the set.
    """
    i = _wild_for(rules, meld, natural)
    if isinstance(i, Rejection):
        return i
    freed = meld.cards[i]
    cards = (*meld.cards[:i], natural, *meld.cards[i + 1:])
    if meld.kind == "run":
        wild = tuple(rules.is_wild[c] for c in cards)
        return Meld("run", cards, meld.ranks, meld.suit, wild), freed
    got = validate(rules, meld.kind, cards)
    assert isinstance(got, Meld), got
    return got, freed


def shift_wild(
    rules: MeldRules, meld: Meld, natural: int, *, end: End | None = None
) -> Meld | Rejection:
    """The joker shift (Ten Step, CR-P): ``natural`` takes a wild's place inside a run and
    the wild moves to the high end, else the low end (``end`` chooses), where it must
    still stand for a real rank within the length cap."""
    if meld.kind != "run":
        return reject("not-a-run")
    i = _wild_for(rules, meld, natural)
    if isinstance(i, Rejection):
        return i
    moved = meld.cards[i]
    cards = (*meld.cards[:i], natural, *meld.cards[i + 1:])
    first: Rejection | None = None
    for e in (end,) if end is not None else ("high", "low"):
        seq = (*cards, moved) if e == "high" else (moved, *cards)
        got = check_run(rules, seq, False, ordered=True)
        if isinstance(got, Meld):
            return got
        first = first or got
    assert first is not None
    return first
