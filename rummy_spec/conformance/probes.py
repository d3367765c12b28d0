"""Actions to try besides the legal ones: near misses and plain mistakes, for the
differential fuzzer and for the shipped state machine alike.

Engines go wrong at the edges of rules: a run that wraps, a set with one wild too many,
an extra meld, a lay-off by a player not yet down, a buy out of priority, the discard of
the card just taken, a play that empties a hand that must end with a discard, and at the
plainest mistakes too: a meld before drawing, a card the player does not hold or names
twice, a claim by a player who may not claim.

* The fuzzer's probes (``ranked_probes``) are built from the hand and the table, tried on
  the reference and grouped by the reason it gives, so that a rare refusal is tried as
  often as a common one.
* The machine's probes (``make``, one of ``KINDS``) break a legal action in one way each;
  ``must_reject`` marks those illegal by construction, so the laws can judge an engine
  (the reference included) without asking it first.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from hypothesis import strategies as st

from ..engine.melds import Meld, validate
from ..engine.rules import Rules
from ..engine.state import Action, State
from ..engine.table import current_contracts
from ..lang import model as m
from .reference import as_written

if TYPE_CHECKING:
    from ..testing.laws import Laws

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
    grown = [list(g) for g in melds]
    for c in spare:
        for g in grown:
            if isinstance(validate(rules.melds, None, (*g, c), contract=True), Meld):
                g.append(c)
                break
    return tuple(tuple(g) for g in grown)


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
    out += _mistakes(rules, state, turn)
    return out


def _mistakes(rules: Rules, state: State, p: int) -> list[Action]:
    """Plain mistakes with the cards: a meld, a discard, a lay-off of a card the player
    does not hold (one another player holds), and melds naming a held card twice."""
    hand = Counter(state.seats[p].hand)
    others = sorted({c for q, seat in enumerate(state.seats) if q != p for c in seat.hand
                     if hand[c] == 0})
    groups = loose_groups(rules, state.seats[p].hand)[:3]
    out: list[Action] = []
    for g in groups:
        if others:
            out.append(Action("meld", p, melds=((*g[:-1], others[0]),)))
            out.append(Action("go_down", p, melds=((*g[:-1], others[0]),)))
        once = [c for c in g if hand[c] == 1]
        if once:
            out.append(Action("meld", p, melds=((*g, once[0]),)))
            out.append(Action("go_down", p, melds=(g, (once[0], *g[:2]))))
    if others:
        out.append(Action("discard", p, card=others[0]))
        if rules.knocking:
            out.append(Action("knock", p, card=others[0]))
        if state.table:
            out.append(Action("lay_off", p, card=others[0], meld=0))
    return out


def ranked_probes(rules: Rules, state: State, listed: list[Action]) -> list[list[Action]]:
    """Probes to try, in groups, best first: unlisted legal actions, then one group per
    reason code for a rule (a couple per action type), each twice (the refusals the
    variant's own rules make), then one group per kind of plain mistake (an action type
    and its refusal: a meld before the draw, a card not held, a claim out of turn...).
    A fuzzer picks a group, then a probe in it, so a rare refusal is tried as often as a
    common one."""
    known = set(listed)
    downs = [a for a in listed if a.type == "go_down"]
    extra: list[Action] = []
    ruled: dict[str, list[Action]] = {}
    plain: dict[tuple[str, str], list[Action]] = {}
    counts: Counter[tuple[str, str, int]] = Counter()
    seen: set[Action] = set()
    wildest: list[tuple[int, Action]] = []
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


def _wilds_at(rules: Rules, a: Action, end: int) -> int:
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
    if v.stock.dead_how == "declared" or v.stock.dead_hand_turn is not None:
        out.add("dead_hand")
    if rules.knocking:
        out.add("knock")
    if rules.has_contracts:
        out.add("go_down")
    if v.swap.allowed:
        out |= {"swap", "shift"}
    return out


# ----- the machine's probes: one legal action broken one way -------------------------------

# the kinds that exercise meld and contract checks come up twice as often
KINDS = ("wrong-player", "not-held", "out-of-phase", "broken-meld", "broken-meld",
         "near-meld", "near-meld", "lay-off", "lay-off", "throw-back", "random")
TYPES = ("draw", "buy", "pass", "dead_hand", "go_down", "meld", "lay_off", "swap", "shift",
         "discard", "knock", "call", "give")

Probe = tuple[Action, bool]


def _entitled(v: m.Variant, s: State, a: Action) -> bool:
    """The referee's own answer (read late: the testing kit imports this module)."""
    from ..testing.referee import entitled

    return entitled(v, s, a)

