"""The fuzzer's probes: near misses and plain mistakes built from the hand and the table,
tried on the reference and grouped by the reason it gives (``ranked_probes``), so that a
rare refusal is tried as often as a common one.

Engines go wrong at the edges of rules: a run that wraps, a set with one wild too many,
an extra meld, a lay-off by a player not yet down, a buy out of priority, the discard of
the card just taken, a play that empties a hand that must end with a discard, and at the
plainest mistakes too: a meld before drawing, a card the player does not hold or names
twice, a claim by a player who may not claim.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable

from ...engine.families.schedule import current_contracts
from ...engine.melding.melds import Meld, validate
from ...engine.records.rules import Rules
from ...engine.records.state import Move, State
from ..oracle.reference import as_written

# Refusals that say only "that is not a move at all": tried last, and few of them.
PLAIN = frozenset({
    "not-in-hand", "bad-action", "bad-player", "no-such-meld", "game-over", "claim-not-open",
    "no-gift-due", "call-not-open", "already-drawn", "must-draw-first", "mixed-suits",
    "mixed-ranks", "mixed-colours", "not-consecutive", "duplicate-position",
    "no-wild-to-swap", "not-a-natural", "too-long", "stock-empty", "no-upcard", "no-offer",
    "not-defender", "no-table-play", "special-card", "not-your-turn", "no-such-kind",
    # a kind of play the variant does not have at all
    "no-dead-hand", "knock-not-allowed", "swap-not-allowed", "shift-not-allowed",
    "no-claims", "layoff-not-allowed"})
# Refusals tried first when they occur: how a hand may end (a rare moment in a game).
FIRST = ("must-keep-discard", "must-go-out-by-meld", "pat-required", "skip-last-card")
PER_KIND = 2
# where a wild's place in a run is judged: the refusals the melds heaviest with wilds
# are tried for first
RUN_FAULTS = frozenset({"wrap-around", "ace-position", "ace-both-ends", "adjacent-wilds",
                        "too-long"})
RULED_WEIGHT = 3  # a refusal for a rule of the variant is tried this much more often
MAX_GROUPS = 40
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
    out = _wild_ends(rules, by_suit_rank, wild)  # first: the rarest hands to hold
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


def _wild_ends(rules: Rules, by_suit_rank: dict[tuple[str | None, int], int],
               wild: list[int]) -> list[tuple[int, ...]]:
    """Runs of two or three naturals of a suit with wilds before and after them, written
    low to high: 0..k wilds leading, trailing, both (past the ace at either end too, so
    around the corner where that is the only reading)."""
    if not wild or rules.variant.run is None:
        return []
    low, high = rules.table.low_rank, rules.table.high_rank
    period = high - low + 1
    out: list[tuple[int, ...]] = []
    for (suit, rank), card in by_suit_rank.items():
        seg = [card]
        for step in (1, 2):
            nxt = by_suit_rank.get((suit, low + (rank - low + step) % period))
            if nxt is None:
                break
            seg.append(nxt)
        if len(seg) < 2:
            continue
        k = min(len(wild), 4)
        for lead in range(k + 1):
            for trail in range(k - lead + 1):
                if lead + trail:
                    out.append((*wild[:lead], *seg, *wild[lead:lead + trail]))
    return out


def _by_promise(rules: Rules, groups: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """Legal melds first, then groups refused for a rule (a wrap, too many wilds...) taken
    in turn from each reason, then the rest; at most ``MAX_GROUPS``."""
    legal_ones: list[tuple[int, ...]] = []
    by_code: dict[str, list[tuple[int, ...]]] = {}
    rest: list[tuple[int, ...]] = []
    for g in groups:
        got = validate(rules.melds, None, g, contract=True, ordered=True)
        if isinstance(got, Meld):
            legal_ones.append(g)
        elif got.code in PLAIN:
            rest.append(g)
        else:
            by_code.setdefault(got.code, []).append(g)
    ruled = [g for tier in itertools.zip_longest(*by_code.values()) for g in tier
             if g is not None]
    return (legal_ones[:MAX_GROUPS // 2] + ruled + rest)[:MAX_GROUPS]


def _fits_in(hand: Counter[int], groups: Iterable[tuple[int, ...]]) -> bool:
    need: dict[int, int] = {}
    for g in groups:
        for c in g:
            k = need.get(c, 0) + 1
            if k > hand[c]:
                return False
            need[c] = k
    return True


def _meld_probes(rules: Rules, state: State, p: int, legal_downs: list[Move]
                 ) -> list[Move]:
    hand = state.hand.seats[p].hand
    groups = loose_groups(rules, hand)
    have = Counter(hand)
    out: list[Move] = [Move("meld", p, melds=(g,)) for g in groups]
    out += [Move("go_down", p, melds=(g,)) for g in groups]
    if rules.has_contracts:
        contracts = current_contracts(rules, state, p)
        most = max((sum(e.count for e in c.elements) for c in contracts), default=1) + 1
        tries = itertools.islice(itertools.chain.from_iterable(
            itertools.combinations(groups[:8], n) for n in range(2, most + 1)), MAX_TRIES)
        out += [Move("go_down", p, melds=combo) for combo in tries if _fits_in(have, combo)]
        for down in legal_downs[:2]:  # a legal contract plus one more meld, or one more card
            melds = down.melds or ()
            for g in groups:
                if _fits_in(have, (*melds, g)):
                    out.append(Move("go_down", p, melds=(*melds, g)))
            used = Counter(c for m in melds for c in m)
            spare = sorted((have - used).elements())
            for i, m in enumerate(melds):
                for c in spare[:4]:
                    grown = (*melds[:i], (*m, c), *melds[i + 1:])
                    out.append(Move("go_down", p, melds=grown))
            out.append(Move("go_down", p, melds=_grow_all(rules, melds, spare)))
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
    grown = [list(g) for g in melds]
    for c in spare:
        for g in grown:
            if isinstance(validate(rules.melds, None, (*g, c), contract=True), Meld):
                g.append(c)
                break
    return tuple(tuple(g) for g in grown)


def _table_probes(rules: Rules, state: State, players: Iterable[int]) -> list[Move]:
    """Lay-offs, swaps and shifts of the cards that have to do with a meld, by every
    player (plays out of turn, or before going down, are near misses too)."""
    out: list[Move] = []
    to_table = rules.variant.swap.freed == "table"
    for p in players:
        for c in sorted(set(state.hand.seats[p].hand)):
            for i, t in enumerate(state.hand.table):
                if not _near(rules, t.meld, c):
                    continue
                if c in rules.wild and t.meld.kind == "run":
                    out += [Move("lay_off", p, card=c, meld=i, end=e) for e in ("low", "high")]
                else:
                    out.append(Move("lay_off", p, card=c, meld=i))
                if c in rules.wild or not any(w in rules.wild for w in t.meld.cards):
                    continue
                targets: list[int | None] = list(range(len(state.hand.table))) if to_table else [
                    None]
                out += [Move("swap", p, card=c, meld=i, wild_to=j) for j in targets]
                out.append(Move("shift", p, card=c, meld=i))
    return out


def raw_probes(rules: Rules, state: State, legal_downs: list[Move]) -> list[Move]:
    n = rules.players
    turn = state.hand.turn
    everyone = range(n)
    out: list[Move] = []
    for p in everyone:
        out += [Move("draw", p, source="stock"), Move("draw", p, source="discard"),
                Move("buy", p), Move("pass", p), Move("dead_hand", p)]
        hand = sorted(set(state.hand.seats[p].hand))
        out.append(Move("call", p, card=hand[0] if hand else None))
        out.append(Move("call", p))
        if hand:
            out.append(Move("give", p, card=hand[0]))
    hand = sorted(set(state.hand.seats[turn].hand))
    out += [Move("discard", turn, card=c) for c in hand]
    out += [Move("discard", turn, card=c, target=t) for c in hand if rules.special_of(c)
            for t in everyone]
    out += [Move("discard", (turn + 1) % n, card=c)
            for c in sorted(set(state.hand.seats[(turn + 1) % n].hand))[:1]]
    if rules.knocking:
        out += [Move("knock", turn, card=c) for c in hand] + [Move("knock", turn)]
    if hand and state.hand.table:  # one lay-off that fits nothing
        out.append(Move("lay_off", turn, card=hand[0], meld=0))
    out += _meld_probes(rules, state, turn, legal_downs)
    out += _table_probes(rules, state, [turn, *(p for p in everyone if p != turn)])
    out += _mistakes(rules, state, turn)
    return out


def _mistakes(rules: Rules, state: State, p: int) -> list[Move]:
    """Plain mistakes with the cards: a meld, a discard, a lay-off of a card the player
    does not hold (one another player holds), and melds naming a held card twice."""
    hand = Counter(state.hand.seats[p].hand)
    others = sorted({c for q, seat in enumerate(state.hand.seats) if q != p for c in seat.hand
                     if hand[c] == 0})
    groups = loose_groups(rules, state.hand.seats[p].hand)[:3]
    out: list[Move] = []
    for g in groups:
        if others:
            out.append(Move("meld", p, melds=((*g[:-1], others[0]),)))
            out.append(Move("go_down", p, melds=((*g[:-1], others[0]),)))
        once = [c for c in g if hand[c] == 1]
        if once:
            out.append(Move("meld", p, melds=((*g, once[0]),)))
            out.append(Move("go_down", p, melds=(g, (once[0], *g[:2]))))
    if others:
        out.append(Move("discard", p, card=others[0]))
        if rules.knocking:
            out.append(Move("knock", p, card=others[0]))
        if state.hand.table:
            out.append(Move("lay_off", p, card=others[0], meld=0))
    return out


def ranked_probes(rules: Rules, state: State, listed: list[Move]) -> list[list[Move]]:
    """Probes to try, in groups, best first: unlisted legal actions, then one group per
    reason code for a rule (a couple per action type), each twice (the refusals the
    variant's own rules make), then one group per kind of plain mistake (an action type
    and its refusal: a meld before the draw, a card not held, a claim out of turn...).
    A fuzzer picks a group, then a probe in it, so a rare refusal is tried as often as a
    common one."""
    known = set(listed)
    downs = [a for a in listed if a.type == "go_down"]
    extra: list[Move] = []
    ruled: dict[str, list[Move]] = {}
    plain: dict[tuple[str, str], list[Move]] = {}
    counts: Counter[tuple[str, str, int]] = Counter()
    seen: set[Move] = set()
    wildest: list[tuple[int, Move]] = []
    for a in raw_probes(rules, state, downs):
        if a in seen or a in known:
            continue
        seen.add(a)
        wilds = max((sum(1 for c in meld if c in rules.wild) for meld in a.melds or ()),
                    default=0)  # the most in one meld
        v = as_written(rules, state, a)
        if wilds >= 2 and len(a.melds or ()) == 1:  # refused for a rule of runs first
            wildest.append((wilds * 2 + (v.code in RUN_FAULTS), a))
        if v.ok:
            extra.append(a)
            continue
        key = (a.type, v.code)
        if counts[(*key, wilds)] >= PER_KIND:  # (so many wilds, and so many more)
            continue
        counts[(*key, wilds)] += 1
        if v.code in PLAIN:
            plain.setdefault(key, []).append(a)
        else:
            ruled.setdefault(v.code, []).append(a)
    groups = [extra[:4]] if extra else []
    if wildest:  # the melds heaviest with wilds: where wild placement goes wrong, those
        # with the most wilds before the naturals, and those with the most after them
        first = "go_down" if rules.has_contracts else "meld"
        for end in (0, -1):
            wildest.sort(key=lambda wa: (-wa[0], -_wilds_at(rules, wa[1], end),
                                         wa[1].type != first))
            groups += [[a for _, a in wildest[:6]]] * RULED_WEIGHT
    order = {code: i for i, code in enumerate(FIRST)}
    for c in sorted(ruled, key=lambda c: order.get(c, len(FIRST))):
        groups += [ruled[c]] * RULED_WEIGHT
    uses = used_types(rules)
    groups += [plain[k] for k in sorted(plain) if k[0] in uses]
    foreign = [a for k in sorted(plain) if k[0] not in uses for a in plain[k][:1]]
    return groups + ([foreign] if foreign else [])


def _wilds_at(rules: Rules, a: Move, end: int) -> int:
    """How many wilds the action's first meld has in a row at its start (0) or end (-1)."""
    cards = list(a.melds[0]) if a.melds else []
    if end:
        cards.reverse()
    n = 0
    while n < len(cards) and cards[n] in rules.wild:
        n += 1
    return n


def used_types(rules: Rules) -> set[str]:
    """The action types the variant has at all (the others are tried as one group)."""
    v = rules.variant
    out = {"draw", "discard", "pass", "meld", "lay_off"}
    if v.claim is not None:
        out.add("buy")
    if v.rummy_call is not None:
        out |= {"call", "give"}
    if v.stock.dead_how == "declared" or v.limits.dead_hand_turn is not None:
        out.add("dead_hand")
    if rules.knocking:
        out.add("knock")
    if rules.has_contracts:
        out.add("go_down")
    if v.swap.allowed:
        out |= {"swap", "shift"}
    return out
