"""Actions for the fuzzer to try besides the legal ones: near misses.

Engines go wrong at the edges of rules: a run that wraps, a set with one wild too many,
an extra meld, a lay-off by a player not yet down, a buy out of priority, the discard of
the card just taken, a play that empties a hand that must end with a discard.  So the
probes are built from the hand and the table (loose groups of cards that look like melds,
every lay-off, swap and shift, discards, draws, buys and calls by every player), tried on
the reference, and ranked: legal actions the enumerator does not list, then refusals for
a rule (a reason code that names one), a couple per action type and code, then a few
plain mistakes (a card not held, a meld that is no meld).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable

from ..engine.contracts import current_contracts
from ..engine.core import legal
from ..engine.melds import Meld, validate
from ..engine.rules import Rules
from ..engine.state import Action, State

# Refusals that say only "that is not a move at all": tried last, and few of them.
PLAIN = frozenset({
    "not-in-hand", "bad-action", "bad-player", "no-such-meld", "game-over", "claim-not-open",
    "no-gift-due", "call-not-open", "already-drawn", "must-draw-first", "mixed-suits",
    "mixed-ranks", "mixed-colours", "not-consecutive", "duplicate-position",
    "no-wild-to-swap", "not-a-natural", "too-long", "stock-empty", "no-upcard", "no-offer",
    "not-defender", "no-table-play", "special-card", "not-your-turn", "no-such-kind"})
# Refusals tried first when they occur: how a hand may end (a rare moment in a game).
FIRST = ("must-keep-discard", "must-go-out-by-meld", "pat-required", "skip-last-card")
PER_KIND = 2
MAX_PLAIN = 3
MAX_GROUPS = 30
MAX_TRIES = 60


_GROUPS: dict[tuple[int, tuple[int, ...]], list[tuple[int, ...]]] = {}


def loose_groups(rules: Rules, hand: list[int]) -> list[tuple[int, ...]]:
    """Card groups from ``hand`` that look like melds, legal or not: sets of a rank with
    0..3 wilds, runs of a suit (around the corner too) with up to 2 wilds in the gaps,
    cards of one colour.  (Remembered per hand: hands repeat from step to step.)"""
    key = (id(rules.melds), tuple(sorted(hand)))
    hit = _GROUPS.get(key)
    if hit is None:
        if len(_GROUPS) > 5000:
            _GROUPS.clear()
        hit = _GROUPS[key] = _loose_groups(rules, hand)
    return hit


def _loose_groups(rules: Rules, hand: list[int]) -> list[tuple[int, ...]]:
    faces = rules.table.faces
    wild = sorted(c for c in hand if c in rules.wild)
    by_rank: dict[int, list[int]] = {}
    by_suit_rank: dict[tuple[str | None, int], int] = {}
    by_suit: dict[str | None, list[int]] = {}
    for c in sorted(hand):
        f = faces[c]
        if c in rules.wild or f.rank is None:
            continue
        by_rank.setdefault(f.rank, []).append(c)
        by_suit_rank.setdefault((f.suit, f.rank), c)
        by_suit.setdefault(f.suit, []).append(c)
    out: list[tuple[int, ...]] = []
    for cards in by_rank.values():
        for k in range(min(len(wild), 2) + 1):
            if len(cards) + k >= 2:
                out.append((*cards, *wild[:k]))
        if len(wild) > 1:  # one natural, more wilds
            out.append((cards[0], *wild[:3]))
    low, high = rules.table.low_rank, rules.table.high_rank
    period = high - low + 1
    for suit in by_suit:
        for start in range(low, high + 1):
            for length in (4, 3, 5):
                seq: list[int] = []
                used = 0
                for i in range(length):
                    card = by_suit_rank.get((suit, low + (start - low + i) % period))
                    if card is not None:
                        seq.append(card)
                    elif used < min(2, len(wild)):
                        seq.append(wild[used])
                        used += 1
                    else:
                        break
                if len(seq) == length and length - used >= 2:
                    out.append(tuple(seq))
    if rules.variant.group is not None:
        for cards in by_suit.values():
            if len(cards) >= 4:
                out.append((*cards, *wild[:1]))
    seen: dict[tuple[int, ...], None] = {}
    for g in out:
        seen.setdefault(g, None)
    return _by_promise(rules, list(seen))[:MAX_GROUPS]


def _by_promise(rules: Rules, groups: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Legal melds first, then groups refused for a rule (a wrap, too many wilds...),
    then the rest."""
    def rank(g: tuple[int, ...]) -> int:
        got = validate(rules.melds, None, g, contract=True, ordered=True)
        if isinstance(got, Meld):
            return 0
        return 2 if got.code in PLAIN else 1

    return sorted(groups, key=rank)


def _fits_in(hand: Counter[int], groups: Iterable[tuple[int, ...]]) -> bool:
    need: dict[int, int] = {}
    for g in groups:
        for c in g:
            k = need.get(c, 0) + 1
            if k > hand[c]:
                return False
            need[c] = k
    return True


def _meld_probes(rules: Rules, state: State, p: int, legal_downs: list[Action]
                 ) -> list[Action]:
    hand = state.seats[p].hand
    groups = loose_groups(rules, hand)
    have = Counter(hand)
    out: list[Action] = [Action("meld", p, melds=(g,)) for g in groups]
    out += [Action("go_down", p, melds=(g,)) for g in groups]
    if rules.has_contracts:
        contracts = current_contracts(rules, state, p)
        most = max((sum(e.count for e in c.elements) for c in contracts), default=1) + 1
        tries = itertools.islice(itertools.chain.from_iterable(
            itertools.combinations(groups[:8], n) for n in range(2, most + 1)), MAX_TRIES)
        out += [Action("go_down", p, melds=combo) for combo in tries if _fits_in(have, combo)]
        for down in legal_downs[:2]:  # a legal contract plus one more meld, or one more card
            melds = down.melds or ()
            for g in groups:
                if _fits_in(have, (*melds, g)):
                    out.append(Action("go_down", p, melds=(*melds, g)))
            used = Counter(c for m in melds for c in m)
            spare = sorted((have - used).elements())
            for i, m in enumerate(melds):
                for c in spare[:4]:
                    grown = (*melds[:i], (*m, c), *melds[i + 1:])
                    out.append(Action("go_down", p, melds=grown))
            out.append(Action("go_down", p, melds=_grow_all(rules, melds, spare)))
    return out