# probes of the player in turn after his draw: the machine first plays into that phase
IN_PLAY = frozenset({"broken-meld", "near-meld", "lay-off", "throw-back"})


def make(kind: str, data: st.DataObject, laws: Laws, state: State,
         legal: Sequence[Action]) -> Probe | None:
    maker = {"wrong-player": _wrong_player, "not-held": _not_held,
             "out-of-phase": _out_of_phase, "broken-meld": _broken_meld,
             "near-meld": _near_meld, "lay-off": _lay_off, "throw-back": _throw_back,
             "random": _random}[kind]
    return maker(data, laws, state, legal)


def _pick(data: st.DataObject, items: Sequence[Action]) -> Action | None:
    return data.draw(st.sampled_from(list(items)), label="legal action") if items else None


def _wrong_player(data: st.DataObject, laws: Laws, s: State,
                  legal: Sequence[Action]) -> Probe | None:
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
              legal: Sequence[Action]) -> Probe | None:
    with_cards = [a for a in legal if a.card is not None or a.melds]
    a = _pick(data, with_cards)
    if a is None:
        return None
    hand = s.seats[a.player].hand
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
                  legal: Sequence[Action]) -> Probe | None:
    """The player in turn tries an action of a type the phase does not allow."""
    p = s.turn
    hand = s.seats[p].hand
    card = data.draw(st.sampled_from(hand), label="card") if hand else None
    types = [t for t in TYPES if not _entitled(laws.variant, s, Action(t, p))]
    if not types:
        return None
    t = data.draw(st.sampled_from(types), label="type")
    if t == "draw":
        return Action("draw", p, source=data.draw(st.sampled_from(("stock", "discard")))), True
    if t in ("go_down", "meld"):
        melds = ((card,),) if card is not None else ((0,),)
        return Action(t, p, melds=melds), True
    if t in ("lay_off", "swap", "shift"):
        return Action(t, p, card=card, meld=0), True
    return Action(t, p, card=card), True


def _broken_meld(data: st.DataObject, laws: Laws, s: State,
                 legal: Sequence[Action]) -> Probe | None:
    a = _pick(data, [x for x in legal if x.melds])
    if a is None or not a.melds:
        return None
    melds = [list(x) for x in a.melds]
    rest = list(s.seats[a.player].hand)
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
               legal: Sequence[Action]) -> Probe | None:
    if s.phase != "play":
        return None
    p = s.turn
    options = near_melds(laws, s.seats[p].hand)
    if not options:
        return None
    cand = data.draw(st.sampled_from(options), label="near meld")
    downs = [a for a in legal if a.type == "go_down" and a.melds]
    v: m.Variant = laws.variant
    if not v.contracts.rounds or any(a.type == "meld" for a in legal):
        return Action("meld", p, melds=(cand,)), False
    if not downs or data.draw(st.booleans(), label="alone"):
        return Action("go_down", p, melds=(cand,)), False
    base = data.draw(st.sampled_from(downs), label="go-down")
    assert base.melds is not None
    i = data.draw(st.integers(0, len(base.melds) - 1), label="meld replaced")
    melds = [*base.melds[:i], cand, *base.melds[i + 1:]]
    return Action("go_down", p, melds=tuple(melds)), False


def _lay_off(data: st.DataObject, laws: Laws, s: State,
             legal: Sequence[Action]) -> Probe | None:
    p = s.turn
    hand = s.seats[p].hand
    if not hand or not s.table:
        return None
    card = data.draw(st.sampled_from(hand), label="card")
    meld = data.draw(st.integers(0, len(s.table) - 1), label="meld")
    end = data.draw(st.sampled_from((None, "low", "high")), label="end")
    kind = data.draw(st.sampled_from(("lay_off", "swap", "shift")), label="type")
    if kind != "lay_off":  # a natural in the place of one of the meld's wilds, if any
        fits = [c for c in hand if _stands_for(laws, s, meld, c)]
        card = data.draw(st.sampled_from(fits), label="natural") if fits else card
    wild_to = data.draw(st.integers(0, len(s.table) - 1)) if kind == "swap" else None
    return Action(kind, p, card=card, meld=meld, end=end, wild_to=wild_to), False


