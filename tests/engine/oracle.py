"""A brute-force oracle for melds and contracts: enumerate everything, no cleverness.

Restates the meld rules directly from the rules model (not through the engine's run
geometry): a run is tried in every window of the rank line and with its wilds in every
choice of places; a contract is tried as every collection of disjoint legal melds cut
from the hand, matched to the contract's elements in every order.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations, pairwise, permutations

from rummy_spec.decks import face_points
from rummy_spec.engine.melding.melds import MeldRules, compile_rules
from rummy_spec.lang.model import MeldKind, Scope, Variant

Cards = tuple[int, ...]


def _scope(scope: Scope | None, contract: bool) -> bool:
    return scope == "all" or (scope == "contract" and contract)


def _limits(rules: MeldRules, kind: MeldKind, nat: int, wild: int, contract: bool) -> bool:
    w = rules.wilds
    if nat == 0:
        if not w.all_wild(kind) or _scope(w.need_natural, contract):
            return False
    elif ((_scope(w.need_natural, contract) and nat < w.naturals)
          or (_scope(w.never_outnumber, contract) and wild > nat)):
        return False
    if kind == "set" and w.max_per_set is not None and wild > w.max_per_set:
        return False
    return not (kind == "run" and w.max_per_run is not None and wild > w.max_per_run)


def _plain(rules: MeldRules, cards: Cards) -> tuple[list[int], list[int]] | None:
    """(naturals, wilds), or None if a special card is present."""
    naturals = [c for c in cards if rules.table.faces[c].rank is not None
                and c not in rules.wild]
    wilds = [c for c in cards if c in rules.wild]
    if len(naturals) + len(wilds) != len(cards):
        return None
    return naturals, wilds


def set_ok(rules: MeldRules, cards: Cards, contract: bool) -> bool:
    rule = rules.set
    split = _plain(rules, cards)
    if rule is None or split is None:
        return False
    naturals, wilds = split
    if len(cards) < rule.min or (rule.max is not None and len(cards) > rule.max):
        return False
    ranks = {rules.table.faces[c].rank for c in naturals}
    if len(ranks) > 1:
        return False
    if rule.without and ranks & set(rule.without) and (
            wilds or any(c not in rules.last_only for c in naturals)):
        return False  # ``set { without threes }``: such a set only of the cards kept to go
        # out with, and no wild (Canasta's black threes)
    suits = [rules.table.faces[c].suit for c in naturals]
    if rule.different_suits and len(set(suits)) < len(suits):
        return False  # ``set { different suits }``: each suit once (Kalooki)
    return _limits(rules, "set", len(naturals), len(wilds), contract)


def group_ok(rules: MeldRules, cards: Cards, contract: bool) -> bool:
    rule = rules.group
    split = _plain(rules, cards)
    if rule is None or split is None:
        return False
    naturals, wilds = split
    if len(cards) < rule.min or (rule.max is not None and len(cards) > rule.max):
        return False
    if len({rules.table.faces[c].suit for c in naturals}) > 1:
        return False
    return _limits(rules, "group", len(naturals), len(wilds), contract)


def line(rules: MeldRules) -> tuple[int, int, int, int]:
    """(low rank, period, lowest position, highest position) of the rank line."""
    rule = rules.run
    assert rule is not None
    t = rules.table
    low, period = t.low_rank, t.high_rank - t.low_rank + 1
    if t.custom or rule.ace == "low":
        return low, period, low, t.high_rank
    if rule.ace == "high":
        return low, period, low + 1, t.high_rank + 1
    return low, period, low, t.high_rank + 1


def window_ok(rules: MeldRules, start: int, length: int) -> bool:
    """May a run occupy positions start .. start+length-1 (start canonical for wrap)?"""
    rule = rules.run
    assert rule is not None
    low, period, pmin, pmax = line(rules)
    if rule.max is not None and length > rule.max:
        return False
    if rule.wrap:
        return low <= start < low + period and length <= period
    end = start + length - 1
    if start < pmin or end > pmax:
        return False
    return not (start == low and end == low + period and not rule.ace_both_ends)


def rank_at(rules: MeldRules, p: int) -> int:
    low, period, _, _ = line(rules)
    return low + (p - low) % period


def run_placements(rules: MeldRules, cards: Cards, contract: bool
                   ) -> list[tuple[int, frozenset[int]]]:
    """Every (start, wild offsets) where these cards make a legal run."""
    rule = rules.run
    split = _plain(rules, cards)
    if rule is None or split is None or len(cards) < rule.min:
        return []
    naturals, wilds = split
    if not rule.any_colour and len({rules.table.faces[c].suit for c in naturals}) > 1:
        return []
    if not _limits(rules, "run", len(naturals), len(wilds), contract):
        return []
    n = len(cards)
    want = sorted(rules.table.faces[c].rank or 0 for c in naturals)
    out = []
    for start in range(-30, 60):
        if not window_ok(rules, start, n):
            continue
        for spots in combinations(range(n), len(wilds)):
            if rules.wilds.not_adjacent_in_runs and any(i + 1 in spots for i in spots):
                continue
            have = sorted(rank_at(rules, start + i) for i in range(n) if i not in spots)
            if have == want:
                out.append((start, frozenset(spots)))
    return out


def ordered_ok(rules: MeldRules, seq: Cards, contract: bool) -> bool:
    """Is this exact low-to-high sequence a legal run at some start?"""
    rule = rules.run
    split = _plain(rules, seq)
    if rule is None or split is None or len(seq) < rule.min:
        return False
    naturals, wilds = split
    if not rule.any_colour and len({rules.table.faces[c].suit for c in naturals}) > 1:
        return False
    if not _limits(rules, "run", len(naturals), len(wilds), contract):
        return False
    if rules.wilds.not_adjacent_in_runs and any(
            a in rules.wild and b in rules.wild for a, b in pairwise(seq)):
        return False
    for start in range(-30, 60):
        if window_ok(rules, start, len(seq)) and all(
                c in rules.wild or rank_at(rules, start + i) == rules.table.faces[c].rank
                for i, c in enumerate(seq)):
            return True
    return False


def legal(rules: MeldRules, kind: MeldKind, cards: Cards, contract: bool) -> bool:
    if kind == "set":
        return set_ok(rules, cards, contract)
    if kind == "group":
        return group_ok(rules, cards, contract)
    return bool(run_placements(rules, cards, contract))


# ----- contracts ---------------------------------------------------------------------------

Option = tuple[Cards, MeldKind, tuple[int, int] | None]  # cards, kind, run window


def _submultisets(hand: Cards) -> list[Cards]:
    out: set[Cards] = set()
    for n in range(1, len(hand) + 1):
        for combo in combinations(sorted(hand), n):
            out.add(combo)
    return sorted(out)


def meld_options(rules: MeldRules, hand: Cards, kinds: Sequence[MeldKind], contract: bool,
                 windows: bool) -> list[Option]:
    """Every legal meld cut from the hand; runs once per window when ``windows``."""
    out: list[Option] = []
    for cards in _submultisets(hand):
        for kind in kinds:
            if kind == "run":
                seen = sorted({(s, len(cards)) for s, _ in run_placements(rules, cards, contract)})
                for w in seen if windows else seen[:1]:
                    out.append((cards, kind, w))
            elif legal(rules, kind, cards, contract):
                out.append((cards, kind, None))
    return out


def collections(options: list[Option], hand: Cards, most: int) -> Iterator[list[Option]]:
    """Every collection of at most ``most`` disjoint options (options may repeat)."""
    def rec(start: int, left: Counter[int], chosen: list[Option]) -> Iterator[list[Option]]:
        yield chosen
        if len(chosen) == most:
            return
        for i in range(start, len(options)):
            need = Counter(options[i][0])
            if all(left[c] >= k for c, k in need.items()):
                yield from rec(i, left - need, [*chosen, options[i]])

    yield from rec(0, Counter(hand), [])


def _touch(rules: MeldRules, a: tuple[int, int], b: tuple[int, int]) -> bool:
    rule = rules.run
    assert rule is not None
    if rule.wrap:
        low, period, _, _ = line(rules)
        ra = {(p - low) % period for p in range(a[0], a[0] + a[1])}
        rb = {(p - low) % period for p in range(b[0], b[0] + b[1])}
        return any((x + d) % period in rb for x in ra for d in (-1, 0, 1))
    lo, hi = sorted([a, b])
    return lo[0] + lo[1] >= hi[0]


def best(
    rules: MeldRules,
    hand: Cards,
    slots: Sequence[tuple[MeldKind, int, bool]],
    *,
    extras: Sequence[tuple[MeldKind, int, bool]] = (),
    any_number: bool = False,
    gap: bool = False,
    distinct: bool = False,
    pat: bool = False,
    contract: bool = True,
    points: Sequence[int | None],
    pure: Sequence[bool] = (),
) -> tuple[int, int] | None:
    """(fewest points left, fewest wilds at that) over every way to lay the slots (each
    (kind, size, exact)) plus, with ``any_number``, melds of the ``extras`` types.
    ``pure``, one flag per slot: that slot's meld holds no wild card."""
    kinds = sorted({k for k, _, _ in slots} | {k for k, _, _ in extras})
    options = meld_options(rules, hand, kinds, contract, gap)
    most = len(hand) if any_number else len(slots)
    result: tuple[int, int] | None = None
    clean = list(pure) or [False] * len(slots)

    def fits(opt: Option, t: tuple[MeldKind, int, bool]) -> bool:
        kind, size, exact = t
        return opt[1] == kind and (len(opt[0]) == size if exact else len(opt[0]) >= size)

    for chosen in collections(options, hand, most):
        if len(chosen) < len(slots) or (not any_number and len(chosen) != len(slots)):
            continue
        matched = False
        for order in permutations(range(len(chosen)), len(slots)):
            if not all(fits(chosen[i], t) and not (p and any(c in rules.wild
                                                             for c in chosen[i][0]))
                       for i, t, p in zip(order, slots, clean, strict=True)):
                continue
            rest = [chosen[i] for i in range(len(chosen)) if i not in order]
            if all(any(fits(o, t) for t in extras) for o in rest):
                matched = True
                break
        if not matched:
            continue
        if distinct:
            ranks = [next((rules.table.faces[c].rank for c in o[0] if c not in rules.wild), 0)
                     for o in chosen if o[1] == "set"]
            ranks = [r for r in ranks if r]
            if len(ranks) != len(set(ranks)):
                continue
        if gap:
            runs = [(o, {rules.table.faces[c].suit for c in o[0] if c not in rules.wild})
                    for o in chosen if o[1] == "run"]
            bad = False
            for (a, sa), (b, sb) in combinations(runs, 2):
                assert a[2] is not None and b[2] is not None
                if sa == sb and not (rules.run and rules.run.any_colour) and _touch(
                        rules, a[2], b[2]):
                    bad = True
            if bad:
                continue
        left = Counter(hand)
        for o in chosen:
            left -= Counter(o[0])
        if pat and left.total():
            continue
        rest_points = sum((points[c] or 0) * k for c, k in left.items())
        wilds = sum(1 for o in chosen for c in o[0] if c in rules.wild)
        if result is None or (rest_points, wilds) < result:
            result = (rest_points, wilds)
    return result


