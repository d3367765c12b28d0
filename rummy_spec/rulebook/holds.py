"""Whether an ambiguity default still holds for a variant as resolved.

A spec names the register entries it relies on; a house variant that extends it, or an
option switched on, may change the very rule a default is about (a child dealing 11 cards
no longer follows "twelve cards").  Each entry therefore names the parts of the rules
model it concerns, and the rule families it needs at all (a note on buying says nothing
about a game without buying).  A note is printed only when the variant has those families
and those parts are the same as in the variant that declared the note, resolved with no
option on.  Source positions are ignored: restating a rule unchanged keeps its note.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from ..lang import model as m
from ..lang.counts import player_counts, round_numbers
from ..lang.expr import EvalError, Expr, evaluate_int

# the rule families a variant may lack altogether
FAMILIES: dict[str, Callable[[m.Variant], bool]] = {
    "buying": lambda v: v.claim is not None,
    "wilds": lambda v: bool(v.wilds.cards),
    "contracts": lambda v: bool(v.contracts.rounds),
    "rummy-call": lambda v: v.rummy_call is not None,
    "knock": lambda v: v.knock is not None,
    "specials": lambda v: bool(v.deck.specials),
    "runs": lambda v: v.run is not None,
    "sets": lambda v: v.set is not None,
}

# entry -> (families it needs, dotted model paths it is about)
CONCERNS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "A1": ((), ("players", "deck.decks")),
    "A2": ((), ("deck.decks",)),
    "A3": ((), ("deck.jokers", "deck.jokers_per_deck")),
    "A4": (("wilds",), ("wilds.never_outnumber", "wilds.max_per_set", "wilds.max_per_run")),
    "A5": (("contracts",), ("contracts.rounds", "claim.limit")),
    "A6": (("rummy-call",), ("rummy_call",)),
    "A7": ((), ("swap",)),
    "A8": (("contracts",), ("turn.new_melds_after_down", "layoff")),
    "A9": ((), ("deck.decks",)),
    "A10": ((), ("deal.cards",)),
    "A11": (("buying",), ("claim.limit", "claim.when_down")),
    "A12": ((), ("going_out",)),
    "A13": (("wilds",), ("score.entries", "wilds.cards")),
    "A14": ((), ("stock.empty",)),
    "A15": ((), ("deck",)),
    "A16": (("wilds",), ("wilds.never_outnumber",)),
    "A17": ((), ("turn.no_playable_discard",)),
    "A18": ((), ("going_out",)),
    "A19": ((), ("score.entries",)),
    "A20": ((), ("deal.cards",)),
    "A21": (("contracts",), ("contracts.rounds",)),
    "A22": ((), ("going_out", "contracts.rounds")),
    "A23": ((), ("deck",)),
    "A24": (("wilds",), ("wilds.cards", "run.ace")),
    "A25": ((), ("deal.cards",)),
    "A26": (("contracts",), ("contracts.count", "contracts.size")),
    "A27": (("buying",), ("claim",)),
    "A28": (("wilds",), ("wilds.never_outnumber",)),
    "A29": (("wilds",), ("wilds.cards",)),
    "A30": ((), ("deal.cards",)),
    "A31": (("buying",), ("claim.limit", "claim.carry_over")),
    "A32": ((), ("score.entries",)),
    "A33": (("runs",), ("run.ace",)),
    "A34": ((), ("deal.first_dealer", "deal.rotation")),
    "A35": (("wilds", "runs"), ("swap", "run")),
    "A36": (("wilds",), ("swap.freed",)),
    "A37": (("wilds", "sets"), ("swap.from_sets",)),
    "A38": ((), ("going_out",)),
    "A39": ((), ("game.ties",)),
    "A40": (("contracts",), ("contracts.size",)),
    "A41": (("contracts",), ("layoff.timing",)),
    "A42": ((), ("wilds.need_natural",)),
    "A43": (("specials",), ("deck.specials",)),
    "A44": (("specials",), ("deck.specials",)),
    "A45": ((), ("deal",)),
    "A46": ((), ("turn.melds_per_turn",)),
    "A47": (("contracts",), ("contracts.rounds", "score.entries", "claim")),
    "A48": (("wilds", "runs"), ("wilds.cards",)),
    "A49": ((), ("wilds.need_natural", "wilds.naturals", "wilds.all_wild_sets",
                 "wilds.all_wild_runs", "wilds.all_wild_groups")),
    "A50": (("sets",), ("deck.decks", "set.different_suits")),
    "A51": ((), ()),
    "A52": ((), ("knock",)),
    "A53": (("buying",), ("claim.own_discard",)),
    "A54": (("buying",), ()),
    "A55": (("wilds",), ("wilds.never_outnumber", "wilds.max_per_set", "wilds.max_per_run")),
}


def holds(number: str, variant: m.Variant, declared_in: m.Variant) -> bool:
    """Whether entry ``number``, relied on by ``declared_in`` (resolved with no option),
    still describes ``variant``.  An entry the table does not know is kept: the spec
    named it, and the page says it is not in the register."""
    concern = CONCERNS.get(number)
    if concern is None:
        return True
    families, paths = concern
    if not all(FAMILIES[f](variant) for f in families):
        return False
    # each side over its own player counts and rounds: a child that adds a round, or
    # seats more players, has rules the declaring variant has no value for
    return all(_bare(_at(variant, p), _counts(variant))
               == _bare(_at(declared_in, p), _counts(declared_in)) for p in paths)


def _counts(v: m.Variant) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return tuple(player_counts(v)), tuple(round_numbers(v)) or (1,)


def _value(expr: Expr, players: int, round_: int) -> int | str | None:
    try:
        return evaluate_int(expr, players, round_)
    except EvalError as err:  # not the same rule as any formula that has a value here
        return f"no value: {err}"


def _at(obj: object, path: str) -> object:
    for part in path.split("."):
        if obj is None:
            return None
        obj = getattr(obj, part)
    return obj


def _bare(value: object, counts: tuple[tuple[int, ...], tuple[int, ...]]) -> object:
    """A model value without source positions; a formula as the values it gives for every
    player count and round, so ``12`` and ``min(12, 12)`` are the same rule."""
    if isinstance(value, Expr):
        return tuple((p, r, _value(value, p, r)) for p in counts[0] for r in counts[1])
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__, tuple(
            (f.name, _bare(getattr(value, f.name), counts))
            for f in dataclasses.fields(value) if f.name not in ("span", "block")))
    if isinstance(value, tuple):
        return tuple(_bare(v, counts) for v in value)
    return value
