"""Scenes for the differential fuzzer: deals built from the variant's model so that a
rule's boundary is one or two actions away.

A shuffled deal with a few planted melds (``fuzzdeal``) seldom puts a player one card
from his contract, or hands two arrangements that tie before the discard; these are
where engines answer wrongly.  Each scene asks the variant's own model (its meld rules,
knock limit, contracts, claim rules, swap rules, card points, hand sizes) what the
situation needs, and returns the cards to plant: hands counted from the first player,
the upcard, the top of the stock, and the round (or contract) the deal is played as.
No scene names a variant or an engine.

* ``knock tie``: ten cards and the card to draw, whose eleven hold two arrangements
  melding the same points, one leaving a higher unmatched card, the best ten after the
  discard worth the knock limit (or one point either side);
* ``one card short``: the round's contract less one card, that card the upcard or the
  next stock card; ``pat``: the same for a round that must be laid whole;
* ``claimants``: a claim window open to several seats, played by claiming until the
  round's limit is met (the deal's upcard wanted by more than one seat);
* ``both ends``: a run to be laid, and the cards below and above it held;
* ``swap``: a meld with a wild standing for a card that a player holds.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import strategies as st

from ..engine.rules import Rules
from ..lang import model as m
from ..lang.model import MeldKind


@dataclass
class Scene:
    """Cards to plant, each hand by its seat counted from the first player (0)."""

    name: str
    hands: dict[int, list[int]] = field(default_factory=dict)
    upcard: int | None = None
    stock_top: list[int] = field(default_factory=list)  # top first
    round: int | None = None  # the round (shared schedule) or the contract (individual)
    style: str = "eager"  # how the game is played to reach the situation (fuzzplay)


Build = Callable[[st.DrawFn, Rules, Counter[int], tuple[int, ...]], "Scene | None"]


def _ranks(rules: Rules) -> list[int]:
    t = rules.table
    return list(range(t.low_rank, t.high_rank + 1))


def _natural(rules: Rules, rank: int, suit: str) -> int | None:
    card = rules.table.face(rank, suit)
    return None if rules.melds.is_wild[card] else card


def _take(remaining: Counter[int], cards: list[int]) -> bool:
    """Take every card of ``cards`` from the pack, or none."""
    need = Counter(cards)
    if any(remaining[c] < n for c, n in need.items()):
        return False
    remaining.subtract(need)
    return True


def _give_back(remaining: Counter[int], cards: list[int]) -> None:
    remaining.update(cards)


def _hand_size(rules: Rules, round_: int) -> int:
    return rules.cards_dealt(round_)


def _draw_one(draw: st.DrawFn, rules: Rules, scene: Scene, cards: list[int]) -> Scene:
    """One of ``cards`` is the card the first player will draw (the upcard, or the top
    of the stock); the rest are his hand.  Where the first player starts by discarding,
    every card is in his hand."""
    deal = rules.variant.deal
    if deal.first_turn_discard or not cards:
        scene.hands[0] = cards
        return scene
    i = draw(st.integers(0, len(cards) - 1))
    card = cards[i]
    scene.hands[0] = cards[:i] + cards[i + 1:]
    if deal.upcard and draw(st.booleans()):
        scene.upcard = card
    else:
        scene.stock_top = [card]
    return scene


# ----- the knock limit, two arrangements tied ----------------------------------------------

def knock_tie(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
              rounds: tuple[int, ...]) -> Scene | None:
    """Ranks a < b < c (points in step) in two runs, a third a and a third c: melded as
    sets (aaa, ccc) the hand keeps b b, melded as runs it keeps a c; both meld the same
    points, but only the runs leave the high card c to discard.  Three or more cards
    that meld with nothing make the best ten after discarding c worth the knock limit
    plus ``delta``: an engine that counts the eleven cards' first best arrangement less
    its highest card refuses a knock the rules allow (or allows one a point over)."""
    k = rules.variant.knock
    mr = rules.melds
    suits = list(rules.table.suits)
    if k is None or mr.set is None or mr.run is None or mr.set.min > 3 or mr.run.min > 3 \
            or len(suits) < 3:
        return None
    ranks = _ranks(rules)
    pts = rules.points

    def worth(r: int) -> int:
        return pts[rules.table.face(r, suits[0])]

    fill = _hand_size(rules, 1) + 1 - 8

    def pool_for(i: int, remaining: Counter[int]) -> list[int]:
        far = [r for j, r in enumerate(ranks) if j < i - 1 or j > i + 3]
        return [x for r in far for s in suits if (x := _natural(rules, r, s)) is not None
                and remaining[x] > 0 and pts[x] <= worth(ranks[i + 1])]

    key = ("fuzz: knock tie starts",)
    starts = rules.cache.get(key)
    if starts is None:  # (start, delta) that some filler can make, with the whole pack
        whole = Counter(range(len(rules.table.faces)))
        starts = rules.cache[key] = [
            (i, d) for i in range(len(ranks) - 2) for d in (0, -1, 1)
            if worth(ranks[i]) + worth(ranks[i + 2]) == 2 * worth(ranks[i + 1])
            and worth(ranks[i + 2]) > worth(ranks[i + 1]) and fill >= 0
            and _sum_to(rules, pool_for(i, whole), fill,
                        k.deadwood + d - worth(ranks[i])) is not None]
    if not starts:
        return None
    i, delta = starts[draw(st.integers(0, len(starts) - 1))]
    a, b, c = ranks[i], ranks[i + 1], ranks[i + 2]
    order = draw(st.permutations(suits))
    s1, s2, s3 = order[0], order[1], order[2]
    s4 = order[3] if len(order) > 3 and draw(st.booleans()) else s3
    core = [_natural(rules, r, s) for r, s in
            ((a, s1), (b, s1), (c, s1), (a, s2), (b, s2), (c, s2), (a, s3), (c, s4))]
    if any(x is None for x in core):
        return None
    cards = [x for x in core if x is not None]
    goal = k.deadwood + delta - worth(a)  # the filler's points: the best ten less a
    if not _take(remaining, cards):
        return None
    rng = random.Random(draw(st.integers(0, 2 ** 16 - 1)))
    pool = pool_for(i, remaining)
    rng.shuffle(pool)
    filler = _sum_to(rules, pool, fill, goal)
    if filler is None:
        _give_back(remaining, cards)
        return None
    hand = cards + filler
    _take(remaining, filler)
    ten = list(hand)
    ten.remove(cards[-1])  # less the high c
    if rules.arrange(ten).rest_points != k.deadwood + delta:  # (the model disagrees)
        _give_back(remaining, hand)
        return None
    rng.shuffle(hand)
    return _draw_one(draw, rules, Scene("knock tie"), hand)


def _sum_to(rules: Rules, pool: list[int], n: int, goal: int) -> list[int] | None:
    """``n`` cards of ``pool`` worth ``goal`` points that meld with nothing among
    themselves (fewer of a rank than a set, no two of a suit within a run's reach)."""
    pts, mr = rules.points, rules.melds
    set_min = mr.set.min if mr.set is not None else 99
    out: list[int] = []

    def fits(card: int) -> bool:
        same_rank = sum(1 for x in out if mr.rank[x] == mr.rank[card])
        near = any(mr.suit[x] == mr.suit[card] and abs(mr.rank[x] - mr.rank[card]) < 3
                   for x in out)
        return same_rank + 1 < set_min and not near

    def walk(start: int, left: int) -> bool:
        if len(out) == n:
            return left == 0
        for j in range(start, min(len(pool), start + 40)):
            card = pool[j]
            if pts[card] <= left and fits(card):
                out.append(card)
                if walk(j + 1, left - pts[card]):
                    return True
                out.pop()
        return False

    return out if walk(0, goal) else None


# ----- contracts -------------------------------------------------------------------------

def _melds_for(rules: Rules, contract: m.Contract, cards: int | None = None
               ) -> list[tuple[str, int]] | None:
    """(kind, length) of each meld of ``contract``: its least, or lengthened to ``cards``
    cards in all (runs first, then sets, within their limits)."""
    mr = rules.melds
    out: list[tuple[str, int]] = []
    for e in contract.elements:
        rule = mr.set if e.kind == "set" else mr.run if e.kind == "run" else None
        if rule is None:
            return None
        out += [(e.kind, e.size or rule.min)] * e.count
    extra = 0 if cards is None else cards - sum(n for _, n in out)
    if extra < 0:
        return None
    while extra:
        grown = False
        for j, (kind, n) in enumerate(out):
            rule = mr.set if kind == "set" else mr.run
            top = rule.max if rule is not None and rule.max is not None else 99
            if extra and n < top and (kind == "run" or n < len(rules.table.suits) * 2):
                out[j] = (kind, n + 1)
                extra -= 1
                grown = True
        if not grown:
            return None
    return out


def _lay(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
         melds: list[tuple[str, int]], inner: bool = False) -> list[list[int]] | None:
    """The cards of each meld, naturals only, taken from the pack: sets of different
    ranks, runs each in a suit of its own where the suits allow (``inner``: runs with a
    rank below and a rank above them)."""
    ranks = _ranks(rules)
    suits = list(rules.table.suits)
    used_ranks: set[int] = set()
    run_suits = draw(st.permutations(suits))
    taken: list[list[int]] = []
    runs = 0
    for kind, n in melds:
        got: list[int] | None = None
        for _ in range(8):
            if kind == "set":
                r = ranks[draw(st.integers(0, len(ranks) - 1))]
                if r in used_ranks:
                    continue
                got = [x for j in range(n) if (x := _natural(
                    rules, r, suits[j % len(suits)])) is not None]
                used_ranks.add(r)
            else:
                if n + 2 * inner > len(ranks):
                    return None
                s = run_suits[runs % len(run_suits)]
                lo = draw(st.integers(int(inner), len(ranks) - n - int(inner)))
                got = [x for r in ranks[lo:lo + n] if (x := _natural(rules, r, s))
                       is not None]
            if len(got) == n and _take(remaining, got):
                break
            got = None
        if got is None:
            for cards in taken:
                _give_back(remaining, cards)
            return None
        runs += kind == "run"
        taken.append(got)
    return taken


def _contract_rounds(rules: Rules, rounds: tuple[int, ...], pat: bool) -> list[int]:
    return [r for r in rounds if r <= len(rules.contracts)
            and rules.contracts[r - 1].pat == pat]


def _contract_scene(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
                    rounds: tuple[int, ...], pat: bool, name: str) -> Scene | None:
    choices = _contract_rounds(rules, rounds, pat)
    if not choices:
        return None
    round_ = choices[draw(st.integers(0, len(choices) - 1))]
    contract = rules.contracts[round_ - 1]
    held = _hand_size(rules, round_) + 1
    melds = _melds_for(rules, contract, held if pat else None)
    if melds is None:
        return None
    laid = _lay(draw, rules, remaining, melds)
    if laid is None:
        return None
    cards = [c for meld in laid for c in meld]
    if not rules.ways_down(cards, contract, 1):  # (the model says it is no contract)
        _give_back(remaining, cards)
        return None
    scene = Scene(name, round=round_)
    return _draw_one(draw, rules, scene, cards)


def one_card_short(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
                   rounds: tuple[int, ...]) -> Scene | None:
    """The round's contract, its least cards, less the card the first player draws."""
    return _contract_scene(draw, rules, remaining, rounds, False, "one card short")


def pat(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
        rounds: tuple[int, ...]) -> Scene | None:
    """A round laid whole: every card held after the draw is in the contract's melds."""
    return _contract_scene(draw, rules, remaining, rounds, True, "pat")


# ----- claims ------------------------------------------------------------------------------

def claimants(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
              rounds: tuple[int, ...]) -> Scene | None:
    """Two seats after the first hold a pair of the upcard's rank, so the window opened
    by the first player's refusal is wanted by both; the round drawn is one with a buy
    limit where the variant has one, and the game is played claiming every window."""
    claim = rules.variant.claim
    mr = rules.melds
    if claim is None or rules.players < 3 or not rules.variant.deal.upcard:
        return None
    limited = [r for r in rounds if rules.buy_limit_one(r) is not None]
    pick = limited or list(rounds)
    round_ = pick[draw(st.integers(0, len(pick) - 1))]
    ranks = _ranks(rules)
    suits = list(rules.table.suits)
    r = ranks[draw(st.integers(0, len(ranks) - 1))]
    cards = [x for j in range(5) if (x := _natural(rules, r, suits[j % len(suits)]))
             is not None]
    if len(cards) < 5 or mr.set is None or not _take(remaining, cards):
        return None
    scene = Scene("claimants", hands={1: cards[1:3], 2: cards[3:5]}, upcard=cards[0],
                  style="claims")
    if rules.has_contracts and not rules.individual:
        scene.round = round_
    return scene


# ----- a run and its ends ------------------------------------------------------------------

def both_ends(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
              rounds: tuple[int, ...]) -> Scene | None:
    """A run the first player lays, the rank below it and the rank above it held: by the
    defender where a knock lets him lay off, else one each by the first player and the
    next (the first player's run is his contract's where there are contracts)."""
    mr = rules.melds
    if mr.run is None:
        return None
    k = rules.variant.knock
    ranks = _ranks(rules)
    scene = Scene("both ends")
    if rules.has_contracts:
        choices = [r for r in _contract_rounds(rules, rounds, False)
                   if any(e.kind == "run" for e in rules.contracts[r - 1].elements)]
        if not choices:
            return None
        scene.round = choices[draw(st.integers(0, len(choices) - 1))]
        melds = _melds_for(rules, rules.contracts[scene.round - 1])
    else:
        melds = [("run", mr.run.min)]
        if k is not None:  # two sets more, so the knock is near
            melds += [("set", mr.set.min)] * 2 if mr.set is not None else []
    if melds is None:
        return None
    laid = _lay(draw, rules, remaining, melds, inner=True)
    if laid is None:
        return None
    run = next(meld for (kind, _), meld in zip(melds, laid, strict=True) if kind == "run")
    low, high = min(mr.rank[c] for c in run), max(mr.rank[c] for c in run)
    suit = mr.suit[run[0]]
    cards = [c for meld in laid for c in meld]
    ends = [x for r in (low - 1, high + 1) if r in ranks and suit is not None
            and (x := _natural(rules, r, suit)) is not None]
    if len(ends) < 2 or not _take(remaining, ends):
        _give_back(remaining, cards)
        return None
    if k is not None:
        scene.hands[1] = ends
        return _draw_one(draw, rules, scene, cards)
    scene.hands[1] = [ends[1]]
    return _draw_one(draw, rules, scene, [*cards, ends[0]])


# ----- a wild to swap ----------------------------------------------------------------------

def swap(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
         rounds: tuple[int, ...]) -> Scene | None:
    """The first player's melds (his contract's, or one run) with one natural inside a
    run (or a set) replaced by a wild the rules let be freed; the natural it stands for
    is held by him and, where the pack has another, by the next player."""
    from ..engine.melds import Meld, validate

    rule = rules.variant.swap
    mr = rules.melds
    free = sorted(rules.swappable if rules.swappable is not None else rules.wild)
    if not rule.allowed or not free or mr.run is None:
        return None
    scene = Scene("swap")
    kinds = ("run",) if not rule.from_sets else ("run", "set") if rule.from_runs else ("set",)
    if rules.has_contracts:
        choices = [r for r in _contract_rounds(rules, rounds, False)
                   if any(e.kind in kinds for e in rules.contracts[r - 1].elements)]
        if not choices:
            return None
        scene.round = choices[draw(st.integers(0, len(choices) - 1))]
        melds = _melds_for(rules, rules.contracts[scene.round - 1])
    else:
        melds = [(kinds[0], (mr.run.min if kinds[0] == "run" else
                             mr.set.min if mr.set is not None else 3) + 1)]
    if melds is None:
        return None
    laid = _lay(draw, rules, remaining, melds)
    if laid is None:
        return None
    cards = [c for meld in laid for c in meld]
    wild = [w for w in free if remaining[w] > 0]
    which = [j for j, (kind, _) in enumerate(melds) if kind in kinds]
    if not wild or not which:
        _give_back(remaining, cards)
        return None
    j = which[draw(st.integers(0, len(which) - 1))]
    meld = sorted(laid[j], key=lambda c: mr.rank[c])
    pos = draw(st.integers(1, len(meld) - 2)) if melds[j][0] == "run" else 0
    natural = meld[pos]
    with_wild = [*meld[:pos], wild[0], *meld[pos + 1:]]
    kind: MeldKind = "run" if melds[j][0] == "run" else "set"
    if not isinstance(validate(mr, kind, with_wild), Meld):  # wilds too many
        _give_back(remaining, cards)
        return None
    _take(remaining, [wild[0]])
    cards = [c for jj, ml in enumerate(laid) if jj != j for c in ml] + with_wild
    if not rule.others_only:
        cards.append(natural)  # (he holds it already: the pack's copy went into his meld)
    else:
        _give_back(remaining, [natural])
    if _take(remaining, [natural]):
        scene.hands[1] = [natural]
    return _draw_one(draw, rules, scene, cards)


SCENES: dict[str, Build] = {"knock tie": knock_tie, "one card short": one_card_short,
                            "pat": pat, "claimants": claimants, "both ends": both_ends,
                            "swap": swap}


def scene_names(rules: Rules, rounds: tuple[int, ...]) -> list[str]:
    """The scenes the variant's model has a place for."""
    v = rules.variant
    mr = rules.melds
    out = []
    if v.knock is not None:
        out.append("knock tie")
    if rules.has_contracts and _contract_rounds(rules, rounds, False):
        out.append("one card short")
    if rules.has_contracts and _contract_rounds(rules, rounds, True):
        out.append("pat")
    if v.claim is not None and rules.players >= 3:
        out.append("claimants")
    if mr.run is not None:
        out.append("both ends")
    if v.swap.allowed and rules.wild:
        out.append("swap")
    return out


def scene(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
          rounds: tuple[int, ...]) -> Scene | None:
    """One scene of those the variant has, in two deals of three (None shrinks first:
    a plain deal)."""
    names = scene_names(rules, rounds)
    if not names or not draw(st.integers(0, 2)):
        return None
    name = names[draw(st.integers(0, len(names) - 1))]
    got = SCENES[name](draw, rules, remaining, rounds)
    if got is None:
        return None
    size = _hand_size(rules, got.round if got.round is not None and not rules.individual
                      else 1)
    extra = rules.variant.deal.first_turn_discard
    if any(len(cards) > size + (extra and seat == 0) for seat, cards in got.hands.items()):
        _give_back(remaining, [c for cards in got.hands.values() for c in cards]
                   + got.stock_top + ([got.upcard] if got.upcard is not None else []))
        return None
    return got
