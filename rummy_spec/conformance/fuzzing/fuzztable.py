"""Scenes about the melds on the table: a run with the cards below and above it held
(``both ends``, for lay-offs at either end), and a meld with a wild standing for a card
a player holds (``swap``)."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from ...engine.records.rules import Rules
from ...lang.model import MeldKind
from .fuzzcards import Scene, all_ranks, draw_one, give_back, natural_card, take
from .fuzzcontracts import contract_rounds, lay, melds_for


def both_ends(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
              rounds: tuple[int, ...]) -> Scene | None:
    """A run the first player lays, the rank below it and the rank above it held: by the
    defender where a knock lets him lay off, else one each by the first player and the
    next (the first player's run is his contract's where there are contracts)."""
    mr = rules.melds
    if mr.run is None:
        return None
    k = rules.variant.knock
    ranks = all_ranks(rules)
    scene = Scene("both ends")
    if rules.has_contracts:
        choices = [r for r in contract_rounds(rules, rounds, False)
                   if any(e.kind == "run" for e in rules.contracts[r - 1].elements)]
        if not choices:
            return None
        scene.round = choices[draw(st.integers(0, len(choices) - 1))]
        melds = melds_for(rules, rules.contracts[scene.round - 1])
    else:
        melds = [("run", mr.run.min)]
        if k is not None:  # two sets more, so the knock is near
            melds += [("set", mr.set.min)] * 2 if mr.set is not None else []
    if melds is None:
        return None
    laid = lay(draw, rules, remaining, melds, inner=True)
    if laid is None:
        return None
    run = next(meld for (kind, _), meld in zip(melds, laid, strict=True) if kind == "run")
    low, high = min(mr.rank[c] for c in run), max(mr.rank[c] for c in run)
    suit = mr.suit[run[0]]
    cards = [c for meld in laid for c in meld]
    ends = [x for r in (low - 1, high + 1) if r in ranks and suit is not None
            and (x := natural_card(rules, r, suit)) is not None]
    if len(ends) < 2 or not take(remaining, ends):
        give_back(remaining, cards)
        return None
    if k is not None:
        scene.hands[1] = ends
        return draw_one(draw, rules, scene, cards)
    scene.hands[1] = [ends[1]]
    return draw_one(draw, rules, scene, [*cards, ends[0]])


def swap(draw: st.DrawFn, rules: Rules, remaining: Counter[int],
         rounds: tuple[int, ...]) -> Scene | None:
    """The first player's melds (his contract's, or one run) with one natural inside a
    run (or a set) replaced by a wild the rules let be freed; the natural it stands for
    is held by him and, where the pack has another, by the next player."""
    from ...engine.melding.melds import Meld, validate

    rule = rules.variant.swap
    mr = rules.melds
    free = sorted(rules.swappable if rules.swappable is not None else rules.wild)
    if not rule.allowed or not free or mr.run is None:
        return None
    scene = Scene("swap")
    kinds = ("run",) if not rule.from_sets else ("run", "set") if rule.from_runs else ("set",)
    if rules.has_contracts:
        choices = [r for r in contract_rounds(rules, rounds, False)
                   if any(e.kind in kinds for e in rules.contracts[r - 1].elements)]
        if not choices:
            return None
        scene.round = choices[draw(st.integers(0, len(choices) - 1))]
        melds = melds_for(rules, rules.contracts[scene.round - 1])
    else:
        melds = [(kinds[0], (mr.run.min if kinds[0] == "run" else
                             mr.set.min if mr.set is not None else 3) + 1)]
    if melds is None:
        return None
    laid = lay(draw, rules, remaining, melds)
    if laid is None:
        return None
    cards = [c for meld in laid for c in meld]
    wild = [w for w in free if remaining[w] > 0]
    which = [j for j, (kind, _) in enumerate(melds) if kind in kinds]
    if not wild or not which:
        give_back(remaining, cards)
        return None
    j = which[draw(st.integers(0, len(which) - 1))]
    meld = sorted(laid[j], key=lambda c: mr.rank[c])
    pos = draw(st.integers(1, len(meld) - 2)) if melds[j][0] == "run" else 0
    natural = meld[pos]
    with_wild = [*meld[:pos], wild[0], *meld[pos + 1:]]
    kind: MeldKind = "run" if melds[j][0] == "run" else "set"
    if not isinstance(validate(mr, kind, with_wild), Meld):  # wilds too many
        give_back(remaining, cards)
        return None
    take(remaining, [wild[0]])
    cards = [c for jj, ml in enumerate(laid) if jj != j for c in ml] + with_wild
    if not rule.others_only:
        cards.append(natural)  # (he holds it already: the pack's copy went into his meld)
    else:
        give_back(remaining, [natural])
    if take(remaining, [natural]):
        scene.hands[1] = [natural]
    return draw_one(draw, rules, scene, cards)