# ----- rule sets the tests run against -----------------------------------------------------

_HEAD = 'players 2..4\n deck { decks 2, jokers 2 per deck }\n'
_TAIL = ('contracts { 1: 2 sets\n 2: 1 run }\n'
         'score { 2..9: 5, 10..K: 10, A: 20, joker: 50 }\n')

RULE_TEXTS: dict[str, str] = {
    # ace low, jokers wild, a natural in every meld, sets of at most 4
    "low": _HEAD + 'wilds { cards jokers, need a natural }\n set { min 3, max 4 }\n'
           ' run { min 3, ace low }\n' + _TAIL,
    # ace high only, twos and jokers wild with no limits (Ten Step)
    "high": _HEAD + 'wilds { cards jokers and twos }\n set { min 3 }\n'
            ' run { min 3, ace high }\n' + _TAIL,
    # no two wilds side by side in a run (12-Step)
    "adjacent": _HEAD + 'wilds { cards jokers and twos, never adjacent in runs }\n'
                ' set { min 3 }\n run { min 3, ace low or high }\n' + _TAIL,
    # an ace at both ends of one run (CR-P)
    "both": _HEAD + 'wilds { cards jokers }\n set { min 3 }\n'
            ' run { min 3, max 14, ace low or high, ace at both ends }\n' + _TAIL,
    # around the corner
    "wrap": _HEAD + 'wilds { cards jokers, never outnumber naturals }\n set { min 3 }\n'
            ' run { min 3, ace low or high, around the corner }\n' + _TAIL,
    # per-meld caps, and the outnumber limit on contract melds only
    "limits": _HEAD + 'wilds { cards jokers, never outnumber naturals in contract melds,'
              ' at most 1 per set, at most 2 per run }\n set { min 3 }\n'
              ' run { min 3, ace low or high }\n' + _TAIL,
    # Gin: one deck, no wilds
    "gin": 'players 2\n deck { decks 1 }\n set { min 3, max 4 }\n run { min 3, ace low }\n'
           'game { ends at 100 points }\n score { A: 1, 2..10: pip, J..K: 10 }\n',
    # Phase 10 style: numbers, colours, Wild and Skip, any-colour runs, colour groups
    "p10": 'players 2..4\n deck { numbers 1..12, colours R red and B blue, copies 2 }\n'
           ' special W "Wild" 8\n special SK "Skip" 4 { skips next player }\n'
           ' wilds { cards W, need a natural }\n set { min 2 }\n run { min 4, any colour }\n'
           ' group { min 3 }\n contracts { progression individual\n 1: 2 sets of 3\n'
           ' 2: 1 run of 4\n 3: 1 group of 4 }\n game { ends at last contract }\n'
           ' score { 1..9: 5, 10..12: 10, W: 25, SK: 15 }\n',
}

