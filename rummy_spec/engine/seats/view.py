"""A seat's view of a game, and worlds sampled consistently with it.

The view (:func:`view_json`) is the state's JSON with what the seat may not see taken
out, and what it has been shown put in, from the game's :class:`~.knowledge.Knowledge`:

- the seat's own hand; for every seat its hand size and the cards known to be in it;
- the pile, bottom to top, each card that was ever face up (null for one never seen);
- the stock's size, and its known cards (after the pile is turned over unshuffled; the
  card a ``cut joker`` turned face up under it);
- hands shown now (the knocker's, while the defender lays off) and at the end of the last
  round;
- the public history of moves, from the first deal (a card handed face down shows to the
  two seats concerned only);
- with partners, the teams and their totals (a partner's melds are on the table, as
  everyone's are; a partner's hand is as hidden as an opponent's);
- every other field of the state as it is, except the seed and a deal's scripted
  restocks, which would tell the order of cards to come.

Nothing here reads the variant: what is visible follows from where the rules put cards.
:func:`sample` deals the cards hidden from the seat uniformly among the places hidden
from it, so the world it gives has the same view.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import fields
from typing import Any

from ..records import codec
from ..records.rules import Rules
from ..records.state import GameRecord, HandRecord, Seat, SeatRecord, State, TableMeld
from ..records.teams import teams
from .knowledge import Knowledge

FORMAT = "rummy-spec/view"
VERSION = 1
# state fields the view leaves out, or gives in its own form
_OWN_FORM = frozenset({"seed", "restocks", "stock", "discard", "seats"})


def view_json(rules: Rules, state: State, know: Knowledge, seat: int) -> dict[str, Any]:
    """What ``seat`` may know now, as JSON (``schema/view.schema.json``).  The entries of
    its history are the record's own objects, shared (a view is read, not changed)."""
    if not 0 <= seat < rules.players:
        raise ValueError(f"seat {seat} is not a seat of this game (0..{rules.players - 1})")
    table = rules.table
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "seat": seat,
                           "variant": rules.variant.name,
                           "options": list(rules.variant.enabled)}
    out.update(_public_fields(rules, state))
    partners = rules.variant.game.partners
    if partners != "none":  # the partnerships, and each team's total (``game { partners }``)
        out["teams"] = [{"seats": list(t), "total": sum(state.game.seats[i].total for i in t)}
                        for t in teams(partners, rules.players)]
    h = state.hand
    cards = seat_cards(rules, state, know, seat)
    out["hand"] = cards["hand"]
    seats = []
    for i, (record, held) in enumerate(zip(state.game.seats, h.seats, strict=True)):
        public = _seat_fields(record, held)
        public["hand_size"] = cards["hand_sizes"][i]
        public["known"] = cards["hand"] if i == seat else cards["known"][i]
        seats.append(public)
    out["seats"] = seats
    out["pile"] = cards["pile"]
    known_top = len(h.stock) - know.stock_hidden
    out["stock"] = {"size": len(h.stock), "hidden": know.stock_hidden,
                    "known": [table.faces[c].text for c in reversed(h.stock[:known_top])]}
    out["revealed"] = cards["revealed"]
    shown = None
    if know.shown_hands is not None:
        shown = {"deal_no": know.shown_round,
                 "hands": [[table.faces[c].text for c in hand] for hand in know.shown_hands]}
    out["last_round"] = shown
    history = know.history[:]
    for index, only in know.private:
        if seat not in only:
            history[index] = {**history[index], "card": None}
    out["history"] = history
    return out


_GAME = frozenset(f.name for f in fields(GameRecord))
_LISTS = frozenset(f.name for cls in (GameRecord, HandRecord, SeatRecord, Seat)
                   for f in fields(cls) if f.type is list or str(f.type).startswith("list"))
_RECORD = frozenset(f.name for f in fields(SeatRecord))
_SEAT_KEYS = tuple(k for k in codec.SEAT_KEYS if k != "hand")
_KEYS = tuple(k for k in codec.STATE_KEYS if k not in _OWN_FORM)
# fields written in their own way
_OWN_CODE = ("table", "claim", "results", "taken", "first_upcard", "must_meld", "cut_card")


def _written(name: str, source: str) -> str:
    return f"{source}.{name}[:]" if name in _LISTS else f"{source}.{name}"


def _made(name: str, lines: list[str]) -> Callable[..., dict[str, Any]]:
    """A function from the lines of its body, made once: each view reads some forty
    fields, and a loop over their names costs it twice the time."""
    scope: dict[str, Any] = {}
    exec("\n".join(lines), scope)  # the source is made from field names only
    made: Callable[..., dict[str, Any]] = scope[name]
    return made


_seat_fields = _made("seat_fields", [
    "def seat_fields(record, held):", "    return {",
    *(f"        {k!r}: {_written(k, 'record' if k in _RECORD else 'held')}," for k in _SEAT_KEYS),
    "    }"])
_plain_fields = _made("plain_fields", [
    "def plain_fields(game, hand):", "    return {",
    *(f"        {k!r}: {_written(k, 'game' if k in _GAME else 'hand')},"
      for k in _KEYS if k not in _OWN_CODE),
    "    }"])


