"""The canonical JSON form of actions and states (cards as canonical text).

``state_to_json`` / ``state_from_json`` round-trip exactly; ``observable`` is the part an
outside engine can be asked for (the conformance protocol's ``state``).  Keys are sorted
when dumped, so equal states give equal bytes.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import MISSING, fields
from typing import Any

from ...cards import CardError, CardTable
from ...lang.decks import cut_wilds
from ...textsafe import outside_text
from ..melding.melds import Meld
from .state import (
    ACTION_TYPES,
    Claim,
    GameRecord,
    HandRecord,
    Move,
    RoundResult,
    Seat,
    SeatRecord,
    State,
    TableMeld,
)
from .state_check import PackOf, StateError, check_numbers, check_state


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


def action_to_json(table: CardTable, a: Move) -> dict[str, Any]:
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
    if a.depth is not None:
        out["depth"] = a.depth
    return out


def action_from_json(table: CardTable, data: Any) -> Move:
    if not isinstance(data, dict):
        raise CodecError("an action must be a JSON object")
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise CodecError(f"type: unknown action type {kind!r} (known: "
                         + ", ".join(sorted(ACTION_TYPES)) + ")")
    known = {"type", "player", "source", "card", "meld", "end", "melds", "wild_to", "target",
             "depth"}
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
    return Move(
        type=kind, player=player, source=source,
        card=None if card is None else _parse_card(table, card, "card"),
        meld=integer("meld"), end=end, melds=parsed, wild_to=integer("wild_to"),
        target=integer("target"), depth=integer("depth"),
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
        # who laid which of its cards, where another than its owner did (only then: the
        # form of a table without such cards is as it was before credits were kept)
        **({"credits": [[seat, table.faces[c].text] for seat, c in t.credits]}
           if t.credits else {}),
    }


def meld_from_json(table: CardTable, d: dict[str, Any], wild: frozenset[int]) -> TableMeld:
    """A table meld from its JSON form (``meld_to_json``'s)."""
    return _meld_from_json(table, d, wild)


def _meld_from_json(table: CardTable, d: dict[str, Any], wild: frozenset[int]) -> TableMeld:
    cards = tuple(_parse_card(table, c, "meld") for c in d["cards"])
    meld = Meld(kind=d["kind"], cards=cards, ranks=tuple(d["ranks"]), suit=d["suit"],
                wild=tuple(c in wild for c in cards))
    credits = tuple((seat, _parse_card(table, c, "credits"))
                    for seat, c in d.get("credits", []))
    return TableMeld(d["owner"], meld, d["contract"], d["laid_turn"], d["all_wild"],
                     credits)


# The JSON form of a state is one object holding the game record's fields and the hand
# record's, in this order (a seat's object likewise holds both of its records' fields); the
# conformance protocol and the saved traces fix it, whatever the records' own order.
STATE_KEYS = (
    "players", "seed", "round", "deal_no", "dealer", "turn", "phase", "seats", "stock",
    "discard", "table", "turn_no", "taken", "melds_this_turn", "upcard_open", "refused",
    "exhaustions", "extra_decks", "claim", "call_on", "offer", "knocker", "knock_kind",
    "giver", "results", "winners", "abandoned", "cut_exact", "contenders", "pile_owner",
    "played_this_turn", "must_go_down", "throwbacks", "upcard_draws", "run_base", "restocks",
    "turn_cap", "deal_cap", "claimed", "resume", "first_upcard", "must_meld", "cut_card",
)
SEAT_KEYS = (
    "hand", "total", "down", "contract", "made", "down_turn", "buys", "buy_credit",
    "skipped", "was_skipped", "gifts_from", "played_before", "hands_won", "completed",
    "down_contract", "sheet", "sheet_wins",
)
_GAME_KEYS = frozenset(f.name for f in fields(GameRecord))
# the fields a saved state must give: those of either record without a default
_REQUIRED = tuple(f.name for cls in (GameRecord, HandRecord) for f in fields(cls)
                  if f.default is MISSING and f.default_factory is MISSING)
_RECORD_KEYS = frozenset(f.name for f in fields(SeatRecord))


def state_to_json(table: CardTable, s: State, wild: frozenset[int]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    game, hand = s.game, s.hand
    for name in STATE_KEYS:
        if name == "seats":
            out[name] = [_seat_json(table, record, seat)
                         for record, seat in zip(game.seats, hand.seats, strict=True)]
            continue
        value = getattr(game if name in _GAME_KEYS else hand, name)
        if name in ("stock", "discard"):
            value = _cards(table, value)
        elif name == "table":
            value = [meld_to_json(table, t, wild) for t in value]
        elif name == "claim":
            value = None if value is None else {
                "refuser": value.refuser, "pending": list(value.pending),
                "last_buyer": value.last_buyer}
        elif name == "results":
            value = [{"round": r.round, "scores": r.scores, "winner": r.winner,
                      "ending": r.ending, "details": r.details} for r in value]
        elif name in ("taken", "first_upcard", "must_meld", "cut_card"):
            value = None if value is None else table.faces[value].text
        elif name == "restocks":
            value = [_cards(table, r) for r in value]
        elif isinstance(value, list):
            value = list(value)
        out[name] = value
    return out


def _seat_json(table: CardTable, record: SeatRecord, seat: Seat) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in SEAT_KEYS:
        value = getattr(record if name in _RECORD_KEYS else seat, name)
        out[name] = _cards(table, value) if name == "hand" else (
            list(value) if isinstance(value, list) else value)
    return out


def _split(data: dict[str, Any], first: frozenset[str], known: tuple[str, ...],
           where: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """The keys of ``data`` that name fields of the first record, and the others; a key
    that names no field of either is refused, by name."""
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise CodecError(f"not a saved state: {where}unknown field(s) "
                         + ", ".join(outside_text(k, 40) for k in unknown[:5]))
    return ({k: v for k, v in data.items() if k in first},
            {k: v for k, v in data.items() if k not in first})


def _seats_from_json(table: CardTable, data: Any) -> tuple[list[SeatRecord], list[Seat]]:
    records, seats = [], []
    for i, sd in enumerate(data):
        record, seat = _split(sd, _RECORD_KEYS, SEAT_KEYS, f"seats[{i}]: ")
        check_numbers(SeatRecord, record, f"seats[{i}].")
        check_numbers(Seat, seat, f"seats[{i}].")
        records.append(SeatRecord(**record))
        seats.append(Seat(**{**seat, "hand": [_parse_card(table, c, "hand")
                                               for c in seat["hand"]]}))
    return records, seats


def state_from_json(table: CardTable, data: Any, wild: frozenset[int],
                    pack_of: PackOf | None = None) -> State:
    """A state from its JSON form, checked (:mod:`.state_check`): with ``pack_of`` also
    that no card is held more often than the pack holds it.  ``data`` is typed ``Any``:
    it is untrusted JSON, checked here (a compiled build would refuse a ``dict``
    annotation's wrong type with a TypeError before the check could name it)."""
    if not isinstance(data, dict):
        raise CodecError("not a saved state: a JSON object is needed")
    try:
        missing = sorted({k for k in _REQUIRED if k not in data})
        if missing:
            raise CodecError(f"not a saved state: missing field(s) {', '.join(missing)}")
        game, hand = _split(data, _GAME_KEYS, STATE_KEYS, "")
        check_numbers(GameRecord, game, "")
        check_numbers(HandRecord, hand, "")
        game["seats"], hand["seats"] = _seats_from_json(table, data["seats"])
        hand["stock"] = [_parse_card(table, c, "stock") for c in data["stock"]]
        hand["discard"] = [_parse_card(table, c, "discard") for c in data["discard"]]
        cut = data.get("cut_card")  # a turned card's rank is wild for its deal
        hand["cut_card"] = None if cut is None else _parse_card(table, cut, "cut_card")
        wild = wild | cut_wilds(table, hand["cut_card"])
        hand["table"] = [_meld_from_json(table, d, wild) for d in data["table"]]
        hand["claim"] = None if data["claim"] is None else Claim(**data["claim"])
        hand["restocks"] = [[_parse_card(table, c, f"restocks[{i}]") for c in r]
                            for i, r in enumerate(data.get("restocks", []))]
        game["results"] = [RoundResult(**r) for r in data["results"]]
        hand["taken"] = None if data["taken"] is None else _parse_card(table, data["taken"],
                                                                        "taken")
        first = data.get("first_upcard")
        hand["first_upcard"] = None if first is None else _parse_card(table, first,
                                                                       "first_upcard")
        if data.get("must_meld") is not None:
            hand["must_meld"] = _parse_card(table, data["must_meld"], "must_meld")
        state = State(GameRecord(**game), HandRecord(**hand))
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
