"""A seat's view of a game, and worlds sampled consistently with it.

The view (:func:`view_json`) is the state's JSON with what the seat may not see taken
out, and what it has been shown put in, from the game's :class:`~.knowledge.Knowledge`:

- the seat's own hand; for every seat its hand size and the cards known to be in it;
- the pile, bottom to top, each card that was ever face up (null for one never seen);
- the stock's size, and its known cards (after the pile is turned over unshuffled);
- hands shown now (the knocker's, while the defender lays off) and at the end of the last
  round;
- the public history of moves, from the first deal (a card handed face down shows to the
  two seats concerned only);
- every other field of the state as it is, except the seed and a deal's scripted
  restocks, which would tell the order of cards to come.

Nothing here reads the variant: what is visible follows from where the rules put cards.
:func:`sample` deals the cards hidden from the seat uniformly among the places hidden
from it, so the world it gives has the same view.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from . import codec
from .knowledge import Knowledge
from .rules import Rules
from .state import State

FORMAT = "rummy-spec/view"
VERSION = 1
# state fields the view leaves out, or gives in its own form
_OWN_FORM = frozenset({"seed", "restocks", "stock", "discard", "seats"})


def view_json(rules: Rules, state: State, know: Knowledge, seat: int) -> dict[str, Any]:
    """What ``seat`` may know now, as JSON (``schema/view.schema.json``)."""
    if not 0 <= seat < rules.players:
        raise ValueError(f"seat {seat} is not a seat of this game (0..{rules.players - 1})")
    table = rules.table
    whole = codec.state_to_json(table, state, rules.wild)
    out: dict[str, Any] = {"format": FORMAT, "version": VERSION, "seat": seat,
                           "variant": rules.variant.name,
                           "options": list(rules.variant.enabled)}
    out.update({k: v for k, v in whole.items() if k not in _OWN_FORM})
    h = state.hand
    out["hand"] = [table.faces[c].text for c in h.seats[seat].hand]
    seats = []
    for i, (entry, held) in enumerate(zip(whole["seats"], h.seats, strict=True)):
        public = {k: v for k, v in entry.items() if k != "hand"}
        public["hand_size"] = len(held.hand)
        public["known"] = (out["hand"] if i == seat
                           else _texts(rules, know.known[seat][i].elements()))
        seats.append(public)
    out["seats"] = seats
    out["pile"] = [None if i < know.pile_hidden else table.faces[c].text
                   for i, c in enumerate(h.discard)]
    known_top = len(h.stock) - know.stock_hidden
    out["stock"] = {"size": len(h.stock), "hidden": know.stock_hidden,
                    "known": [table.faces[c].text for c in reversed(h.stock[:known_top])]}
    out["revealed"] = _revealed(rules, state)
    shown = None
    if know.shown_hands is not None:
        shown = {"deal_no": know.shown_round,
                 "hands": [[table.faces[c].text for c in hand] for hand in know.shown_hands]}
    out["last_round"] = shown
    out["history"] = [s.action if s.only is None or seat in s.only
                      else {**s.action, "card": None} for s in know.history]
    return out


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
    cards = [_card_at(world, p) for p in places]
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
