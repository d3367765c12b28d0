"""How a fuzz game chooses its next action: the legal actions the engine under test claims
(``allowed``), in the protocol's form (runs low to high, near misses as they may be
sent), ordered so progress comes first, and the choice each style of play makes among
them (see ``fuzzplay`` for the styles).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import replace

from hypothesis import strategies as st

from ...engine.game import Game
from ...engine.melding.melds import Meld, validate
from ...engine.records.rules import Rules
from ...engine.records.state import Move
from ..suite.cases import ACTION_FEATURES

PRIORITY = {"go_down": 0, "knock": 1, "meld": 2, "lay_off": 3, "swap": 4, "shift": 5,
            "call": 6, "buy": 7, "draw": 8, "give": 9, "discard": 10, "pass": 11,
            "dead_hand": 12}


def allowed(features: frozenset[str], rules: Rules) -> Callable[[Move], bool]:
    """Does the engine claim what this action needs (and is it an action of the
    protocol: a ``meld`` lays one meld)?"""
    def ok(a: Move) -> bool:
        if a.type == "meld" and len(a.melds or ()) != 1 and "opening-melds" not in features:
            return False  # several melds at once: an opening, where the engine claims it
        need = ACTION_FEATURES.get(a.type)
        if need is not None and need not in features:
            return False
        if a.type in ("knock", "pass") and a.melds is not None and \
                "knock-melds" not in features:
            return False
        if a.type == "shift" and a.end is not None and "shift-end" not in features:
            return False
        if a.type == "draw" and a.depth is not None and "deep-take" not in features:
            return False
        return not (a.type == "discard" and a.card is not None and rules.special_of(a.card)
                    and "skip" not in features)

    return ok


def low_to_high(rules: Rules, a: Move) -> Move:
    """The action with each run written low to high, as the protocol says (an arranged
    run's cards are in position order); other melds as they are."""
    if not a.melds:
        return a
    out = []
    for meld in a.melds:
        if isinstance(validate(rules.melds, None, meld, ordered=True), Meld):
            out.append(meld)
            continue
        got = validate(rules.melds, "run", meld)
        out.append(got.cards if isinstance(got, Meld) else meld)
    return replace(a, melds=tuple(out)) if tuple(out) != a.melds else a


def as_sent(rules: Rules, a: Move) -> Move:
    """A near miss as the protocol lets it be sent: a run-like meld whose naturals do not
    rise as written (``4R 8R 10R W 3G``, ``2C JK 3D 2S``) is put low to high where some
    order of it is a legal run (otherwise the reference's refusal is for the order, and
    an engine that arranges a run's cards itself would be judged by it); a meld written
    in order, wilds wherever they stand, is sent as it is (``JK JK JK 2H 3H``)."""
    if not a.melds or all(_rising(rules, m) for m in a.melds):
        return a
    return low_to_high(rules, a)


def _rising(rules: Rules, meld: tuple[int, ...]) -> bool:
    """Do the meld's naturals rise as written (an ace low at the start or high at the
    end), or share one rank (a set)?"""
    mr = rules.melds
    ranks = [mr.rank[c] for c in meld if not mr.is_wild[c] and mr.rank[c]]
    if len(set(ranks)) <= 1:
        return True
    high = rules.table.high_rank + 1
    return any(all(a < b for a, b in itertools.pairwise(seq)) for seq in (
        ranks, [*ranks[:-1], high] if ranks[-1] == rules.table.low_rank else ranks))


def ordered(game: Game, ok: Callable[[Move], bool]) -> list[Move]:
    """The legal actions the engine claims, those that make progress first (stock draws
    before upcards, buys before passes), so shrinking leads to short games."""
    acts = [low_to_high(game.rules, a) for a in game.legal_actions() if ok(a)]
    return sorted(acts, key=lambda a: (PRIORITY.get(a.type, 99), a.source == "discard"))


def drain_choice(listed: list[Move]) -> Move:
    """Draw from the stock, pass every claim, discard the first card that may go."""
    for kind in ("pass", "draw", "discard"):
        found = [a for a in listed if a.type == kind and a.source != "discard"]
        if found:
            return found[0]
    return listed[0]


def eager_choice(data: st.DataObject, listed: list[Move]) -> Move:
    """The actions a scene's boundary is about first, when listed (going down, knocking,
    then laying off and swapping, then melding); else as ``pick_legal`` takes it."""
    for kinds in (("go_down", "knock"), ("lay_off", "swap"), ("meld",)):
        found = [a for a in listed if a.type in kinds]
        if found:
            return found[data.draw(st.integers(0, len(found) - 1), label="action")]
    return pick_legal(data, listed)


def claims_choice(data: st.DataObject, listed: list[Move]) -> Move:
    """Claim whatever may be claimed, decline the upcard (so a window opens), else a
    legal action as ``pick_legal`` takes it."""
    for kinds, source in ((("buy", "call"), None), (("draw",), "stock")):
        found = [a for a in listed if a.type in kinds and source in (None, a.source)]
        if found:
            return found[0]
    return pick_legal(data, listed)


def pick_legal(data: st.DataObject, listed: list[Move]) -> Move:
    """A type first (in the listing's order), then an action of that type."""
    types = list(dict.fromkeys(a.type for a in listed))
    kind = types[data.draw(st.integers(0, len(types) - 1), label="type")]
    same = [a for a in listed if a.type == kind]
    return same[data.draw(st.integers(0, len(same) - 1), label="action")]


CHOICES = {"claims": claims_choice, "eager": eager_choice}