def _public_fields(rules: Rules, state: State) -> dict[str, Any]:
    """The state's JSON fields that every seat sees, as ``codec.state_to_json`` writes
    them (written out here, to leave out the cards' places at no cost)."""
    table, game, hand = rules.table, state.game, state.hand
    out = _plain_fields(game, hand)
    out["table"] = [_meld_json(rules, t) for t in hand.table]
    claim = hand.claim
    out["claim"] = None if claim is None else {
        "refuser": claim.refuser, "pending": list(claim.pending),
        "last_buyer": claim.last_buyer}
    out["results"] = [{"round": r.round, "scores": r.scores, "winner": r.winner,
                       "ending": r.ending, "details": r.details} for r in game.results]
    out["taken"] = None if hand.taken is None else table.faces[hand.taken].text
    first = hand.first_upcard  # turned face up for both: public
    out["first_upcard"] = None if first is None else table.faces[first].text
    out["must_meld"] = None if hand.must_meld is None else table.faces[hand.must_meld].text
    cut = hand.cut_card  # turned face up under the stock for all to see (``cut joker``)
    out["cut_card"] = None if cut is None else table.faces[cut].text
    return out


def _meld_json(rules: Rules, t: TableMeld) -> dict[str, Any]:
    """A table meld's JSON, made once for each meld (a meld is a value: equal melds,
    equal JSON)."""
    key = ("meld-json", t)
    hit = rules.cache.get(key)
    if hit is None:
        hit = rules.cache[key] = codec.meld_to_json(rules.table, t, rules.wild)
    made: dict[str, Any] = hit
    return made


def seat_cards(rules: Rules, state: State, know: Knowledge, seat: int) -> dict[str, Any]:
    """The cards part of ``seat``'s view alone: its ``hand``, every seat's
    ``hand_sizes``, the cards ``known`` in each other hand (its own entry empty), the
    ``pile`` as seen and the hands ``revealed`` now (what the protocol's view asks)."""
    table, h = rules.table, state.hand
    faces = table.faces
    return {
        "hand": [faces[c].text for c in h.seats[seat].hand],
        "hand_sizes": [len(s.hand) for s in h.seats],
        "known": [[] if i == seat else _texts(rules, know.known[seat][i].elements())
                  for i in range(len(h.seats))],
        "pile": [None if i < know.pile_hidden else faces[c].text
                 for i, c in enumerate(h.discard)],
        "revealed": _revealed(rules, state),
    }


def _texts(rules: Rules, cards: Any) -> list[str]:
    return [rules.table.faces[c].text for c in sorted(cards)]


def _revealed(rules: Rules, state: State) -> dict[str, list[str]]:
    """Hands shown now: the knocker's, face up while the defender lays off."""
    h = state.hand
    if h.phase == "layoff" and h.knocker is not None:
        return {str(h.knocker): _texts(rules, h.seats[h.knocker].hand)}
    return {}


def hidden_places(state: State, know: Knowledge, seat: int) -> list[tuple[str, int, int]]:
    """The places whose card ``seat`` cannot tell: ("hand", holder, index), ("pile", 0,
    index), ("stock", 0, index).  A hand's cards known to the seat keep their first
    places in it; the hand of a seat whose hand is shown now is not hidden."""
    h = state.hand
    shown = {int(k) for k in _revealed_seats(state)}
    places: list[tuple[str, int, int]] = []
    for holder, held in enumerate(h.seats):
        if holder == seat or holder in shown:
            continue
        left = Counter(know.known[seat][holder])
        for i, card in enumerate(held.hand):
            if left[card] > 0:
                left[card] -= 1
            else:
                places.append(("hand", holder, i))
    places.extend(("pile", 0, i) for i in range(min(know.pile_hidden, len(h.discard))))
    top = len(h.stock)
    places.extend(("stock", 0, i) for i in range(top - know.stock_hidden, top))
    return places


def _revealed_seats(state: State) -> list[int]:
    h = state.hand
    return [h.knocker] if h.phase == "layoff" and h.knocker is not None else []


def sample(state: State, know: Knowledge, seat: int, rng: random.Random) -> State:
    """A state with the same view for ``seat``: the cards in its hidden places dealt
    among those places uniformly at random (each arrangement of them equally likely),
    and a fresh seed for what the game shuffles later, which the view does not show."""
    world = state.clone()
    places = hidden_places(world, know, seat)
    # sorted first, so the world depends on the view and ``rng`` only, not on where
    # the hidden cards really were
    cards = sorted(_card_at(world, p) for p in places)
    rng.shuffle(cards)
    for place, card in zip(places, cards, strict=True):
        _put(world, place, card)
    world.game.seed = rng.getrandbits(32)
    world.hand.restocks = []
    return world


def _card_at(state: State, place: tuple[str, int, int]) -> int:
    where, holder, i = place
    h = state.hand
    if where == "hand":
        return h.seats[holder].hand[i]
    return (h.discard if where == "pile" else h.stock)[i]


def _put(state: State, place: tuple[str, int, int], card: int) -> None:
    where, holder, i = place
    h = state.hand
    if where == "hand":
        h.seats[holder].hand[i] = card
    else:
        (h.discard if where == "pile" else h.stock)[i] = card