def _stands_for(laws: Laws, s: State, index: int, card: int) -> bool:
    """Does a wild of table meld ``index`` stand where this natural would?"""
    meld = s.table[index].meld
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
                legal: Sequence[Action]) -> Probe | None:
    """Throw back the card just taken from the pile (as a discard, or with a knock)."""
    if s.phase != "play" or s.taken is None or s.taken not in s.seats[s.turn].hand:
        return None
    kind = data.draw(st.sampled_from(("discard", "knock")), label="type")
    return Action(kind, s.turn, card=s.taken), False


def _random(data: st.DataObject, laws: Laws, s: State,
            legal: Sequence[Action]) -> Probe | None:
    t = data.draw(st.sampled_from(TYPES), label="type")
    p = data.draw(st.integers(0, laws.players - 1), label="player")
    hand = s.seats[p].hand
    card = None
    if hand:
        card = data.draw(st.one_of(st.none(), st.sampled_from(hand)), label="card")
    meld = data.draw(st.integers(0, len(s.table) - 1)) if s.table else None
    source = data.draw(st.sampled_from((None, "stock", "discard")))
    melds = None
    if t in ("go_down", "meld") and hand:
        cards = data.draw(st.lists(st.sampled_from(hand), min_size=1, max_size=5))
        melds = (tuple(cards),)
    target = data.draw(st.integers(0, laws.players - 1)) if data.draw(st.booleans()) else None
    return Action(t, p, source=source, card=card, meld=meld, melds=melds, target=target), False


def single_card_actions(laws: Laws, s: State) -> list[Action]:
    """Every action of the current phase that lays no new meld, in the canonical form
    ``legal_actions`` uses (a wild laid off on a run names its end, others none; a freed
    wild that goes to the table names its meld): the machine checks that every one of
    these that is legal is listed."""
    v = laws.variant
    out: list[Action] = []
    ph = s.phase
    n = laws.players
    if ph == "offer" and s.offer:
        out += [Action("draw", s.offer[0], source="discard"), Action("pass", s.offer[0])]
    elif ph == "claim" and s.claim is not None:
        for q in s.claim.pending:
            out += [Action("buy", q), Action("pass", q)]
    elif ph == "gifts" and s.giver:
        q = s.giver[0]
        out += [Action("give", q, card=c) for c in sorted(set(s.seats[q].hand))]
        out.append(Action("pass", q))
    elif ph == "draw":
        out += [Action("draw", s.turn, source="stock"), Action("draw", s.turn, source="discard")]
        rc = v.rummy_call
        if rc is not None:
            for q in range(n):
                if rc.penalty == "caller-discards":
                    out += [Action("call", q, card=c) for c in sorted(set(s.seats[q].hand))]
                else:
                    out.append(Action("call", q))
    elif ph in ("play", "layoff"):
        p = s.turn
        hand = sorted(set(s.seats[p].hand))
        for i, t in enumerate(s.table):
            for c in hand:
                if t.meld.kind == "run" and c in laws.wild:
                    out += [Action("lay_off", p, card=c, meld=i, end=e) for e in ("low", "high")]
                else:
                    out.append(Action("lay_off", p, card=c, meld=i))
                if ph == "play" and _stands_for(laws, s, i, c):
                    if v.swap.freed == "table":
                        out += [Action("swap", p, card=c, meld=i, wild_to=j)
                                for j in range(len(s.table))]
                    else:
                        out.append(Action("swap", p, card=c, meld=i))
                    out.append(Action("shift", p, card=c, meld=i))
        if ph == "layoff":
            out.append(Action("pass", p))
        else:
            for c in hand:
                code = laws.table.faces[c].special
                special = next((x for x in v.deck.specials if x.code == code), None)
                if special is not None and special.skip == "chosen":
                    out += [Action("discard", p, card=c, target=q) for q in range(n)]
                else:
                    out.append(Action("discard", p, card=c))
                out.append(Action("knock", p, card=c))
            out.append(Action("knock", p))
    return out