def _near(rules: Rules, meld: Meld, card: int) -> bool:
    """Could the card have anything to do with the meld (its rank, its ends, a wild)?"""
    f = rules.table.faces[card]
    if card in rules.wild or f.rank is None:
        return card in rules.wild
    if meld.kind == "set":
        return rules.melds.rank[card] == meld.ranks[0] or not meld.ranks[0]
    if meld.kind == "group":
        return f.suit == meld.suit
    if meld.suit is not None and f.suit != meld.suit:
        return False
    period = rules.table.high_rank - rules.table.low_rank + 1
    ends = {(meld.ranks[0] - 2) % period, meld.ranks[-1] % period}
    return (f.rank - rules.table.low_rank) % period in ends or f.rank in (meld.ranks[0] - 1,
                                                                          meld.ranks[-1] + 1)


def _grow_all(rules: Rules, melds: tuple[tuple[int, ...], ...], spare: list[int]
              ) -> tuple[tuple[int, ...], ...]:
    """The melds with every spare card that fits one of them added (to empty the hand)."""
    grown = [list(m) for m in melds]
    for c in spare:
        for m in grown:
            if isinstance(validate(rules.melds, None, (*m, c), contract=True), Meld):
                m.append(c)
                break
    return tuple(tuple(m) for m in grown)


def _table_probes(rules: Rules, state: State, players: Iterable[int]) -> list[Action]:
    """Lay-offs, swaps and shifts of the cards that have to do with a meld, by every
    player (plays out of turn, or before going down, are near misses too)."""
    out: list[Action] = []
    to_table = rules.variant.swap.freed == "table"
    for p in players:
        for c in sorted(set(state.seats[p].hand)):
            for i, t in enumerate(state.table):
                if not _near(rules, t.meld, c):
                    continue
                if c in rules.wild and t.meld.kind == "run":
                    out += [Action("lay_off", p, card=c, meld=i, end=e) for e in ("low", "high")]
                else:
                    out.append(Action("lay_off", p, card=c, meld=i))
                if c in rules.wild or not any(w in rules.wild for w in t.meld.cards):
                    continue
                targets: list[int | None] = list(range(len(state.table))) if to_table else [
                    None]
                out += [Action("swap", p, card=c, meld=i, wild_to=j) for j in targets]
                out.append(Action("shift", p, card=c, meld=i))
    return out


def raw_probes(rules: Rules, state: State, legal_downs: list[Action]) -> list[Action]:
    n = rules.players
    turn = state.turn
    everyone = range(n)
    out: list[Action] = []
    for p in everyone:
        out += [Action("draw", p, source="stock"), Action("draw", p, source="discard"),
                Action("buy", p), Action("pass", p), Action("dead_hand", p)]
        hand = sorted(set(state.seats[p].hand))
        out.append(Action("call", p, card=hand[0] if hand else None))
        out.append(Action("call", p))
        if hand:
            out.append(Action("give", p, card=hand[0]))
    hand = sorted(set(state.seats[turn].hand))
    out += [Action("discard", turn, card=c) for c in hand]
    out += [Action("discard", turn, card=c, target=t) for c in hand if rules.special_of(c)
            for t in everyone]
    out += [Action("discard", (turn + 1) % n, card=c)
            for c in sorted(set(state.seats[(turn + 1) % n].hand))[:1]]
    if rules.knocking:
        out += [Action("knock", turn, card=c) for c in hand] + [Action("knock", turn)]
    if hand and state.table:  # one lay-off that fits nothing
        out.append(Action("lay_off", turn, card=hand[0], meld=0))
    out += _meld_probes(rules, state, turn, legal_downs)
    out += _table_probes(rules, state, [turn, *(p for p in everyone if p != turn)])
    return out


def ranked_probes(rules: Rules, state: State, listed: list[Action]) -> list[list[Action]]:
    """Probes to try, in groups, best first: unlisted legal actions, then one group per
    reason code for a rule (a couple per action type), then a few plain mistakes.  A
    fuzzer picks a group, then a probe in it, so a rare refusal is tried as often as a
    common one."""
    known = set(listed)
    downs = [a for a in listed if a.type == "go_down"]
    extra: list[Action] = []
    ruled: dict[str, list[Action]] = {}
    plain: list[Action] = []
    counts: Counter[tuple[str, str]] = Counter()
    seen: set[Action] = set()
    for a in raw_probes(rules, state, downs):
        if a in seen or a in known:
            continue
        seen.add(a)
        v = legal(rules, state, a)
        if v.ok:
            extra.append(a)
            continue
        key = (a.type, v.code)
        if counts[key] >= PER_KIND:
            continue
        counts[key] += 1
        if v.code in PLAIN:
            if len(plain) < MAX_PLAIN:
                plain.append(a)
        else:
            ruled.setdefault(v.code, []).append(a)
    groups = [extra[:4]] if extra else []
    order = {code: i for i, code in enumerate(FIRST)}
    groups += [ruled[c] for c in sorted(ruled, key=lambda c: order.get(c, len(FIRST)))]
    return groups + ([plain] if plain else [])