# Faces the random hands draw from: few ranks and suits so that melds are common.
POOLS: dict[str, str] = {
    "low": "AH 2H 3H 4H 5H QH KH AS 2S 3S 5S KS JK",
    "high": "AH 2H 3H 4H JH QH KH AS 3S 4S KS JK",
    "adjacent": "AH 2H 3H 4H 5H 6H KH AS 3S 4S KS JK",
    "both": "AH 2H 3H 4H JH QH KH AS 2S 3S KS JK",
    "wrap": "AH 2H 3H 4H QH KH AS 2S 3S KS JK",
    "limits": "AH 2H 3H 4H 5H KH AS 2S 3S 5S KS JK",
    "gin": "AH 2H 3H 4H 5H 6H AS 2S 3S 5S AD 5D",
    "p10": "1R 2R 3R 4R 5R 1B 2B 3B 5B 12B W SK",
    "continental": "AH AS 2S 3S 4S 5S QS KS 2H 3H 5H 5D JK",
}


def _variants() -> dict[str, Variant]:
    from rummy_spec.lang import load
    from rummy_spec.lang.library import Library

    out = {"continental": load("continental")}
    for name, text in RULE_TEXTS.items():
        lib = Library()
        lib.add_text(f'variant {name} "{name}" {{\n {text}}}\n', f"<{name}>")
        variant, problems = lib.resolve(name)
        errors = [p for p in problems if p.severity == "error"]
        assert not errors, (name, errors)
        out[name] = variant
    return out


VARIANTS = _variants()
RULES = {name: compile_rules(v) for name, v in VARIANTS.items()}
POINTS = {name: face_points(v) for name, v in VARIANTS.items()}
POOL_CARDS = {name: [RULES[name].table.parse(t) for t in text.split()]
              for name, text in POOLS.items()}


def parse(name: str, text: str) -> list[int]:
    return [RULES[name].table.parse(t) for t in text.split()]
