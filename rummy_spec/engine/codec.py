"""The canonical JSON form of actions and states (cards as canonical text).

``state_to_json`` / ``state_from_json`` round-trip exactly; ``observable`` is the part an
outside engine can be asked for (the conformance protocol's ``state``).  Keys are sorted
when dumped, so equal states give equal bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import fields
from typing import Any

from ..cards import CardError, CardTable
from .melds import Meld
from .state import ACTION_TYPES, Action, Claim, RoundResult, Seat, State, TableMeld
from .state_check import PackOf, StateError, check_state


class CodecError(ValueError):
    """JSON that does not describe an action or a state; the message names the field."""


def _cards(table: CardTable, cards: list[int] | tuple[int, ...]) -> list[str]:
    return [table.faces[c].text for c in cards]


def _parse_card(table: CardTable, text: Any, where: str) -> int:
    if not isinstance(text, str):
        raise CodecError(f"{where}: a card must be text such as '10S', got {text!r}")
    try:
        return table.parse(text)
    except CardError as err:
        raise CodecError(f"{where}: {err}") from None


def action_to_json(table: CardTable, a: Action) -> dict[str, Any]:
    out: dict[str, Any] = {"type": a.type, "player": a.player}
    if a.source is not None:
        out["source"] = a.source
    if a.card is not None:
        out["card"] = table.faces[a.card].text
    if a.meld is not None:
        out["meld"] = a.meld
    if a.end is not None:
        out["end"] = a.end
    if a.melds is not None:
        out["melds"] = [_cards(table, list(m)) for m in a.melds]
    if a.wild_to is not None:
        out["wild_to"] = a.wild_to
    if a.target is not None:
        out["target"] = a.target
    return out


def action_from_json(table: CardTable, data: Any) -> Action:
    if not isinstance(data, dict):
        raise CodecError("an action must be a JSON object")
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise CodecError(f"type: unknown action type {kind!r} (known: "
                         + ", ".join(sorted(ACTION_TYPES)) + ")")
    known = {"type", "player", "source", "card", "meld", "end", "melds", "wild_to", "target"}
    extra = set(data) - known
    if extra:
        raise CodecError(f"unknown field(s) {', '.join(sorted(extra))}")

    def integer(key: str, required: bool = False) -> int | None:
        value = data.get(key)
        if value is None and not required:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise CodecError(f"{key}: a whole number is needed, got {value!r}")
        return value

    player = integer("player", required=True)
    assert player is not None
    source = data.get("source")
    if source is not None and source not in ("stock", "discard"):
        raise CodecError(f"source: 'stock' or 'discard', got {source!r}")
    end = data.get("end")
    if end is not None and end not in ("low", "high"):
        raise CodecError(f"end: 'low' or 'high', got {end!r}")
    card = data.get("card")
    melds = data.get("melds")
    parsed: tuple[tuple[int, ...], ...] | None = None
    if melds is not None:
        if not isinstance(melds, list) or not all(isinstance(m, list) for m in melds):
            raise CodecError("melds: a list of lists of cards is needed")
        parsed = tuple(
            tuple(_parse_card(table, c, f"melds[{i}][{j}]") for j, c in enumerate(m))
            for i, m in enumerate(melds)
        )
    return Action(
        type=kind, player=player, source=source,
        card=None if card is None else _parse_card(table, card, "card"),
        meld=integer("meld"), end=end, melds=parsed, wild_to=integer("wild_to"),
        target=integer("target"),
    )


def meld_to_json(table: CardTable, t: TableMeld, wild: frozenset[int]) -> dict[str, Any]:
    m = t.meld
    rank_names = []
    for r in m.ranks:
        if table.custom or r is None or r == 0:
            rank_names.append(str(r))
        else:
            rank_names.append(table.rank_names[(r - 1) % 13])
    return {
        "owner": t.owner,
        "kind": m.kind,
        "cards": _cards(table, m.cards),
        "ranks": list(m.ranks),
        "suit": m.suit,
        "wilds": [
            {"card": table.faces[c].text, "position": i, "stands_for":
             rank_names[i] + (m.suit or "") if m.kind != "group" else (m.suit or "")}
            for i, c in enumerate(m.cards) if c in wild
        ],
        "contract": t.contract,
        "laid_turn": t.laid_turn,
        "all_wild": t.all_wild,
    }


def _meld_from_json(table: CardTable, d: dict[str, Any], wild: frozenset[int]) -> TableMeld:
    cards = tuple(_parse_card(table, c, "meld") for c in d["cards"])
    meld = Meld(kind=d["kind"], cards=cards, ranks=tuple(d["ranks"]), suit=d["suit"],
                wild=tuple(c in wild for c in cards))
    return TableMeld(d["owner"], meld, d["contract"], d["laid_turn"], d["all_wild"])


def state_to_json(table: CardTable, s: State, wild: frozenset[int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(State):
        value = getattr(s, f.name)
        if f.name in ("stock", "discard"):
            value = _cards(table, value)
        elif f.name == "seats":
            value = [_seat_json(table, seat) for seat in value]
        elif f.name == "table":
            value = [meld_to_json(table, t, wild) for t in value]
        elif f.name == "claim":
            value = None if value is None else {
                "refuser": value.refuser, "pending": list(value.pending),
                "last_buyer": value.last_buyer}
        elif f.name == "results":
            value = [{"round": r.round, "scores": r.scores, "winner": r.winner,
                      "ending": r.ending, "details": r.details} for r in value]
        elif f.name == "taken":
            value = None if value is None else table.faces[value].text
        elif f.name == "restocks":
            value = [_cards(table, r) for r in value]
        elif isinstance(value, list):
            value = list(value)
        out[f.name] = value
    return out


def _seat_json(table: CardTable, seat: Seat) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(Seat):
        value = getattr(seat, f.name)
        out[f.name] = _cards(table, value) if f.name == "hand" else (
            list(value) if isinstance(value, list) else value)
    return out


def state_from_json(table: CardTable, data: dict[str, Any], wild: frozenset[int],
                    pack_of: PackOf | None = None) -> State:
    """A state from its JSON form, checked (:mod:`.state_check`): with ``pack_of`` also
    that no card is held more often than the pack holds it."""
    if not isinstance(data, dict):
        raise CodecError("not a saved state: a JSON object is needed")
    try:
        kw = dict(data)
        kw["stock"] = [_parse_card(table, c, "stock") for c in data["stock"]]
        kw["discard"] = [_parse_card(table, c, "discard") for c in data["discard"]]
        kw["seats"] = [Seat(**{**sd, "hand": [_parse_card(table, c, "hand")
                                               for c in sd["hand"]]}) for sd in data["seats"]]
        kw["table"] = [_meld_from_json(table, d, wild) for d in data["table"]]
        kw["claim"] = None if data["claim"] is None else Claim(**data["claim"])
        kw["restocks"] = [[_parse_card(table, c, f"restocks[{i}]") for c in r]
                          for i, r in enumerate(data.get("restocks", []))]
        kw["results"] = [RoundResult(**r) for r in data["results"]]
        kw["taken"] = None if data["taken"] is None else _parse_card(table, data["taken"],
                                                                      "taken")
        state = State(**kw)
        check_state(state, table, pack_of)
        return state
    except StateError as impossible:
        raise CodecError(f"not a possible state: {impossible}") from None
    except CodecError:
        raise
    except (KeyError, TypeError, AttributeError, ValueError) as err:
        # ValueError: compiled by mypyc, ``**x`` of a list unpacks it as a dict update
        # ("dictionary update sequence element #0 ..."), where Python says TypeError.
        # (Each clause names its error apart: compiled, one name keeps one type.)
        raise CodecError(f"not a saved state: {err.__class__.__name__}: {err}") from None


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"))


def digest(data: Any) -> str:
    return hashlib.sha256(dumps(data).encode()).hexdigest()[:16]
