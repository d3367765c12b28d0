"""A checked :class:`Variant` as plain JSON data: the form engines and tools read.

``variant_to_json(variant, players)`` gives every section of the model with every formula
evaluated for one player count (and, where a formula may use the round, for every round),
next to the formula's text as the author wrote it.  The layout is described by
``schema/variant.schema.json``; it carries a ``format``/``version`` stamp, and a change that
is not backward compatible raises the version.

Stability: keys come in a fixed order, lists in the model's order (card faces in the deck's
face order), and nothing depends on where the spec file lives: source positions and
absolute paths are left out (``file`` is the spec file's name only).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import PurePath
from typing import Any

from ..cards import STANDARD_RANKS
from . import decks, meldkinds
from . import model as m
from .counts import cards_out, minimum_cards, player_counts, round_numbers
from .expr import Expr, evaluate_int, render

FORMAT = "rummy-spec/variant"
# 2: the engine limits in a section of their own; 3: the rules of the family's other
# branches (partners, stakes, whole-pile and deep takes, cut jokers, unstated rules...)
VERSION = 3

JSON = dict[str, Any]


def variant_to_json(variant: m.Variant, players: int) -> JSON:
    """The whole variant, evaluated for ``players`` players.

    Raises ``ValueError`` when ``players`` is outside the variant's range or the pack
    cannot serve the deal (possible only beyond the counts the checker covers), and
    :class:`~rummy_spec.lang.expr.EvalError` if a formula cannot be evaluated at a count the
    checker did not cover (an open upper bound beyond its limit).
    """
    p = variant.players
    if players < p.min or (p.max is not None and players > p.max):
        allowed = f"{p.min}..{p.max}" if p.max is not None else f"{p.min} or more"
        raise ValueError(f"{variant.name} is for {allowed} players, not {players}")
    rounds = list(round_numbers(variant))
    table = decks.card_table(variant.deck)
    pack = decks.full_deck(variant, players)
    counts = Counter(pack)
    wild = decks.wild_faces(variant)
    points = decks.face_points(variant)
    dealt = [_int(variant.deal.cards, players, r) or 0 for r in rounds]
    if len(pack) < cards_out(variant, players, max(dealt)):
        raise ValueError(f"a pack of {len(pack)} cards cannot deal {max(dealt)} cards to "
                         f"{players} players and turn an upcard")
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": variant.name,
        "title": variant.title,
        "parent": variant.parent,
        "file": PurePath(variant.path).name,
        "sources": list(variant.sources),
        "unstated": list(variant.unstated),
        "options": {
            "available": [{"name": o.name, "title": o.title} for o in variant.options],
            "enabled": list(variant.enabled),
        },
        "players": {
            "min": p.min,
            "max": p.max,
            "checked_up_to": max(player_counts(variant)),
            "count": players,
        },
        "rounds": variant.rounds,
        "deck": _deck(variant, players, len(pack)),
        "cards": {
            "ranks": list(table.rank_names),
            "suits": list(table.suits),
            "faces": [
                {
                    "code": f.code,
                    "text": f.text,
                    "rank": f.rank,
                    "suit": f.suit,
                    "colour": f.colour,
                    "joker": f.joker,
                    "special": f.special,
                    "wild": f.code in wild,
                    "in_pack": counts.get(f.code, 0),
                }
                for f in table.faces
            ],
        },
        "card_values": {f.text: points[f.code] for f in table.faces},
        "wilds": {
            "cards": [_plain(c) for c in variant.wilds.cards],
            "faces": [table.text(c) for c in sorted(wild)],
        },
        "wild_limits": _plain(variant.wilds, skip=("cards",)),
        "meld_kinds": {
            kind: _kind_rule(variant.kind_rule(kind)) for kind in meldkinds.names()
        },
        "deal": {
            "cards": {"formula": render(variant.deal.cards), "per_round": dealt},
            "stock_after_deal": [len(pack) - cards_out(variant, players, d) for d in dealt],
            **_plain(variant.deal, skip=("cards", "upcard_covered")),
            "upcard_covered": [_plain(c) for c in variant.deal.upcard_covered],
        },
        "cut": None if variant.cut is None else _cut(variant.cut, players),
        "contracts": _contracts(variant),
        "turn": {**_plain(variant.turn, skip=("no_discard", "opening_by_total", "no_take",
                                              "frozen_by")),
                 "no_discard": [_plain(c) for c in variant.turn.no_discard],
                 "no_take": [_plain(c) for c in variant.turn.no_take],
                 "frozen_by": [_plain(c) for c in variant.turn.frozen_by],
                 "opening_by_total": [{"from": start, "points": points}
                                      for start, points in variant.turn.opening_by_total]},
        "layoff": _plain(variant.layoff),
        "swap": {**_plain(variant.swap, skip=("wilds",)), "allowed": variant.swap.allowed,
                 "wilds": [_plain(c) for c in variant.swap.wilds]},
        "claim": None if variant.claim is None else _claim(variant.claim, players, rounds),
        "rummy_call": _maybe(variant.rummy_call),
        "going_out": _plain(variant.going_out),
        "knock": None if variant.knock is None else {
            **_plain(variant.knock, skip=("upcard_deadwood",)),
            "upcard_deadwood": [{"rank": r, "deadwood": d}
                                for r, d in variant.knock.upcard_deadwood]},
        "stock": _plain(variant.stock),
        "score": {
            **_plain(variant.score, skip=("entries", "upcard_times", "long_meld_bonus")),
            "long_meld_bonus": _long_meld_bonus(variant.score.long_meld_bonus),
            "entries": [_plain(e) for e in variant.score.entries],
            "upcard_times": [{"suit": s, "times": k} for s, k in variant.score.upcard_times],
        },
        "game": _plain(variant.game),
        "engine_limits": _plain(variant.limits),
    }


def _long_meld_bonus(bonus: tuple[int, int, int] | None) -> JSON | None:
    if bonus is None:
        return None
    size, natural, mixed = bonus
    return {"size": size, "natural": natural, "mixed": mixed}


# ----------------------------------------------------------------------------------------
def _deck(variant: m.Variant, players: int, total: int) -> JSON:
    d = variant.deck
    n_decks, n_jokers = decks.deck_counts(variant, players)
    jokers_text = render(d.jokers) + (" per deck" if d.jokers_per_deck else "")
    return {
        "kind": "custom" if d.custom else "french",
        "decks": {"formula": render(d.decks), "value": n_decks},
        "jokers": {
            "formula": jokers_text,
            "per_deck": _int(d.jokers, players) if d.jokers_per_deck else None,
            "value": n_jokers,
        },
        "total_cards": total,
        "without": [STANDARD_RANKS[r - 1] for r in d.without],
        "numbers": None if d.numbers is None else {"low": d.numbers[0], "high": d.numbers[1]},
        "colours": [{"code": code, "name": name} for code, name in d.colours],
        "copies": d.copies,
        "specials": [_plain(s) for s in d.specials],
    }


def _cut(cut: m.Cut, players: int) -> JSON:
    return {
        "by": cut.by,
        "target": _evaluated(cut.target, players),
        "bonus": _evaluated(cut.bonus, players),
    }


def _contracts(variant: m.Variant) -> JSON:
    c = variant.contracts
    rounds = []
    for contract in c.rounds:
        rounds.append({
            "round": contract.number,
            "text": " + ".join(_element_text(e) for e in contract.elements)
            + (" (pat)" if contract.pat else ""),
            "elements": [_element(variant, e) for e in contract.elements],
            "pat": contract.pat,
            "minimum_cards": minimum_cards(variant, contract),
        })
    return {**_plain(c, skip=("rounds",)), "rounds": rounds}


def _element(variant: m.Variant, e: m.Element) -> JSON:
    return {"count": e.count, "kind": e.kind, "size": e.size,
            "each_at_least": meldkinds.least_size(variant, e), "pure": e.pure}


def _element_text(e: m.Element) -> str:
    word = e.kind if e.count == 1 else e.kind + "s"
    return (f"{e.count} " + ("pure " if e.pure else "") + word
            + (f" of {e.size}" if e.size is not None else ""))


def _claim(claim: m.Claim, players: int, rounds: list[int]) -> JSON:
    limit: JSON = {"formula": "unlimited", "per_round": [None for _ in rounds]}
    if claim.limit is not None:
        limit = {
            "formula": render(claim.limit),
            "per_round": [_int(claim.limit, players, r) for r in rounds],
        }
    more = dict(claim.more)  # clauses declared beyond the model's fields, as fields too
    if not all(isinstance(v, _PLAIN) for v in more.values()):
        raise TypeError("a claim clause declared beyond the model needs its own export")
    return {**_plain(claim, skip=("limit", "more")), "limit": limit, **more}


def _evaluated(expr: Expr, players: int) -> JSON:
    return {"formula": render(expr), "value": _int(expr, players)}


def _int(expr: Expr, players: int, round_: int = 1) -> int | None:
    return evaluate_int(expr, players, round_)


def _kind_rule(rule: Any) -> JSON | None:
    """A meld kind's rule; a set's cards melded only in going out as [rank, colour]."""
    if isinstance(rule, m.SetRule):
        return {**_plain(rule, skip=("going_out_only",)),
                "going_out_only": [[r, c] for r, c in rule.going_out_only]}
    return _maybe(rule)


def _maybe(section: Any) -> JSON | None:
    return None if section is None else _plain(section)


_PLAIN = (str, int, bool, type(None))


def _plain(obj: Any, skip: tuple[str, ...] = ()) -> JSON:
    """A section's own fields as JSON, source spans left out.

    Only plain values pass: a formula or a nested section must be exported by hand (with
    its value evaluated), so a new model field of that sort fails loudly here instead of
    leaking a Python object into the JSON.
    """
    out: JSON = {}
    for f in dataclasses.fields(obj):
        if f.name in ("span", "block") or f.name in skip:
            continue
        value = getattr(obj, f.name)
        if isinstance(value, tuple):
            value = list(value)
            if not all(isinstance(v, _PLAIN) for v in value):
                raise TypeError(f"{type(obj).__name__}.{f.name} needs its own export")
        elif not isinstance(value, _PLAIN):
            raise TypeError(f"{type(obj).__name__}.{f.name} needs its own export")
        out[f.name] = value
    return out
